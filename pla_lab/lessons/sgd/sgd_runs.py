"""The four runs of the lesson "The perceptron as gradient descent" and what each shows, computed from them (no
Streamlit, no Plotly): SGD on the same points, in the same order, with the same η, one run per loss."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

import pla_core
from pla_core import facts, words
from pla_core.descent import KINK, LOSSES, loss_gradients
from pla_core.descent import margins as float_margins
from pla_core.reference import radius_bound

#: The most steps one run takes (epochs × n): four runs of it are computed for one page.
MAX_STEPS = 10_000


def epochs_run(epochs: int, n: int) -> int:
    """The passes actually run: ``epochs``, or as many as fit in :data:`MAX_STEPS` steps (at least one)."""
    return max(1, min(int(epochs), MAX_STEPS // max(1, n)))


def four(X, y, settings: dict, *, epochs: int, decay: bool) -> dict:
    """{loss: trace} for the four losses: the same points, order (and seed), η, start w₀, bias and sign(0) reading;
    ``epochs`` full passes (capped), never stopped early, so the four step together to the same T (unless the
    squared loss diverges: its run then ends where a weight passed ``pla_core.descent.DIVERGED``)."""
    kw = dict(eta=settings["eta"], decay=decay, order=settings["order"], w0=settings["w0"], bias=settings["bias"],
              sign_zero=settings["sign_zero"], seed=settings["seed"], epochs=epochs_run(epochs, len(y)),
              stop_when_still=False)
    return {loss: pla_core.sgd(X, y, loss=loss, **kw) for loss in LOSSES}


def augmented(trace) -> np.ndarray:
    """x̃ₙ = (x₀, xₙ) for every point, x₀ = 1 with a bias and 0 without."""
    return np.column_stack([np.full(len(trace.y), float(trace.settings["bias"])), trace.X])


def exact(trace) -> bool:
    """Whether the run was made exactly (the perceptron or hinge loss, constant η, grid data): its margins are then
    Fractions, every tie a tie; else floats, a tie decided within TIE·‖w‖·R (:func:`pla_core.descent.margins`)."""
    return trace._grid is not None


def kink(trace):
    """The loss's kink (0 or 1), or None for the smooth losses."""
    k = KINK.get(trace.settings["loss"])
    return None if k is None else int(k)


def margins(trace, t: int) -> list:
    """Every point's margin score yₙ·wₜᵀx̃ₙ as the run judges it: exact Fractions on an exact run; else floats with a
    score within TIE·‖w‖·R of 0 or of the kink set to it (a tie, read by sign(0))."""
    t = min(t, len(trace))
    if exact(trace):
        return facts.scores(trace, t)
    at = (0.0, 1.0) if trace.settings["loss"] == "hinge" else (0.0,)
    return [float(v) for v in float_margins(trace.weights[t], trace.X, trace.y, bias=trace.settings["bias"], at=at)]


def margin_of(trace, t: int, i: int):
    """Point i's margin score at wₜ, as :func:`margins` has it (one point: cheap on a run of many points)."""
    if exact(trace):
        z = facts.points(trace.X[i:i + 1], trace.y[i:i + 1], bias=trace.settings["bias"])[0]
        return sum((a * b for a, b in zip(facts.weights(trace, t), z)), Fraction(0))
    at = (0.0, 1.0) if trace.settings["loss"] == "hinge" else (0.0,)
    w = trace.weights[t]
    band = facts.TIE * float(np.sqrt(w @ w)) * radius_bound(trace.X, trace.settings["bias"])
    m = float(trace.y[i] * (augmented(trace)[i] @ w))
    return next((float(k) for k in at if abs(m - k) <= band), m)


@dataclass(frozen=True)
class Step:
    """What one run does at step t (t < T): the visited point i, its margin score m = yᵢ·wₜᵀx̃ᵢ (as the run judged
    it: a Fraction on an exact run), its loss ℓ, the gradient ∇ℓ, the step ηₜ and the update −ηₜ∇ℓ (all zero when the
    point is beyond the loss's kink). ``moves``: whether the step moves w, mathematically (the logistic gradient is
    never 0: its step moves w even where it is below what floating point can add to w, ``seen`` False)."""

    i: int
    m: object
    loss: object
    grad: np.ndarray
    eta: float
    update: np.ndarray
    moves: bool
    seen: bool                  # w changed in floating point


def step(trace, t: int) -> Step | None:
    """Step t of a run, or None past its end."""
    if t >= len(trace):
        return None
    i, d = int(trace.mistakes[t]), trace.descent
    m, k = margin_of(trace, t, i), kink(trace)
    loss = max(k - m, 0) if k is not None else float(d.loss[t])  # at the kink exactly 0
    u = trace.updates[t]
    if trace.settings["loss"] == "logistic":
        moves = bool(np.any(augmented(trace)[i] != 0))
    else:
        moves = bool(np.any(u != 0))
    seen = bool(np.any(trace.weights[t + 1] != trace.weights[t]))
    return Step(i=i, m=m, loss=loss, grad=d.grad[t], eta=float(d.eta[t]), update=u, moves=moves, seen=seen)


