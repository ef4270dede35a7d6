"""The words of the lesson "Runs compared" (Markdown; no Streamlit, no Plotly): what each view's runs show, with
their numbers, attributed to the notes (the handwritten, COS 495, Press and step-function notes)."""

from __future__ import annotations

import numpy as np

from pla_core import facts, words
from pla_lab.api import COS495, CREDIT, HAND, PRESS, STEP, S, cls, count, explain, num, plural, sub, term, vec
from pla_lab.lessons.compare import compare_runs as compare

VIEWS = {"eta": "η and the start w₀", "order": "Order of visits", "sign0": "What sign(0) means"}

#: Short names of the readings of a tie, for the table's columns (pla_core.words.READINGS; the notes behind each
#: are named above the table: with them, the columns spilled 70 px past the words' column at 1280×720).
SHORT = {c: words.READINGS[S.SIGN_ZERO[c]] for c in S.SIGN_ZERO}


def _ends(trace, cap: int | None = None) -> str:
    """How the run ends; ``cap``: the page's cap, for a run not drawn in full (it may have been stopped sooner)."""
    T = len(trace)
    if trace.halted:
        return f"halts after **{T}** update{plural(T)}"
    if cap is not None and compare.cut(trace, cap):
        return f"is followed for {count(T, 'update', bold=True)} only, not to the cap of {cap:,}"
    return f"stops at the cap of {count(T, 'update', bold=True)}"


def _spared(n: int, what: str, side: int, cap: int) -> str:
    """Why runs not drawn in full stop before the page's cap."""
    return (f"With {count(n, 'point')} {what} stop at {count(side, 'update', bold=True)}, not at the cap of {cap:,}, "
            "so that one page costs the server well under a second; fewer points give them longer.")


# -- η and w₀ ------------------------------------------------------------------------------------------------------


eta_label = words.eta_label  # "η = 0.5", as the table writes it


def eta_table(pair: compare.EtaPair, t: int) -> str:
    """Both runs at step t: wₜ, ‖wₜ‖ and each run's length (presenter mode shows this much; pla_core.words' table,
    which a notebook prints)."""
    return words.eta_table(pair.base, pair.chosen, t, bold=True)


def eta_numbers(pair: compare.EtaPair, t: int, start_zero: bool, from_zero=None) -> str:
    """Both runs at step t (:func:`eta_table`), and what they show about η; ``from_zero``: the run from
    w₀ = 0 (compare.from_zero) when w₀ ≠ 0."""
    lines = []
    same_T = len(pair.base) == len(pair.chosen)
    if start_zero:
        k = pair.eta
        lines.append(
            f"From w₀ = 0 every update adds η·y·x̃ to a sum of such terms, so w(η) = η·w(1) at every step: wherever "
            f"they draw a line it is the **same line**, stretched ×{num(k)} (‖wₜ‖ above){_no_line_at(pair, t)}. "
            "The same mistakes are corrected in the same order, so "
            f"both runs {'make the same number of updates, ' + str(len(pair.base)) if same_T else 'differ only by rounding'}. "
            f"{HAND.Name} say a higher learning rate converges faster: **from w₀ = 0 it does not** — η changes "
            "nothing but the length of w.")
    else:
        faster = "the same number of" if same_T else (
            f"**{eta_label(pair.eta)} needs {'fewer' if len(pair.chosen) < len(pair.base) else 'more'}**")
        cap = int(pair.base.settings["max_updates"])
        lines.append(
            f"From w₀ ≠ 0, wₜ = w₀ + η·Σ y·x̃: the sum grows with η while w₀ stays, so the lines can **part**, and "
            f"{faster} updates. A larger η shrinks w₀'s share of wₜ, yet w₀ is all of w at the start, whatever η: "
            "it alone decides which points are mistakes there (from w₀ = 0 every point is a tie), and later every "
            "point the sum Σ y·x̃ scores 0. So a larger η need not bring the run to the one from w₀ = 0"
            + (_zero_ends(from_zero, cap) + " " + _like_zero(pair, from_zero, cap) if from_zero is not None else ".")
            + f" {HAND.Of} \"higher η, faster\" holds only in this sense: from a w₀ ≠ 0 that points the wrong "
            "way, a large η overrides it sooner.")
    return eta_table(pair, t) + "\n\n" + "\n".join(lines)


