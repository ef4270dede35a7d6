"""Check yourself, the questions several replayed lessons share: pure builders of
:class:`pla_lab.framework.checks.Question` from a run's cached trace and extras, its settings and the step shown. Each right
answer and reason is read off ``pla_core`` (the trace, ``predict``, ``count_mistakes``, the proof's R and ρ*);
nothing here solves an LP or calls Streamlit, so a Step stays cheap."""

from __future__ import annotations

import numpy as np

import pla_core
from pla_lab.framework.checks import Question
from pla_lab.words.text import num, plural, sub

_ORDER = {"cyclic": "in index order (#0, #1, …, then round again)",
          "permuted": "in the run's shuffled order (round and round)"}


def wrong_points(trace, t: int) -> np.ndarray:
    """Indices of the points wₜ gets wrong, as PLA judges them (a tie is wrong, unless sign(0) is "both")."""
    sz = trace.settings["sign_zero"]
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
    """"After update t+1, is y·wᵀx̃ for the corrected point larger or smaller?" (an update adds η‖x̃‖²)."""
    if t >= len(trace):
        return None
    i, eta, bias = int(trace.mistakes[t]), trace.settings["eta"], trace.settings["bias"]
    xt = np.concatenate([[1.0 if bias else 0.0], trace.X[i]])
    y = float(trace.y[i])
    before, after = y * trace.score(t), y * float(trace.weights[t + 1] @ xt)
    norm2 = float(xt @ xt)
    answer = 0 if after > before else 2 if after < before else 1
    why = (f"y·w{sub(t)}ᵀx̃ = {num(before)} and y·w{sub(t + 1)}ᵀx̃ = {num(after)}: the update adds "
           f"η‖x̃‖² = {num(eta)}·{num(norm2)} = {num(eta * norm2)}, which is never negative, so the score moves "
           "towards right" + (" (and the point is now right)." if after > 0 else
                              ", though point #%d is still wrong: one update may not be enough." % i))
    return Question("score_moves", f"Update {t + 1} corrects point #{i}. After it, is y·wᵀx̃ for point #{i} "
                    "larger or smaller than before?", ("Larger", "The same", "Smaller"), answer, why)


def at_cap(trace, separable: bool | None) -> str:
    """The end of a "stopped at the cap" reason: what the exact LP (``separable``; None: not asked) says of the lines
    this run can learn (through the origin, without a bias)."""
    line = "line" if trace.settings["bias"] else "line through the origin"
    return {True: f"; the exact LP finds a {line} that separates them, so more updates would halt it.",
            False: f"; the exact LP proves no {line} separates them, so no number of updates would."}.get(
        separable, ".")


def will_halt(trace, *, separable: bool | None, go: str = "Run") -> Question:
    """"Will this run halt?": from how the trace stopped, and the exact LP's answer the run's extras hold."""
    T, n, cap = len(trace), len(trace.y), trace.settings["max_updates"]
    left = int(trace.errors[-1])
    if trace.halted:
        why = f"It halts after {T} update{plural(T)}: w{sub(T)} gets all {n} points right, so a line separates them."
    elif trace.cycle:
        s, p = trace.cycle
        why = (f"From update {s} the weights repeat every {p} update{plural(p)}, so it never halts: "
               f"w{sub(T)} still gets {left} of {n} points wrong.")
    else:
        why = f"It stops at the cap of {cap:,} updates with {left} of {n} points still wrong" + at_cap(trace, separable)
    if trace.cycle and separable is False:
        why += " The exact LP proves no line separates these points."
    return Question("halts", f"Will this run halt, with every point right, within its cap of {cap:,} updates? "
                    f"Press **{go}** to see.", ("Yes, it halts", "No, it never gets every point right"),
                    0 if trace.halted else 1, why)
