"""The words of the lesson "Online perceptron: predict, then reveal" (the COS 495 and step-function notes), as Markdown
(no Streamlit)."""

from __future__ import annotations

import numpy as np

from pla_core import words
from pla_lab.api import COS495, CREDIT, HAND, SIGN_ZERO, SIGN_ZERO_LABELS, STEP, cls, num, plural, term
from pla_lab.lessons.online import online_runs as online

GUIDE = f"""\
**The {term("online")} setting ({COS495.tag}, {STEP.tag}).** There is no training set to scan: points arrive one at a
time. For each one the perceptron first **predicts** ŷ = sign(wᵀx̃) from the point alone, then the true label y
is **revealed**, and only then does it learn: on a mistake w ← w + η·y·x̃, otherwise w stays. {COS495.Name} lists the three moves
(receive an unlabeled x, predict, be told y and update); {STEP.name} write the loop with step(0) = +1.

**What to look at.** Each point takes two steps: **Step** once shows the arriving point as a grey **?** with the
prediction beside it (the shading says the same: blue predicts ○, orange ×); **Step** again reveals its label. A
mistake is circled and its update η·y·x̃ drawn from the tip of w; the next Step makes it. The faint points have not
arrived yet. The chart counts the mistakes as the stream goes, under the bound {term("R²/ρ*²")} (the dashed level).

**The bound holds for the stream, whatever its order.** {CREDIT.Of} proof (T ≤ R²/ρ² from w₀ = 0) never uses the
order of the points: it bounds the number of *mistakes* of any stream drawn from separable points, however long,
repeated or shuffled ({STEP.name}: "regardless of the number of examples"; {COS495.of} 1/γ² with ‖x‖ ≤ 1). Change the
sidebar's seed for another shuffle, or add passes: the count changes, the bound never falls.

**Try the quiz.** Switch **Quiz** on and predict each point yourself before the label shows (the ○ +1 and × −1
buttons, or the keys O and X): the page keeps your score against the perceptron's on the same points.

**Two readings to know.** What sign(0) predicts is the sidebar's *When wᵀx̃ = 0 exactly*: {STEP.of} step(0) = +1
is "sign(0) = +1" there; {COS495.name} predicts + only when wᵀx̃ > 0 ("sign(0) = −1"); the default counts a tie as a
mistake for both labels ({HAND.name}). And {STEP.of} pseudo-code reads "if (y = −1 and yᵢ = −1) w = w + xᵢ", an update
on a *right* prediction: its text says the update follows a failure, so this page (like the notes' other loops)
updates on mistakes only, reading that line as yᵢ = +1.

**A slip in {STEP.of} bound.** It promises "no more than ⌈M/γ²⌉ errors", but M is never defined: the theorem's
bound is R²/γ², with R the radius of the ball that holds the data (here R is the largest ‖x̃‖, bias included), and
since a count of mistakes is a whole number, at most ⌊R²/γ²⌋. Its margin, |w·xᵢ|/‖w‖ ≥ γ, does bring the labels in,
through the words "a separating hyperplane": for a w that separates, |w·xᵢ| = yᵢ(w·xᵢ), so it is the signed margin
of this page's bound. Without them it would not do: XOR's four corners, x̃ = (1, ±1, ±1), all have
|w·x̃|/‖w‖ = 1 for w = (1, 0, 0), yet no line separates them.
"""


def tie_reading(sign_zero) -> str:
    """The sidebar's reading of sign(0), in words, with its note."""
    key = next(k for k, v in SIGN_ZERO.items() if v == sign_zero)
    return SIGN_ZERO_LABELS[key]


def step_text(steps: online.Steps, t: int, *, short: bool = False) -> str:
    """What step t shows, in words and numbers: the arriving point and its prediction, or its revealed label and
    what the perceptron does with it, or the end of the stream. ``short``: presenter mode's lines, without the
    update's substitution. The sentences are :mod:`pla_core.words`' (a notebook prints the same), in bold."""
    run = steps.run
    k, phase = online.where(steps, t)
    if phase == "end":
        return words.stream_over(run, bold=True)
    head = words.arrival(run, k, bold=True) + ("  \n" if short else "\n\n")
    if phase == "predict":
        return head + words.predict_line(run, k, bold=True) + ("." if short else ": **Step** reveals it.")
    said = words.revealed(run, k, bold=True, short=short)
    return head + said + (" (the next Step)." if run.stream.wrong[k] else "")


def tally(steps: online.Steps, t: int, *, short: bool = False) -> str:
    """Mistakes so far against the bound, and why there is no bound when there is none (``short``: the count and
    the bound's number, for presenter mode)."""
    k, phase = online.where(steps, t)
    B, why = online.bound(steps.run)
    line = words.so_far(steps.run, k, phase == "reveal", bold=True)
    if B is not None:
        line += f" · the bound R²/ρ*² = **{num(B)}**" + ("" if short else ": no stream of these points, in any "
                                                         "order and however long, makes more from w₀ = 0.")
    else:
        line += ". " + why
    y = steps.run.y
    if len(np.unique(y)) == 1 and not short:
        line += (f"\n\nEvery point of this stream is labelled {cls(y[0])}: once w predicts {cls(y[0])} everywhere "
                 "the stream has nothing left to teach. Add a point of the other class (Shift-click) to see more.")
    return line


def reading(sign_zero) -> str:
    return (f"sign(0) here: {tie_reading(sign_zero)} (sidebar: *When wᵀx̃ = 0 exactly*; {STEP.of} step(0) = +1 is "
            "“sign(0) = +1”).")


def showing(steps: online.Steps, t: int) -> str:
    """One line on what the plot draws at step t (the plot's alt text says it too)."""
    k, phase = online.where(steps, t)
    T = len(steps)
    if phase == "end":
        return f"Step {t} of {T}: the end of the stream, the final w; every point has arrived"
    i = int(steps.run.stream.shown[k])
    what = (f"arrival {k + 1}: point #{i} is the grey ?, its label hidden, with the prediction ŷ beside it"
            if phase == "predict" else
            f"arrival {k + 1}: point #{i}'s label revealed" + (", circled: a mistake, with the update it makes dashed"
                                                               if steps.run.stream.wrong[k] else ", ringed: right"))
    faint = " · faint: not arrived yet" if k < len(steps.run.y) - 1 else ""
    return f"Step {t} of {T}: {what}{faint}"


def score(steps: online.Steps, answers: dict) -> str:
    """The student's score against the perceptron's on the arrivals the student answered."""
    st, y = steps.run.stream, steps.run.y
    ks = sorted(k for k in answers if 0 <= k < steps.m)
    if not ks:
        return "**Your score:** no answer yet: answer while a label is hidden, ○ +1 or × −1 (keys O and X)."
    you = sum(answers[k] == y[st.shown[k]] for k in ks)
    pla = sum(not st.wrong[k] for k in ks)
    return (f"**Your score: {you} of {len(ks)}** right · **the perceptron: {pla} of {len(ks)}** on the same "
            f"point{plural(len(ks))}.")
