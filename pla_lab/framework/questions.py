"""Check yourself, the questions several replayed lessons share: pure builders of
:class:`pla_lab.framework.checks.Question` from a run's cached trace and extras, its settings and the step shown.
Each right answer and reason is read off ``pla_core`` (the trace, and :mod:`pla_core.facts`: exact scores and the
mistake rule on grid data, with the run's reading of sign(0)). Nothing here calls Streamlit, and only one case
solves an LP: a run that halts without a separating line (w = 0, or ties counted right), where the words say whether
a line separates the points, exactly (:func:`pla_lab.words.halt_words.separable`, ~50 ms)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

import pla_core
from pla_core import facts
from pla_lab.framework.checks import Question
from pla_lab.words import explain, halt_words
from pla_lab.words.text import count, exact, num, plural, sub

_ORDER = {"cyclic": "in index order (#0, #1, …, then round again)",
          "permuted": "in the run's shuffled order (round and round)"}


def wrong_points(trace, t: int) -> np.ndarray:
    """Indices of the points wₜ gets wrong, as PLA judges them (a tie is wrong, unless sign(0) is "both"): from the
    exact scores on grid data (:func:`pla_core.facts.scores`), else from ``predict``'s tie band."""
    sz = trace.settings["sign_zero"]
    m = facts.scores(trace, t)
    if m is not None:
        return np.array([n for n, v in enumerate(m) if facts.wrong(v, trace.y[n], sz)], dtype=np.int64)
    pred = pla_core.predict(trace.weights[t], trace.X, bias=trace.settings["bias"], sign_zero=sz)
    return np.flatnonzero((pred != trace.y) & ~((pred == 0) & (sz == "both")))


def next_point(trace, t: int) -> Question | None:
    """"Which point will update t+2 correct?": the one after the circled one (update t+1's is on the plot), for a
    run that visits the points in a fixed order."""
    u, order = t + 1, trace.settings["order"]
    if u >= len(trace) or order not in _ORDER or trace.settings.get("margin", 0):
        return None
    i, wrong = int(trace.mistakes[u]), [int(k) for k in wrong_points(trace, u)]
    others = [k for k in wrong if k != i][:3]
    right = [k for k in range(len(trace.y)) if k not in wrong]
    picks = sorted({i, *others, *right[:max(0, 2 - len(others))]})  # three choices at least, where there are
    if len(picks) < 2:
        return None
    shown = ", ".join(f"#{k}" for k in wrong[:8]) + (", …" if len(wrong) > 8 else "")
    c = int(trace.mistakes[t])
    why = (f"Update {u} corrects point #{c} (circled), which gives w{sub(u)}; w{sub(u)} gets {len(wrong)} "
           f"point{plural(len(wrong))} wrong ({shown}). PLA goes through the points {_ORDER[order]}, carrying on "
           f"after point #{c}; the first wrong one it meets is point #{i}, with y·w{sub(u)}ᵀx̃ = "
           f"{num(float(trace.y[i]) * trace.score(u))} ≤ 0.")
    return Question("next_point", f"Update {u} corrects the circled point #{c}. Which point will update {u + 1} "
                    "correct?", tuple(point(trace, k) for k in picks), picks.index(i), why)


def point(trace, k: int) -> str:
    """A point as the student finds it on the plot: its number, its class's mark and where it is."""
    x = trace.X[k]
    return f"point #{k}: {'○' if trace.y[k] > 0 else '×'} at ({num(x[0])}, {num(x[1])})"


