"""Check yourself on the online perceptron (issue 22): will the next arrival be a mistake, will the last pass make
one, and can the stream make more mistakes than R²/ρ*²; answered from ``pla_core.online``'s stream (no Streamlit,
no Plotly)."""

from __future__ import annotations

import numpy as np

from pla_core import facts
from pla_lab.api import Question, cls, count, num, plural, vec
from pla_lab.lessons.online import online_runs as online

YES, NO = "Yes: a mistake, so w is updated", "No: right, so w stays"


def questions(steps: online.Steps, t: int, bound, *, ask_next: bool = True) -> list[Question]:
    """``bound``: R²/ρ*² when it holds for this stream, else None, as it decides (exact on grid data:
    :func:`pla_lab.lessons.online.online_runs.deciding_bound`, kept with the run); ``ask_next``: False while the
    quiz hides the next label (the reason would tell it)."""
    out = []
    k, phase = online.where(steps, t)
    nxt = k if phase == "predict" else k + 1
    if ask_next and nxt < steps.m:
        out.append(next_mistake(steps, nxt))
    out.append(last_pass(steps))
    if bound is not None:
        out.append(over_bound(steps, bound))
    return out


def next_mistake(steps: online.Steps, k: int) -> Question:
    """Arrival k, predicted by the w it meets (the one before its prediction, after any update before it)."""
    run = steps.run
    i, w = int(run.stream.shown[k]), steps.weights[2 * k]
    s, wrong = online.score(steps, k), bool(run.stream.wrong[k])  # exact on grid data: a tie is 0
    said = cls(steps.predicted[k]) if steps.predicted[k] else "a tie (0)"
    return Question(
        "next_mistake", f"Arrival {k + 1} is point #{i}. Will the perceptron's prediction for it be a mistake?",
        (YES, NO), 0 if wrong else 1,
        f"w = {vec(w)} scores it wᵀx̃ = **{num(s)}**, so it predicts {said}; its label is **{cls(run.y[i])}**: "
        + ("a mistake, and w ← w + η·y·x̃." if wrong else "right, and w does not move."))


def per_pass(steps: online.Steps) -> np.ndarray:
    """Mistakes in each pass over the points, shape (passes,)."""
    n = len(steps.run.y)
    return steps.run.stream.wrong.reshape(-1, n).sum(axis=1)


def last_pass(steps: online.Steps) -> Question:
    counts = per_pass(steps)
    p = len(counts)
    last = int(counts[-1])
    return Question(
        "last_pass", f"Will the perceptron make any mistake in pass {p}, the last pass over the points?",
        ("Yes", "No"), 0 if last else 1,
        "Mistakes in each pass: " + ", ".join(f"pass {j + 1}: **{int(c)}**" for j, c in enumerate(counts)) + "."
        + ("" if last else " A pass without a mistake means w is right on every point: the rest changes nothing."))


def over_bound(steps: online.Steps, B) -> Question:
    """``B``: R²/ρ*², a Fraction on grid data (M = R²/ρ*² is a tie, not "more"), else a float (facts.TIE)."""
    M = int(steps.run.stream.wrong.sum())
    c = facts.compare(M, B)
    return Question(
        "over_bound", f"Will the whole stream make more than R²/ρ*² = {count(num(B), 'mistake')}?", ("Yes", "No"),
        0 if c > 0 else 1,
        f"It makes **{M}** mistake{plural(M)} in all" + (", exactly R²/ρ\\*²: not more" if c == 0 else "")
        + ". From w₀ = 0, on points a line separates, the perceptron makes at most R²/ρ\\*² mistakes in any order of "
        "arrivals and over any number of passes: each mistake is an update of PLA's proof.")
