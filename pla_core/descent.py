"""Stochastic gradient descent on a per-example loss: the perceptron as SGD (the Princeton COS 495 lecture).

One loop, the loss a setting (scikit-learn's habit: its ``Perceptron`` is ``SGDClassifier(loss="perceptron")``). At
step t it visits one point (xₙ, yₙ), with margin score m = yₙ·wₜᵀx̃ₙ, and sets wₜ₊₁ = wₜ − ηₜ·∇ℓ(wₜ):

=============  ==========================  =======================================================
loss           ℓ(w) on one point            ∇ℓ(w)
=============  ==========================  =======================================================
perceptron     max(0, −m)                   −y·x̃ where m < 0 (at the kink m = 0: as sign(0) says)
hinge          max(0, 1 − m)                −y·x̃ where m < 1 (at the kink m = 1: as sign(0) says)
logistic       log(1 + e^(−m))              −y·x̃·(1 − σ(m)),  σ(m) = 1/(1 + e^(−m))
squared        (wᵀx̃ − y)²                   2·(wᵀx̃ − y)·x̃
=============  ==========================  =======================================================

At a kink the loss has no gradient; the subgradient taken there follows the app's readings of sign(0)
(:func:`pla_core.reference.tie_mask`): with ``sign_zero=None`` the kink counts as a mistake (−y·x̃, as PLA updates
on y·wᵀx̃ ≤ 0), with ``"both"`` it does not (0), with ±1 it does for the points of the other class. So with the
perceptron loss, a constant η and the cyclic order the run is :func:`pla_core.pla`'s run, update for update, for
every reading. On grid data (:mod:`pla_core.grid`) the perceptron and hinge losses with a constant η run exactly, in
integer units, as PLA does; the logistic and squared losses, and a decaying η, run in floating point. There a margin
within :data:`~pla_core.reference.TIE`·‖w‖·R of the kink (R from :func:`~pla_core.reference.radius_bound`, the tie
band of :func:`pla_core.is_mistake`) is the kink, read by sign(0): sums that cancel exactly leave ~1e-16·‖w‖·R.

The logistic loss's 1 − σ(m) is computed as σ(−m) = e^(−log(1 + e^m)), never as a difference: 1 − σ(m) in floating
point is exactly 0 above m ≈ 37, and the gradient is never 0 (e^(−m) underflows to 0 only past m ≈ 745).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._checks import check_data, check_options, check_w0, signed_points
from .grid import grid
from .perceptron import ORDERS
from .reference import TIE, radius_bound, tie_mask
from .trace import Trace, readonly

__all__ = ["sgd", "LOSSES", "KINK", "Descent", "loss_values", "loss_gradients", "margin_loss", "margins", "sigmoid"]

LOSSES = ("perceptron", "hinge", "logistic", "squared")
#: The most steps one run may take (epochs × n), so a link cannot make the server work for ever.
MAX_STEPS = 2_000_000
#: The margin score m = y·wᵀx̃ where a loss has no gradient (its subgradient there follows sign(0)).
KINK = {"perceptron": 0.0, "hinge": 1.0}
#: A weight past this size ends the run as "diverged" (η too large for the squared loss: each step overshoots).
DIVERGED = 1e12


@dataclass(frozen=True)
class Descent:
    """What each step of an SGD run did, beside the weights of its :class:`~pla_core.trace.Trace`.

    loss : (T,) ℓ of the visited point at wₜ.   grad : (T, d+1) its (sub)gradient ∇ℓ(wₜ).
    eta : (T,) the step size ηₜ.   total : (T+1,) L̂(wₜ) = (1/n)·Σₙ ℓ(wₜ; xₙ, yₙ).
    (E_in(wₜ) after every step is the trace's own ``e_in``, exact on grid data.)
    """

    loss: np.ndarray
    grad: np.ndarray
    eta: np.ndarray
    total: np.ndarray


def sigmoid(m):
    """σ(m) = 1/(1 + e^(−m)) elementwise, to full relative precision for every m: 1 − σ(m) is ``sigmoid(−m)``,
    e^(−m)/(1 + e^(−m)) and not 0 until e^(−m) itself underflows (m > 745). (0.5·(1 + tanh(m/2)) and 1 − σ(m)
    both cancel to exactly 0 above m ≈ 37.)"""
    return np.exp(-np.logaddexp(0.0, -np.asarray(m, dtype=float)))


def _tie_band(w, R: float) -> float:
    """The half-width of the tie band around a kink: TIE·‖w‖·R, as :func:`pla_core.is_mistake` has it at 0."""
    w = np.asarray(w, dtype=float)
    return TIE * float(np.sqrt(w @ w)) * R


def _snap(m, band: float, at):
    """m with every value within ``band`` of one in ``at`` set to it exactly (a tie, in floating point)."""
    m = np.array(m, dtype=float)
    for k in at:
        m[np.abs(m - k) <= band] = k
    return m


def _check_loss(loss: str) -> None:
    if loss not in LOSSES:
        raise ValueError(f"loss must be one of {', '.join(LOSSES)}; not {loss!r}.")


def _of_margins(loss: str, m, y):
    """ℓ as a function of the margin m = y·wᵀx̃ (elementwise; ``y`` broadcasts against m)."""
    if loss == "perceptron":
        return np.maximum(0.0, -m)
    if loss == "hinge":
        return np.maximum(0.0, 1.0 - m)
    if loss == "logistic":
        return np.logaddexp(0.0, -m)
    return (y * m - y) ** 2  # squared: wᵀx̃ = y·m, since y² = 1


def _slopes(loss: str, m, y, tie):
    """c with ∇ℓ = c·x̃ at margin m: the subgradient at a kink as ``tie`` (:func:`tie_mask`) reads it."""
    if loss in KINK:
        kink = KINK[loss]
        return -y * ((m < kink) | ((m == kink) & tie))  # no np.where: the loop calls this for one point at a time
    if loss == "logistic":
        return -y * sigmoid(-m)  # 1 − σ(m) without cancellation
    return 2.0 * (y * m - y)


def _augmented(X, bias: bool) -> np.ndarray:
    return np.column_stack([np.full(len(X), float(bias)), X])


def margin_loss(loss: str, m) -> np.ndarray:
    """ℓ as a function of the margin score m = y·wᵀx̃ alone (elementwise): every loss here is one (the squared
    loss's (wᵀx̃ − y)² is (1 − m)², since y² = 1)."""
    _check_loss(loss)
    m = np.asarray(m, dtype=float)
    return _of_margins(loss, m, np.ones_like(m))


def loss_values(loss: str, w, X, y, *, bias: bool = True) -> np.ndarray:
    """ℓ(w) on every point (n,): the per-example loss of :func:`sgd` (in floating point)."""
    _check_loss(loss)
    X, y = check_data(X, y)
    return _of_margins(loss, signed_points(X, y, float(bias)) @ np.asarray(w, dtype=float), y)


def margins(w, X, y, *, bias: bool = True, at=(0.0,)) -> np.ndarray:
    """Every point's margin score yₙ·wᵀx̃ₙ (n,) in floating point, a score within TIE·‖w‖·R of a value in ``at``
    (0, and a loss's kink, :data:`KINK`) set to that value: a tie, as a floating-point run of :func:`sgd` judges it.
    (On grid data :func:`pla_core.facts.scores` gives them exactly.)"""
    X, y = check_data(X, y)
    w = np.asarray(w, dtype=float)
    return _snap(y * (_augmented(X, bias) @ w), _tie_band(w, radius_bound(X, bias)), at)


def loss_gradients(loss: str, w, X, y, *, bias: bool = True, sign_zero=None) -> np.ndarray:
    """∇ℓ(w) on every point (n, d+1), the subgradient at a kink as sign(0) reads it (see the module's table), a
    margin within TIE·‖w‖·R of the kink counting as the kink (:func:`margins`)."""
    _check_loss(loss)
    X, y = check_data(X, y)
    Xt = _augmented(X, bias)
    m = margins(w, X, y, bias=bias, at=(KINK[loss],)) if loss in KINK else y * (Xt @ np.asarray(w, dtype=float))
    c = _slopes(loss, m, y, tie_mask(y, sign_zero))
    return c[:, None] * Xt


def _visits(order: str, n: int, steps: int, rng) -> tuple[np.ndarray, np.ndarray | None]:
    if order == "cyclic":
        return np.arange(steps) % n, None
    if order == "permuted":
        perm = rng.permutation(n)
        return perm[np.arange(steps) % n], perm
    return rng.integers(0, n, size=steps), None


def _totals(loss: str, W, X, y, bias: bool) -> np.ndarray:
    """L̂(wₜ) for every row of W, in blocks (a run of 10⁶ steps never holds T × n scores)."""
    Z = signed_points(X, y, float(bias))
    total = np.empty(len(W))
    rows = max(1, 2_000_000 // max(1, len(y)))
    for a in range(0, len(W), rows):
        total[a:a + rows] = _of_margins(loss, W[a:a + rows] @ Z.T, y).mean(axis=1)  # one row of margins per w
    return total


def sgd(X, y, *, loss: str = "perceptron", eta: float = 1.0, decay: bool = False, order: str = "cyclic", w0=None,
        bias: bool = True, sign_zero=None, epochs: int = 10, seed=None, stop_when_still: bool = True) -> Trace:
    """Run SGD on ``loss`` and return the trace of every step (one visited point per step).

    ``eta`` is η₀; with ``decay`` step t (t = 1, 2, …) uses ηₜ = η₀/√t. ``order``: "cyclic" visits 0 … n−1 and
    wraps, "permuted" cycles one random permutation (from ``seed``), "random" draws each point uniformly.
    ``epochs`` passes of n steps, at most :data:`MAX_STEPS` steps in all. With ``stop_when_still`` the run halts
    after a full pass (cyclic or permuted order) in which no step moved w, as PLA halts after a pass without a
    mistake: every point's gradient is then 0, and w would never move again (for the logistic and squared losses: a
    pass whose every step was below what floating point can add to w; the logistic gradient is never 0).

    The trace: ``weights`` w₀ … w_T, ``mistakes`` the point visited at each step, ``visits`` the steps taken,
    ``settings["algorithm"] == "sgd"``, and ``trace.descent`` (:class:`Descent`): each step's ℓ, ∇ℓ and ηₜ, and
    L̂(wₜ), E_in(wₜ) after every step. ``trace.stop`` is "halted", "epochs", "max_steps", or "diverged": a weight
    passed :data:`DIVERGED` (the squared loss with ηₜ·‖x̃‖² > 1 overshoots more at every step), the run ends there.
    """
    X, y = check_data(X, y)
    _check_loss(loss)
    if not isinstance(order, str) or order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(ORDERS)}; not {order!r}.")
    if not isinstance(epochs, (int, np.integer)) or isinstance(epochs, bool) or epochs < 0:
        raise ValueError(f"epochs must be a whole number ≥ 0; not {epochs!r}.")
    check_options(eta=eta, sign_zero=sign_zero, margin=0.0, max_updates=1, seed=seed)
    n, d = X.shape
    steps = min(int(epochs) * n, MAX_STEPS)
    w = check_w0(w0, d, bias)
    idx, perm = _visits(order, n, steps, np.random.default_rng(seed))
    etas = float(eta) / np.sqrt(np.arange(1, steps + 1)) if decay else np.full(steps, float(eta))
    exact = loss in KINK and not decay and grid(X, w, eta, bias=bias, max_updates=steps)
    run = _exact_run if exact else _float_run
    W, G, taken, halted = run(loss, X, y, w, idx, etas, bool(bias), sign_zero, n,
                              stop_when_still and order != "random", exact or None)
    diverged = not exact and not np.abs(W[-1]).max() <= DIVERGED
    idx, etas = idx[:taken], etas[:taken]
    m = y[idx] * np.einsum("ij,ij->i", W[:-1], _augmented(X, bias)[idx])
    if loss in KINK and not exact:  # the visited point's ℓ as the loop judged its margin: 0 at a tie with the kink
        band = TIE * np.sqrt(np.einsum("ij,ij->i", W[:-1], W[:-1])) * radius_bound(X, bias)
        m = np.where(np.abs(m - KINK[loss]) <= band, KINK[loss], m)
    ell = _of_margins(loss, m, y[idx])
    stop = ("diverged" if diverged else "halted" if halted else "epochs" if taken == int(epochs) * n
            else "max_steps")
    settings = dict(algorithm="sgd", loss=loss, order=order, eta=float(eta), decay=bool(decay), bias=bool(bias),
                    sign_zero=sign_zero, seed=seed, epochs=int(epochs), max_updates=steps, margin=0.0,
                    stop_when_still=bool(stop_when_still))
    trace = Trace(weights=readonly(W), mistakes=readonly(idx.astype(np.int64)),
                  visits=None if order == "random" else readonly(np.arange(1, taken + 1)), halted=halted,
                  cycle=None, stop=stop, X=readonly(X), y=readonly(y), settings=settings, permutation=readonly(perm),
                  examined=taken, _grid=exact or None)
    if not exact:
        trace._cache["updates"] = readonly(-etas[:, None] * G)  # the very floats the loop subtracted
    # L̂: the perceptron loss summed over the points is the criterion J, exact on grid data
    total = trace.criterion / n + 0.0 if loss == "perceptron" else _totals(loss, W, X, y, bool(bias))
    object.__setattr__(trace, "descent", Descent(loss=readonly(ell), grad=readonly(G), eta=readonly(etas),
                                                 total=readonly(np.asarray(total, dtype=float))))
    return trace


def _float_run(loss, X, y, w, idx, etas, bias, sign_zero, n, still, _g):
    """The loop in floating point: (weights, gradients, steps taken, halted). A margin within TIE·‖w‖·R of a kink
    is the kink (a tie), read by sign(0), as :func:`pla_core.is_mistake` reads a score near 0."""
    Xt = _augmented(X, bias)
    tie = tie_mask(y, sign_zero)
    kink, R = KINK.get(loss), radius_bound(X, bias)
    W = np.empty((len(idx) + 1, len(w)))
    G = np.zeros((len(idx), len(w)))
    W[0] = w
    quiet = 0
    for t, i in enumerate(idx):
        m = y[i] * (Xt[i] @ W[t])
        if kink is not None and abs(m - kink) <= _tie_band(W[t], R):
            m = kink
        c = float(_slopes(loss, m, y[i], tie[i]))
        G[t] = c * Xt[i]
        W[t + 1] = W[t] - etas[t] * G[t]
        still_here = c == 0.0 if kink is not None else bool(np.all(W[t + 1] == W[t]))
        quiet = quiet + 1 if still_here else 0
        if still and quiet >= n:
            return W[:t + 2], G[:t + 1], t + 1, True
        if not np.abs(W[t + 1]).max() <= DIVERGED:  # also NaN
            return W[:t + 2], G[:t + 1], t + 1, False
    return W, G, len(idx), False


def _exact_run(loss, X, y, w, idx, etas, bias, sign_zero, n, still, g):
    """The perceptron or hinge loss with a constant η on grid data, in the integer units of ``g``: every margin is
    exact, so the kink is met exactly (a tie is 0), as in PLA's exact run."""
    XS = np.column_stack([np.full(n, g.bias), g.X])  # x̃ˢ
    kink = KINK[loss] * g.score_scale  # m < 1 ⟺ y·wˢᵀx̃ˢ < score_scale
    tie = tie_mask(y, sign_zero)
    WS = np.empty((len(idx) + 1, len(w)))
    C = np.zeros(len(idx))
    WS[0] = g.scaled(w)
    quiet = 0
    for t, i in enumerate(idx):
        m = y[i] * (XS[i] @ WS[t])
        c = -y[i] if (m < kink or (m == kink and tie[i])) else 0.0
        C[t] = c
        WS[t + 1] = WS[t] - (c * g.step) * XS[i]
        quiet = quiet + 1 if c == 0.0 else 0
        if still and quiet >= n:
            WS, C = WS[:t + 2], C[:t + 1]
            break
    taken = len(C)
    return g.weights(WS), C[:, None] * _augmented(X, bias)[idx[:taken]], taken, still and quiet >= n
