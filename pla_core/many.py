"""Many PLA runs at once (issue 13): the engine of the experiments lesson, run by run the same as :func:`pla`.

:func:`pla_many` takes a batch of data sets, X (runs, N, d) and y (runs, N), and advances every run together:
one NumPy step makes one update in each active run. For cyclic and permuted order a step scores all N points of
each run at once and takes the first mistake in cyclic order from the run's position, so a run costs one step per
update however far apart its mistakes are; finished runs drop out. A step is about a dozen NumPy calls writing into
buffers made once (~11 µs here for a handful of runs, ~20 µs for 30, ~390 µs for 1,000); halts and the pass starts
that cycle detection needs are read from a window of up to 64 steps at its end. The last 2 runs (the long tail:
of 1,000 LFD runs the slowest takes ~60× the mean) are finished one by one with a single-run loop of the same rule
at ~4 µs an update. On the LFD batch (1,000 runs of N = 100) that is ~8× less CPU time than a loop of :func:`pla`
(``benchmarks/bench_many.py``); the floor is the slowest runs' own updates, one after another.

Each run's T, final weights (bit for bit) and halted flag are those of ``pla(X[r], y[r], ...)`` with the same
settings, the run's seed included (:class:`ManyRuns`). Like :func:`pla` and :func:`~pla_core.reference.pla_reference`,
a score is summed in a different order than in :func:`pla`; the decisions can differ only for a score within
~1e-16·‖w‖·R of the edge of the tie band, and the updates are the same floats, η·yₙ·x̃ₙ, added in the same order.
"""

from __future__ import annotations

import math
from fractions import Fraction
from dataclasses import dataclass

import numpy as np

from ._checks import MAX_COORD as _MAX_COORD
from ._checks import MAX_POINTS, check_data, check_options, check_seed, check_sign_zero, check_w0
from .geometry import _box
from .grid import grid
from .perceptron import _CYCLE_RESOLUTION, ORDERS, _Growing, _RandomScan, pla
from .reference import TIE, is_mistake, tie_mask
from .trace import readonly

__all__ = ["ManyRuns", "pla_many", "disagreement_many", "DEFAULT_MANY_UPDATES"]

#: Default cap on each run's updates in :func:`pla_many` (LFD's 1,000 runs of N = 100: 2 of them reach it).
DEFAULT_MANY_UPDATES = 10_000

# Scores per chunk of runs (runs × N): ~70 bytes each in d = 2 (Z and a copy of its live runs, η·Z when η ≠ 1,
# scores, masks): ~70 MB.
_CHUNK_SCORES = 1_000_000
# At most this many runs left in a chunk: finish them one by one. Timed on LFD batches (N = 100, seeds 0–2): a
# lockstep step costs ~11 µs however few runs it serves, a single-run update ~4 µs; 2 was the fastest, 1 and 3
# took 1–6 % longer, 5 up to 20 %.
_TAIL_RUNS = 2
# Random order draws from each run's generator in a Python loop, so its steps cost more (not retuned).
_TAIL_RUNS_RANDOM = 4
# Largest N for the table ahead[P] = (point ≥ P) of (N+2)·N bytes (beyond it one comparison a step builds the row).
_AHEAD_TABLE_MAX = 2048
# Largest N for which a tail run keeps a list of its N windows of scores (views; beyond it each update slices).
_TAIL_VIEWS_MAX = 4096


@dataclass(frozen=True, eq=False)
class ManyRuns:
    """What :func:`pla_many` returns: the end of each run, shape (runs,) unless said otherwise.

    Attributes
    ----------
    T : ndarray of int64
        Updates made by each run (``len(pla(...))``).
    weights : ndarray (runs, d+1)
        Final weights w_T of each run (bias weight first), equal bit for bit to ``pla(...).weights[-1]``.
    halted : ndarray of bool
        True where the run stopped because no point was a mistake (``trace.halted``).
    stop : ndarray of str
        ``trace.stop`` of each run: "halted", "cycle" (the run was seen to repeat; cyclic/permuted order with
        ``stop_on_cycle``) or "max_updates" (stopped by the cap; such runs are reported, never dropped).
    seeds : ndarray of uint64 or None
        The seed of each run for "permuted" and "random" order: ``pla(X[r], y[r], seed=int(seeds[r]), ...)``
        reproduces run r (:meth:`pla_kwargs`). None for "cyclic", which uses no randomness.
    settings : dict
        The keyword arguments of :func:`pla` but the seed; ``w0`` is (runs, d+1), one row per run.
    traces : tuple of Trace or None
        With ``trace=True``: every run's full :class:`~pla_core.trace.Trace`, made by :func:`pla` itself.
    """

    T: np.ndarray
    weights: np.ndarray
    halted: np.ndarray
    stop: np.ndarray
    seeds: np.ndarray | None
    settings: dict
    traces: tuple | None = None

    def __len__(self) -> int:
        return len(self.T)

    def __repr__(self) -> str:
        return (f"ManyRuns(runs={len(self)}, halted={int(self.halted.sum())}, capped={int(self.capped.sum())}, "
                f"cycled={int(self.cycled.sum())}, mean T={self.T.mean() if len(self) else 0:.1f})")

    @property
    def capped(self) -> np.ndarray:
        """Runs stopped by ``max_updates``."""
        return self.stop == "max_updates"

    @property
    def cycled(self) -> np.ndarray:
        """Runs stopped one update after their state was seen to repeat."""
        return self.stop == "cycle"

    def pla_kwargs(self, r: int) -> dict:
        """Keyword arguments with which ``pla(X[r], y[r], **kwargs)`` makes run r again, its trace included."""
        return _pla_kwargs(self.settings, self.seeds, r)


