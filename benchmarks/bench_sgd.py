"""Benchmark of pla_core.sgd against scikit-learn's SGDClassifier with the same loss, η and order (issue 24).

Run:  python benchmarks/bench_sgd.py                 (1,000 epochs over 200 points, 6 trials per loss)
      python benchmarks/bench_sgd.py --epochs 100 --trials 3

For each loss: 200 points in R² with real-valued coordinates (not on a grid, so both run in floating point), a
noisy linear target, w₀ = 0, η = 0.01 constant, cyclic order, no regularisation, every epoch run (pla_core:
``stop_when_still=False``; scikit-learn: ``tol=None, shuffle=False``). scikit-learn's squared loss is ½(wᵀx̃ − y)²,
so it is given 2η to take our steps. The two are timed in turn, trial by trial (interleaved, so both see the same
machine load); the table gives the medians, their ratio, and the largest difference of the final weights.
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import pla_core  # noqa: E402

SKLEARN = {"perceptron": "perceptron", "hinge": "hinge", "logistic": "log_loss", "squared": "squared_error"}


def data(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, size=(n, 2))
    y = np.where(X @ np.array([0.8, -0.6]) + 0.1 + rng.normal(0, 0.2, n) > 0, 1.0, -1.0)
    return X, y


def ours(X, y, loss, eta, epochs):
    t0 = time.perf_counter()
    trace = pla_core.sgd(X, y, loss=loss, eta=eta, epochs=epochs, stop_when_still=False)
    return time.perf_counter() - t0, trace.w


def theirs(X, y, loss, eta, epochs):
    from sklearn.linear_model import SGDClassifier

    clf = SGDClassifier(loss=SKLEARN[loss], penalty=None, alpha=0.0, learning_rate="constant",
                        eta0=2 * eta if loss == "squared" else eta, max_iter=epochs, tol=None, shuffle=False,
                        fit_intercept=True, average=False)
    t0 = time.perf_counter()
    clf.fit(X, y)
    return time.perf_counter() - t0, np.r_[clf.intercept_, clf.coef_.ravel()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--epochs", type=int, default=1000)
    ap.add_argument("--eta", type=float, default=0.01)
    ap.add_argument("--trials", type=int, default=6)
    args = ap.parse_args()
    X, y = data(args.n)
    print(f"{args.epochs:,} epochs over {args.n} points, η = {args.eta}, cyclic, median of {args.trials} interleaved "
          f"trials\n")
    print("| loss | pla_core.sgd (s) | SGDClassifier (s) | ratio | max |Δw| |")
    print("|---|---|---|---|---|")
    import warnings

    warnings.filterwarnings("ignore")  # scikit-learn's ConvergenceWarning: tol=None asks for every epoch
    for loss in pla_core.LOSSES:
        a, b = [], []
        for _ in range(args.trials):
            ta, wa = ours(X, y, loss, args.eta, args.epochs)
            tb, wb = theirs(X, y, loss, args.eta, args.epochs)
            a.append(ta)
            b.append(tb)
        ma, mb = statistics.median(a), statistics.median(b)
        print(f"| {loss} | {ma:.3f} | {mb:.4f} | {ma / mb:.1f}× | {np.abs(wa - wb).max():.1e} |")


if __name__ == "__main__":
    main()
