"""Benchmark of pla_core.pla_many (issue 13) against a Python loop over pla_core.pla and over scikit-learn.

Run:  python benchmarks/bench_many.py              (both parts; the second takes a minute or so)
      python benchmarks/bench_many.py --skip-big   (only 1,000 runs of N = 100)

Part 1, the LFD experiment: 1,000 runs of N = 100 points uniform in [−1, 1]², each labelled by a target line
through two uniform points of the square; cyclic PLA from w₀ = 0, max_updates = 10⁴ for all. Timed, interleaved
in one process (``--trials`` rounds, the order reversed every other round so that load hits all alike):
  (a) pla_many(X, y);
  (b) a loop of pla_core.pla(X[r], y[r]) (asserted identical to (a): T, weights bit for bit, halted);
  (c) a loop of scikit-learn's Perceptron(eta0=1, shuffle=False, tol=None, max_iter=epochs_r). It has no halting
      test (tol=None runs every epoch; with a tol it stops when the loss stops falling, another rule), so each run
      is given the epochs pla needed (ceil(examined / N), the confirming pass included): a head start. Its
      mistake rule y·wᵀx ≤ 0 is pla's sign_zero=None, and its final weights are asserted equal to pla's.
Medians and ratios are printed as a Markdown table.

Part 2, memory: 10,000 runs of N = 1,000 (the input alone is 160 MB), max_updates = 1,000 (max_work=None: the
default limit of 10⁹ point scores refuses this size), timed once; peak memory allocated by pla_many beyond its
input (tracemalloc, a second call) and the process's peak RSS.
"""

from __future__ import annotations

import argparse
import math
import pathlib
import resource
import statistics
import sys
import time
import tracemalloc
import warnings

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import pla_core  # noqa: E402