def _pla_kwargs(settings: dict, seeds, r: int) -> dict:
    return dict(settings, w0=settings["w0"][r], seed=None if seeds is None else int(seeds[r]))


def _run_seeds(seed, runs: int) -> np.ndarray:
    """One seed per run: given as a sequence, or drawn from ``np.random.SeedSequence(seed)``."""
    if seed is not None and np.ndim(seed) == 1:
        seeds = list(seed)
        if len(seeds) != runs:
            raise ValueError(f"seed must be one number, or one per run ({runs}), not {len(seeds)} numbers.")
        for s in seeds:
            check_seed(s)
        return np.array([int(s) for s in seeds], dtype=np.uint64)
    check_seed(seed)
    return np.random.SeedSequence(seed).generate_state(runs, dtype=np.uint64)


def _check_batch(X, y):
    """X as an array (runs, N, d) and y (runs, N); each run is checked as :func:`pla` checks its data, a chunk at
    a time (see :func:`_chunk`), so nothing the size of X is copied here."""
    try:
        X = np.asarray(X)
        y = np.asarray(y)
    except (TypeError, ValueError):
        raise ValueError("X must be an array of data sets (runs × points × features) and y one of labels "
                         "(runs × points).") from None
    if X.ndim != 3:
        raise ValueError(f"X must be three-dimensional (runs × points × features), but it has {X.ndim} "
                         "dimensions; for one data set use pla_core.pla, or X[None].")
    runs, n, d = X.shape
    if runs == 0:
        raise ValueError("There are no runs: X holds no data set.")
    if n == 0 or d == 0:
        check_data(np.zeros((n, d)), np.zeros(n))  # the message pla gives
    if n > MAX_POINTS:
        raise ValueError(f"Each data set has {n:,} points; the limit is {MAX_POINTS:,}.")
    if y.shape != (runs, n):
        raise ValueError(f"y must hold one label per point of each run, shape ({runs}, {n}), not {y.shape}.")
    return X, y


def _chunk(X, y, a: int, b: int):
    """Runs a..b−1 as float64, checked; a bad run raises pla's message for it, prefixed by its number."""
    try:
        Xc = np.asarray(X[a:b], dtype=float)
        yc = np.asarray(y[a:b], dtype=float)
    except (TypeError, ValueError):
        Xc = yc = None
    if Xc is not None:
        fine = np.isfinite(Xc).all(axis=(1, 2)) & (np.abs(Xc).max(axis=(1, 2)) <= _MAX_COORD)
        if fine.all() and ((yc == 1) | (yc == -1)).all():
            return Xc, yc
        yc = np.array(yc)  # a copy: 0s and Falses are rewritten as −1 below, never in the caller's y
    for r in range(a, b):  # labels 1/0 or True/False are read as pla reads them (check_data), run by run
        try:
            _, yr = check_data(X[r], y[r])
        except ValueError as e:
            raise ValueError(f"Run {r}: {e}") from None
        if Xc is not None:
            yc[r - a] = yr
    if Xc is not None:
        return Xc, yc
    raise AssertionError("unreachable: a run failed the batch check but passed check_data")



