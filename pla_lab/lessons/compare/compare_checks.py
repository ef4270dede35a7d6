"""Check yourself on "Runs compared" (issue 22): two questions per view, each answered from the runs the view shows
(:mod:`pla_lab.lessons.compare.compare_runs`), with the numbers in the reason (no Streamlit, no Plotly)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pla_core import facts
from pla_lab.api import Question, count, explain, num, plural, sub, vec
from pla_lab.lessons.compare import compare_runs as compare
from pla_lab.lessons.compare.compare_words import SHORT, eta_label

TIE = "Two or more tie"
SAME, OTHER = "Yes: the same line", "No: another line"
NO_LINE = "No: one or both draw no line (w₁ = w₂ = 0)"


def questions(view: str, extras: dict, t: int) -> list[Question]:
    """The questions of the view shown ("eta", "order" or "sign0") from the run's extras, at step t."""
    if view == "eta":
        return eta_questions(extras["pair"], t)
    if view == "order":
        return order_questions(extras["strip"])
    return sign_questions(extras["signs"])


def _pick(choices: tuple[str, ...], right: str) -> int:
    return choices.index(right)


# -- η and w₀ ------------------------------------------------------------------------------------------------------


def same_line(a, b) -> bool:
    """w and w' draw the same line on the same side: w' is a positive multiple of w, both ≠ 0. Exact when both are
    Fractions (facts.weights of grid runs: every 2×2 minor aᵢbⱼ − aⱼbᵢ is 0 and aᵀb > 0), else to rounding. (Two w
    with w₁ = w₂ = 0 can be multiples and draw no line: :func:`compare_runs.draws_line` first.)"""
    if all(isinstance(v, Fraction) for v in (*a, *b)):
        if not any(a) or not any(b):
            return not any(a) and not any(b)
        minors = (a[i] * b[j] - a[j] * b[i] for i in range(len(a)) for j in range(i + 1, len(a)))
        return not any(minors) and sum(u * v for u, v in zip(a, b)) > 0
    a, b = np.asarray(a, float), np.asarray(b, float)
    na, nb = np.linalg.norm(a), np.linalg.norm(b)
    if na == 0 or nb == 0:
        return na == nb
    return bool(np.allclose(a / na, b / nb, rtol=0, atol=1e-9))


def eta_questions(pair: compare.EtaPair, t: int) -> list[Question]:
    one, other = eta_label(1.0), eta_label(pair.eta)
    Tb, Tc = len(pair.base), len(pair.chosen)
    choices = (one, other, "The same number")
    right = "The same number" if Tb == Tc else (one if Tb > Tc else other)
    zero = not np.any(pair.base.weights[0])
    how = ("From w₀ = 0, w(η) = η·w(1) at every step: the same mistakes in the same order." if zero else
           "From w₀ ≠ 0 the start weighs less against a larger η·Σ y·x̃, so the lines may part.")
    longer = Question(
        "longer", f"Which run makes more updates before it stops: {one} or {other}?", choices,
        _pick(choices, right),
        f"{one} makes **{Tb}** update{plural(Tb)}, {other} **{Tc}**. {how}")
    return [longer, line_question(pair, t)]


def line_question(pair: compare.EtaPair, t: int) -> Question:
    """"At t, do the two runs draw the same line?": exact on grid data (facts.weights). A w with w₁ = w₂ = 0 (w = 0
    at t = 0 from w₀ = 0, or a run back at 0) draws no line, so there is none to compare: that is the answer then,
    whatever multiple of the other it is."""
    one, other = eta_label(1.0), eta_label(pair.eta)
    wb, wc = (compare.weights_at(r, t) for r in (pair.base, pair.chosen))
    qb, qc = (facts.weights(r, min(t, len(r))) for r in (pair.base, pair.chosen))  # exact on grid data
    a, b = (qb, qc) if qb is not None and qc is not None else (wb, wc)  # off the grid: as the caption reads w
    choices = (SAME, OTHER, NO_LINE)
    said = f"w{sub(t)} is {vec(wb)} with {one} and {vec(wc)} with {other}: "
    blank = {name: explain.line_words(w, None).removeprefix("no line: ")
             for name, w, q in ((one, wb, a), (other, wc, b)) if not compare.draws_line(q)}
    if blank:
        right = NO_LINE
        if len(blank) == 2 and len(set(blank.values())) == 1:
            why = said + f"in both, {blank[one]}: neither draws a line, so there is none to compare."
        elif len(blank) == 2:
            why = said + f"with {one}, {blank[one]}; with {other}, {blank[other]}: neither draws a line."
        else:
            (name, reason), = blank.items()
            why = said + (f"with {name}, {reason}: it draws no line (the {_other(name, one, other)} run does), so "
                          "there is no pair of lines to compare.")
    else:
        right = SAME if same_line(a, b) else OTHER
        why = said + ("one is a positive multiple of the other, so the line and its sides are the same."
                      if right == SAME else "not a positive multiple of each other, so the lines differ.")
    return Question("same_line", f"At t = {t}, do the two runs draw the same line?", choices, choices.index(right), why)


