"""The words of the lesson "The perceptron as gradient descent" (the Princeton COS 495 lecture's third SGD example),
as Markdown built from the runs (no Streamlit, no Plotly): the four losses, one step's numbers, how each run ends,
and where the notes slip."""

from __future__ import annotations

import numpy as np

from pla_lab.api import COS495, STEP, num, par, plural, sub, term, vec
from pla_lab.lessons.sgd import sgd_runs

#: The losses as the page names them, and ℓ as a function of the margin score m = y·wᵀx̃.
NAMES = {"perceptron": "perceptron", "hinge": "hinge", "logistic": "logistic", "squared": "squared"}
FORMULAS = {"perceptron": "max(0, −m)", "hinge": "max(0, 1 − m)", "logistic": "log(1 + e⁻ᵐ)",
            "squared": "(wᵀx̃ − y)² = (1 − m)²"}
LOSS_LABELS = {k: f"{NAMES[k]}: ℓ = {FORMULAS[k].split(' = ')[-1]}" for k in NAMES}

GUIDE = f"""
**One loop, four losses.** Stochastic gradient descent visits one point (x̃, y) at a time and steps against the
gradient of that point's loss: **w ← w − η·∇ℓ(w)**. Every loss here is a function of the point's margin score
**m = y·wᵀx̃** (positive when the point is on its right side). The four runs start from the same w₀, visit the same
points in the same order with the same η, and differ only in ℓ:

| loss | ℓ(m) | ∇ℓ(w) |
|---|---|---|
| perceptron | max(0, −m) | −y·x̃ where m < 0, else 0 |
| hinge | max(0, 1 − m) | −y·x̃ where m < 1, else 0 |
| logistic | log(1 + e⁻ᵐ) | −y·x̃·(1 − σ(m)), σ(m) = 1/(1 + e⁻ᵐ) |
| squared | (wᵀx̃ − y)² = (1 − m)² | 2·(wᵀx̃ − y)·x̃ |

With the perceptron loss the step is −η·∇ℓ = η·y·x̃ on a mistake and nothing otherwise: **that is PLA**, update for
update (pla_core.sgd with this loss, η = 1 and the cyclic order is pla_core.pla's run). At the kink, m = 0
exactly (m = 1 for the hinge), the loss has no gradient; the app takes the one the sidebar's reading of sign(0)
gives, so a tie is a mistake exactly when PLA would correct it.

**What to look at.** Press **Step**: all four lines move at once, from the same visited point (circled). Each
loss's w is an arrow from its line, and its step −η·∇ℓ a dashed arrow from w's tip, all at one scale. A line
that does not move had a zero gradient (no dashed arrow): its point was beyond the kink. The loss curves under
the plot mark where each run's visited point sits; the chart tracks L̂(w) = (1/n)·Σₙ ℓ and the fraction of
mistakes E_in for each run.
- The **perceptron** stops as soon as no point is wrong.
- The **hinge** keeps pushing until every point has y·wᵀx̃ ≥ 1, past the line by a margin (> 1 where the
  sidebar's reading of sign(0) counts the kink as a mistake).
- The **logistic** loss never reaches 0, so its w never stops; on separable data ‖w‖ keeps growing.
- The **squared** loss pulls every point toward wᵀx̃ = y, even points already right by far: try the example
  *One far-away point*, where it ends with mistakes the perceptron does not make.

**Where the notes slip.** {COS495.Name} and {STEP.name} call max(0, −y·wᵀx) (written −y·wᵀx·𝟙[mistake]) a "hinge
loss". It is the *perceptron loss* (or criterion): the hinge loss is max(0, **1** − y·wᵀx), and the 1 asks every
point to be right *by a margin*, the idea of the {term("margin perceptron")}. {COS495.Name} also writes the logistic
step as η·σ(a)(1 − σ(a))/(n·σ(a))·y·x with a = y·wᵀx: the σ(a) cancels, and it is **η·(1 − σ(a))/n·y·x**, the step
here with η/n for η (the lecture scales each ℓ by 1/n; the app, like scikit-learn's SGDClassifier, does not, and
L̂ is the mean).

**Hinge and the margin perceptron.** With a constant η the hinge's step is PLA's η·y·x̃, taken whenever
y·wᵀx̃ < 1, so the hinge run is a margin perceptron, but not the one of */margin*. There a point counts as a mistake
when y·wᵀx̃/‖w‖ < γ/2, a distance that does not change when w is scaled. The hinge's test, y·wᵀx̃/‖w‖ < 1/‖w‖, asks
for a distance that shrinks as w grows, and depends on η: from w₀ = 0 a smaller η takes more updates to reach the 1,
while PLA's lines from w₀ = 0 are the same for every η.
"""


def loss_name(loss: str) -> str:
    return f"{NAMES[loss]} loss"


def _upd(u) -> str:
    return vec(u) if np.any(u != 0) else "0 (w stays)"


