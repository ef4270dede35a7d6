"""The words of the lesson "The perceptron as gradient descent" (the Princeton COS 495 lecture's third SGD example),
as Markdown built from the runs (no Streamlit, no Plotly): the four losses, one step's numbers, how each run ends,
and where the notes slip."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pla_core import facts, words
from pla_core.descent import sigmoid
from pla_lab.api import COS495, STEP, num, par, plural, sub, term, text, vec
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
that does not move had a zero gradient (no dashed arrow): its point was beyond the kink, or on it where the reading
of sign(0) counts it as right (the logistic gradient is never 0, though its step can be too small to see). The
loss curves under
the plot mark where each run's visited point sits; the chart tracks L̂(w) = (1/n)·Σₙ ℓ and the fraction of
mistakes Eᵢₙ for each run.
- The **perceptron** stops as soon as no point is wrong.
- The **hinge** keeps pushing while some point has y·wᵀx̃ < 1 (≤ 1 where the sidebar's reading of sign(0) counts
  the kink as a mistake). On points a line separates it gets every point past 1 and stops; where no line separates
  them, no w does, and it never stops.
- The **logistic** loss never reaches 0 and its gradient is never 0, so its w never stops; on separable data ‖w‖
  keeps growing, and as every y·wᵀx̃ grows its steps shrink like e⁻ᵐ, until floating point can no longer add them.
- The **squared** loss pulls every point toward wᵀx̃ = y, even points already right by far: try the example
  *One far-away point*, where it ends with mistakes the perceptron does not make.

**Where the notes slip.** {COS495.Name} and {STEP.name} call max(0, −y·wᵀx) (written −y·wᵀx·𝟙[mistake]) a "hinge
loss". It is the *perceptron loss* (or criterion): the hinge loss is max(0, **1** − y·wᵀx), and the 1 asks every
point to be right *by a margin*, the idea of the {term("margin perceptron")}.

**The logistic step, simplified.** {COS495.Name} writes the logistic step as η·σ(a)(1 − σ(a))/(n·σ(a))·y·x with
a = y·wᵀx. That is right, left unsimplified: the gradient of −log σ(a) is −σ′(a)/σ(a)·y·x and σ′ = σ(1 − σ). The σ(a)
cancels, leaving **η·(1 − σ(a))/n·y·x**, the step here with η/n for η (the lecture scales each ℓ by 1/n; the app,
like scikit-learn's SGDClassifier, does not, and L̂ is the mean). The app computes 1 − σ(a) as σ(−a), which floating
point keeps above 0 where the difference 1 − σ(a) would round to 0 (a above about 37).

**A decaying η.** The lecture writes a generic ηₜ; the toggle takes ηₜ = η/√t. Then wₜ is no longer a decimal of the
grid, and the runs are computed in floating point: a margin within 10⁻¹²·‖w‖·R of a kink (0, or 1 for the hinge) is
taken as the kink and shown as 0 or 1, and the sidebar's reading of sign(0) decides it. With a constant η the
perceptron and hinge runs are exact on the app's points, and so is every tie.

**Hinge and the margin perceptron.** With a constant η the hinge's step is PLA's η·y·x̃, taken whenever
y·wᵀx̃ < 1, so the hinge run is a margin perceptron, but not the one of */margin*. There a point counts as a mistake
when y·wᵀx̃/‖w‖ < γ/2, a distance that does not change when w is scaled. The hinge's test, y·wᵀx̃/‖w‖ < 1/‖w‖, asks
for a distance that shrinks as w grows, and depends on η: from w₀ = 0 a smaller η can take more updates to reach
the 1 (one point alone, x̃ ≠ 0, needs ⌈1/(η·‖x̃‖²)⌉ updates to get y·wᵀx̃ ≥ 1), while PLA's lines from w₀ = 0 are
the same for every η.
"""


def loss_name(loss: str) -> str:
    return f"{NAMES[loss]} loss"


def show(v, kink=None) -> str:
    """A margin score as the run judged it: a Fraction (an exact run) in full, so a margin of exactly 1 prints 1 and
    one of 0.99999 prints 0.99999; a float in 4 digits, or in 12 where 4 would round it onto the kink."""
    if isinstance(v, Fraction):
        return text.exact(v)
    v = float(v)
    if kink is not None and v != kink and num(v) == num(kink):
        return f"{v:.12g}".replace("-", "−")
    return num(v)