def pla_many(X, y, *, order: str = "cyclic", eta: float = 1.0, w0=None, margin: float = 0.0, bias: bool = True,
             sign_zero=None, max_updates: int = DEFAULT_MANY_UPDATES, seed=None, stop_on_cycle: bool = True,
             trace: bool = False, max_work: int | None = None) -> ManyRuns:
    """Run PLA on many data sets at once; run r ends exactly as ``pla(X[r], y[r], ...)`` does.

    Parameters
    ----------
    X : array (runs, N, d)
        One data set per run, without the bias column (every run has the same N and d).
    y : array (runs, N)
        Labels, each +1 or −1 (or 1/0, or True/False, run by run as :func:`pla` reads them).
    order, eta, margin, bias, sign_zero, max_updates, stop_on_cycle
        As in :func:`pla`, the same for every run (``max_updates`` defaults to 10⁴ here).
    w0 : array (d+1,) or (runs, d+1), optional
        Initial weights, shared or one row per run; default 0.
    seed : int, sequence of ``runs`` ints, or None
        For "permuted" and "random" order. Run r gets the seed ``seeds[r]``: the given sequence, or, from one
        number (or None: fresh entropy), ``np.random.SeedSequence(seed).generate_state(runs, dtype=np.uint64)``.
        ``pla(X[r], y[r], order=order, seed=int(result.seeds[r]))`` then makes run r again (``pla`` takes an
        int seed, so the runs' seeds are ints drawn from the SeedSequence rather than its spawned children).
    trace : bool
        Also return every run's full :class:`~pla_core.trace.Trace` (``result.traces``), made by :func:`pla`
        run by run, so it costs as much as the loop this function replaces. To replay only a few runs, call
        ``pla(X[r], y[r], **result.pla_kwargs(r))``.
    max_work : int or None
        Optional: refuse (ValueError) when runs × N × max_updates exceeds this many point scores, the most the runs
        can take, since each update of a run scores its N points once (plus one pass to confirm a halt). None (the
        default) runs whatever is asked: ``max_updates`` is only a bound (LFD's 1,000 runs of N = 100 with
        ``max_updates=100_000`` could take 10¹⁰ scores; they took 0.44 s here, as their runs halt). A server's caps are the
        app's (``pla_lab.experiment_jobs``).

    Returns
    -------
    ManyRuns
        T (runs,), weights (runs, d+1), halted (runs,), stop (runs,), seeds, settings, traces.
    """
    X, y = _check_batch(X, y)
    runs, n, d = X.shape
    check_options(eta=eta, sign_zero=sign_zero, margin=margin, max_updates=max_updates)
    if not isinstance(order, str) or order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(ORDERS)}; not {order!r}.")
    if max_work is not None:
        work = runs * n * int(max_updates)
        if work > max_work:
            raise ValueError(
                f"{runs:,} runs × {n:,} points × {max_updates:,} updates could take {work:,} point scores, over "
                f"the limit of {max_work:,}: use fewer runs or points, a smaller max_updates, or pass a larger "
                "max_work.")
    if w0 is not None and np.ndim(w0) == 2:
        W0 = np.asarray(w0, dtype=float) if np.shape(w0)[0] == runs else None
        if W0 is None:
            raise ValueError(f"w0 must be one weight vector, or one per run ({runs} rows), not {np.shape(w0)[0]}.")
        W0 = np.array([check_w0(w, d, bias) for w in W0])
    else:
        W0 = np.broadcast_to(check_w0(w0, d, bias), (runs, d + 1))
    seeds = _run_seeds(seed, runs)  # checked whatever the order, as pla checks its seed
    seeds = None if order == "cyclic" else seeds
    eta, margin, bias = float(eta), float(margin), bool(bias)
    settings = dict(order=order, eta=eta, w0=readonly(np.array(W0)), margin=margin, bias=bias,
                    sign_zero=sign_zero, max_updates=int(max_updates), stop_on_cycle=bool(stop_on_cycle))

    T = np.zeros(runs, dtype=np.int64)
    W = np.empty((runs, d + 1))
    stop = np.full(runs, "max_updates", dtype="<U11")
    size = max(1, _CHUNK_SCORES // n)
    for a in range(0, runs, size):
        b = min(runs, a + size)
        Xc, yc = _chunk(X, y, a, b)
        # Grid data: the exact runs, in the integer units of pla_core.grid, as pla makes them (the margin
        # perceptron's test needs ‖w‖, so with γ > 0 the runs stay in floating point here).
        g = grid(Xc.reshape(-1, d), W0[a:b], eta, bias=bias, max_updates=int(max_updates)) if margin == 0 else None
        if g is not None:
            Xc = g.X.reshape(Xc.shape)
        W0s, step, b0 = (W0[a:b], eta, bias) if g is None else (g.scaled(W0[a:b]), g.step, g.bias)
        rngs = None if seeds is None else [np.random.default_rng(int(s)) for s in seeds[a:b]]
        if order == "permuted":
            perm = np.array([g.permutation(n) for g in rngs])
            Xc = np.take_along_axis(Xc, perm[:, :, None], axis=1)
            yc = np.take_along_axis(yc, perm, axis=1)
        run = _Lockstep(Xc, yc, W0s, step, margin, b0, sign_zero, int(max_updates), stop_on_cycle,
                        rngs if order == "random" else None, exact=g is not None)
        run.go()
        T[a:b], W[a:b], stop[a:b] = run.T, run.W if g is None else g.weights(run.W), run.stop
        for r in np.flatnonzero(run.redo) + a:  # a state repeated: pla itself says where the run stops
            tr = pla(X[r], y[r], **_pla_kwargs(settings, seeds, r))
            T[r], W[r], stop[r] = len(tr), tr.weights[-1], tr.stop
        del Xc, yc, run

    traces = tuple(pla(X[r], y[r], **_pla_kwargs(settings, seeds, r)) for r in range(runs)) if trace else None
    return ManyRuns(T=readonly(T), weights=readonly(W), halted=readonly(stop == "halted"), stop=readonly(stop),
                    seeds=readonly(seeds), settings=settings, traces=traces)


class _Lockstep:
    """One chunk of runs, advanced together: every step makes one update in each live run.

    Per run: w, T and the position p of the next point to visit (cyclic/permuted: the data are already in
    visiting order). A step scores all N points of every live run and takes the first mistake at or after p,
    wrapping round (:meth:`_steps`). Finished runs are marked dead and leave the arrays once a quarter of them is
    dead; the last ``_TAIL_RUNS`` are finished one by one (:meth:`_finish_one`).

    Cycles, as :class:`~pla_core.perceptron._Scan` finds them: whenever a run's scan reaches point 0 (a pass
    starts) its w is logged, in lockstep (from each window of steps) and one by one alike. The log is searched for
    a repeated state (a 64-bit hash of pla's cycle key, perceptron._key) when it fills, before the tail and at the
    end of each tail run; a run with a repeat is redone by :func:`pla` itself (``redo``), which stops it exactly
    where the loop would (a hash collision only costs that redo). So runs that really cycle (noisy grid data) cost
    more than in a loop of pla: their lockstep part, then pla.
    """

    LOG_START, LOG_MAX = 1 << 12, 1 << 20  # logged pass starts (each d+2 numbers)
    WINDOW = 64  # lockstep steps whose halts and pass starts are read together (:meth:`_steps`)
    WINDOW_ENTRIES = 1 << 16  # at most this many (steps × runs) in a window: 0.5 MB of argmax, 1.5 MB of w (d = 2)

    def __init__(self, X, y, W0, eta, margin, bias, sign_zero, cap, stop_on_cycle, rngs, exact=False):
        runs, n, d = X.shape
        self.X, self.y, self.bias = X, y, bias  # for the random-order tail (no copy)
        self.n, self.eta, self.margin, self.cap, self.rngs = n, eta, margin, cap, rngs
        self.exact = exact  # grid data in integer units (bias: x̃₀ there): every score exact, no tie band
        # radius_bound of each run: the same float operations as reference.radius_bound
        big = np.maximum(X.max(axis=(1, 2)), -X.min(axis=(1, 2)))
        self.R = np.zeros(runs) if exact else np.sqrt(d * big * big + float(bias) ** 2)
        # zₙ = yₙx̃ₙ as signed_points, point n at row n + 1; row 0 is zeros (the "update" of a run with no mistake)
        # and row n + 1 holds the run's w during the lockstep, so the product that scores the points gives ‖w‖² too
        self.Z = np.empty((runs, n + 2, d + 1))
        self.Z[:, [0, n + 1]] = 0.0  # row n + 1 too: the random-order path scores all rows, and garbage there warned
        self.Z[:, 1:n + 1, 0] = y * float(bias)
        np.multiply(X, y[:, :, None], out=self.Z[:, 1:n + 1, 1:])
        self.tie = None if sign_zero is None else tie_mask(y, sign_zero)
        # With stop_on_cycle=False a cycle changes nothing pla returns here, so none is looked for.
        self.cyc = rngs is None and stop_on_cycle
        if self.cyc:  # _cycle_quantum of each run, on its visiting order
            S = X if n <= 4096 else X[:, :: n // 4096 + 1]
            q = _CYCLE_RESOLUTION * eta * np.concatenate([np.full((runs, 1), float(bias)),
                                                          np.abs(S).max(axis=1)], axis=1)
            self.Q = np.where(q > 0, q, 1.0)
            # odd 64-bit multipliers for hashing a cycle key: one per weight, the last for the run's number
            self.mix = np.random.default_rng(13).integers(1, 2**63, size=d + 2, dtype=np.uint64) | np.uint64(1)
            self.log_w = np.empty((self.LOG_START, d + 1))
            self.log_r = np.empty(self.LOG_START, dtype=np.int64)
            self.nlog = 0
        self.T = np.zeros(runs, dtype=np.int64)
        self.W = np.array(W0, dtype=float)
        self.stop = np.full(runs, "max_updates" if cap == 0 else "", dtype="<U11")
        self.p = np.zeros(runs, dtype=np.int64)
        self.redo = np.zeros(runs, dtype=bool)

    def go(self) -> None:
        live = np.flatnonzero(self.stop == "")
        tail = _TAIL_RUNS if self.rngs is None else _TAIL_RUNS_RANDOM
        while True:
            if self.cyc and self.nlog + self.WINDOW * live.size > len(self.log_r):
                live = self._check_log(live)  # then a window of steps, or at least one, fits in the log
            if live.size <= tail:
                break
            live = self._steps(live, tail) if self.rngs is None else self._steps_random(live, tail)
        if self.cyc:
            live = self._check_log(live)  # settles every run finished so far
        for r in live:
            self._finish_one(int(r))

    def _steps(self, live: np.ndarray, tail: int) -> np.ndarray:
        """Cyclic and permuted order: lockstep steps over the runs ``live`` until a quarter of them (or all but
        ``tail``) have finished, or the log of pass starts is full; returns the runs still going.

        A step is about 12 NumPy calls, however many runs, each a ufunc or an array method writing into a buffer
        made once (NumPy's Python-level wrappers such as ``np.take`` or ``np.einsum`` cost ~1–2 µs a call here):
        one product gives the scores and ‖w‖², and one ``argmax`` over [mistakes at or after the position | all
        mistakes | True] finds the next mistake in cyclic order, tells that the scan wraps (k ≥ n: a pass start)
        and, at the sentinel, that the run has no mistake left. The argmax of each step is kept (a window of up to
        64 steps); the pass starts are logged from that window at its end, each w rebuilt by a cumulative sum of the
        window's updates, which adds the same floats in the same order as the steps did. A run that finishes is
        written back at once; its row goes on computing unread until the arrays shrink.
        """
        A, n = len(live), self.n
        Z = self.Z if A == len(self.T) else self.Z.take(live, axis=0)
        D = Z.shape[2]
        W = Z[:, n + 1]  # a view: updates written here are scored by the next product
        W[...] = self.W[live]
        W3 = W[:, :, None]
        Zu = Z if self.eta == 1 else self.eta * Z  # row q of run k: the update η·z of its point q (1-based)
        Zflat = Zu.reshape(A * (n + 2), D)
        S3 = np.empty((A, n + 2, 1))
        S, ww = S3[:, 1:n + 1, 0], S3[:, n + 1, 0]
        # B = [mistakes at or after the position | all mistakes | True]: its argmax k is the next mistake
        # (k < n), the first after wrapping round (n ≤ k < 2n: the scan passes point 1), or none (k = 2n).
        B = np.empty((A, 2 * n + 1), dtype=bool)
        B[:, 2 * n] = True
        lo, hi = B[:, :n], B[:, n:2 * n]
        # P: the 1-based point to visit next, n + 1 when the next is point 1 (a pass start): then "no mistake at
        # or after P" is exactly "the scan wraps round", and no step needs a modulo.
        P = self.p[live] + 1
        P[P == 1] = n + 1
        G = np.empty((A, n), dtype=bool)
        col = np.arange(1, n + 1)
        ahead = col >= np.arange(n + 2)[:, None] if n <= _AHEAD_TABLE_MAX else None  # ahead[P] = (point ≥ P), a table
        nxt = np.concatenate([col, col, [0]]) + 1  # k → P after the update (1: no update, the zero row)
        T0 = self.T[live]
        base = np.arange(A) * (n + 2) - 1  # base + P: row of the point just updated on (P − 1)
        idx = np.empty(A, dtype=np.intp)
        U, nw, tol = np.empty((A, D)), np.empty(A), np.empty(A)
        tol2, P2 = tol[:, None], P[:, None]
        margin, cap, cyc = self.margin, self.cap, self.cyc
        c = 0.5 * margin if margin > 0 else TIE * self.R[live]  # the tolerance per unit of ‖w‖, as is_mistake
        tie = None if self.tie is None else self.tie[live]
        if tie is not None:
            ntol2, low = np.empty((A, 1)), np.empty((A, n), dtype=bool)
        hlim = np.full(A, 2 * n)  # k == hlim[row]: the run halts (−1 once it has finished: never)
        alive = np.ones(A, dtype=bool)
        ndead = steps = j = 0
        capping = cap - int(T0.max())  # at this many steps the first runs reach the cap
        # A window of F steps' argmax: halts are found there at its end (a halted run's update is the zero row, so
        # it stays as it was, halted), and pass starts logged; F·A entries must fit in the log.
        F = max(1, min(self.WINDOW, self.WINDOW_ENTRIES // A))
        if cyc:
            F = max(1, min(F, (len(self.log_r) - self.nlog) // A))
        K = np.empty((F, A), dtype=np.intp)
        Krows = list(K)
        if cyc:
            W_start = W.copy()  # w before the window's first step
            until = np.full(A, F)  # the window's steps s < until[row] are the run's own (0 once finished)
            srange = np.arange(F)[:, None]
        less_equal, logical_and, add, sqrt, multiply, matmul = (
            np.less_equal, np.logical_and, np.add, np.sqrt, np.multiply, np.matmul)

        def log(J):
            """Log the pass starts of the window's first J steps; the next window starts after the current step."""
            Kw = K[:J]
            s_, r_ = ((Kw >= n) & (srange[:J] < until)).nonzero()
            if s_.size:
                H = np.empty((J, A, D))
                H[0] = W_start
                if J > 1:  # the updates of steps 0..J−2, read back from their argmax as the steps did
                    Zflat.take(base + nxt.take(Kw[:J - 1], mode="clip"), axis=0, out=H[1:], mode="clip")
                    np.cumsum(H, axis=0, out=H)
                m, e = self.nlog, self.nlog + s_.size
                self.log_w[m:e] = H[s_, r_]
                self.log_r[m:e] = live[r_]
                self.nlog = e
            np.multiply(alive, F, out=until)

        def finish(ks, why, s):
            """Runs ks (rows) end after the window's first s steps: T = T0 + the steps before the window + s."""
            nonlocal ndead
            r = live[ks]
            self.W[r], self.T[r], self.p[r], self.stop[r] = W[ks], T0[ks] + (steps - j + s), (P[ks] - 1) % n, why
            alive[ks] = False
            ndead += ks.size
            hlim[ks] = -1
            if cyc:
                until[ks] = s  # the window's steps from s on are not the run's

        def settle(J):
            """Runs that halted in the window's first J steps: they end at their first halting step."""
            h = K[:J] == hlim
            ks = h.any(axis=0).nonzero()[0]
            if ks.size:
                first = h[:, ks].argmax(axis=0)
                for s in np.unique(first):
                    finish(ks[first == s], "halted", int(s))

        while ndead * 4 < A and A - ndead > tail:
            matmul(Z, W3, out=S3)
            multiply(c, sqrt(ww, out=nw), out=tol)
            if margin > 0:  # is_mistake's margin rule
                np.less(S, tol2, out=hi)
                if not nw.all():
                    hi[nw == 0] = True
            elif tie is None:
                less_equal(S, tol2, out=hi)
            else:
                np.negative(tol2, out=ntol2)
                np.less(S, ntol2, out=hi)
                logical_and(less_equal(S, tol2, out=low), tie, out=low)
                np.logical_or(hi, low, out=hi)
            if ahead is not None:
                ahead.take(P, axis=0, out=G, mode="clip")
            else:
                np.greater_equal(col, P2, out=G)
            logical_and(hi, G, out=lo)
            k = Krows[j]
            B.argmax(axis=1, out=k)
            nxt.take(k, out=P, mode="clip")
            Zflat.take(add(base, P, out=idx), axis=0, out=U, mode="clip")
            add(W, U, out=W)
            steps += 1
            j += 1
            if steps >= capping:
                settle(j)
                finish(np.flatnonzero(alive & (T0 + steps >= cap)), "max_updates", j)
                capping = cap - int(T0[alive].max()) if alive.any() else cap
            if j == F:
                settle(F)
                j = 0
                if cyc:
                    log(F)
                    W_start[...] = W
                    if self.nlog + F * A > len(self.log_r):
                        break
        if j:
            settle(j)
            if cyc:
                log(j)
        go = live[alive]
        self.W[go], self.T[go], self.p[go] = W[alive], T0[alive] + steps, (P[alive] - 1) % n
        return go

    def _steps_random(self, live: np.ndarray, tail: int) -> np.ndarray:
        """Random order: lockstep steps as :meth:`_steps`, each run drawing its point among its mistakes from its
        own generator, as :class:`~pla_core.perceptron._RandomScan` does."""
        A, n = len(live), self.n
        Z = self.Z if A == len(self.T) else np.take(self.Z, live, axis=0)
        D = Z.shape[2]
        Zflat = (Z if self.eta == 1 else self.eta * Z).reshape(A * (n + 2), D)
        W = self.W[live]
        tie = None if self.tie is None else self.tie[live]
        R, T0 = self.R[live][:, None], self.T[live]
        rows = np.arange(A)
        flat = rows * (n + 2) + 1
        margin, cap = self.margin, self.cap
        alive = np.ones(A, dtype=bool)
        ndead = steps = 0
        capping = cap - int(T0.max())

        def finish(ks, why):
            nonlocal ndead
            r = live[ks]
            self.W[r], self.T[r], self.stop[r] = W[ks], T0[ks] + steps, why
            alive[ks] = False
            ndead += ks.size

        while ndead * 4 < A and A - ndead > tail:
            S = np.matmul(Z, W[:, :, None])[:, 1:n + 1, 0]
            bad = is_mistake(S, np.sqrt((W * W).sum(axis=1))[:, None], R, tie, margin)
            count = bad.sum(axis=1)
            go = count > 0
            if not (go | ~alive).all():
                finish(np.flatnonzero(alive > go), "halted")
            j = np.zeros(A, dtype=np.int64)
            for k in np.flatnonzero(alive):  # the draw of _RandomScan, from each run's own generator
                j[k] = self.rngs[live[k]].integers(int(count[k]))
            i = (np.cumsum(bad, axis=1, dtype=np.int32) > j[:, None]).argmax(axis=1)
            W += Zflat[flat + i]
            steps += 1
            if steps >= capping:
                finish(np.flatnonzero(alive & (T0 + steps >= cap)), "max_updates")
                capping = cap - int(T0[alive].max()) if alive.any() else cap
        go = live[alive]
        self.W[go], self.T[go] = W[alive], T0[alive] + steps
        return go

    def _repeats(self, w, r) -> np.ndarray:
        """Runs among r (k,) with two equal logged states w (k, d+1), by pla's cycle key (perceptron._key), or
        with two whose keys share a 64-bit hash (so at worst a run is redone by pla for nothing)."""
        K = np.rint(w / self.Q[r]) + 0.0
        h = (K.view(np.uint64) * self.mix[:-1]).sum(axis=1) + r.astype(np.uint64) * self.mix[-1]
        o = np.argsort(h, kind="stable")
        same = h[o[1:]] == h[o[:-1]]
        return np.unique(r[o[1:][same]])

    def _check_log(self, live: np.ndarray) -> np.ndarray:
        """Runs whose logged pass-start states repeat are handed to pla (``redo``); entries of finished runs are
        dropped; if the log is still over half full, the runs with the most entries are handed over too."""
        m = self.nlog
        w, r = self.log_w[:m], self.log_r[:m]
        # A run that halted never repeated a state (a repeat would have made it cycle for ever): skip its entries.
        look = self.stop[r] != "halted"
        rep = self._repeats(w[look], r[look])
        self.redo[rep] = True
        going = np.zeros(len(self.T), dtype=bool)
        going[live] = True
        going[rep] = False
        size = len(self.log_r)
        if going[r].sum() > size // 2 and size >= self.LOG_MAX:
            per = np.bincount(r[going[r]], minlength=len(going))
            for big in np.argsort(per)[::-1]:  # the longest runs go to pla until the log is half empty
                if going[r].sum() <= size // 2:
                    break
                going[big] = False
                self.redo[big] = True
        keep = going[r]
        m = int(keep.sum())
        self.log_w[:m], self.log_r[:m] = w[keep], r[keep]
        self.nlog = m
        grown = size
        while m + self.WINDOW * len(live) > grown // 2 and grown < self.LOG_MAX or m + len(live) > grown:
            grown *= 2
        if grown > size:
            self.log_w = np.resize(self.log_w, (grown, self.log_w.shape[1]))
            self.log_r = np.resize(self.log_r, grown)
        return live[going[live]]

    def _finish_one(self, r: int) -> None:
        """Run r alone to its end, from where the lockstep left it (random order: :class:`_RandomScan` itself).

        Cyclic and permuted order: the scores from the position p on, wrapping round, are one product with rows
        p..p+n−1 of the run's points written twice, so an update costs four NumPy calls (scores, mistakes, argmax,
        the update) and a norm."""
        w, T, cap = self.W[r].copy(), int(self.T[r]), self.cap
        tie = None if self.tie is None else self.tie[r]
        if self.rngs is not None:
            scan = _RandomScan(self.X[r], self.y[r], self.bias, tie, w, self.eta, self.margin, self.rngs[r],
                               half=Fraction(0) if self.exact else None)
            rec = _Growing(w)
            halted = scan.run(rec, cap - T, False)
            self.W[r], self.T[r] = rec.W[rec.T], T + rec.T
            self.stop[r] = "halted" if halted else "max_updates"
            return
        n, eta, margin, cyc = self.n, self.eta, self.margin, self.cyc
        Z = self.Z[r, 1:n + 1]
        Z2 = np.concatenate([Z, Z])
        win = [Z2[q:q + n] for q in range(n)] if n <= _TAIL_VIEWS_MAX else None  # views: a list lookup beats slicing
        rows = list(Z if eta == 1 else eta * Z)
        tie2 = None if tie is None else np.concatenate([tie, tie])
        R = float(self.R[r])
        c = TIE * R  # is_mistake's tolerance per unit of ‖w‖: (TIE·R)·‖w‖
        plain = margin == 0 and tie is None
        p = int(self.p[r])
        if cyc:  # the pass starts logged so far, then this loop's; checked for a repeat when full and at the end
            old = self.log_w[:self.nlog][self.log_r[:self.nlog] == r]
            starts = np.empty((max(1024, 2 * len(old)), w.size))
            starts[:len(old)] = old
            ns = len(old)
        dot, sqrt = np.dot, math.sqrt
        wn = sqrt(dot(w, w))
        stop = "max_updates"
        while T < cap:
            m = dot(win[p] if win is not None else Z2[p:p + n], w)
            bad = m <= c * wn if plain else is_mistake(m, wn, R, None if tie is None else tie2[p:p + n], margin)
            k = int(bad.argmax())
            if not bad[k]:
                stop = "halted"
                break
            i = p + k
            if cyc and (p == 0 or i >= n):  # the scan starts a pass, or passes point 0 on its way
                starts[ns] = w
                ns += 1
                if ns == len(starts):
                    if self._repeats(starts, np.full(ns, r)).size:
                        break
                    starts = np.resize(starts, (2 * ns, w.size))
            if i >= n:
                i -= n
            w = w + rows[i]
            wn = sqrt(dot(w, w))
            T += 1
            p = i + 1 if i + 1 < n else 0
        self.W[r], self.T[r], self.stop[r] = w, T, stop
        if cyc and self._repeats(starts[:ns], np.full(ns, r)).size:
            self.redo[r] = True


def _clip_many(P: np.ndarray, w: np.ndarray, sign: float) -> np.ndarray:
    """geometry._clip for each run at once: the part of each convex polygon P (runs, k, 2) where
    sign·(b + w₁x + w₂y) ≥ 0, as (runs, 2k, 2). A polygon that loses vertices repeats its first one (or is all
    zeros when empty), which adds nothing to its shoelace area."""
    f = sign * (w[:, :1] + w[:, 1:2] * P[..., 0] + w[:, 2:3] * P[..., 1])
    C, fc = np.roll(P, -1, axis=1), np.roll(f, -1, axis=1)
    inside, cross = f >= 0, (f >= 0) != (fc >= 0)
    s = np.divide(f, f - fc, out=np.zeros_like(f), where=cross)
    out = np.full(P.shape[:1] + (2 * P.shape[1], 2), np.nan)
    out[:, 0::2] = np.where(inside[..., None], P, np.nan)
    out[:, 1::2] = np.where(cross[..., None], P + s[..., None] * (C - P), np.nan)
    keep = ~np.isnan(out[..., 0])
    out = np.take_along_axis(out, np.argsort(~keep, axis=1, kind="stable")[..., None], axis=1)
    first = np.where(keep.any(axis=1)[:, None], out[:, 0], 0.0)
    return np.where(np.isnan(out), first[:, None, :], out)


def _area_many(P: np.ndarray) -> np.ndarray:
    x, y = P[..., 0], P[..., 1]
    return np.abs((x * np.roll(y, -1, axis=1)).sum(axis=1) - (y * np.roll(x, -1, axis=1)).sum(axis=1)) / 2


def disagreement_many(W, W_f, box=(-1.0, 1.0, -1.0, 1.0), *, sign_zero=None) -> np.ndarray:
    """:func:`~pla_core.geometry.disagreement` of many runs at once: for each run, the fraction of the box where
    sign(wᵀx̃) ≠ sign(w_fᵀx̃), exactly (E_out against the noise-free target for x uniform on the box).

    W and W_f are (runs, 3) (b, w₁, w₂), or one row shared by all runs; returns (runs,). Equal to
    ``disagreement(W[r], W_f[r], box, sign_zero=sign_zero)`` run by run up to rounding (~1e-15): the same
    clipping, with areas summed in another order. ``sign_zero`` decides only for w = 0, as there.
    """
    check_sign_zero(sign_zero)
    try:
        W = np.atleast_2d(np.asarray(W, dtype=float))
        W_f = np.atleast_2d(np.asarray(W_f, dtype=float))
    except (TypeError, ValueError):
        raise ValueError("W and W_f must be tables of weights, one row (b, w₁, w₂) per run.") from None
    if W.ndim != 2 or W_f.ndim != 2 or W.shape[1] != 3 or W_f.shape[1] != 3:
        raise ValueError("disagreement_many works in the plane: W and W_f need rows of 3 numbers (b, w₁, w₂).")
    if len(W) != len(W_f) and 1 not in (len(W), len(W_f)):
        raise ValueError(f"W has {len(W)} rows and W_f {len(W_f)}: give one row per run (or one for all).")
    if not (np.isfinite(W).all() and np.isfinite(W_f).all()):
        raise ValueError("W and W_f must contain finite numbers only.")
    W, W_f = np.broadcast_arrays(W, W_f)
    runs = len(W)
    xmin, xmax, ymin, ymax = _box(box)
    rect = np.broadcast_to(np.array([(xmin, ymin), (xmax, ymin), (xmax, ymax), (xmin, ymax)]), (runs, 4, 2))
    total = (xmax - xmin) * (ymax - ymin)
    f_pos = _area_many(_clip_many(rect, W_f, 1.0)) / total
    wrong = sum(_area_many(_clip_many(_clip_many(rect, W, s), W_f, -s)) for s in (1.0, -1.0))
    frac = wrong / total
    frac = np.where(frac < 1e-12, 0.0, np.minimum(1.0, frac))
    # w₁ = w₂ = 0: a constant prediction sign(b), or at b = 0 the reading of sign(0)
    b = W[:, 0]
    pred = np.where(b != 0, np.sign(b), 0.0 if sign_zero in (None, "both") else float(sign_zero))
    const = np.where(pred == 0, 1.0, np.where(pred > 0, 1.0 - f_pos, f_pos))
    if sign_zero == "both":  # sign(0) right for both classes: agrees with f everywhere
        const = np.where(b == 0, 0.0, const)
    return np.where(np.any(W[:, 1:] != 0, axis=1), frac, const)