def lfd(runs: int, n: int, seed: int = 0):
    """X (runs, n, 2) uniform in [−1, 1]², y by a line through two uniform points of the square, and w_f."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (runs, n, 2))
    a, b = rng.uniform(-1, 1, (2, runs, 2))
    w_f = np.stack([a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0], a[:, 1] - b[:, 1], b[:, 0] - a[:, 0]], axis=1)
    y = np.where(w_f[:, None, 0] + np.einsum("rnd,rd->rn", X, w_f[:, 1:]) > 0, 1.0, -1.0)
    return X, y, w_f


def interleaved(fs: dict, trials: int):
    """Wall-clock and CPU times of each function, called in turn (the order reversed every other round). On a
    shared machine the CPU time (process_time) is the steadier of the two."""
    names, times, cpu, out = list(fs), {k: [] for k in fs}, {k: [] for k in fs}, {}
    for t in range(trials):
        for k in (names if t % 2 == 0 else names[::-1]):
            t0, c0 = time.perf_counter(), time.process_time()
            out[k] = fs[k]()
            times[k].append(time.perf_counter() - t0)
            cpu[k].append(time.process_time() - c0)
    return times, cpu, out


def part1(trials: int, runs: int = 1000, n: int = 100, cap: int = 10_000) -> None:
    from sklearn.linear_model import Perceptron

    X, y, w_f = lfd(runs, n)
    traces = [pla_core.pla(X[r], y[r], max_updates=cap) for r in range(runs)]
    epochs = [math.ceil(t.examined / n) for t in traces]
    both = [r for r in range(runs) if len(np.unique(y[r])) == 2]  # scikit-learn refuses a single class

    def sklearn_loop():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # ConvergenceWarning: the epochs are fixed on purpose
            return {r: Perceptron(eta0=1.0, shuffle=False, tol=None, max_iter=epochs[r]).fit(X[r], y[r])
                    for r in both}

    fs = {"pla_many": lambda: pla_core.pla_many(X, y, max_updates=cap),
          "loop of pla": lambda: [pla_core.pla(X[r], y[r], max_updates=cap) for r in range(runs)],
          "loop of scikit-learn": sklearn_loop}
    times, cpu, out = interleaved(fs, trials)
    res, loop, clfs = out["pla_many"], out["loop of pla"], out["loop of scikit-learn"]
    for r in range(runs):
        assert res.T[r] == len(loop[r]) and res.halted[r] == loop[r].halted, r
        assert np.array_equal(res.weights[r], loop[r].weights[-1]), r
    for r, clf in clfs.items():
        if res.halted[r]:  # a capped run stops mid-epoch; scikit-learn finishes the epoch
            assert np.array_equal(clf.coef_[0], res.weights[r][1:]) and clf.intercept_[0] == res.weights[r][0], r
    print(f"LFD: {runs:,} runs of N = {n}, d = 2, cyclic, w₀ = 0. Updates: mean {res.T.mean():.1f}, median "
          f"{np.median(res.T):.0f}, max {res.T.max():,}; halted {int(res.halted.sum())}, capped "
          f"{int(res.capped.sum())}. {trials} interleaved trials; results identical run by run "
          f"(scikit-learn: the {len(both):,} runs with both classes, as it refuses the others; "
          f"it stops only at the end of an epoch, so its weights are compared on halted runs).\n")
    base, cbase = statistics.median(times["pla_many"]), statistics.median(cpu["pla_many"])
    print("| method | wall median (s) | wall min (s) | wall max (s) | CPU median (s) | wall / pla_many | "
          "CPU / pla_many |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for k, ts in times.items():
        c = statistics.median(cpu[k])
        print(f"| {k} | {statistics.median(ts):.3f} | {min(ts):.3f} | {max(ts):.3f} | {c:.3f} | "
              f"{statistics.median(ts) / base:.1f}× | {c / cbase:.1f}× |")
    for name, tt in (("wall", times), ("CPU", cpu)):
        ratios = [lp / m for lp, m in zip(tt["loop of pla"], tt["pla_many"])]
        print(f"\nSpeed-up over the loop of pla, trial by trial ({name} time): "
              f"{', '.join(f'{r:.1f}×' for r in ratios)} (median {statistics.median(ratios):.1f}×)")
    e_out = pla_core.disagreement_many(res.weights, w_f)
    t0 = time.perf_counter()
    pla_core.disagreement_many(res.weights, w_f)
    print(f"E_out = P[f ≠ g] exactly (disagreement_many): mean {e_out.mean():.4f} over the runs, "
          f"{time.perf_counter() - t0:.3f} s for all {runs:,}")


def part2(runs: int = 10_000, n: int = 1000, cap: int = 1000) -> None:
    X, y, _ = lfd(runs, n, seed=1)
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    t0 = time.perf_counter()
    res = pla_core.pla_many(X, y, max_updates=cap, max_work=None)
    dt = time.perf_counter() - t0
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    tracemalloc.start()
    pla_core.pla_many(X, y, max_updates=cap, max_work=None)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    k = 100
    t1 = time.perf_counter()
    loop = [pla_core.pla(X[r], y[r], max_updates=cap) for r in range(k)]
    dl = (time.perf_counter() - t1) * runs / k
    assert all(len(t) == res.T[r] and np.array_equal(t.weights[-1], res.weights[r]) for r, t in enumerate(loop))
    print(f"\n| {runs:,} runs of N = {n:,}, max_updates = {cap:,} | |")
    print("|---|---:|")
    print(f"| input X, y | {(X.nbytes + y.nbytes) / 2**20:.0f} MB |")
    print(f"| pla_many time | {dt:.1f} s |")
    print(f"| loop of pla, extrapolated from the first {k} runs | {dl:.1f} s |")
    print(f"| updates: mean / max; halted, capped | {res.T.mean():.0f} / {res.T.max():,}; "
          f"{int(res.halted.sum()):,}, {int(res.capped.sum()):,} |")
    print(f"| peak memory allocated by pla_many (tracemalloc) | {peak / 2**20:.0f} MB |")
    print(f"| process peak RSS before / after the call | {rss0:.0f} / {rss1:.0f} MB |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--skip-big", action="store_true", help="skip the 10,000 × 1,000 memory run")
    args = ap.parse_args(argv)
    part1(args.trials)
    if not args.skip_big:
        part2()


if __name__ == "__main__":
    main()