def _w(trace, t: int):
    """wₜ as the page writes it: the exact Fractions of an exact run (written in full), else the run's floats."""
    return facts.weights(trace, t) if sgd_runs.exact(trace) else trace.weights[t]


def _upd(loss: str, s) -> str:
    if np.any(s.update != 0):
        return vec(s.update) + ("" if s.seen else " (below what floating point can add to w: w stays in floats)")
    if loss == "logistic" and s.moves:  # e^(−m) underflowed: the step is not 0
        return "below the smallest float (w stays in floats; mathematically the step is never 0)"
    return "0 (w stays)"


def numbers(runs: dict, loss: str, t: int) -> str:
    """The picked run's step t: ℓ, ∇ℓ with its numbers, the update; or its end."""
    trace = runs[loss]
    T = len(trace)
    if t >= T:
        return words.sgd_head(trace, t, bold=True)
    s = sgd_runs.step(trace, t)
    x = sgd_runs.augmented(trace)[s.i]
    y = trace.y[s.i]
    k = sgd_runs.kink(trace)
    grad, upd = vec(s.grad), _upd(loss, s)
    if sgd_runs.exact(trace):  # every number in full, as the exact margin beside them (text.num)
        x = [facts.rational(v) for v in x]
        grad = vec(-int(y) * v for v in x) if np.any(s.grad != 0) else grad
        upd = vec(a - b for a, b in zip(_w(trace, t + 1), _w(trace, t))) if np.any(s.update != 0) else upd
    lines = [words.sgd_head(trace, t, bold=True),
             f"- margin score m = y·w{sub(t)}ᵀx̃ = **{show(s.m, k)}**; ℓ = {FORMULAS[loss].split(' = ')[-1]} = "
             f"**{show(s.loss)}**",
             f"- ∇ℓ = {_gradient_words(trace, s, y, x)} = {grad}",
             f"- update −η{sub(t + 1) if trace.settings['decay'] else ''}·∇ℓ with η = {num(s.eta)}: "
             f"**{upd}**, so w{sub(t + 1)} = {vec(_w(trace, t + 1))}"]
    return "\n".join(lines)


#: How a float run decides a tie (η decaying): said where it decided one.
TOLERANCE = "within floating point's tolerance, |m − {k}| ≤ 10⁻¹²·‖w‖·R"


def reading(trace, y, k: int) -> str:
    """What the run's reading of sign(0) makes of a point of class y exactly at the kink k."""
    wrong = facts.wrong(k, int(y), trace.settings["sign_zero"], kink=k)
    return "counts it as a mistake" if wrong else "counts it as right"


def _gradient_words(trace, s, y, x) -> str:
    loss = trace.settings["loss"]
    if loss in ("perceptron", "hinge"):
        k = sgd_runs.kink(trace)
        if s.m < k:
            return f"−y·x̃ (m = {show(s.m, k)} < {k})"
        if s.m > k:
            return f"0 (m = {show(s.m, k)} > {k}: beyond the kink)"
        how = "" if sgd_runs.exact(trace) else f", decided {TOLERANCE.format(k=k)}"
        return (f"{'−y·x̃' if facts.wrong(k, int(y), trace.settings['sign_zero'], kink=k) else '0'} (m = {k}: the "
                f"kink{how}; the sidebar's sign(0) reading {reading(trace, y, k)})")
    if loss == "logistic":
        tail = sigmoid(-float(s.m))  # 1 − σ(m) = σ(−m) ≈ e⁻ᵐ: 0 in floats only where e⁻ᵐ underflows (m > 745)
        shown = num(tail) if tail > 0 else f"exp(−{num(s.m)}) (below the smallest float, not 0)"
        return f"−y·x̃·(1 − σ({num(s.m)})) = {par(-y)}·{shown}·x̃"
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
        rows.append(f"| {NAMES[loss]} | {show(s.m, sgd_runs.kink(trace))} | {show(s.loss)} | {_upd(loss, s)} |")
    return "\n".join(rows)


def endings(ends: dict) -> str:
    """How each run ends (``ends``: :func:`sgd_runs.endings`), in one line each, every fact computed from the run."""
    return "\n".join(f"- **{NAMES[loss]}**: " + _ending(loss, end, end.n, ends) for loss, end in ends.items())


def _count(k: int, what: str) -> str:
    return f"{k} point{plural(k)} {what}"