def _no_line_at(pair: compare.EtaPair, t: int) -> str:
    """", but at t = 0 neither draws one: w = 0, …" when wₜ of both runs draws no line (w₁ = w₂ = 0: the start from
    w₀ = 0, or a run back at 0), exactly on grid data; else nothing."""
    ws = [facts.weights(r, min(t, len(r))) or compare.weights_at(r, t) for r in (pair.base, pair.chosen)]
    if any(compare.draws_line(w) for w in ws):
        return ""
    why = explain.line_words(compare.weights_at(pair.base, t), None).removeprefix("no line: ")
    return f", but at t = {t} neither draws one: {why}"


def _like_zero(pair: compare.EtaPair, from_zero, cap: int) -> str:
    """Whether the chosen-η run corrects the points the run from w₀ = 0 corrects, in its order (computed)."""
    d = compare.first_other_point(pair.chosen, from_zero)
    name = f"The {eta_label(pair.eta)} run"
    if d is None:
        return f"{name} corrects the same points in the same order as the run from w₀ = 0."
    if compare.cut(from_zero, cap) and d == len(from_zero) + 1:
        return f"{name} corrects the same points in the same order as the run from w₀ = 0, as far as it is followed."
    a, z = len(pair.chosen), len(from_zero)
    return f"{name} and the run from w₀ = 0 part at update **{d}**: " + (
        f"it has ended after {a} update{plural(a)}, the other goes on." if d > a else
        f"the run from w₀ = 0 has ended after {z} update{plural(z)}, this one goes on." if d > z else
        f"it corrects #{int(pair.chosen.mistakes[d - 1])}, the run from w₀ = 0 #{int(from_zero.mistakes[d - 1])}.")


def _zero_ends(trace, cap: int) -> str:
    T = len(trace)
    if compare.cut(trace, cap):
        return (f", which makes more than {count(T, 'update', bold=True)}: it is followed no further, not to the cap "
                f"of {cap:,}, so that one page costs the server well under a second (fewer points let it go further).")
    return f", which makes {T} update{plural(T)}" + ("." if trace.halted else " (the cap).")


# -- the order of visits -------------------------------------------------------------------------------------------


def order_numbers(strip: compare.OrderStrip, trace, order: str, seed: int, *, short: bool = False) -> str:
    """The plot's run, each order's range of T over the seeds, the bound; ``short``: the first and the bound's."""
    n = len(strip.seeds)
    lines = [f"The plot: **{S.ORDER_LABELS[order]}**, seed {seed}: {_ends(trace)} (the ringed dot)."]
    lines += [f"- {words.order_range(o, strip.counts[o], strip.seeds, bold=True)}" for o in compare.ORDERS]
    every = sum(sum(h) for h in strip.halted.values())
    total = len(compare.ORDERS) * n
    worst = max(max(c) for c in strip.counts.values())
    if np.isfinite(strip.bound):
        within = all(all(h) for h in strip.halted.values()) and not strip.over(worst)  # exact on grid data
        proof = "" if short else f" ({CREDIT.of} proof, from w₀ = 0, any order)"
        lines.append(f"\nThe bound **R²/ρ\\*² = {num(strip.bound)}**{proof}: "
                     + (f"all {total} runs halted within it (at most {worst})." if within else
                        f"{every} of {total} runs halted; the longest made {worst} update{plural(worst)}."))
    else:
        lines.append(f"\nNo line{'' if trace.settings['bias'] else ' through the origin'} separates these points, "
                     f"so there is no bound: {every} of {total} runs halted.")
    if short:  # each order's range and the bound: the strip chart's numbers, without it, in one paragraph
        return "  \n".join(v.removeprefix("- ").strip() for v in lines[1:])
    lines.append("The order changes which mistakes are corrected and how many updates T it takes; cyclic order does "
                 "not depend on the seed at all (its 20 dots sit on one value).")
    if every < total and strip.cap < int(trace.settings["max_updates"]):
        lines.append("\n" + _spared(len(trace.y), "the strip's runs", strip.cap, int(trace.settings["max_updates"])))
    return "\n".join(lines)


# -- sign(0) ---------------------------------------------------------------------------------------------------------


def sign_table(sr: compare.SignRuns, rows: int = compare.TABLE_ROWS, upto: int | None = None) -> str:
    """The first updates of every reading side by side (the point each corrected, and wₜ after it); in each column,
    the first update where that reading parts from the one on the plot is highlighted (◆). ``upto``: the ``rows``
    updates that end there (presenter mode: the step shown), instead of the first ones. pla_core.words' table,
    which a notebook prints."""
    cols = [sr.shown] + [c for c in compare.CONVENTIONS if c != sr.shown]
    return words.sign_table([sr.runs[c] for c in cols], rows=rows, upto=upto, mark=":orange-background[{}]")


