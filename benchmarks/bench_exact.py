"""What exact runs on grid data cost (issue 21): pla, batch and online on the app's kind of data, exact (points on a
0.1 or 0.001 grid) against the same points taken off the grid (×√2 + √3/1000, so they run in floating point as
before), interleaved in one process, best of --repeat. Prints a Markdown table, the ratio exact / float, and the work
of each (points examined; random order and pla_many: updates), since the two runs of the same points can take different paths.

Run:  python benchmarks/bench_exact.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import pla_core as pc  # noqa: E402

CASES = [
    ("pla cyclic, noisy XOR", 40, 1, lambda X, y: pc.pla(X, y, max_updates=10_000, stop_on_cycle=False)),
    ("pla cyclic, noisy XOR", 500, 3, lambda X, y: pc.pla(X, y, max_updates=10_000, stop_on_cycle=False)),
    ("pla random (Pocket's order)", 500, 3, lambda X, y: pc.pla(X, y, order="random", seed=1, max_updates=5_000)),
    ("batch, full", 500, 3, lambda X, y: pc.batch(X, y, max_updates=2_000)),
    ("batch, mini of 7", 500, 3, lambda X, y: pc.batch(X, y, batch_size=7, max_updates=2_000)),
    ("online, 20 passes", 500, 3, lambda X, y: pc.online(X, y, passes=20)),
    ("pla_many, 200 runs", 100, 1, None),
]


def timed(f) -> tuple[float, int]:
    """Seconds, and the points the run examined (its work: an exact and a float run of the same points can take
    different paths, e.g. where rounding made the float run correct another point)."""
    t0 = time.perf_counter()
    out = f()
    dt = time.perf_counter() - t0
    if not hasattr(out, "examined"):  # pla_many: the runs' updates
        return dt, int(out.T.sum())
    return dt, out.examined if out.examined is not None else len(out)  # random order: its updates


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    print("| run | n | grid | exact (ms) | float (ms) | exact / float | work exact / float |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    ratios = []
    for name, n, digits, run in CASES:
        if run is None:  # many runs at once
            data = [pc.datasets.xor(n, noise=0.1, seed=s) for s in range(200)]
            Xg = np.round(np.stack([d.X for d in data]), digits)
            y = np.stack([d.y for d in data])
            Xf = Xg * math.sqrt(2) + math.sqrt(3) / 1000
            go = {"exact": lambda: pc.pla_many(Xg, y, max_updates=2_000),
                  "float": lambda: pc.pla_many(Xf, y, max_updates=2_000)}
        else:
            d = pc.datasets.xor(n, noise=0.1, seed=0)
            Xg = np.round(d.X, digits)
            Xf = Xg * math.sqrt(2) + math.sqrt(3) / 1000
            go = {"exact": lambda: run(Xg, d.y), "float": lambda: run(Xf, d.y)}
        best, work = {"exact": math.inf, "float": math.inf}, {}
        for _ in range(args.repeat):
            for k in ("exact", "float"):  # interleaved: both see the same load
                dt, work[k] = timed(go[k])
                best[k] = min(best[k], dt)
        r = best["exact"] / best["float"]
        ratios.append(r)
        print(f"| {name} | {n} | {10.0 ** -digits:g} | {1e3 * best['exact']:.1f} | {1e3 * best['float']:.1f} | "
              f"{r:.2f} | {work['exact']:,} / {work['float']:,} |")
    print(f"\nMedian exact / float: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