def numbers(runs: dict, loss: str, t: int) -> str:
    """The picked run's step t: ℓ, ∇ℓ with its numbers, the update; or its end."""
    trace = runs[loss]
    T = len(trace)
    if t >= T:
        return f"**t = {T} of {T}**, the {loss_name(loss)}'s end: w{sub(T)} = {vec(trace.weights[T])}."
    s = sgd_runs.step(trace, t)
    x = sgd_runs.augmented(trace)[s.i]
    y = trace.y[s.i]
    lines = [f"**t = {t} of {T}**, w{sub(t)} = {vec(trace.weights[t])}. The next step, {t + 1}, with the "
             f"**{loss_name(loss)}** visits point #{s.i} (x̃ = {vec(x)}, y = {num(y)}):",
             f"- margin score m = y·w{sub(t)}ᵀx̃ = **{num(s.m)}**; ℓ = {FORMULAS[loss].split(' = ')[-1]} = "
             f"**{num(s.loss)}**",
             f"- ∇ℓ = {_gradient_words(loss, s, y, x)} = {vec(s.grad)}",
             f"- update −η{sub(t + 1) if trace.settings['decay'] else ''}·∇ℓ with η = {num(s.eta)}: "
             f"**{_upd(s.update)}**, so w{sub(t + 1)} = {vec(trace.weights[t + 1])}"]
    return "\n".join(lines)


def _gradient_words(loss: str, s, y, x) -> str:
    if loss in ("perceptron", "hinge"):
        kink = 0 if loss == "perceptron" else 1
        if s.m < kink:
            return f"−y·x̃ (m = {num(s.m)} < {kink})"
        if s.m > kink:
            return f"0 (m = {num(s.m)} > {kink}: beyond the kink)"
        return f"{'−y·x̃' if s.moves else '0'} (m = {kink}: the kink; the sidebar's sign(0) reading " \
               f"{'counts it as a mistake' if s.moves else 'counts it as right'})"
    if loss == "logistic":
        return f"−y·x̃·(1 − σ({num(s.m)})) = {par(-y)}·{num(1 - 0.5 * (1 + np.tanh(0.5 * s.m)))}·x̃"
    wx = y * s.m
    return f"2·(wᵀx̃ − y)·x̃ = 2·({num(wx)} − {par(y)})·x̃"


def table(runs: dict, t: int) -> str:
    """The four runs at step t: each one's margin score of the visited point, ℓ and update."""
    rows = [f"Step {t + 1}, every loss at its own w{sub(t)}:", "", "| loss | m = y·wᵀx̃ | ℓ | step −η·∇ℓ |",
            "|---|---|---|---|"]
    for loss, trace in runs.items():
        s = sgd_runs.step(trace, t)
        if s is None:
            rows.append(f"| {NAMES[loss]} | — | — | its run ended at step {len(trace)} |")
            continue
        rows.append(f"| {NAMES[loss]} | {num(s.m)} | {num(s.loss)} | {_upd(s.update)} |")
    return "\n".join(rows)


def endings(ends: dict) -> str:
    """How each run ends (``ends``: :func:`sgd_runs.endings`), in one line each, every fact computed from the run."""
    return "\n".join(f"- **{NAMES[loss]}**: " + _ending(loss, end, end.n, ends) for loss, end in ends.items())


def _ending(loss: str, end, n: int, e: dict) -> str:
    T = end.T
    if end.diverged:
        return (f"**diverged**: a weight passed 10¹² at step {T}. η is too large for the squared loss: a step "
                f"of more than 1/‖x̃‖² overshoots wᵀx̃ = y, and each overshoot is larger.")
    moved = (f"w moved at {end.moved} of {T} step{plural(T)}" +
             (f", last at step {end.last_move + 1}" if end.last_move is not None and end.moved < T else ""))
    wrong = f"{end.wrong} of {n} point{plural(n)} wrong at the end"
    if not end.still_moving:
        why = {"perceptron": "no point is wrong, so every gradient is 0 and w will not move again",
               "hinge": "every point has y·wᵀx̃ ≥ 1 (past the kink), so every gradient is 0 and w will not move "
                        "again"}.get(loss, "every gradient is 0 at the end: w will not move again")
        return f"{moved}; {wrong}; {why}."
    left = f"{end.pushing} point{plural(end.pushing)} still pull{'s' if end.pushing == 1 else ''} on w"
    if end.pushing_right:
        left += f", {end.pushing_right} of {'it' if end.pushing == 1 else 'them'} already right"
    extra = ""
    if loss == "logistic":
        grew = "grew" if end.norm_end > end.norm_half else "did not grow"
        extra = f"; ‖w‖ {grew} from {num(end.norm_half)} (step {T // 2}) to {num(end.norm_end)}"
    if loss == "hinge":
        extra = f"; smallest y·wᵀx̃ = {num(end.min_margin)}"
    if loss == "squared" and "perceptron" in e:
        p = e["perceptron"]
        extra = f" (the perceptron loss's run: {p.wrong})"
    return f"{moved}; {wrong}{extra}; {left}."
