"""The record of a run that every algorithm returns: weights, updates and the points each update used.

PLA, Pocket, the batch and the online perceptron all return a :class:`Trace` of the same shape, so a page replays
any of them the same way: w₀ … w_T, and for each update t the vector it added and the points it used.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ._checks import signed_points
from .reference import is_mistake, radius_bound, tie_mask

__all__ = ["Trace", "Stream", "judge_many"]


def readonly(a):
    if a is not None:
        a.setflags(write=False)
    return a


def judge_many(Z: np.ndarray, tie: np.ndarray, W: np.ndarray, R: float, *, criterion: bool = False):
    """Mistakes of each row of W (k, d+1) on the points zₙ = yₙx̃ₙ (rows of Z), by :func:`is_mistake`.

    Returns the counts (k,) and, if asked, the perceptron criterion (k,) Σ_{n mistaken} −yₙwᵀx̃ₙ (else None).
    """
    count = np.empty(len(W), dtype=np.int64)
    crit = np.empty(len(W)) if criterion else None
    # Blocks of about 2¹⁷ scores (1 MB) stay in cache through the four passes over them: about 3× faster than
    # blocks of 32 MB, and a score does not depend on the block it is computed in.
    rows = max(1, 131_072 // max(1, len(Z)))
    for a in range(0, len(W), rows):
        Wa = W[a:a + rows]
        M = Wa @ Z.T
        bad = is_mistake(M, np.sqrt((Wa * Wa).sum(axis=1))[:, None], R, tie)
        count[a:a + rows] = np.count_nonzero(bad, axis=1)
        if criterion:
            crit[a:a + rows] = np.maximum(0.0, -np.where(bad, M, 0.0).sum(axis=1))
    return count, crit


@dataclass(frozen=True, eq=False)
class Stream:
    """What the online perceptron saw: at time s it predicts point ``shown[s]``, then learns its label.

    Attributes
    ----------
    shown : ndarray (m,)
        Index of the point shown at each time s = 0 … m−1 (``passes`` passes, each shuffled if asked).
    predictions : ndarray (m,)
        The prediction sign(wᵀx̃) made at each time, in {−1, 0, +1} (0: a tie with ``sign_zero=None``, a mistake;
        with "both" a tie counts as either class, so it is recorded as the point's own label).
    wrong : ndarray (m,) of bool
        Which predictions were mistakes. Each mistake is one update: update t happened at time
        ``trace.visits[t] - 1``.
    """

    shown: np.ndarray
    predictions: np.ndarray
    wrong: np.ndarray

    def __len__(self) -> int:
        return len(self.shown)

    def __repr__(self) -> str:
        return f"Stream(m={len(self)}, mistakes={int(self.wrong.sum())})"

    @property
    def cumulative_mistakes(self) -> np.ndarray:
        """Mistakes made up to and including each time, shape (m,)."""
        return np.cumsum(self.wrong)

    @property
    def weight_index(self) -> np.ndarray:
        """For each time s, the t of the weights wₜ (``trace.weights[t]``) that made the prediction, shape (m,)."""
        return self.cumulative_mistakes - self.wrong


@dataclass(frozen=True, eq=False)
class Trace:
    """Every update of one run, so a page can replay step t without recomputing.

    Attributes
    ----------
    weights : ndarray (T+1, d+1)
        w₀ … w_T; column 0 is the bias weight (always 0 with ``bias=False``).
    mistakes : ndarray (T,)
        Index n(t) of the point corrected by update t (wₜ → wₜ₊₁), in the caller's order. For the batch
        perceptron, the smallest index of the mistakes Mₜ that update t summed (all of them: :meth:`used`; for a
        mini-batch, the mistakes in its block).
    visits : ndarray (T,) or None
        For cyclic/permuted order: how many points had been examined when update t was made, the corrected
        point included (so ``(visits - 1) // n`` is the pass it happened in). Batch: n·(t+1), a pass per update;
        mini-batch of b points: b·(s+1) for the step s (the block) update t was made at; online: the time of the update in the stream, plus 1. None for random order.
    halted : bool
        True when the run stopped because no point was a mistake any more (online: a whole pass made no mistake).
    cycle : (start, period) or None
        The state (weights and position in the pass) after update ``start + period`` equals the one after update
        ``start``: from there on the run repeats for ever. Only deterministic orders can report a cycle. It is the
        state's first repeat (the earliest ``start``, the least ``period``); the weights alone can repeat sooner and
        with a shorter period: :attr:`weight_cycle`.
    stop : str
        Why the run ended: ``"halted"``, ``"cycle"``, ``"max_updates"``, or ``"end_of_stream"`` (online).
    pocket_weights : ndarray (T+1, d+1) or None
        For Pocket: the best-so-far weights ŵ after each update.
    settings : dict
        The options the run was made with: algorithm ("pla", "pocket", "batch", "online"), order, eta, margin,
        bias, sign_zero, seed, max_updates (online adds passes and shuffle; batch adds batch_size and average).
    permutation : ndarray (n,) or None
        The visiting order used by ``order="permuted"``.
    examined : int or None
        Points examined in all, the final confirming pass included (cyclic/permuted order), so the run took
        ``ceil(examined / n)`` passes (epochs). Batch: n per weight vector (mini-batch: b per block, the steps
        without an update included); online: the length of the stream.
    stream : Stream or None
        For the online perceptron: the predictions at every time of the stream.
    descent : pla_core.descent.Descent or None
        For SGD (:func:`pla_core.descent.sgd`): each step's loss, (sub)gradient and η, and the total loss after it.
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
    stream: Stream | None = field(default=None, repr=False)
    descent: object = field(default=None, repr=False)  # SGD (pla_core.descent.Descent): each step's loss and gradient
    _used_bits: np.ndarray | None = field(default=None, repr=False)  # batch: (T, ⌈n/8⌉) np.packbits of each Mₜ
    # mini-batch: (starts (T+1,), indices): update t used indices[starts[t]:starts[t+1]] (at most b, not n/8 bytes)
    _used_index: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False)
    _cache: dict = field(default_factory=dict, repr=False)
    # The scaled units of an exact run on grid data (pla_core.grid.Grid), or None: counts and scores are then
    # recomputed exactly, in integers, from the weights.
    _grid: object = field(default=None, repr=False)

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
    def updates(self) -> np.ndarray:
        """The vector update t added, shape (T, d+1): ``weights[t+1] == weights[t] + updates[t]`` exactly in a
        floating-point run; in an exact run on grid data (:mod:`pla_core.grid`) the float nearest the exact
        wₜ₊₁ − wₜ, as the weights are the floats nearest the exact wₜ.

        η·yₙ·x̃ₙ of the corrected point (the very floats the loop added; computed on first use), or for the
        batch perceptron η·Σ_{n ∈ Mₜ} yₙx̃ₙ (divided by b, or n, with ``average``) as the run summed it.
        """
        if "updates" not in self._cache and self._grid is not None:  # the exact differences, rounded once
            g = self._grid
            self._cache["updates"] = readonly(g.weights(np.diff(g.scaled(self.weights), axis=0)))
        if "updates" not in self._cache:
            bias, eta = self.settings["bias"], self.settings["eta"]
            c = eta * self.y[self.mistakes]
            U = np.empty((len(self), self.weights.shape[1]))
            U[:, 0] = c if bias else 0.0
            np.multiply(c[:, None], self.X[self.mistakes], out=U[:, 1:])
            self._cache["updates"] = readonly(U)
        return self._cache["updates"]

    def used(self, t: int) -> np.ndarray:
        """Indices of the points update t used, ascending: ``[mistakes[t]]``, or for the batch perceptron all of Mₜ
        (the mistakes in update t's block, for a mini-batch)."""
        t = range(len(self))[t]  # IndexError outside 0 … T−1, negative t from the end
        if self._used_index is not None:
            starts, indices = self._used_index
            return indices[starts[t]:starts[t + 1]].copy()
        if self._used_bits is None:
            return np.array([self.mistakes[t]], dtype=np.int64)
        return np.flatnonzero(np.unpackbits(self._used_bits[t], count=len(self.y)))

    def used_window(self, t0: int = 0, t1: int | None = None) -> list[list[int]]:
        """:meth:`used` for updates t0 … t1−1 (a slice: clipped to the trace), as lists of ints (JSON-ready)."""
        if self._used_index is not None:
            starts, indices = self._used_index
            ts = range(len(self))[t0:t1]
            return [indices[starts[t]:starts[t + 1]].tolist() for t in ts]
        if self._used_bits is None:
            return [[i] for i in self.mistakes[t0:t1].tolist()]
        bits = np.unpackbits(self._used_bits[t0:t1], axis=1, count=len(self.y)).view(bool)
        return [np.flatnonzero(row).tolist() for row in bits]

    def _judge(self, criterion: bool):
        bias, g, tie = self.settings["bias"], self._grid, tie_mask(self.y, self.settings["sign_zero"])
        if g is not None:  # exact: integer scores, a tie exactly 0
            count, crit = judge_many(signed_points(g.X, self.y, g.bias), tie, g.scaled(self.weights), 0.0,
                                     criterion=criterion)
            return count, (None if crit is None else crit / g.score_scale)
        Z = signed_points(self.X, self.y, bias)
        return judge_many(Z, tie, self.weights, radius_bound(self.X, bias), criterion=criterion)

    @property
    def errors(self) -> np.ndarray:
        """Number of misclassified points for w₀ … w_T, shape (T+1,) (computed on first use, then kept)."""
        if "errors" not in self._cache:
            self._cache["errors"] = readonly(self._judge(False)[0])
        return self._cache["errors"]

    @property
    def criterion(self) -> np.ndarray:
        """The perceptron criterion J(wₜ) = Σ_{n ∈ M(wₜ)} −yₙwₜᵀx̃ₙ ≥ 0 for t = 0 … T, shape (T+1,) (the step-function
        notes).

        The loss the full-batch perceptron descends. Batch runs record it (a mini-batch run too: J over all n
        points, not over a block); for other runs it is computed on first use.
        """
        if "criterion" not in self._cache:
            self._cache["criterion"] = readonly(self._judge(True)[1])
        return self._cache["criterion"]

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
            self._cache["pocket_errors"] = readonly(keep)
        return self._cache["pocket_errors"]

    def score(self, t: int) -> float:
        """wₜᵀx̃ₙ of the point n = mistakes[t] that update t corrects, as the run judged it: a score in the tie band
        of :func:`is_mistake` (|wᵀx̃| ≤ 1e-12·‖w‖·R, the rounding of sums that cancel exactly on grid data) is
        exactly 0, so the sign(0) convention decided it."""
        bias, g = self.settings["bias"], self._grid
        if g is not None:  # exact: in scaled units, an integer
            xs = np.concatenate([[g.bias], g.X[int(self.mistakes[t])]])
            return float(g.scaled(self.weights[t]) @ xs) / g.score_scale
        w = self.weights[t]
        xt = np.concatenate([[1.0 if bias else 0.0], self.X[int(self.mistakes[t])]])
        s, wn, R = float(w @ xt), float(np.sqrt(w @ w)), radius_bound(self.X, bias)
        return 0.0 if is_mistake(s, wn, R) and is_mistake(-s, wn, R) else s  # both signs wrong: a tie

    def score_gain(self, t: int) -> tuple:
        """(yₙ·wₜᵀx̃ₙ, η‖x̃ₙ‖², yₙ·wₜ₊₁ᵀx̃ₙ) for the point n = mistakes[t] that update t corrects: the update adds
        η·yₙ·x̃ₙ and yₙ² = 1, so the score rises by exactly η‖x̃ₙ‖² (the first plus the second is the
        third). Before and after come from the run's weights, the gain from η and x̃ₙ: on grid data
        (:mod:`pla_core.grid`) all three are exact :class:`fractions.Fraction`\\ s of the decimals, else floats.
        Not for the batch perceptron, whose update sums several points."""
        if self.settings.get("algorithm") == "batch":
            raise ValueError("a batch update sums several points: its score gain is not η‖x̃ₙ‖²")
        n, bias, g = int(self.mistakes[t]), self.settings["bias"], self._grid
        y = int(self.y[n])
        if g is not None:
            from fractions import Fraction

            from .grid import _fraction
            xs = np.concatenate([[g.bias], g.X[n]])
            scale = Fraction(g.w_scale) * 10 ** g.digits
            before, after = (y * Fraction(int(v)) / scale for v in g.scaled(self.weights[t:t + 2]) @ xs)
            norm2 = Fraction(int(xs @ xs), 10 ** (2 * g.digits))  # the grid's decimals, not the floats' last bits
            return before, _fraction(self.settings["eta"]) * norm2, after
        xt = np.concatenate([[1.0 if bias else 0.0], self.X[n]])
        before, after = (y * float(w @ xt) for w in self.weights[t:t + 2])
        return before, float(self.settings["eta"] * (xt @ xt)), after

    @property
    def weight_cycle(self) -> tuple[int, int] | None:
        """(start, period) of the weights alone, once the run cycles (None without a :attr:`cycle`): ``period`` is
        the least p with w_{t+p} = w_t for every t from some update on, and ``start`` the first update s from which
        that holds, so w_{s+p} = w_s is the weights' first repeat and w_{s−1+p} ≠ w_{s−1}.

        The state (w and the place in the pass, :attr:`cycle` = (s₀, p₀)) repeating makes the weights repeat, so
        s ≤ s₀ and p divides p₀; they can repeat sooner: on ○(−1, −1), ×(0, 0), ○(1, 1) the state repeats from update
        4 (w₈ = w₄, the next point the same), the weights from update 3 (w₇ = w₃, the next point not). And with a
        shorter period: on a point repeated with both labels, w comes back every 2 updates while the place in the pass
        comes back after a whole pass. Decided exactly on grid data (the integers of the run's scaled units,
        :mod:`pla_core.grid`), else to the resolution the run's cycle detection uses (10⁻⁹ of an update)."""
        if self.cycle is None:
            return None
        if "weight_cycle" not in self._cache:
            s0, p0 = self.cycle
            K = self._weight_keys(self.weights[:s0 + p0])  # s₀ + p₀ ≤ T: the state's repeat is recorded
            one = K[s0:]  # one period of the state, w_{s₀} … w_{s₀+p₀−1}; w_{s₀+p₀+j} = w_{s₀+j} (state_at)
            p = next(d for d in range(1, p0 + 1) if p0 % d == 0 and np.array_equal(one, np.roll(one, -d, axis=0)))
            back = np.all(K[:s0] == K[p:s0 + p], axis=1)  # w_t = w_{t+p}, for t < s₀
            s = s0 - int(np.argmin(back[::-1])) if not back.all() else 0
            self._cache["weight_cycle"] = (s, p)
        return self._cache["weight_cycle"]

    def _weight_keys(self, W) -> np.ndarray:
        """Weights as rows that are equal exactly when the weights are the same: the scaled integers on grid data,
        else rounded to 10⁻⁹ of an update in each coordinate (the run's own cycle keys)."""
        if self._grid is not None:
            return self._grid.scaled(W)
        from .perceptron import _cycle_quantum

        q = _cycle_quantum(np.asarray(self.X, dtype=float), bool(self.settings.get("bias", True)),
                           float(self.settings.get("eta", 1.0)))
        return np.rint(np.asarray(W, dtype=float) / q) + 0.0

    def state_at(self, t: int) -> np.ndarray:
        """w_t for any t ≥ 0, continuing past the end of the trace along a detected cycle."""
        T = len(self)
        if t <= T:
            return self.weights[t]
        if self.cycle is None:
            return self.weights[-1]
        start, period = self.cycle
        return self.weights[start + (t - start) % period]
