"""One perceptron loop and the algorithms built from it: PLA, Pocket, batch and online perceptron.

Notation follows the notes (seeds 000–004): x̃ = (x₀, x) with x₀ = 1 (or 0 without a bias), w = (w₀, w₁, …, w_d),
a point is a mistake of w when sign(wᵀx̃ₙ) ≠ yₙ, and an update is wₜ₊₁ = wₜ + η·yₙ·x̃ₙ.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ._checks import augment, check_data, check_options, check_w0, signed_points, tie_mask

__all__ = [
    "Trace", "BatchTrace", "OnlineTrace", "ORDERS", "radius_bound",
    "pla", "pocket", "batch", "online", "count_mistakes", "predict",
]

ORDERS = ("cyclic", "permuted", "random")
DEFAULT_MAX_UPDATES = 100_000

# Relative resolution at which two weight vectors count as the same state when looking for a cycle.
# Integer or grid data repeat exactly; float data repeat up to rounding, far below this.
_CYCLE_RESOLUTION = 1e-9
# Scores |wᵀx̃| ≤ _TIE·‖w‖·R count as exactly 0. Grid data (the app's points, the credit set) have true ties that
# floating-point sums of updates miss by ~1e-15·‖w‖·R; a real nonzero score on such data is far above this.
_TIE = 1e-12


# ---------------------------------------------------------------------------------------------------------------
# Mistakes and predictions


def radius_bound(X: np.ndarray, bias: bool) -> float:
    """A cheap upper bound of R = maxₙ‖x̃ₙ‖ (no n×d temporary), the scale of the tie tolerance."""
    big = max(float(X.max()), -float(X.min())) if X.size else 0.0
    return float(np.sqrt(X.shape[1] * big * big + (1.0 if bias else 0.0)))


def _is_mistake(m: np.ndarray, tie: np.ndarray | None, tol: float = 0.0, margin: float = 0.0) -> np.ndarray:
    """m = yₙ·wᵀx̃ₙ per point. A mistake when m < −tol, or |m| ≤ tol (a tie: wᵀx̃ = 0) and the sign(0) convention
    says so (``tie``; None: every tie is a mistake), or, for the margin perceptron, m < margin = γ/2·‖w‖."""
    if margin > 0:
        return m < margin
    if tie is None:
        return m <= tol
    return (m < -tol) | ((m <= tol) & tie)


def predict(w, X, *, bias: bool = True, sign_zero=None) -> np.ndarray:
    """sign(wᵀx̃) for each row of X, shape (n,); at wᵀx̃ = 0 it is ``sign_zero`` (0 when None: undecided)."""
    X, _ = check_data(X, np.ones(len(np.atleast_2d(np.asarray(X, dtype=float)))))
    w = _check_w(w, X.shape[1])
    s = augment(X, bias) @ w
    out = np.sign(s)
    out[np.abs(s) <= _TIE * np.linalg.norm(w) * radius_bound(X, bias)] = 0 if sign_zero is None else sign_zero
    return out


def _check_w(w, d: int) -> np.ndarray:
    try:
        w = np.asarray(w, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("w must be a list of numbers (bias weight first).") from None
    if w.ndim not in (1, 2) or w.shape[-1] != d + 1:
        raise ValueError(f"w must have {d + 1} numbers (the bias weight, then one per feature).")
    if not np.isfinite(w).all():
        raise ValueError("w must contain finite numbers only.")
    return w


def count_mistakes(W, X, y, *, bias: bool = True, sign_zero=None) -> np.ndarray | int:
    """Number of points each weight vector gets wrong (E_in·n).

    W: (d+1,) for one vector, or (k, d+1) for many (counted a chunk at a time). Returns an int or (k,) array.
    """
    X, y = check_data(X, y)
    W = _check_w(W, X.shape[1])
    counts = _count_many(signed_points(X, y, bias), tie_mask(y, sign_zero), np.atleast_2d(W),
                         radius_bound(X, bias))
    return int(counts[0]) if W.ndim == 1 else counts


def _count_many(Z: np.ndarray, tie: np.ndarray, W: np.ndarray, R: float) -> np.ndarray:
    """Mistakes of each row of W under exactly the rule the loop uses (same tie tolerance)."""
    out = np.empty(len(W), dtype=np.int64)
    rows = max(1, 4_000_000 // max(1, len(Z)))  # keep each (rows × n) block of margins near 32 MB
    for a in range(0, len(W), rows):
        Wa = W[a:a + rows]
        M = Wa @ Z.T
        tol = (_TIE * R * np.sqrt((Wa * Wa).sum(axis=1)))[:, None]
        out[a:a + rows] = ((M < -tol) | ((M <= tol) & tie)).sum(axis=1)
    return out


# ---------------------------------------------------------------------------------------------------------------
# The trace


def _cycle_quantum(X: np.ndarray, bias: bool, eta: float) -> np.ndarray:
    """Per weight, 1e-9 of the size of one update to it (η·maxₙ|x̃ₙⱼ|): two weight vectors are the same state
    when they agree to that resolution in every coordinate, whatever the scale of each feature."""
    # Column maxima over at most ~4k rows: a reduction along axis 0 of a tall narrow array is slow (~6 ms at
    # 10⁵×2), and a scale needs no precision. A column whose largest value was not sampled gets a finer quantum,
    # which can only miss a cycle, never invent one.
    S = X if len(X) <= 4096 else X[:: len(X) // 4096 + 1]
    col = np.abs(S).max(axis=0) if len(S) else np.zeros(X.shape[1])
    q = _CYCLE_RESOLUTION * eta * np.concatenate([[1.0 if bias else 0.0], col])
    return np.where(q > 0, q, 1.0)


def _key(w, quantum) -> bytes:
    # Rounded in floating point (no integer cast to overflow); + 0.0 turns −0.0 into 0.0.
    return (np.rint(w / quantum) + 0.0).tobytes()


def _readonly(a):
    if a is not None:
        a.setflags(write=False)
    return a


@dataclass(frozen=True, eq=False)
class Trace:
    """Every update of one run, so a page can replay step t without recomputing.

    Attributes
    ----------
    weights : ndarray (T+1, d+1)
        w₀ … w_T; column 0 is the bias weight (always 0 with ``bias=False``).
    mistakes : ndarray (T,)
        Index n(t) of the point corrected by update t (wₜ → wₜ₊₁), in the caller's order.
    visits : ndarray (T,) or None
        For cyclic/permuted order: how many points had been examined when update t was made, the corrected
        point included (so ``(visits - 1) // n`` is the pass it happened in). None for random order.
    halted : bool
        True when the run stopped because no point was a mistake any more.
    cycle : (start, period) or None
        The state (weights and position in the pass) after update ``start + period`` equals the one after update
        ``start``: from there on the run repeats for ever. Only deterministic orders can report a cycle.
    stop : str
        Why the run ended: ``"halted"``, ``"cycle"`` or ``"max_updates"``.
    pocket_weights : ndarray (T+1, d+1) or None
        For Pocket: the best-so-far weights ŵ after each update.
    settings : dict
        The options the run was made with (order, eta, margin, bias, sign_zero, seed, max_updates).
    permutation : ndarray (n,) or None
        The visiting order used by ``order="permuted"``.
    examined : int or None
        Points examined in all, the final confirming pass included (cyclic/permuted order), so the run took
        ``ceil(examined / n)`` passes (epochs).
    """

    weights: np.ndarray
    mistakes: np.ndarray
    visits: np.ndarray | None
    halted: bool
    cycle: tuple[int, int] | None
    stop: str
    X: np.ndarray = field(repr=False)
    y: np.ndarray = field(repr=False)
    settings: dict = field(default_factory=dict)
    permutation: np.ndarray | None = field(default=None, repr=False)
    pocket_weights: np.ndarray | None = field(default=None, repr=False)
    examined: int | None = None
    _cache: dict = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.mistakes)

    def __repr__(self) -> str:
        n, d = self.X.shape
        w = np.array2string(self.weights[-1], precision=4, separator=", ")
        extra = f", cycle={self.cycle}" if self.cycle else ""
        return f"Trace(T={len(self)}, n={n}, d={d}, stop={self.stop!r}, w_T={w}{extra})"

    @property
    def w(self) -> np.ndarray:
        """The final weights w_T (for Pocket: see ``pocket_weights[-1]``)."""
        return self.weights[-1]

    @property
    def errors(self) -> np.ndarray:
        """Number of misclassified points for w₀ … w_T, shape (T+1,) (computed on first use, then kept)."""
        if "errors" not in self._cache:
            bias = self.settings["bias"]
            Z = signed_points(self.X, self.y, bias)
            tie = tie_mask(self.y, self.settings["sign_zero"])
            self._cache["errors"] = _readonly(_count_many(Z, tie, self.weights, radius_bound(self.X, bias)))
        return self._cache["errors"]

    @property
    def e_in(self) -> np.ndarray:
        """In-sample error E_in(wₜ) = errors / n for t = 0 … T, shape (T+1,)."""
        return self.errors / len(self.y)

    @property
    def pocket_errors(self) -> np.ndarray | None:
        """Number of misclassified points for the pocket weights ŵ₀ … ŵ_T (Pocket only), shape (T+1,)."""
        if self.pocket_weights is None:
            return None
        if "pocket_errors" not in self._cache:
            err, keep = self.errors, np.empty(len(self.weights), dtype=np.int64)
            np.minimum.accumulate(err, out=keep)
            self._cache["pocket_errors"] = _readonly(keep)
        return self._cache["pocket_errors"]

    def score(self, t: int) -> float:
        """wₜᵀx̃ₙ of the point n that update t+1 corrects, as the run judged it: a score within the tie tolerance
        (|wᵀx̃| ≤ 1e-12·‖w‖·R, the rounding of sums that cancel exactly on grid data) is exactly 0, so the sign(0)
        convention decided it."""
        bias = self.settings["bias"]
        w = self.weights[t]
        xt = np.concatenate([[1.0 if bias else 0.0], self.X[int(self.mistakes[t])]])
        s = float(w @ xt)
        return 0.0 if abs(s) <= _TIE * np.linalg.norm(w) * radius_bound(self.X, bias) else s

    def state_at(self, t: int) -> np.ndarray:
        """w_t for any t ≥ 0, continuing past the end of the trace along a detected cycle."""
        T = len(self)
        if t <= T:
            return self.weights[t]
        if self.cycle is None:
            return self.weights[-1]
        start, period = self.cycle
        return self.weights[start + (t - start) % period]


# ---------------------------------------------------------------------------------------------------------------
# Steppers: each finds the next mistake of the current w and applies the update; the loop records the result.


class _Growing:
    """Append-only record of (w, index, visits); buffers grow by doubling in place and are trimmed at the end,
    so a run of T updates keeps about T·(d+3)·8 bytes."""

    def __init__(self, w0: np.ndarray, cap: int = 1024):
        self.W = np.empty((cap, w0.size))
        self.I = np.empty(cap, dtype=np.int64)
        self.V = np.empty(cap, dtype=np.int64)
        self.W[0] = w0
        self.T = 0

    def grow(self):
        cap = 2 * len(self.W)
        self.W.resize((cap, self.W.shape[1]), refcheck=False)  # realloc: no second copy alive
        self.I.resize(cap, refcheck=False)
        self.V.resize(cap, refcheck=False)
        return self.W, self.I, self.V

    def add(self, w: np.ndarray, i: int, v: int) -> None:
        T = self.T
        if T + 1 >= len(self.W):
            self.grow()
        self.W[T + 1] = w
        self.I[T] = i
        self.V[T] = v
        self.T = T + 1

    def arrays(self):
        T = self.T
        self.W.resize((T + 1, self.W.shape[1]), refcheck=False)
        self.I.resize(T, refcheck=False)
        self.V.resize(T, refcheck=False)
        return self.W, self.I, self.V


class _Scan:
    """Cyclic PLA over X in the given order: visit 0, 1, …, n−1 and wrap; after an update go on with the next point.

    Mistakes are found a block of points at a time with one matrix–vector product, the block growing while no
    mistake turns up and shrinking to the last gap after one, so a quiet pass over 10⁶ points costs a handful of
    NumPy calls and a busy one about ten calls per update. The state at each pass start is remembered; when one
    repeats, the run is cycling.
    """

    MIN_BLOCK, MAX_BLOCK = 16, 1 << 16
    PRECOMPUTE_LIMIT = 1 << 22
    SLACK_FLOPS = 4096
    MAX_REMEMBERED = 1 << 18  # pass starts kept for cycle detection (about 40 MB at most)

    def __init__(self, X, y, bias, tie, w, eta, margin):
        self.X, self.y, self.bias, self.tie, self.eta, self.margin = X, y, bias, tie, eta, margin
        self.w0 = w
        self.visits = 0
        self.cycle_hit = None  # (updates at the first visit, updates at the repeat) of a pass-start state
        self.R = radius_bound(X, bias)
        self.key_scale = _cycle_quantum(X, bias, eta)

    def key(self, w) -> bytes:
        return _key(w, self.key_scale)

    def _scorer(self):
        """scores(a, e, w) = yₙ·wᵀx̃ₙ for points a..e−1, and the update row η·yᵢ·x̃ᵢ.

        Scores start from X (a product and two more operations per block). Building the rows zₙ = yₙx̃ₙ once
        makes each block a single product (~3 µs saved a block) but costs fresh memory (~10 ns a number here),
        which a run with few blocks never earns back; so Z is built only once the extra operations have cost
        about as much (the ski-rental rule: never worse than twice the better choice made in hindsight).
        """
        X, y, bias, eta = self.X, self.y, self.bias, self.eta
        dot = np.dot  # np.dot dispatches in about half the time of the @ operator
        budget = X.shape[0] * (X.shape[1] + 1) // 1000 + 1 if X.size <= self.PRECOMPUTE_LIMIT else -1
        state = {"Z": None, "calls": 0}

        def scores(a, e, w):
            Z = state["Z"]
            if Z is not None:
                return dot(Z[a:e], w)
            state["calls"] += 1
            if state["calls"] == budget:
                state["Z"] = signed_points(X, y, bias)
            m = dot(X[a:e], w[1:])
            if bias:
                m += w[0]
            m *= y[a:e]  # summed as w·x + b, like the textbook loop and scikit-learn
            return m

        def row(i):
            Z = state["Z"]
            if Z is not None:
                return Z[i] if eta == 1 else eta * Z[i]
            r = np.empty(X.shape[1] + 1)
            r[0] = eta * y[i] if bias else 0.0
            np.multiply(eta * y[i], X[i], out=r[1:])
            return r

        return scores, row

    def run(self, rec: "_Growing", max_updates: int, stop_on_cycle: bool) -> bool:
        """Record updates into ``rec`` until halting, the cap, or (if asked) just after a cycle; True if halted."""
        tie, margin = self.tie, self.margin
        n, d = self.X.shape
        scores, row = self._scorer()
        # Overshoot a block by about as many rows as one NumPy call costs, so guesses rarely fall short.
        slack = self.SLACK_FLOPS // (d + 1)
        w = self.w0.copy()
        wn = math.sqrt(w @ w)  # ‖w‖, for the tie tolerance and the margin rule; changes only at updates
        tie_scale = _TIE * self.R
        tol = tie_scale * wn
        pos = clean = visits = 0  # next point; points found correct since the last update; points examined
        block = self.MIN_BLOCK
        seen: dict | None = {}
        W, I, V = rec.W, rec.I, rec.V
        T = rec.T
        halted = False
        while T < max_updates:
            if pos == 0 and seen is not None:
                key = self.key(w)
                if key in seen:
                    self.cycle_hit = (seen[key], T)
                    seen = None
                elif len(seen) < self.MAX_REMEMBERED:
                    seen[key] = T
            end = min(pos + block, n, pos + n - clean)
            m = scores(pos, end, w)
            if margin:  # seed 001: yₙwᵀx̃ₙ/‖w‖ < γ/2; at w = 0 there is no margin, so every point is a mistake
                bad = m < 0.5 * margin * wn if wn > 0 else np.ones(end - pos, dtype=bool)
            elif tie is None:
                bad = m <= tol
            else:
                bad = (m < -tol) | ((m <= tol) & tie[pos:end])
            k = int(bad.argmax())
            if not bad[k]:
                visits += end - pos
                clean += end - pos
                if clean >= n:
                    halted = True
                    break
                pos = end % n
                block = min(2 * block, self.MAX_BLOCK)
                continue
            i = pos + k
            visits += k + 1
            w = w + row(i)
            wn = math.sqrt(w @ w)
            tol = tie_scale * wn
            if T + 1 >= len(W):
                W, I, V = rec.grow()
            T += 1
            W[T] = w
            I[T - 1] = i
            V[T - 1] = visits
            if stop_on_cycle and self.cycle_hit:
                break
            clean = 0
            pos = (i + 1) % n
            block = k + 1 + (k >> 1) + slack
        rec.T = T
        self.visits = visits
        return halted


class _RandomScan:
    """Each update picks a uniformly random point among the current mistakes (seed 000's Pocket)."""

    cycle_hit = None  # a random walk has no deterministic state to repeat
    visits = None

    def __init__(self, X, y, bias, tie, w, eta, margin, rng):
        self.Z = signed_points(X, y, bias)
        self.R = radius_bound(X, bias)
        self.tie, self.w0, self.eta, self.margin, self.rng = tie, w, eta, margin, rng

    def run(self, rec: "_Growing", max_updates: int, stop_on_cycle: bool) -> bool:
        Z, w = self.Z, self.w0
        while rec.T < max_updates:
            wn = float(np.sqrt(w @ w))
            if self.margin and wn == 0:
                bad = np.ones(len(Z), dtype=bool)
            else:
                bad = _is_mistake(Z @ w, self.tie, _TIE * self.R * wn, 0.5 * self.margin * wn)
            idx = np.flatnonzero(bad)
            if idx.size == 0:
                return True
            i = int(idx[self.rng.integers(idx.size)])
            w = w + self.eta * Z[i]
            rec.add(w, i, 0)
        return False


def _prepare(X, y, *, order, eta, w0, margin, bias, sign_zero, max_updates, seed):
    X, y = check_data(X, y)
    check_options(eta=eta, sign_zero=sign_zero, margin=margin, max_updates=max_updates, seed=seed)
    if not isinstance(order, str) or order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(ORDERS)}; not {order!r}.")
    w = check_w0(w0, X.shape[1], bias)
    rng = np.random.default_rng(seed)
    settings = dict(order=order, eta=float(eta), margin=float(margin), bias=bool(bias), sign_zero=sign_zero,
                    seed=seed, max_updates=int(max_updates))
    return X, y, w, rng, settings


def _cycle_start(W, I, n, first, now, key) -> tuple[int, int]:
    """Earliest (start, period) with state(start) = state(start + period), state(t) = (wₜ, next position).

    The pass-start states before updates ``first`` and ``now`` are equal, so the states after updates
    ``first + 1`` and ``now + 1`` are too; walk back while the two copies still agree.
    """
    period = now - first
    pos = np.concatenate([[0], (I + 1) % n])
    s = first + 1
    while s > 0 and pos[s - 1] == pos[s - 1 + period] and key(W[s - 1]) == key(W[s - 1 + period]):
        s -= 1
    return s, period


def pla(X, y, *, order: str = "cyclic", eta: float = 1.0, w0=None, margin: float = 0.0, bias: bool = True,
        sign_zero=None, max_updates: int = DEFAULT_MAX_UPDATES, seed=None, stop_on_cycle: bool = True) -> Trace:
    """Run the Perceptron Learning Algorithm and return the trace of every update.

    For t = 0, 1, …: find a mistake (xₙ, yₙ) of wₜ, i.e. sign(wₜᵀx̃ₙ) ≠ yₙ, and set wₜ₊₁ = wₜ + η·yₙ·x̃ₙ;
    stop when a full pass finds no mistake (seed 000, cyclic PLA).

    Parameters
    ----------
    X : array (n, d)
        The points, without the bias column.
    y : array (n,)
        Labels, each +1 or −1.
    order : {"cyclic", "permuted", "random"}
        "cyclic" visits 0..n−1 and wraps, continuing after an update with the next point; "permuted" draws one
        random permutation (from ``seed``) and cycles it; "random" picks each update uniformly among the current
        mistakes.
    eta : float > 0
        Learning rate η. From w₀ = 0 it only scales w, so the boundaries are the same for every η.
    w0 : array (d+1,), optional
        Initial weights (bias weight first); default 0.
    margin : float ≥ 0
        γ of the margin perceptron (seed 001): a point is also a mistake when yₙ·wᵀx̃ₙ/‖w‖ < γ/2.
    bias : bool
        True: x̃ = (1, x) and w₀ is learned. False: the boundary passes through the origin (seed 004), w₀ = 0.
    sign_zero : {None, +1, -1}
        What sign(0) means: None counts yₙ·wᵀx̃ₙ ≤ 0 as a mistake (seed 001, scikit-learn); +1 is seed 004's
        step(0) = +1 (and 003's "−1 is wrong when wᵀx ≥ 0"); −1 is seed 002's "predict + only when wᵀx > 0",
        the convention of the NTU course data. Scores within 1e-12·‖w‖·R of 0 count as exactly 0, so ties on
        grid data are decided by this setting and not by rounding.
    max_updates : int
        Stop after this many updates (at most 10⁷).
    seed : int, optional
        Seed for "permuted" and "random" order.
    stop_on_cycle : bool
        Stop one update after the state is seen to repeat (cyclic/permuted order only), since the run would repeat
        for ever. Either way the cycle found is reported in ``trace.cycle``.
    """
    X, y, w, rng, settings = _prepare(
        X, y, order=order, eta=eta, w0=w0, margin=margin, bias=bias, sign_zero=sign_zero,
        max_updates=max_updates, seed=seed)
    perm = rng.permutation(len(y)) if order == "permuted" else None
    Xv, yv = (X, y) if perm is None else (X[perm], y[perm])  # the order in which points are visited
    tie = None if sign_zero is None else tie_mask(yv, sign_zero)
    args = (Xv, yv, bool(bias), tie, w, float(eta), float(margin))
    scan = _RandomScan(*args, rng) if order == "random" else _Scan(*args)
    rec = _Growing(w)
    halted = scan.run(rec, max_updates, stop_on_cycle)
    W, I, V = rec.arrays()
    cycle = None
    if scan.cycle_hit and scan.cycle_hit[1] < rec.T:
        cycle = _cycle_start(W, I, len(y), *scan.cycle_hit, scan.key)
    if perm is not None:
        I = perm[I]
    stop = "halted" if halted else "cycle" if cycle and stop_on_cycle else "max_updates"
    return Trace(weights=_readonly(W), mistakes=_readonly(I), visits=None if order == "random" else _readonly(V),
                 halted=halted, cycle=cycle, stop=stop, X=_readonly(X), y=_readonly(y), settings=settings,
                 permutation=_readonly(perm), examined=scan.visits)


def pocket(X, y, *, max_updates: int, order: str = "random", eta: float = 1.0, w0=None, bias: bool = True,
           sign_zero=None, seed=None) -> Trace:
    """The Pocket algorithm (seed 000): run PLA and keep in the pocket the best weights seen so far.

    After every update wₜ₊₁ is compared with the pocket ŵ by in-sample error; ŵ is replaced only when wₜ₊₁ makes
    strictly fewer mistakes. Stops after ``max_updates`` updates, or earlier if PLA halts (then ŵ = w, E_in = 0).
    ``trace.pocket_weights`` has shape (T+1, d+1); ``trace.pocket_errors`` never increases.
    Parameters as in :func:`pla`.
    """
    if max_updates is None:
        raise ValueError("Pocket needs max_updates: on noisy data PLA never halts by itself.")
    trace = pla(X, y, order=order, eta=eta, w0=w0, bias=bias, sign_zero=sign_zero, max_updates=max_updates,
                seed=seed, stop_on_cycle=False)
    err = trace.errors
    # Index of the first weights achieving each running minimum: that is what the pocket holds.
    improved = np.concatenate([[True], err[1:] < np.minimum.accumulate(err)[:-1]])
    best = np.maximum.accumulate(np.where(improved, np.arange(len(err)), 0))
    settings = dict(trace.settings, algorithm="pocket")
    return Trace(weights=trace.weights, mistakes=trace.mistakes, visits=trace.visits, halted=trace.halted,
                 cycle=trace.cycle, stop=trace.stop, X=trace.X, y=trace.y,
                 settings=settings, permutation=trace.permutation, examined=trace.examined,
                 pocket_weights=_readonly(trace.weights[best]), _cache={"errors": err})


# ---------------------------------------------------------------------------------------------------------------
# Batch and online perceptron (seeds 002, 004)


@dataclass(frozen=True, eq=False)
class BatchTrace:
    """Batch perceptron: θₜ₊₁ = θₜ + η·Σ_{n ∈ Mₜ} yₙx̃ₙ, gradient descent on the perceptron criterion.

    weights (T+1, d+1); errors (T+1,) zero-one loss |Mₜ|; criterion (T+1,) Σ_{n ∈ Mₜ} −yₙθₜᵀx̃ₙ;
    halted when Mₜ is empty; cycle (start, period) when θ repeats.
    """

    weights: np.ndarray
    errors: np.ndarray
    criterion: np.ndarray
    halted: bool
    cycle: tuple[int, int] | None

    def __len__(self) -> int:
        return len(self.weights) - 1

    def __repr__(self) -> str:
        return (f"BatchTrace(T={len(self)}, halted={self.halted}, cycle={self.cycle}, "
                f"errors_T={int(self.errors[-1])})")


def batch(X, y, *, eta: float = 1.0, w0=None, bias: bool = True, sign_zero=None,
          max_steps: int = 1000) -> BatchTrace:
    """Batch perceptron (seed 004): each step adds η times the sum of yₙx̃ₙ over all current mistakes."""
    X, y = check_data(X, y)
    check_options(eta=eta, sign_zero=sign_zero, max_updates=max_steps, name="max_steps")
    w = check_w0(w0, X.shape[1], bias)
    Z = signed_points(X, y, bias)
    tie = tie_mask(y, sign_zero)
    quantum, R = _cycle_quantum(X, bias, eta), radius_bound(X, bias)
    seen: dict[bytes, int] = {}
    W, E, C = [w], [], []
    cycle = None
    halted = False
    for t in range(max_steps + 1):
        m = Z @ w
        bad = _is_mistake(m, tie, _TIE * R * float(np.linalg.norm(w)))
        E.append(int(bad.sum()))
        C.append(float(max(0.0, -m[bad].sum())))
        if not bad.any():
            halted = True
            break
        key = _key(w, quantum)
        if key in seen:
            cycle = (seen[key], t - seen[key])
            break
        seen[key] = t
        if t == max_steps:
            break
        w = w + eta * Z[bad].sum(axis=0)
        W.append(w)
    return BatchTrace(weights=_readonly(np.array(W)), errors=_readonly(np.array(E)),
                      criterion=_readonly(np.array(C)), halted=halted, cycle=cycle)


@dataclass(frozen=True, eq=False)
class OnlineTrace:
    """Online perceptron: each point of the stream is predicted, then its label revealed and learned from.

    predictions (m,) in {−1, 0, +1} (0: wᵀx̃ = 0 and sign_zero=None, counted as a mistake);
    mistakes (m,) bool; weights (m+1, d+1), the weights before each point and after the last;
    order (m,) index of the point shown at each time.
    """

    predictions: np.ndarray
    mistakes: np.ndarray
    weights: np.ndarray
    order: np.ndarray

    @property
    def cumulative_mistakes(self) -> np.ndarray:
        """Mistakes made up to and including each time, shape (m,)."""
        return np.cumsum(self.mistakes)

    def __repr__(self) -> str:
        return f"OnlineTrace(m={len(self.mistakes)}, mistakes={int(self.mistakes.sum())})"


def online(X, y, *, eta: float = 1.0, w0=None, bias: bool = True, sign_zero=None, passes: int = 1,
           shuffle: bool = False, seed=None) -> OnlineTrace:
    """Online perceptron (seeds 002, 004) over the stream X[0], X[1], … (``passes`` times, optionally shuffled)."""
    X, y = check_data(X, y)
    check_options(eta=eta, sign_zero=sign_zero, seed=seed)
    if isinstance(passes, bool) or not isinstance(passes, (int, np.integer)) or not 1 <= passes <= 1000:
        raise ValueError(f"passes must be a whole number from 1 to 1000, not {passes!r}.")
    if passes * len(y) > 10_000_000:
        raise ValueError(f"{passes} passes over {len(y):,} points is more than the 10⁷ predictions allowed.")
    w = check_w0(w0, X.shape[1], bias)
    Xt = augment(X, bias)
    rng = np.random.default_rng(seed)
    order = np.concatenate([rng.permutation(len(y)) if shuffle else np.arange(len(y)) for _ in range(passes)])
    preds = np.empty(len(order))
    wrong = np.empty(len(order), dtype=bool)
    W = np.empty((len(order) + 1, w.size))
    W[0] = w
    R = radius_bound(X, bias)
    for t, i in enumerate(order):
        s = Xt[i] @ w
        tie = abs(s) <= _TIE * R * float(np.linalg.norm(w))
        p = (0.0 if sign_zero is None else float(sign_zero)) if tie else float(np.sign(s))
        preds[t], wrong[t] = p, p != y[i]
        if wrong[t]:
            w = w + eta * y[i] * Xt[i]
        W[t + 1] = w
    return OnlineTrace(predictions=_readonly(preds), mistakes=_readonly(wrong), weights=_readonly(W),
                       order=_readonly(order))
