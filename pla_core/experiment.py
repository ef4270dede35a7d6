"""Learning from Data's PLA experiment (chapter 1's homework), many runs at a time: the data of each run, and what
:func:`~pla_core.many.pla_many` and the theory say about them, a block of runs per call.

Run r of an experiment with N points and seed s is fixed by (s, N, r) alone: its target f is the line through two
points uniform in [−1, 1]², its N points are uniform in [−1, 1]² (stored to 0.001, as a link stores them, so the
run opened from a link is the same run), its labels are f's, each flipped with probability p, and its own seed
(for a shuffled or random order) is drawn last. So a block of runs gives the same runs however the experiment is
cut into blocks, and raising p only adds flips.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .many import MAX_WORK, disagreement_many, pla_many
from . import perceptron
from .theory import mistake_bound

__all__ = ["LfdRuns", "lfd_runs", "experiment", "work", "check_work", "summary", "RESOLUTION", "MAX_WORK",
           "MAX_POCKET_UPDATES", "SEED_LIMIT"]

#: Points are stored to this resolution (as a link stores them).
RESOLUTION = 1e-3
#: Each run's own seed is below this (it fits a link's seed setting).
SEED_LIMIT = 2**31
#: Pocket follows each run one by one (it needs every wₜ's E_in): runs × cap updates at most (~25 s here).
MAX_POCKET_UPDATES = 2_000_000


@dataclass(frozen=True, eq=False)
class LfdRuns:
    """Runs start … start+k−1 of an experiment: X (k, N, 2), labels y (k, N) after the noise, y_f (k, N) f's labels,
    W_f (k, 3) each target (b, w₁, w₂), seeds (k,) each run's own seed (ints below 2³¹)."""

    X: np.ndarray
    y: np.ndarray
    y_f: np.ndarray
    W_f: np.ndarray
    seeds: np.ndarray
    start: int = 0

    def __len__(self) -> int:
        return len(self.y)


def lfd_runs(n: int, start: int, stop: int, *, noise: float = 0.0, seed: int = 0) -> LfdRuns:
    """The data of runs ``start`` … ``stop``−1 of the experiment (N = ``n`` points a run, label noise p = ``noise``,
    ``seed``): see the module's docstring. A point exactly on f's line (probability 0) is labelled +1."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"The number of points must be a whole number ≥ 1, not {n!r}.")
    if not (0 <= start <= stop):
        raise ValueError(f"Runs {start} to {stop} are not a range of runs.")
    if not 0 <= noise <= 0.5:
        raise ValueError(f"The noise p is a probability from 0 to 0.5, not {noise}.")
    k = stop - start
    X, y, W_f, seeds = np.empty((k, n, 2)), np.empty((k, n)), np.empty((k, 3)), np.empty(k, dtype=np.int64)
    flips = np.empty((k, n), dtype=bool)
    for i, r in enumerate(range(start, stop)):
        rng = np.random.default_rng([int(seed), int(n), r])
        a, b = rng.uniform(-1, 1, size=(2, 2))
        W_f[i] = (a[0] * b[1] - a[1] * b[0], a[1] - b[1], b[0] - a[0])  # f(a) = f(b) = 0
        X[i] = np.round(rng.uniform(-1, 1, size=(n, 2)) / RESOLUTION) * RESOLUTION
        flips[i] = rng.random(n) < noise
        seeds[i] = rng.integers(SEED_LIMIT)
    y_f = np.where(W_f[:, :1] + np.einsum("rnd,rd->rn", X, W_f[:, 1:]) >= 0, 1.0, -1.0)
    y = np.where(flips, -y_f, y_f)
    return LfdRuns(X=X, y=y, y_f=y_f, W_f=W_f, seeds=seeds, start=start)


def work(runs: int, ns, cap: int) -> int:
    """Point scores PLA may make at most: runs × N × cap, summed over the N's of a sweep (pla_many's measure)."""
    return sum(int(runs) * int(n) * int(cap) for n in np.atleast_1d(ns))


def check_work(runs: int, ns, cap: int, *, noise: float = 0.0, max_work: int = MAX_WORK) -> None:
    """Refuse (ValueError, a sentence saying how to make it smaller) an experiment that may cost more than the
    server's caps: ``max_work`` point scores for PLA, and with noise :data:`MAX_POCKET_UPDATES` Pocket updates."""
    w = work(runs, ns, cap)
    if w > max_work:
        n = max(np.atleast_1d(ns))
        fit = max_work // (int(runs) * int(sum(np.atleast_1d(ns))))
        fewer = max_work // (int(sum(np.atleast_1d(ns))) * int(cap))
        raise ValueError(
            f"{runs:,} runs × {'the N’s up to ' if np.size(ns) > 1 else ''}N = {n:,} points × a cap of {cap:,} "
            f"updates could take {w:,} point scores, over this server's limit of {max_work:,}: lower the cap per run "
            f"to {max(fit, 0):,}" + (f" or the runs to {fewer:,}" if fewer >= 1 else "") + ", or choose a smaller N.")
    if noise > 0 and int(runs) * int(cap) > MAX_POCKET_UPDATES:
        raise ValueError(
            f"With noise, Pocket follows each run one by one: {runs:,} runs × a cap of {cap:,} updates is over this "
            f"server's limit of {MAX_POCKET_UPDATES:,} Pocket updates: lower the cap per run to "
            f"{MAX_POCKET_UPDATES // int(runs):,} (LFD's Pocket homework uses 1,000) or the runs to "
            f"{MAX_POCKET_UPDATES // int(cap):,}.")