@dataclass(frozen=True)
class Ending:
    """How a run ends, every fact decided as the run's own margins are (exactly on grid data): the steps at which w
    moved (how many, the last), the points it gets wrong, its smallest margin score, ‖w‖ at the end and half way,
    whether more passes would move w (some point's (sub)gradient at w_T is not 0, with the run's reading of sign(0)
    at a kink), the points that pull and whether it diverged."""

    loss: str
    T: int
    n: int                      # the points
    moved: int                  # steps at which w changed (in floating point for a float run)
    last_move: int | None       # the step t whose update was the last non-zero one
    unseen: int                 # steps that moved w by less than floating point can add to it (logistic)
    wrong: int
    min_margin: object          # the smallest of the points with x̃ ≠ 0 (a Fraction on an exact run)
    norm_half: float
    norm_end: float
    still_moving: bool          # some point's (sub)gradient at w_T is not 0: more passes would move w
    pushing: int                # points with a non-zero gradient at w_T
    pushing_right: int          # … of which w_T already gets right (the hinge and squared losses pull on them)
    below: int                  # points that pull with m below the kink (perceptron, hinge)
    at_kink: int                # points (x̃ ≠ 0) exactly at the kink (within TIE on a float run)
    kink_pulls: int             # … of which the reading of sign(0) counts as a mistake (and x̃ ≠ 0): they pull
    origin: int                 # points with x̃ = 0 (at the origin, bias off): their gradient is 0 whatever m is
    on_line: int                # points with m = 0 that the reading counts as right
    stuck: bool                 # every step at w_T is below what floating point can add to w (logistic, squared)
    separable: bool | None      # whether a line separates the points with x̃ ≠ 0 (hinge: can every m reach 1?)
    exact: bool
    diverged: bool


def _separable(X, y, bias: bool) -> bool | None:
    if len(y) == 0:
        return True
    return bool(facts.separable_or_lp(X, y, bias=bias))  # an LP that cannot say counts as not separable


def _stuck(trace, w) -> bool:
    """Whether every point's next step is below what floating point can add to w: w − η·∇ℓ == w for each."""
    s = trace.settings
    T = len(trace)
    eta = s["eta"] / np.sqrt(T + 1) if s["decay"] else s["eta"]
    with np.errstate(all="ignore"):  # a diverged run's weights
        G = loss_gradients(s["loss"], w, trace.X, trace.y, bias=s["bias"], sign_zero=s["sign_zero"])
        return bool(np.all(w - eta * G == w))


def ending(trace) -> Ending:
    s = trace.settings
    loss, T, n, k = s["loss"], len(trace), len(trace.y), kink(trace)
    moved, last_move, unseen = words.moves(trace)  # where w moved, as the words (and a notebook) count it
    w = trace.weights[-1]
    m = margins(trace, T)
    y = [int(v) for v in trace.y]
    zero = ~np.any(augmented(trace) != 0, axis=1)  # x̃ = 0: a point at the origin with the bias off
    wrong = [facts.wrong(v, c, s["sign_zero"]) for v, c in zip(m, y)]
    if k is not None:
        pull = [facts.wrong(v, c, s["sign_zero"], kink=k) and not z for v, c, z in zip(m, y, zero)]
    elif loss == "logistic":
        pull = [not z for z in zero]  # σ(−m) > 0 for every m
    else:  # squared: the residual wᵀx̃ − y, in floating point
        with np.errstate(all="ignore"):
            G = loss_gradients(loss, w, trace.X, trace.y, bias=s["bias"])
        pull = [bool(np.any(g != 0)) for g in G]
    at = [k is not None and v == k and not z for v, z in zip(m, zero)]
    still = any(pull)
    smallest = min((v for v, z in zip(m, zero) if not z), default=min(m, default=0))
    separable = _separable(trace.X[~zero], trace.y[~zero], s["bias"]) if loss == "hinge" and still else None
    return Ending(
        loss=loss, T=T, n=n, moved=moved, last_move=last_move, unseen=unseen,
        wrong=sum(wrong), min_margin=smallest, norm_half=float(np.linalg.norm(trace.weights[T // 2])),
        norm_end=float(np.linalg.norm(w)), still_moving=still, pushing=sum(pull),
        pushing_right=sum(p and not b for p, b in zip(pull, wrong)),
        below=sum(p and k is not None and v < k for p, v in zip(pull, m)), at_kink=sum(at),
        kink_pulls=sum(a and p for a, p in zip(at, pull)), origin=int(zero.sum()),
        on_line=sum(v == 0 and not b for v, b in zip(m, wrong)),
        stuck=loss in ("logistic", "squared") and _stuck(trace, w), separable=separable, exact=exact(trace),
        diverged=trace.stop == "diverged")


def endings(runs: dict) -> dict:
    """{loss: Ending} for the four runs: what does not change with the step, computed once with the runs."""
    return {loss: ending(trace) for loss, trace in runs.items()}
