"""What a run's final w does to the points, in words (no Streamlit, no Plotly): whether it separates ○ from ×, or
only makes no mistake because the sign(0) reading in use counts its ties as right (w = 0 draws no line at all)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import pla_core
from pla_core import radius_bound
from pla_lab.words.text import clean_weights, plural, vec

#: What each reading of sign(0) (pla_core's ``sign_zero``) does with a tie wᵀx̃ = 0, in words.
TIE_RULE = {"both": "counts a tie as right for both classes (only y·wᵀx̃ < 0 is a mistake)",
            1: "counts a tie as right for a ○ (sign(0) = +1)", -1: "counts a tie as right for a × (sign(0) = −1)",
            None: "counts a tie as wrong for both classes (y·wᵀx̃ ≤ 0 is a mistake)"}


@dataclass(frozen=True)
class End:
    """A weight vector w against the points: ``line`` False when w₁ = … = w_d = 0 (no boundary: every point gets
    sign(b), or a tie when b = 0 too); ``ties`` the points with wᵀx̃ = 0 (as pla_core judges a tie)."""

    w: np.ndarray
    line: bool
    ties: int
    sign_zero: object

    @property
    def separates(self) -> bool:
        """Every point strictly on its own side of a line: the only way a w separates ○ from ×."""
        return self.line and self.ties == 0


def end(trace, t: int | None = None) -> End:
    """w at step t (the last by default) of a trace, as the page shows it, against the trace's points."""
    s = trace.settings
    bias = s["bias"]
    w = clean_weights(trace.weights[len(trace) if t is None else t], s["eta"], radius_bound(trace.X, bias))
    line = bool(np.any(w[1:]))
    ties = int(np.sum(pla_core.predict(w, trace.X, bias=bias, sign_zero=None) == 0))
    return End(w, line, ties, s["sign_zero"])


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