def _ties(trace, t: int) -> list[int]:
    """The points on wₜ's line (wₜᵀx̃ = 0): exact on grid data, else within facts.TIE of the scores' size."""
    m = facts.scores(trace, t)
    if m is not None:
        return [i for i, v in enumerate(m) if v == 0]
    w = trace.weights[t]
    xt = np.hstack([np.ones((len(trace.y), 1)) if trace.settings["bias"] else np.zeros((len(trace.y), 1)), trace.X])
    size = np.abs(xt) @ np.abs(w)  # the largest a rounding error of the sum can be measured against
    return [int(i) for i in np.flatnonzero(np.abs(xt @ w) <= facts.TIE * size)]


def sign_words(sr: compare.SignRuns) -> str:
    """For each other reading: where it parts from the one on the plot, and why (the points on the line there)."""
    a = sr.runs[sr.shown]
    lines = [f"Columns: how a tie wᵀx̃ = 0 is read: a mistake for both classes (≤ 0, {HAND.name}), sign(0) = +1 "
             f"(+1, {PRESS.name} and {STEP.name}), sign(0) = −1 (−1, {COS495.name}), right for both (< 0, "
             f"{HAND.of} margin part). Each cell: the point corrected, then wₜ.",
             f"\nThe plot shows **{S.SIGN_ZERO_LABELS[sr.shown]}**: {_ends(a)}. From w₀ = 0 every point is a tie "
             "(wᵀx̃ = 0), so the readings part at once or at a later tie:"]
    for c in compare.CONVENTIONS:
        if c == sr.shown:
            continue
        b, d = sr.runs[c], sr.first_diff[c]
        name = SHORT[c]
        if d is None:
            same = "as far as it is followed" if compare.cut(b, sr.cap) else "run"
            lines.append(f"- {name}: the same {same} ({_ends(b, sr.cap)}).")
            continue
        w = a.weights[d - 1]
        on = _ties(a, d - 1)
        ties = ("every point (w = 0 predicts nothing)" if not np.any(w) else
                ", ".join(f"#{i} ({cls(a.y[i]).split()[0]})" for i in on) or "none")
        what = lambda tr: (f"corrects #{int(tr.mistakes[d - 1])}" if d <= len(tr) else  # noqa: E731
                           ("never starts" if len(tr) == 0 else "halts" if tr.halted else "stops at the cap"))
        mark = "" if d > compare.TABLE_ROWS else " ◆"
        lines.append(f"- {name}:{mark} parts at update **{d}**. Both hold w{sub(d - 1)} = {vec(w)}, with on its line "
                     f"(ties): {ties}. The plot's reading {what(a)}; this one {what(b)}. "
                     f"{_ends(b, sr.cap)[0].upper()}{_ends(b, sr.cap)[1:]}.")
    if sr.side is not None:
        lines.append("\n" + _spared(len(a.y), "the other readings' runs", sr.side, sr.cap))
    return "\n".join(lines)


GUIDE = f"""
**Three comparisons, one setting changed each time.** Pick one above the numbers; each has its own example
(Undo brings your points back).

**η and w₀ ({HAND.tag}, {STEP.tag}).** The solid line is one run, the dashed line the {term("second run", "other")},
on the same points. From
w₀ = 0 they lie on top of each other at every step where w draws a line (w = 0, at the start, draws none):
{term("learning rate η", "η")} only stretches w. Type a w₀ ≠ 0 (e.g.
0, −3, 3), or drag
the tip of w: now they part, and the update counts differ.

**{term("order of visits", "Order of visits")}.** Cyclic, one random permutation, or a random mistake each time: 20
seeds each, one dot per
run. The order changes T, but from w₀ = 0 (where this view starts) no run goes past the dashed bound R²/ρ*²: the
bound is proved for a start at 0 only.

**What {term("sign(0)")} means.** On grid points from w₀ = 0, the line often passes exactly through a point. The notes
disagree on what that tie is: {HAND.of} loop calls it a mistake (y·wᵀx̃ ≤ 0), {PRESS.name} and {STEP.name}
predict +1, {COS495.name} predicts −1, {HAND.of} margin section calls only y·wᵀx̃ < 0 a mistake (then PLA never
starts from 0).
The table runs all four; ◆ marks where each parts from the one on the plot.
"""
