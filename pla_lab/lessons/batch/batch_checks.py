"""Check yourself on the batch perceptron (issue 22): how many points update t+1 sums, whether it lowers the number
of mistakes, and whether the run halts; answered from the trace (no Streamlit, no Plotly)."""

from __future__ import annotations

from pla_core import facts
from pla_lab.api import Question, at_cap, count, plural, sub
from pla_lab.lessons.batch import batch_figures
from pla_lab.lessons.batch.batch_words import block, criterion_at, shown

FEWER, SAME, MORE = "Fewer", "The same number", "More"


def questions(trace, t: int, separable: bool | None = None, ups: list[int] | None = None) -> list[Question]:
    """``ups``: the steps where J rose (the run's extras), else computed (batch_figures.rises)."""
    out = []
    if t < len(trace):
        out += [summed(trace, t), fewer(trace, t)]
    return out + [halts(trace, separable), rises(trace, ups)]


def _choices(k: int, n: int) -> tuple[str, ...]:
    """k among up to four counts a student might give: one point (PLA's), all n, and k's neighbours."""
    near = [v for v in (1, n, k + 1, k - 1, k + 2, k - 2) if 1 <= v <= n and v != k]
    return tuple(str(v) for v in sorted({k, *near[:3]}))


def summed(trace, t: int) -> Question:
    k, n = len(trace.used(t)), len(trace.y)
    b = block(trace, t)
    where = (f"Of the {count(len(b), 'point')} in its block, {k} {'is a mistake' if k == 1 else 'are mistakes'} of "
             f"w{sub(t)}" if b is not None else
             f"w{sub(t)} gets {k} of the {count(n, 'point')} wrong")  # w is lower case even first: it is the weights
    choices = _choices(k, n)
    if len(choices) < 2:
        choices = ("0", "1")
    return Question("summed", f"How many points does update {t + 1} add up?", choices, choices.index(str(k)),
                    f"{where}: update {t + 1} sums η·yₙx̃ₙ over those **{k}** point{plural(k)}.")


def fewer(trace, t: int) -> Question:
    """Does update t+1 lower the count of mistakes: the answer from the run's exact counts, the reason what the step
    did to J, J(wₜ) and J(wₜ₊₁) computed from the step (exact on grid data): fell, stayed or rose."""
    E = trace.errors
    a, b = int(E[t]), int(E[t + 1])
    right = FEWER if b < a else (SAME if b == a else MORE)
    before, after = criterion_at(trace, t), criterion_at(trace, t + 1)
    moved = facts.compare(after, before)
    j = (f"J rose ({shown(before)} → {shown(after)}): a step of fixed size η along the slope can overshoot"
         if moved > 0 else f"J fell ({shown(before)} → {shown(after)})" if moved < 0 else
         f"J stayed at {shown(before)}")
    slope = ("−∇J(w; B), the slope of its block's part of J," if block(trace, t) is not None else
             "−∇J, the slope of the criterion J,")
    return Question(
        "fewer", f"After update {t + 1}, does w get fewer points wrong than w{sub(t)}?", (FEWER, SAME, MORE),
        (FEWER, SAME, MORE).index(right),
        f"w{sub(t)} gets **{a}** wrong, w{sub(t + 1)} **{b}**. The step follows {slope} not the count of mistakes; "
        f"here {j}.")


def halts(trace, separable: bool | None = None) -> Question:
    """``separable``: the exact LP's answer for a run stopped at the cap (the run's extras), else None."""
    T, n, cap = len(trace), len(trace.y), trace.settings["max_updates"]
    left = int(trace.errors[-1])
    if trace.halted:
        why = (f"The run halts after **{T}** update{plural(T)}: w{sub(T)} gets "
               f"{'its 1 point' if n == 1 else f'all {n} points'} right.")
    elif trace.cycle:
        a, p = trace.weight_cycle  # the weights' first repeat, as the verdict names it
        why = (f"From update {a} on the weights repeat every {count(p, 'update')} (w{sub(a + p)} = w{sub(a)}): it "
               "never halts.")
    else:
        why = (f"The run stops at the cap of {count(T, 'update', bold=True)} with {count(left, 'mistake')} left"
               + at_cap(trace, separable))  # PLA's words: without a bias, only lines through the origin were tested
    return Question("halts", f"Will this run halt (no mistake left) before the cap of {count(cap, 'update')}?",
                    ("Yes", "No"), 0 if trace.halted else 1, why)


def rises(trace, ups: list[int] | None = None) -> Question:
    """Whether the criterion J ever went up in this run (batch_figures.rises, exact on grid data: the red strokes of
    the chart)."""
    ups = batch_figures.rises(trace) if ups is None else ups
    T = len(trace)
    return Question(
        "rises", f"Over the whole run ({T:,} update{plural(T)}), does the criterion J ever go up?", ("Yes", "No"),
        0 if ups else 1,
        (f"J rises at step{plural(len(ups))} {batch_figures.steps_text(ups)}: a step of fixed size η along −∇J can "
         "overshoot." if ups else "J never rises in this run: every step lowered it or kept it."))
