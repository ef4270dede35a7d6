"""The four runs of the lesson "The perceptron as gradient descent" and what each shows, computed from them (no
Streamlit, no Plotly): SGD on the same points, in the same order, with the same η, one run per loss."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import pla_core
from pla_core.descent import LOSSES, loss_gradients
from pla_core.reference import tie_mask

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


def margins(trace, t: int) -> np.ndarray:
    """Every point's margin score yₙ·wₜᵀx̃ₙ."""
    return trace.y * (augmented(trace) @ trace.weights[min(t, len(trace))])


@dataclass(frozen=True)
class Step:
    """What one run does at step t (t < T): the visited point i, its margin score m = yᵢ·wₜᵀx̃ᵢ (as the run judged
    it: Trace.score), its loss ℓ, the
    gradient ∇ℓ, the step ηₜ and the update −ηₜ∇ℓ (all zero when the point is beyond the loss's kink)."""

    i: int
    m: float
    loss: float
    grad: np.ndarray
    eta: float
    update: np.ndarray

    @property
    def moves(self) -> bool:
        return bool(np.any(self.update != 0))


def step(trace, t: int) -> Step | None:
    """Step t of a run, or None past its end."""
    if t >= len(trace):
        return None
    i, d = int(trace.mistakes[t]), trace.descent
    m = float(trace.y[i] * trace.score(t))
    return Step(i=i, m=m, loss=float(d.loss[t]), grad=d.grad[t], eta=float(d.eta[t]), update=trace.updates[t])


@dataclass(frozen=True)
class Ending:
    """How a run ends: the steps at which w moved (how many, the last), the points it gets wrong, its smallest
    margin score, ‖w‖ at the end and half way, whether its w would still move (some point's gradient is not 0),
    and whether it diverged."""

    T: int
    n: int                      # the points
    moved: int
    last_move: int | None       # the step t whose update was the last non-zero one
    wrong: int
    min_margin: float
    norm_half: float
    norm_end: float
    still_moving: bool           # some point's (sub)gradient at w_T is not 0: a next pass would move w
    pushing: int                 # points with a non-zero gradient at w_T
    pushing_right: int           # … of which w_T already gets right (the hinge and squared losses pull on them)
    diverged: bool


def ending(trace) -> Ending:
    T = len(trace)
    moving = np.flatnonzero(np.any(trace.updates != 0, axis=1))
    w = trace.weights[-1]
    s = trace.settings
    G = loss_gradients(s["loss"], w, trace.X, trace.y, bias=s["bias"], sign_zero=s["sign_zero"])
    pull = np.any(G != 0, axis=1)
    m = margins(trace, T)
    right = (m > 0) | ((m == 0) & ~tie_mask(trace.y, s["sign_zero"]))  # a tie as the sign(0) reading has it
    wrong = int(trace.errors[-1])
    return Ending(T=T, n=len(trace.y), moved=len(moving), last_move=int(moving[-1]) if len(moving) else None,
                  wrong=wrong,
                  min_margin=float(m.min()), norm_half=float(np.linalg.norm(trace.weights[T // 2])),
                  norm_end=float(np.linalg.norm(w)), still_moving=bool(pull.any()), pushing=int(pull.sum()),
                  pushing_right=int((pull & right).sum()), diverged=trace.stop == "diverged")


def endings(runs: dict) -> dict:
    """{loss: Ending} for the four runs: what does not change with the step, computed once with the runs."""
    return {loss: ending(trace) for loss, trace in runs.items()}
