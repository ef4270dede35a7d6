"""Benchmark of pla_core's exact cyclic PLA against scikit-learn's Perceptron, and of Pocket.

Run:  python benchmarks/bench_core.py            (the full suite, a few minutes)
      python benchmarks/bench_core.py --quick    (n ≤ 10⁵)
      python benchmarks/bench_core.py --baseline-rev HEAD~1 --repeat 9
                                                 (also time pla_core at that git revision, interleaved)

For each (n, d): linearly separable data (uniform in [−1, 1]^d, a random target hyperplane, points within
0.02 of it dropped) with a fixed seed. pla_core.pla runs cyclic PLA to halting and keeps the full trace;
scikit-learn's Perceptron(shuffle=False, tol=None, eta0=1) is given the same number of epochs
(ceil(trace.examined / n), the confirming pass included) and its final weights are asserted identical.
Times are the best of ``--repeat`` runs of each. Prints a Markdown table, the median speed-up, and the memory
taken by a 10⁶-update trace in d = 2 (tracemalloc peak). Then Pocket: updates per second with E_in evaluated
after every update, on noisy data at n = 10³ and 10⁵.

With ``--baseline-rev REV`` the pla_core of that revision (``git archive``, into a temporary directory) runs
the same cases, alternating with this one run by run so that both see the same machine load; the table gains
its time and the ratio this/baseline, and its weights and mistakes are asserted identical.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import pathlib
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tracemalloc
import warnings

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import pla_core  # noqa: E402


def separable_data(n: int, d: int, seed: int = 0, gap: float = 0.02):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, size=(n, d))
    w = rng.normal(size=d + 1)
    w[0] *= 0.2
    s = (X @ w[1:] + w[0]) / np.linalg.norm(w[1:])
    keep = np.abs(s) > gap
    return np.ascontiguousarray(X[keep]), np.where(s[keep] > 0, 1.0, -1.0)


def best_time(f, repeat: int):
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t0)
    return best, out


def best_times_interleaved(fs, repeat: int):
    """Best time of each function, calling them in turn (reversed every other round) so load hits all alike."""
    best, out = [float("inf")] * len(fs), [None] * len(fs)
    for r in range(repeat):
        for k in (range(len(fs)) if r % 2 == 0 else reversed(range(len(fs)))):
            t0 = time.perf_counter()
            out[k] = fs[k]()
            best[k] = min(best[k], time.perf_counter() - t0)
    return best, out


def load_baseline(rev: str):
    """pla_core as of git revision ``rev``, imported under the name pla_core_baseline."""
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "pla_core"], check=True, capture_output=True).stdout
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="pla_core_baseline_"))
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        t.extractall(tmp, filter="data")
    spec = importlib.util.spec_from_file_location("pla_core_baseline", tmp / "pla_core" / "__init__.py",
                                                  submodule_search_locations=[str(tmp / "pla_core")])
    mod = importlib.util.module_from_spec(spec)
    sys.modules["pla_core_baseline"] = mod
    spec.loader.exec_module(mod)
    return mod


def compare(n: int, d: int, repeat: int, baseline=None) -> dict:
    from sklearn.linear_model import Perceptron

    X, y = separable_data(n, d)
    cap = pla_core.MAX_UPDATES_LIMIT
    runs = [lambda: pla_core.pla(X, y, max_updates=cap)]
    if baseline is not None:
        runs.append(lambda: baseline.pla(X, y, max_updates=cap))
    times, traces = best_times_interleaved(runs, repeat)
    t_pla, trace = times[0], traces[0]
    assert trace.halted, f"PLA did not halt on separable data (n={n}, d={d})"
    extra = {}
    if baseline is not None:
        assert np.array_equal(traces[1].weights, trace.weights) and np.array_equal(traces[1].mistakes, trace.mistakes)
        extra = dict(baseline=times[1], ratio=t_pla / times[1])
    epochs = -(-trace.examined // len(y))

    def fit():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # ConvergenceWarning: we fix the epochs on purpose
            return Perceptron(shuffle=False, tol=None, eta0=1.0, max_iter=epochs).fit(X, y)

    t_sk, clf = best_time(fit, repeat)
    assert np.array_equal(clf.coef_[0], trace.w[1:]) and clf.intercept_[0] == trace.w[0], \
        f"weights differ from scikit-learn at n={n}, d={d}"
    return dict(n=len(y), d=d, updates=len(trace), epochs=epochs, pla=t_pla, sklearn=t_sk, speedup=t_sk / t_pla,
                **extra)


def trace_memory(updates: int = 1_000_000) -> tuple[float, int]:
    """Peak bytes allocated while making (and holding) a trace of ``updates`` updates in d = 2 (XOR cycles)."""
    X = np.array([[-1.0, -1.0], [1.0, 1.0], [-1.0, 1.0], [1.0, -1.0]])
    y = -X[:, 0] * X[:, 1]
    tracemalloc.start()
    trace = pla_core.pla(X, y, max_updates=updates, stop_on_cycle=False)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20, len(trace)


def pocket_rate(n: int, updates: int, repeat: int) -> dict:
    data = pla_core.datasets.separable(min(n, 100_000), noise=0.1, margin=0.0, seed=0)
    t, trace = best_time(lambda: pla_core.pocket(data.X, data.y, max_updates=updates, seed=0), repeat)
    assert len(trace) == updates and trace.pocket_errors[-1] == trace.errors.min()
    return dict(n=n, updates=updates, seconds=t, rate=updates / t, e_in=trace.pocket_errors[-1] / n)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="only n ≤ 10⁵")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--baseline-rev", metavar="REV", help="also time pla_core at this git revision, interleaved")
    args = ap.parse_args(argv)
    baseline = load_baseline(args.baseline_rev) if args.baseline_rev else None
    ns = [10**4, 10**5] if args.quick else [10**4, 10**5, 10**6]
    rows = []
    head = "| n | d | updates | epochs | pla_core (s) | scikit-learn (s) | speed-up |"
    rule = "|---:|---:|---:|---:|---:|---:|---:|"
    if baseline is not None:
        head, rule = head + f" {args.baseline_rev} (s) | this / {args.baseline_rev} |", rule + "---:|---:|"
    print(head)
    print(rule)
    for n in ns:
        for d in (2, 10, 50):
            r = compare(n, d, args.repeat, baseline)
            rows.append(r)
            line = (f"| {r['n']:,} | {r['d']} | {r['updates']:,} | {r['epochs']} | {r['pla']:.4f} | "
                    f"{r['sklearn']:.4f} | {r['speedup']:.2f}× |")
            if baseline is not None:
                line += f" {r['baseline']:.4f} | {r['ratio']:.3f} |"
            print(line, flush=True)
    print(f"\nMedian speed-up over scikit-learn: {statistics.median(r['speedup'] for r in rows):.2f}× "
          f"(weights identical in all {len(rows)} cases)")
    if baseline is not None:
        ratios = [r["ratio"] for r in rows]
        print(f"Against {args.baseline_rev}: median time ratio {statistics.median(ratios):.3f}, geometric mean "
              f"{float(np.exp(np.mean(np.log(ratios)))):.3f} (below 1: faster; weights and mistakes identical)")
    mb, T = trace_memory()
    print(f"Memory: a {T:,}-update trace in d = 2 peaks at {mb:.1f} MB")
    print("\n| Pocket: n | updates | seconds | updates/s (E_in after every update) | pocket E_in |")
    print("|---:|---:|---:|---:|---:|")
    for n, updates in ((1_000, 20_000), (100_000, 2_000)):
        r = pocket_rate(n, updates, args.repeat)
        print(f"| {r['n']:,} | {r['updates']:,} | {r['seconds']:.3f} | {r['rate']:,.0f} | {r['e_in']:.3f} |")


if __name__ == "__main__":
    main()
