"""Check yourself on the batch perceptron (issue 22): how many points update t+1 sums, whether it lowers the number
of mistakes, and whether the run halts; answered from the trace (no Streamlit, no Plotly)."""

from __future__ import annotations

import pla_core

from .batch_words import block
from .checks import Question
from .text import num, plural, sub

FEWER, SAME, MORE = "Fewer", "The same number", "More"


def questions(trace, t: int) -> list[Question]:
    out = []
    if t < len(trace):
        out += [summed(trace, t), fewer(trace, t)]
    return out + [halts(trace)]


def _choices(k: int, n: int) -> tuple[str, ...]:
    """k among up to four counts a student might give: one point (PLA's), all n, and k's neighbours."""
    near = [v for v in (1, n, k + 1, k - 1, k + 2, k - 2) if 1 <= v <= n and v != k]
    return tuple(str(v) for v in sorted({k, *near[:3]}))


def summed(trace, t: int) -> Question:
    k, n = len(trace.used(t)), len(trace.y)
    b = block(trace, t)
    where = (f"of the {len(b)} points in its block, {k} are mistakes of w{sub(t)}" if b is not None else
             f"w{sub(t)} gets {k} of the {n} points wrong")
    choices = _choices(k, n)
    if len(choices) < 2:
        choices = ("0", "1")
    return Question("summed", f"How many points does **update {t + 1}** add up?", choices, choices.index(str(k)),
                    f"{where.capitalize()}: update {t + 1} sums η·yₙx̃ₙ over those **{k}** point{plural(k)}.")


def fewer(trace, t: int) -> Question:
    E, J = trace.errors, trace.criterion
    a, b = int(E[t]), int(E[t + 1])
    right = FEWER if b < a else (SAME if b == a else MORE)
    return Question(
        "fewer", f"After update {t + 1}, does w get **fewer points wrong** than w{sub(t)}?", (FEWER, SAME, MORE),
        (FEWER, SAME, MORE).index(right),
        f"w{sub(t)} gets **{a}** wrong, w{sub(t + 1)} **{b}**. The step descends the criterion J "
        f"({num(J[t])} → {num(J[t + 1])}), not the count of mistakes, and a step of fixed size can overshoot.")


def halts(trace) -> Question:
    T, cap, bias = len(trace), trace.settings["max_updates"], trace.settings["bias"]
    sep = pla_core.is_separable(trace.X, trace.y, bias=bias)
    lines = "A line separates these points" if sep else "No line separates these points"
    lines += "" if bias else " (through the origin: this run has no bias)"
    left = int(trace.errors[-1])
    ran = (f"the run halts after **{T}** update{plural(T)}, with no mistake left." if trace.halted else
           f"the weights repeat every {trace.cycle[1]} updates from update {trace.cycle[0]}: it never halts."
           if trace.cycle else f"the run stops at the cap of **{T:,}** updates with {left} mistake{plural(left)} left.")
    return Question("halts", f"Will this run **halt** (no mistake left) before the cap of {cap:,} updates?",
                    ("Yes", "No"), 0 if trace.halted else 1, f"{lines} (an exact LP says so); {ran}")
