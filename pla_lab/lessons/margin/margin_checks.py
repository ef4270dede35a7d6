"""Check yourself on the margin perceptron (issue 22): will this γ halt, where is the point the next update corrects
(wrong side or inside the band), and whose final line has the wider margin; answered from the run and
:func:`pla_lab.lessons.margin.margin_words.facts` (no Streamlit, no Plotly)."""

from __future__ import annotations

import math

import numpy as np

from pla_lab.api import Question, cls, count, num, plural, sub, vec
from pla_lab.lessons.margin import margin_facts
from pla_lab.lessons.margin.margin_words import Facts

WRONG, BAND = "On the wrong side of the line", "On the right side (or on the line), inside the band"
MARGIN, PLAIN, SAME = "The margin perceptron's", "Plain PLA's (γ = 0)", "The same"
MORE_M, MORE_P, SAME_T = "The margin perceptron", "Plain PLA (γ = 0)", "The same number"


def questions(trace, t: int, f: Facts) -> list[Question]:
    out = [halts(trace, f), longer(trace, f)]
    if t < len(trace) and np.any(trace.weights[t]):
        out.append(band_point(trace, t, f))
    if f.wider is not None and trace.halted and f.plain_halted:
        out.append(wider(f))
    return out


def halts(trace, f: Facts) -> Question:
    """Will this γ halt: the answer is the run's, the reason γ against 2ρ* (exact on grid data: γ² against 4ρ*²)."""
    T, cap = len(trace), trace.settings["max_updates"]
    g, r, two = num(f.gamma), num(f.rho_star), num(2 * f.rho_star)
    if not f.separable:
        theory = "No line separates these points (ρ\\* = 0), so no γ > 0 can be met."
    elif f.vs_2rho < 0:
        within = f" within {count(math.floor(f.wide), 'update')} (the bound)" if math.isfinite(f.wide) else ""
        theory = (f"γ = {g} < 2ρ\\* = {two}: a line clears every point by γ/2, and from w₀ = 0 the run halts"
                  f"{within}.")
    elif f.vs_2rho == 0:
        theory = (f"γ = {g} = 2ρ\\* (ρ\\* = {r}): only the line with the best margin, w\\*'s, clears every point "
                  f"by γ/2 = {num(f.gamma / 2)}, by exactly that; a run halts if it reaches w\\*'s direction, and no "
                  "proof bounds how long that takes.")
    else:
        theory = (f"γ = {g} > 2ρ\\* = {two}: no line clears every point by γ/2 = {num(f.gamma / 2)}, as the best "
                  f"margin is ρ\\* = {r}: the run can never halt.")
    ran = (f"This run halts after **{T}** update{plural(T)}." if trace.halted else
           f"This run stops at the cap of {count(T, 'update', bold=True)}.")
    return Question("halts", f"With γ = {g}, will the margin perceptron halt before the cap of {count(cap, 'update')}?",
                    ("Yes", "No"), 0 if trace.halted else 1, f"{theory} {ran}")


def band_point(trace, t: int, f: Facts) -> Question:
    """Where the point update t+1 corrects is: on the wrong side (m < 0), or not (on the line or the right side)
    but inside the band; decided on the exact score on grid data."""
    i = int(trace.mistakes[t])
    b = margin_facts.band(trace, t)
    wrong = b.side[i] < 0
    m, norm = float(b.m[i]), math.sqrt(float(b.norm2))
    where = ("below 0: on the wrong side." if wrong else
             "exactly 0: on the line, inside the band, so still a mistake." if b.side[i] == 0 else
             f"not below 0 but below γ/2 = {num(f.gamma / 2)}: inside the band, so still a mistake.")
    return Question(
        "band_point", f"Update {t + 1} corrects point #{i} ({cls(trace.y[i])}). Where is it against w{sub(t)}'s line?",
        (WRONG, BAND), 0 if wrong else 1,
        f"y·w{sub(t)}ᵀx̃/‖w{sub(t)}‖ = {num(m)}/{num(norm)} = **{num(b.ratio(i))}**, " + where
        + f" w{sub(t)} = {vec(trace.weights[t])}.")


def wider(f: Facts) -> Question:
    """Whose final margin is wider: ρ(w_T)² against plain PLA's, signed, exact on grid data."""
    a, b = f.rho_T, f.rho_plain
    right = (PLAIN, SAME, MARGIN)[f.wider + 1]
    choices = (MARGIN, PLAIN, SAME)
    return Question(
        "wider", "Both runs halted. Whose final line has the wider margin ρ?", choices,
        choices.index(right),
        f"The final lines' margins: ρ = **{num(a)}** for the margin perceptron (γ = {num(f.gamma)}), **{num(b)}** "
        "for plain PLA; the best "
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