def experiment(n: int, start: int, stop: int, *, noise: float = 0.0, seed: int = 0, bound_runs: int = 0,
               pocket: bool = True, **settings) -> dict[str, np.ndarray]:
    """Runs ``start`` … ``stop``−1 of the experiment: PLA on each (:func:`pla_many`, ``settings`` as there: order,
    eta, w0, bias, sign_zero, max_updates; each run with its own seed), and per run (arrays of length stop−start):

    run, seed, T, stop ("halted", "max_updates"), P (P[f ≠ g], exact), E_in (PLA's last w on the noisy labels),
    bound (R²/ρ*², for runs below ``bound_runs`` only, else NaN: an LP per run, ~3 ms), w (k, 3), W_f (k, 3); with
    noise (and ``pocket``) also Pocket's ŵ (same run, same seed: :func:`~pla_core.perceptron.pocket`):
    pocket_E_in, pocket_P.
    Cycles are not stopped at (as the PLA lesson plays a run): a run that never halts reaches the cap.
    """
    data = lfd_runs(n, start, stop, noise=noise, seed=seed)
    if len(data) == 0:
        raise ValueError("There are no runs in this block.")
    res = pla_many(data.X, data.y, seed=data.seeds, stop_on_cycle=False, max_work=None, **settings)
    sz = res.settings["sign_zero"]
    out = dict(run=np.arange(start, stop), seed=data.seeds, T=np.asarray(res.T), stop=np.asarray(res.stop),
               P=disagreement_many(res.weights, data.W_f, sign_zero=sz),
               E_in=_errors(res.weights, data.X, data.y, sz), bound=np.full(len(data), np.nan),
               w=np.asarray(res.weights), W_f=data.W_f)
    bias = res.settings["bias"]
    for i in range(min(len(data), max(0, bound_runs - start))):
        out["bound"][i] = mistake_bound(data.X[i], data.y[i], bias=bias)
    if noise > 0 and pocket:
        kw = [{k: v for k, v in res.pla_kwargs(i).items() if k not in ("margin", "stop_on_cycle")}
              for i in range(len(data))]
        W = np.array([perceptron.pocket(data.X[i], data.y[i], **kw[i]).pocket_weights[-1] for i in range(len(data))])
        out["pocket_E_in"] = _errors(W, data.X, data.y, sz)
        out["pocket_P"] = disagreement_many(W, data.W_f, sign_zero=sz)
    return out


def _errors(W, X, y, sign_zero) -> np.ndarray:
    """The fraction of each run's points that w gets wrong (E_in), sign(0) read as ``sign_zero``."""
    s = W[:, :1] + np.einsum("rnd,rd->rn", X, W[:, 1:])
    if sign_zero in (1, -1):
        pred = np.where(s == 0, float(sign_zero), np.sign(s))
        return (pred != y).mean(axis=1)
    wrong = y * s < 0 if sign_zero == "both" else y * s <= 0
    return wrong.mean(axis=1)


def summary(x) -> dict[str, float]:
    """Mean, median and 90th percentile of the finite values of ``x``, and how many they are."""
    x = np.asarray(x, dtype=float)
    x = x[np.isfinite(x)]
    if len(x) == 0:
        return dict(mean=np.nan, median=np.nan, p90=np.nan, count=0)
    return dict(mean=float(x.mean()), median=float(np.median(x)), p90=float(np.percentile(x, 90)), count=len(x))