def score_moves(trace, t: int) -> Question | None:
    """"After update t+1, is y·wᵀx̃ for the corrected point larger or smaller?" (an update adds η‖x̃‖², exact on
    grid data: 0 only for x̃ = 0, a point at the origin with the bias off)."""
    if t >= len(trace):
        return None
    i, eta, bias = int(trace.mistakes[t]), trace.settings["eta"], trace.settings["bias"]
    xt = np.concatenate([[1.0 if bias else 0.0], trace.X[i]])
    before, gain, after = trace.score_gain(t)
    before, after = explain.settled(trace, t, before), explain.settled(trace, t + 1, after)
    if gain == 0:  # η > 0, so x̃ = 0
        answer = 1
        why = (f"Point #{i} is at the origin and the bias is off, so x̃ = 0: the update adds η·y·x̃ = 0, "
               f"w{sub(t + 1)} = w{sub(t)}, and y·wᵀx̃ stays 0, which this reading of sign(0) counts as a mistake "
               "for every w: PLA corrects it again and again and never halts.")
    else:
        answer = 0  # η‖x̃‖² > 0
        sz, y = trace.settings["sign_zero"], trace.y[i]
        now = ("now right" if after > 0 else "now a tie, which this reading of sign(0) counts as right"
               if not facts.wrong(after, y, sz) else "")
        eta_q = facts.rational(eta)
        norm2 = gain / eta_q if isinstance(gain, Fraction) and eta_q else float(xt @ xt)
        why = (f"y·w{sub(t)}ᵀx̃ = {exact(before)} and y·w{sub(t + 1)}ᵀx̃ = {exact(after)}: the update adds "
               f"η‖x̃‖² = {exact(eta_q) if eta_q else num(eta)}·{exact(norm2)} = {exact(gain)}, which is positive "
               "(x̃ ≠ 0), so the score rises"
               + (f" (and the point is {now})." if now else
                  f", though point #{i} is still wrong: one update may not be enough."))
    return Question("score_moves", f"Update {t + 1} corrects point #{i}. After it, is y·wᵀx̃ for point #{i} "
                    "larger or smaller than before?", ("Larger", "The same", "Smaller"), answer, why)


def at_cap(trace, separable: bool | None) -> str:
    """The end of a "stopped at the cap" reason: what the exact LP (``separable``; None: not asked) says of the lines
    this run can learn (through the origin, without a bias)."""
    line = "line" if trace.settings["bias"] else "line through the origin"
    return {True: f"; the exact LP finds a {line} that separates them, so more updates would halt it.",
            False: f"; the exact LP proves no {line} separates them, so no number of updates would."}.get(
        separable, ".")


def will_halt(trace, *, separable: bool | None, go: str = "Run", space: str | None = None) -> Question:
    """"Will this run halt?": from how the trace stopped, and the exact LP's answer the run's extras hold. A halt
    says a line (``space``: "line" for points in the plane) separates the points only when the halted w draws one
    with every point strictly on its side (exact on grid data); otherwise the exact test says whether one does."""
    T, n, cap = len(trace), len(trace.y), trace.settings["max_updates"]
    left = int(trace.errors[-1])
    space = space or ("line" if trace.X.shape[1] == 2 else "hyperplane")
    space = space if trace.settings["bias"] else f"{space} through the origin"
    if trace.halted:
        e = halt_words.end(trace)
        why = f"It halts after {T} update{plural(T)}: w{sub(T)} makes no mistake on the {n} point{plural(n)}"
        if e.separates:
            why += f", each strictly on its own side, so a {space} separates them."
        else:
            if e.line:
                how = (f"{e.ties} point{plural(e.ties)} {'lies' if e.ties == 1 else 'lie'} on its boundary "
                       "(wᵀx̃ = 0), a tie this reading of sign(0) counts as right")
            elif e.w[0] == 0:
                how = (f"w{sub(T)} = 0 draws no boundary: every point is a tie (wᵀx̃ = 0), which this reading of "
                       "sign(0) counts as right")
            else:
                how = (f"w{sub(T)} has every feature weight 0 and draws no boundary: every point gets sign(b) = "
                       f"{'+1' if e.w[0] > 0 else '−1'}, its label")
            why += (f", but only because {how}. So this halt does not show that a {space} separates them: "
                    f"{halt_words.apart(halt_words.separable(trace), space)}.")
    elif trace.cycle:
        s, p = trace.weight_cycle  # the weights' first repeat, as explain.verdict names it
        why = (f"From update {s} on the weights repeat every {count(p, 'update')} (w{sub(s + p)} = w{sub(s)}), so it "
               f"never halts: w{sub(T)} still gets {left} of {count(n, 'point')} wrong.")
    else:
        why = (f"It stops at the cap of {count(cap, 'update')} with {left} of {count(n, 'point')} still wrong"
               + at_cap(trace, separable))
    if trace.cycle and separable is False:
        why += f" The exact LP proves no {space} separates these points."
    return Question("halts", f"Will this run halt, with every point right, within its cap of {count(cap, 'update')}? "
                    f"Press **{go}** to see.", ("Yes, it halts", "No, it never gets every point right"),
                    0 if trace.halted else 1, why)