def _other(name: str, one: str, other: str) -> str:
    return other if name == one else one


# -- the order of visits -------------------------------------------------------------------------------------------


def order_questions(strip: compare.OrderStrip) -> list[Question]:
    means = {o: float(np.mean(strip.counts[o])) for o in compare.ORDERS}
    top = max(means.values())
    best = [o for o in compare.ORDERS if means[o] == top]
    choices = (*compare.ORDERS, TIE)
    k = len(strip.seeds)
    most = Question(
        "most_updates", f"Over the {k} seeds, which order makes the most updates on average?", choices,
        _pick(choices, best[0] if len(best) == 1 else TIE),
        "Mean T: " + ", ".join(f"{o} **{num(means[o])}**" for o in compare.ORDERS) + ".")
    return [most, _bound_question(strip)]


def _bound_question(strip: compare.OrderStrip) -> Question:
    allT = [T for o in compare.ORDERS for T in strip.counts[o]]
    n = len(allT)
    if not np.isfinite(strip.bound):
        halted = sum(h for o in compare.ORDERS for h in strip.halted[o])
        return Question(
            "any_halt", f"No line separates these points. Did any of the {n} runs halt?", ("Yes", "No"),
            0 if halted else 1,
            f"{halted} of {n} runs halted (a pass without a mistake); the others stopped at "
            f"{count(strip.cap, 'update')}.")
    over = sum(strip.over(T) for T in allT)  # exact on grid data: T = R²/ρ*² is within the bound
    top = max(allT)
    met = facts.compare(top, strip.deciding) == 0
    return Question(
        "over_bound", f"Did any of the {n} runs make more updates than R²/ρ*²?", ("Yes", "No"),
        0 if over else 1,
        f"The bound is R²/ρ\\*² = **{num(strip.bound)}** and the most updates any run made is **{top}**"
        + (", exactly the bound" if met else "")
        + (": from w₀ = 0 the bound holds whatever the order." if not over else f": {over} went past it."))


# -- sign(0) ---------------------------------------------------------------------------------------------------------


def sign_questions(sr: compare.SignRuns) -> list[Question]:
    out = [_same_question(sr)]
    if sr.side is None:  # every reading followed to the cap: their lengths can be compared
        out.insert(0, _longest_question(sr))
    return out


def _longest_question(sr: compare.SignRuns) -> Question:
    Ts = {c: len(r) for c, r in sr.runs.items()}
    top = max(Ts.values())
    best = [c for c in compare.CONVENTIONS if Ts[c] == top]
    choices = (*(SHORT[c] for c in compare.CONVENTIONS), TIE)
    ends = {c: "halts" if r.halted else "stops at the cap" for c, r in sr.runs.items()}
    return Question(
        "longest", "Which reading of sign(0) makes the longest run on these points?", choices,
        _pick(choices, SHORT[best[0]] if len(best) == 1 else TIE),
        "Updates: " + ", ".join(f"{SHORT[c]} **{Ts[c]}** ({ends[c]})" for c in compare.CONVENTIONS) + ".")


def _same_question(sr: compare.SignRuns) -> Question:
    parts = {c: d for c, d in sr.first_diff.items() if d is not None}
    shown = SHORT[sr.shown]
    why = (f"As far as the other readings were followed ({count(sr.side, 'update')}), they make the same run as "
           f"{shown}."
           if not parts and sr.side else
           f"Every other reading makes the same run as {shown}: no point it examines has wᵀx̃ = 0, or the tie is "
           "read the same way." if not parts else
           f"Against {shown}, " + ", ".join(f"{SHORT[c]} parts at update **{d}**" for c, d in parts.items()) +
           ": there wᵀx̃ = 0 for the point examined, and the readings disagree on whether that is a mistake.")
    return Question(
        "all_same", f"Do all four readings of sign(0) make the same run as {shown} here?", ("Yes", "No"),
        1 if parts else 0, why)
