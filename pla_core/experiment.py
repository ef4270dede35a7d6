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

from .many import disagreement_many, pla_many
from . import perceptron
from .theory import mistake_bound

__all__ = ["LfdRuns", "lfd_runs", "experiment", "Cost", "work", "summary", "RESOLUTION", "BLOCK_SECONDS",
           "SEED_LIMIT"]

#: Points are stored to this resolution (as a link stores them).
RESOLUTION = 1e-3
#: Each run's own seed is below this (it fits a link's seed setting).
SEED_LIMIT = 2**31

# -- what an experiment costs --------------------------------------------------------------------------------------
# CPU seconds on this server (2 cores; benchmarks/page_cost.py --blocks prints each estimate beside the block it
# times), per update of a run. pla_many finishes the last few runs of a block one by one (SOLO each) and advances
# more together, in lockstep (STEP per step, LOCK per run); each update also scores the run's N points (SCORE each).
#: order → (SOLO, STEP, LOCK, SCORE)
UPDATE_SECONDS = {"random": (25e-6, 60e-6, 3e-6, 4e-9), "cyclic": (5.5e-6, 12e-6, 0.4e-6, 2.2e-9),
                  "permuted": (5.5e-6, 12e-6, 0.4e-6, 2.2e-9)}
#: A block of at most this many runs is finished one by one.
SOLO_RUNS = 4
#: Pocket follows each run one by one and scores every wₜ on the N points: per update, per update and point up to
#: POCKET_KNEE points, and per update and point beyond (larger N are scored faster per point).
POCKET_SECONDS = (15e-6, 55e-9, 12e-9)
POCKET_KNEE = 500
#: The bound R²/ρ*²: an LP per run, and its cost per point.
BOUND_SECONDS = (4e-3, 4e-6)
#: Runs that halt (noise-free data with a bias, from w₀ = 0) make about this many updates per point on average
#: (measured: 0.9 N at N = 10 and 1,000, 2 N at N = 100, where 1 run in 200 reaches a cap of 20,000).
HALT_UPDATES = 2
#: A block is sized to take about this long: Stop, which acts between blocks, answers within it.
BLOCK_SECONDS = 0.35
#: Runs per block at most (their data are kept whole: ~20,000 points a block).
BLOCK_POINTS = 20_000


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
        X[i] = np.round(rng.uniform(-1, 1, size=(n, 2)) / RESOLUTION) / 1000  # k/1000: the float nearest the decimal
        flips[i] = rng.random(n) < noise
        seeds[i] = rng.integers(SEED_LIMIT)
    y_f = np.where(W_f[:, :1] + np.einsum("rnd,rd->rn", X, W_f[:, 1:]) >= 0, 1.0, -1.0)
    y = np.where(flips, -y_f, y_f)
    return LfdRuns(X=X, y=y, y_f=y_f, W_f=W_f, seeds=seeds, start=start)


@dataclass(frozen=True)
class Cost:
    """The CPU an experiment's blocks are expected to take (seconds on this server), and its blocks.

    order: the order of visits; pocket: Pocket follows each run too; halts: every run halts (noise-free data with a
    bias, from w₀ = 0: they make ~HALT_UPDATES·N updates, so a block is estimated with one run to the cap and the
    others at that mean); otherwise every run is taken to reach the cap (the worst case, and with noise the usual
    one). bound_runs: the first this many runs also solve the bound's LP.
    """

    order: str = "random"
    pocket: bool = False
    halts: bool = True
    bound_runs: int = 0

    @classmethod
    def of(cls, noise: float, settings: dict, *, pocket: bool = True, bound_runs: int = 0) -> "Cost":
        """The cost of :func:`experiment` with these ``noise``, ``pocket``, ``bound_runs`` and pla settings."""
        halts = noise == 0 and settings.get("bias", True) and not np.any(settings.get("w0") or 0)
        return cls(settings.get("order", "random"), pocket and noise > 0, bool(halts), bound_runs)

    def block(self, k: int, n: int, cap: int, *, bound: bool = False) -> float:
        """Seconds of a block of k runs of N = n points."""
        solo, step, lock, score = UPDATE_SECONDS[self.order]
        def pla(runs, updates):  # noqa: E306
            per = runs * solo if runs <= SOLO_RUNS else step + runs * lock
            return updates * (per + runs * n * score)
        if self.halts:
            mean = min(cap, HALT_UPDATES * n)
            s = pla(k, mean) + pla(1, cap - mean)
        else:
            s = pla(k, cap)
        if self.pocket:
            a, b, c = POCKET_SECONDS
            s += k * cap * (a + b * min(n, POCKET_KNEE) + c * max(0, n - POCKET_KNEE))
        if bound:
            s += k * (BOUND_SECONDS[0] + n * BOUND_SECONDS[1])
        return s

    def size(self, n: int, cap: int, *, bound: bool = False) -> int:
        """Runs in a block of N = n points: the most whose block takes at most BLOCK_SECONDS (at least one)."""
        top = max(1, min(100, BLOCK_POINTS // n))
        return next((k for k in range(top, 1, -1) if self.block(k, n, cap, bound=bound) <= BLOCK_SECONDS), 1)

    def _segments(self, runs: int, n: int, cap: int):
        """(first run, stop, runs per block, with the bound) of the runs with the bound, then of the others."""
        cut = min(runs, self.bound_runs)
        return [(a, b, self.size(n, cap, bound=bound), bound)
                for a, b, bound in ((0, cut, True), (cut, runs, False)) if b > a]

    def plan(self, runs: int, ns, cap: int) -> list[tuple[int, int, int]]:
        """The blocks (N, first run, stop) of ``runs`` runs at each N of ``ns``, in order."""
        return [(int(n), a, min(a + k, b)) for n in np.atleast_1d(ns)
                for s, b, k, _ in self._segments(runs, int(n), cap) for a in range(s, b, k)]

    def seconds(self, runs: int, ns, cap: int) -> float:
        """The estimated seconds of the whole plan."""
        total = 0.0
        for n in np.atleast_1d(ns):
            for a, b, k, bound in self._segments(runs, int(n), cap):
                full, rest = divmod(b - a, k)
                total += full * self.block(k, int(n), cap, bound=bound)
                total += self.block(rest, int(n), cap, bound=bound) if rest else 0.0
        return total

    def run_seconds(self, n: int, cap: int) -> float:
        """Seconds of a block of one run (of N = n points): no block can be shorter."""
        return self.block(1, n, cap, bound=self.bound_runs > 0)


def work(runs: int, ns, cap: int) -> int:
    """Point scores PLA may make at most: runs × N × cap, summed over the N's of a sweep (pla_many's measure)."""
    return sum(int(runs) * int(n) * int(cap) for n in np.atleast_1d(ns))


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
