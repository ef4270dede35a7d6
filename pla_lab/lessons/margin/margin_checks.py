"""Check yourself on the margin perceptron (issue 22): will this γ halt, where is the point the next update corrects
(wrong side or inside the band), and whose final line has the wider margin; answered from the run and
:func:`pla_lab.lessons.margin.margin_words.facts` (no Streamlit, no Plotly)."""

from __future__ import annotations

import math

import numpy as np

from pla_lab.api import Question, cls, num, plural, sub, vec
from pla_lab.lessons.margin.margin_words import Facts

WRONG, BAND = "On the wrong side of the line", "On the right side (or on the line), inside the band"
MARGIN, PLAIN, SAME = "The margin perceptron's", "Plain PLA's (γ = 0)", "The same"
MORE_M, MORE_P, SAME_T = "The margin perceptron", "Plain PLA (γ = 0)", "The same number"


def questions(trace, t: int, f: Facts) -> list[Question]:
    out = [halts(trace, f), longer(trace, f)]
    if t < len(trace) and np.any(trace.weights[t]):
        out.append(band_point(trace, t, f))
    if f.rho_T is not None and f.rho_plain is not None and trace.halted and f.plain_halted:
        out.append(wider(f))
    return out


def halts(trace, f: Facts) -> Question:
    T, cap = len(trace), trace.settings["max_updates"]
    g, r = num(f.gamma), num(f.rho_star)
    if f.rho_star <= 0:
        theory = "No line separates these points (ρ\\* = 0), so no γ > 0 can be met."
    elif f.gamma < 2 * f.rho_star:
        within = f" within {math.floor(f.wide):,} updates (the bound)" if math.isfinite(f.wide) else ""
        theory = (f"γ = {g} < 2ρ\\* = {num(2 * f.rho_star)}: a line clears every point by γ/2, and from w₀ = 0 the "
                  f"run halts{within}.")
    else:
        theory = f"γ = {g} ≥ 2ρ\\* = {num(2 * f.rho_star)} (ρ\\* = {r}): no line clears every point by γ/2 = " \
                 f"{num(f.gamma / 2)}."
    ran = (f"This run halts after **{T}** update{plural(T)}." if trace.halted else
           f"This run stops at the cap of **{T:,}** updates.")
    return Question("halts", f"With γ = {g}, will the margin perceptron halt before the cap of {cap:,} updates?",
                    ("Yes", "No"), 0 if trace.halted else 1, f"{theory} {ran}")


def score(trace, t: int) -> tuple[int, float, float]:
    """(n, y·wₜᵀx̃ₙ, ‖wₜ‖) for the point n that update t+1 corrects."""
    i, w = int(trace.mistakes[t]), trace.weights[t]
    xt = np.concatenate([[1.0 if trace.settings["bias"] else 0.0], trace.X[i]])
    return i, float(trace.y[i] * (w @ xt)), float(np.linalg.norm(w))


def band_point(trace, t: int, f: Facts) -> Question:
    i, m, norm = score(trace, t)
    wrong = m < 0
    return Question(
        "band_point", f"Update {t + 1} corrects point #{i} ({cls(trace.y[i])}). Where is it against w{sub(t)}'s line?",
        (WRONG, BAND), 0 if wrong else 1,
        f"y·w{sub(t)}ᵀx̃/‖w{sub(t)}‖ = {num(m)}/{num(norm)} = **{num(m / norm)}**, "
        + ("below 0: on the wrong side." if wrong else
           f"not below 0 but below γ/2 = {num(f.gamma / 2)}: inside the band, so still a mistake.")
        + f" w{sub(t)} = {vec(trace.weights[t])}.")


def wider(f: Facts) -> Question:
    a, b = f.rho_T, f.rho_plain
    right = SAME if abs(a - b) <= 1e-9 * max(1.0, f.R) else (MARGIN if a > b else PLAIN)
    choices = (MARGIN, PLAIN, SAME)
    return Question(
        "wider", "Both runs halted. Whose final line has the wider margin ρ(w_T)?", choices,
        choices.index(right),
        f"ρ(w_T) = **{num(a)}** for the margin perceptron (γ = {num(f.gamma)}), **{num(b)}** for plain PLA; the best "
        f"any line has is ρ\\* = {num(f.rho_star)}. The margin perceptron halts only once every point is at least "
        f"γ/2 = {num(f.gamma / 2)} from its line; plain PLA stops at its first w that makes no mistake.")


def longer(trace, f: Facts) -> Question:
    T, P = len(trace), f.plain_T
    right = SAME_T if T == P else (MORE_M if T > P else MORE_P)
    choices = (MORE_M, MORE_P, SAME_T)
    return Question(
        "longer", "On these points, which run makes more updates: the margin perceptron or plain PLA?", choices,
        choices.index(right),
        f"The margin perceptron (γ = {num(f.gamma)}) makes **{T:,}** and {_end(trace.halted)}; plain PLA makes "
        f"**{P:,}** and {_end(f.plain_halted)}. The margin perceptron also corrects points on the right side inside "
        "the band, so it usually needs more updates.")


def _end(halted: bool) -> str:
    return "halts" if halted else "stops at the cap"
