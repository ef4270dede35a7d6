"""What a run's final w does to the points, in words (no Streamlit, no Plotly): whether it separates ○ from ×, or
only makes no mistake because the sign(0) reading in use counts its ties as right (w = 0 draws no line at all).

On grid data every fact here is decided exactly (:mod:`pla_core.facts`: the exact wₜ and scores yₙ·wᵀx̃ₙ, a tie
exactly 0); off the grid a score within :data:`pla_core.facts.TIE`·‖w‖·R of 0 is a tie, as the run judged it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import pla_core
from pla_core import facts, radius_bound, words
from pla_core.words import written  # noqa: F401  wₜ as the words write it (exact on grid data), for the lessons
from pla_lab.words.text import clean_weights, plural, vec

#: What each reading of sign(0) (pla_core's ``sign_zero``) does with a tie wᵀx̃ = 0, in words.
TIE_RULE = {"both": "counts a tie as right for both classes (only y·wᵀx̃ < 0 is a mistake)",
            1: "counts a tie as right for a ○ (sign(0) = +1)", -1: "counts a tie as right for a × (sign(0) = −1)",
            None: "counts a tie as wrong for both classes (y·wᵀx̃ ≤ 0 is a mistake)"}


@dataclass(frozen=True)
class End:
    """A weight vector w against the points: ``line`` False when w₁ = … = w_d = 0 (no boundary: every point gets
    sign(b), or a tie when b = 0 too); ``ties`` the points with wᵀx̃ = 0 (exactly, on grid data). ``w`` is for
    showing: on grid data the floats of the exact weights, so an exact 0 is 0."""

    w: np.ndarray
    line: bool
    ties: int
    sign_zero: object

    @property
    def separates(self) -> bool:
        """Every point strictly on its own side of a line: the only way a w separates ○ from ×."""
        return self.line and self.ties == 0


def weights(trace, t: int) -> np.ndarray:
    """wₜ as the page shows it: on grid data the floats of the exact weights (an exact 0 is 0), else the run's floats
    with the rounding noise of sums that cancel cleaned to 0 (:func:`~pla_lab.words.text.clean_weights`)."""
    wq = facts.weights(trace, t)
    if wq is not None:
        return np.array([float(v) for v in wq])
    return clean_weights(trace.weights[t], trace.settings["eta"], radius_bound(trace.X, trace.settings["bias"]))


def end(trace, t: int | None = None) -> End:
    """w at step t (the last by default) of a trace, as the page shows it, against the trace's points."""
    s = trace.settings
    t = len(trace) if t is None else t
    wq, m = facts.weights(trace, t), facts.scores(trace, t)
    if wq is not None and m is not None:  # grid data: exact
        return End(np.array([float(v) for v in wq]), any(wq[1:]), sum(v == 0 for v in m), s["sign_zero"])
    w = weights(trace, t)
    ties = int(np.sum(pla_core.predict(w, trace.X, bias=s["bias"], sign_zero=None) == 0))  # within TIE·‖w‖·R of 0
    return End(w, bool(np.any(w[1:])), ties, s["sign_zero"])


def separable(trace) -> bool | None:
    """Whether some w puts every point of the trace strictly on its own side (a line, or a plane for a lifted run),
    decided exactly on grid data, else by the exact LP (:func:`pla_core.facts.separable_or_lp`); None when neither
    can say. Asked only where a halt does not show it (a halted w with no line, or with ties counted right)."""
    return facts.separable_or_lp(trace.X, trace.y, bias=trace.settings["bias"])


def apart(sep: bool | None, space: str = "line") -> str:
    """Whether the points are separable, as a clause: ``sep`` from :func:`separable`."""
    if sep is None:
        return f"whether a {space} separates them strictly the app's exact test cannot settle here"
    return (f"a {space} does separate them strictly (exact), PLA just stopped before finding one" if sep else
            f"no {space} separates them strictly (exact)")


def no_line(e: End, name: str = "w") -> str:
    """Why w draws no line and separates nothing, and how its constant answer is judged (w₁ = … = w_d = 0)."""
    if e.w[0] == 0:
        return (f"{name} = 0 draws no line and separates nothing: wᵀx̃ = 0 at every point, a tie, and this reading "
                f"of sign(0) {TIE_RULE[e.sign_zero]}")
    return (f"{name} = {vec(e.w)} has every feature weight 0, so it draws no line and separates nothing: every "
            f"point gets sign(b) = {_pm(e.w[0])}")


def _pm(v: float) -> str:
    return "+1" if v > 0 else "−1"


def halted(e: End, name: str = "w") -> str:
    """Why a halted run's w makes no mistake, and whether it separates ○ from × (computed, never assumed)."""
    if not e.line:
        side = e.w[0] if e.w[0] != 0 else e.sign_zero  # what every point is called (+1 or −1), or "both"
        why = "" if side in ("both", None) else f", and every point is a {'○' if side > 0 else '×'}"
        return no_line(e, name) + why + ": no point is a mistake, so the run stops there."
    if e.ties:
        return (f"{name}'s line does not separate ○ from × strictly: {e.ties} point{plural(e.ties)} "
                f"{'lies' if e.ties == 1 else 'lie'} on it (wᵀx̃ = 0), and this reading of sign(0) "
                f"{TIE_RULE[e.sign_zero]}.")
    return f"This {name} separates ○ from ×: every point is strictly on its own side."


def short(e: End) -> str:
    """For a verdict line: "" when the halted w separates, else what it is instead."""
    if e.separates:
        return ""
    if not e.line:
        return " But w draws no line: " + ("every point is a tie, counted right" if e.w[0] == 0 else
                                           f"every point gets sign(b) = {_pm(e.w[0])}, its label") + "."
    return f" {e.ties} point{plural(e.ties)} on the line, counted right by this sign(0) reading."


def weights_repeat(trace, bold: bool = True) -> str:
    """How a run that cycles repeats, as every verdict names it (:func:`pla_core.words.weights_repeat`, p in bold
    unless ``bold`` is False): "from update s on, the weights repeat every **p** updates (w_{s+p} = w_s)"."""
    return words.weights_repeat(trace, bold)