def kink_words(end) -> str:
    """The points exactly at the hinge's (or perceptron's) kink and what the reading of sign(0) makes of them."""
    if not end.at_kink:
        return ""
    k = 1 if end.loss == "hinge" else 0
    how = "" if end.exact else f" ({TOLERANCE.format(k=k)})"
    if end.kink_pulls == end.at_kink:
        return (f"{_count(end.at_kink, 'exactly at')} the kink y·wᵀx̃ = {k}{how}, which the sidebar's reading of "
                "sign(0) counts as a mistake")
    if end.kink_pulls == 0:
        return (f"{_count(end.at_kink, 'exactly at')} the kink y·wᵀx̃ = {k}{how}, which the sidebar's reading of "
                "sign(0) counts as right")
    return (f"{_count(end.at_kink, 'exactly at')} the kink y·wᵀx̃ = {k}{how}, of which the sidebar's reading of "
            f"sign(0) counts {end.kink_pulls} as a mistake (the other class's)")


def origin_words(end) -> str:
    if not end.origin:
        return ""
    return (f"{_count(end.origin, 'at the origin')} with the bias off (x̃ = 0), whose gradient is 0 whatever "
            "y·wᵀx̃ is")


def _ending(loss: str, end, n: int, e: dict) -> str:
    T = end.T
    if end.diverged:
        return (f"{words.diverged(T, bold=True)} η is too large for the squared loss here: a step "
                "multiplies the visited point's residual wᵀx̃ − y by 1 − 2η·‖x̃‖², beyond −1 where η·‖x̃‖² > 1, so "
                "it overshoots wᵀx̃ = y by more than it corrects, and here the overshoots grew.")
    moved = words.sgd_moved(T, end.moved, end.last_move, end.unseen)  # the sentences a notebook prints
    wrong = words.wrong_at_end(end.wrong, n)
    notes = "; ".join(v for v in (kink_words(end), origin_words(end)) if v)
    notes = f" ({notes})" if notes else ""
    if not end.still_moving:
        if loss == "perceptron":
            on = (f" ({_count(end.on_line, 'on the line')}, which the sidebar's reading of sign(0) counts as right)"
                  if end.on_line else "")
            why = (f"no point is wrong{on}, so every gradient is 0 and w will not move again" if not end.wrong else
                   f"every point is right or at the origin with the bias off{notes}, so every gradient is 0 and w "
                   "will not move again")
        elif loss == "hinge":
            why = (f"every point{' with x̃ ≠ 0' if end.origin else ''} has y·wᵀx̃ ≥ 1 (the smallest is "
                   f"{show(end.min_margin, 1)}{notes.replace(' (', '; ', 1)[:-1] if notes else ''}), so every "
                   "gradient is 0 and w will not move again")
        elif loss == "logistic":  # every x̃ = 0
            why = "every x̃ is 0, so every gradient is 0 and w will not move again"
        else:
            why = "every residual wᵀx̃ − y is 0 in floating point, so every step is 0 and w will not move again"
        return f"{moved}; {wrong}; {why}."
    left = f"{end.pushing} point{plural(end.pushing)} still pull{'s' if end.pushing == 1 else ''} on w"
    if end.pushing_right:
        left += f", {end.pushing_right} of {'it' if end.pushing == 1 else 'them'} already right"
    extra = ""
    if loss == "logistic":
        if end.norm_end == end.norm_half:
            extra = f"; ‖w‖ is {num(end.norm_end)} at step {T // 2} and at the end, as far as floating point tells"
        else:
            grew = "grew" if end.norm_end > end.norm_half else "fell"
            extra = f"; ‖w‖ {grew} from {num(end.norm_half)} (step {T // 2}) to {num(end.norm_end)}"
    if loss == "hinge":
        extra = f"; smallest y·wᵀx̃ = {show(end.min_margin, 1)}"
        left += f"{notes}"
    if loss == "perceptron":
        left += f"{notes}"
    if loss == "squared" and "perceptron" in e:
        p = e["perceptron"]
        extra = f" (the perceptron loss's run: {p.wrong})"
    if end.stuck:
        never = "mathematically the gradient is never 0" if loss == "logistic" else "its residuals are not 0"
        left += (f", but every step is now smaller than floating point can add to w, so this run's w no longer "
                 f"changes ({never})")
    return f"{moved}; {wrong}{extra}; {left}."
