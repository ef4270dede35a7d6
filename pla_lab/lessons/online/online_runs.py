"""The online perceptron's stream as steps to replay, its arrivals for the plot and its mistakes chart (no
Streamlit, no Plotly).

``pla_core.online`` runs the stream; here its trace is laid out two steps per arrival, so the page can show the
prediction before the label (the COS 495 and step-function notes: predict, then learn): step 2k predicts arrival k
with its label hidden, step 2k+1 reveals the label (a mistake is circled, its update comes next), step 2m is the end of the
stream. w moves only between a revealed mistake and the next prediction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

import pla_core
from pla_core import facts, words
from pla_lab.api import WINDOW_AHEAD, WINDOW_BACK, num, protocol

PASSES_MAX = 10  # passes over the points a stream may make (500 points: 5,000 arrivals)


@dataclass(frozen=True, eq=False)
class Steps:
    """``pla_core.online``'s run replayed two steps per arrival. It has what a replay reads of a trace: ``weights``
    (the w on screen at each step: w before arrival k at steps 2k and 2k+1), ``updates`` (0 but after a revealed
    mistake), ``used``/``used_window`` (the point a revealed mistake circles), ``settings``, ``X``, ``y``.
    ``predicted`` is sign(wᵀx̃) at each arrival by :func:`pla_core.predict` (0: a tie wᵀx̃ = 0)."""

    run: pla_core.Trace
    weights: np.ndarray = field(repr=False)
    updates: np.ndarray = field(repr=False)
    predicted: np.ndarray = field(repr=False)
    pocket_weights = None
    cycle = None

    def __len__(self) -> int:
        return len(self.updates)

    settings = property(lambda self: self.run.settings)
    X = property(lambda self: self.run.X)
    y = property(lambda self: self.run.y)
    halted = property(lambda self: self.run.halted)

    @property
    def m(self) -> int:
        """Arrivals in the stream."""
        return len(self.run.stream)

    def used(self, t: int) -> list[int]:
        """The point update t (step t → t+1) corrects: the arrival revealed at an odd step t, when a mistake."""
        k, s = divmod(t, 2)
        return [int(self.run.stream.shown[k])] if s and k < self.m and self.run.stream.wrong[k] else []

    def used_window(self, t0: int = 0, t1: int | None = None) -> list[list[int]]:
        return [self.used(t) for t in range(len(self))[t0:t1]]


def steps(run: pla_core.Trace) -> Steps:
    """The run of ``pla_core.online`` (its ``stream``) as :class:`Steps`."""
    st, W = run.stream, run.weights
    wi = st.weight_index
    m, d = len(st), W.shape[1]
    weights = np.empty((2 * m + 1, d))
    weights[0:2 * m:2] = W[wi]
    weights[1:2 * m:2] = W[wi]
    weights[2 * m] = W[-1]
    updates = np.zeros((2 * m, d))
    updates[1::2][st.wrong] = run.updates  # update t was made at the t-th mistake of the stream
    return Steps(run, weights, updates, predictions(run))


def predictions(run: pla_core.Trace) -> np.ndarray:
    """sign(wᵀx̃) of each arrival, with the w it was predicted by (:func:`pla_core.predict`, the run's sign(0))."""
    st, s = run.stream, run.settings
    out = np.empty(len(st))
    wi = st.weight_index
    for t in np.unique(wi):
        at = np.flatnonzero(wi == t)
        out[at] = pla_core.predict(run.weights[t], run.X[st.shown[at]], bias=s["bias"], sign_zero=s["sign_zero"])
    return out


def where(steps: Steps, t: int) -> tuple[int, str]:
    """(arrival k, "predict" or "reveal") at step t; (m, "end") at the end of the stream."""
    k, s = divmod(t, 2)
    if k >= steps.m:
        return steps.m, "end"
    return k, "reveal" if s else "predict"


def mistakes_before(steps: Steps, t: int) -> int:
    """Mistakes on screen at step t: the revealed ones (the one being predicted not yet counted)."""
    k, phase = where(steps, t)
    upto = k + 1 if phase == "reveal" else k
    return int(steps.run.stream.wrong[:upto].sum())


def arrivals(steps: Steps, t: int, *, back: int = WINDOW_BACK, ahead: int = WINDOW_AHEAD) -> protocol.Arrivals:
    """The arrivals of the steps the payload's window holds around t (:func:`pla_lab.framework.payload.window`), and when
    each point first arrives."""
    T, st = len(steps), steps.run.stream
    t0, t1 = max(0, t - back), min(T, t + ahead)
    k0, k1 = t0 // 2, min(steps.m, t1 // 2 + 1)
    first = np.full(len(steps.run.y), steps.m, dtype=np.int64)
    np.minimum.at(first, st.shown, np.arange(steps.m))
    return protocol.Arrivals(k0=k0, shown=st.shown[k0:k1].tolist(), pred=steps.predicted[k0:k1].astype(int).tolist(),
                             wrong=st.wrong[k0:k1].tolist(), first=first.tolist())


def bound(run: pla_core.Trace) -> tuple[float | None, str | None]:
    """(R²/ρ*², None) when the credit-card notes' bound holds for this stream, else (None, why not)."""
    w0 = run.weights[0]
    if np.any(w0 != 0):
        return None, ("The bound R²/ρ*² is for a start at w₀ = 0, and this stream starts from w₀ ≠ 0 (the sidebar's w₀ "
                      "or a w set by hand), so no bound is drawn.")
    B = pla_core.mistake_bound(run.X, run.y, bias=run.settings["bias"])
    if not math.isfinite(B):
        origin = "" if run.settings["bias"] else " through the origin"  # without a bias only those were tested
        return None, (f"No line{origin} separates these points (an exact linear program says so), so there is no "
                      "margin ρ* and no bound: the mistakes can grow with every pass.")
    return B, None


def deciding_bound(run: pla_core.Trace) -> Fraction | float | None:
    """R²/ρ*² as it decides "more mistakes than the bound?": exact (a Fraction) on grid data, where the stream's count
    can equal it (one point: 1 mistake, R²/ρ*² = 1, the float 0.9999999999999998), else :func:`bound`'s float, compared
    with facts.TIE; None when no bound holds."""
    B, _ = bound(run)
    if B is None:
        return None
    q = facts.bound(run.X, run.y, bias=run.settings["bias"])
    return B if q is None else q


def score(steps: Steps, k: int) -> Fraction | float:
    """wᵀx̃ of arrival k with the w it is predicted by, exact on grid data (:func:`pla_core.words.online_score`, the
    number the words print)."""
    return words.online_score(steps.run, k)


def chart(steps: Steps) -> dict:
    """Cumulative mistakes over the stream, x = t/2 (arrivals done; a label is revealed at k + ½), drawn up to the
    step shown (the stream's future is not known yet, and in the quiz it would tell the perceptron's mistakes), with
    the bound R²/ρ*² as a dashed level when it holds."""
    m, wrong = steps.m, steps.run.stream.wrong
    x = [0.0] + [k + 0.5 for k in range(m)]
    cum = [0] + np.cumsum(wrong).astype(int).tolist()
    M = cum[-1]
    B, _ = bound(steps.run)
    series = [{"name": "mistakes so far", "y": cum, "color": "fg", "width": 3, "live": True}]
    top = max(M, 1) * 1.25
    if B is not None:
        shown = B <= 15 * max(M, 2)  # a far larger bound would flatten the mistakes to the floor
        top = max(top, B * 1.12) if shown else 15 * max(M, 2)
        series.append({"name": f"bound R²/ρ*² = {num(B)}" + ("" if shown else " (above the chart)"),
                       "x": [0, m], "y": [B, B] if shown else [None, None], "color": "pocket", "dash": "dash",
                       "shape": "linear"})
    alt = (f"Mistakes over a stream of {m} arrival{'s' * (m != 1)}: {M} in all" +
           (f"; the bound R²/ρ*² is {num(B)}." if B is not None else "; no bound applies."))
    return {"x": x, "series": series, "T": m, "ymax": top, "alt": alt, "t_per_x": 2}
