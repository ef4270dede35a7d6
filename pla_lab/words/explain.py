"""The words and numbers beside the plot, as Markdown (no Streamlit, no Plotly)."""

from __future__ import annotations

import numpy as np

from pla_core import facts, radius_bound, words
from pla_core.geometry import clip_line, off_box
from pla_core.words import exactly, reached, written
from pla_lab.words import halt_words
from pla_lab.words.text import clean_weights, exact, num, sub, term, vec


def ahead(go: str = "Run") -> str:
    """How a verdict not reached yet is labelled: what is coming, and the button that gets there."""
    return f"(press **{go}** to see it)"


def cap_reason(separable: bool | None, *, space: str = "line", bias: bool = True,
               with_bias: bool | None = None) -> str:
    """Why a run stopped at the cap, from the exact LP (``separable``: True, False, or None when it cannot say) for
    the run's own ``bias`` setting: without a bias only lines through the origin were tested, and ``with_bias``
    (the LP with a bias, or None) says what a bias would change."""
    space = space if bias else f"{space} through the origin"
    if separable is False:
        tail = "" if bias or with_bias is None else (
            f"; with a bias (*Learn a bias b* on) {'a' if with_bias else 'still no'} {space.split()[0]} "
            f"separates them")
        return f"no {space} separates these points (an {term('exact LP')} says so): PLA would never halt{tail}"
    if separable:
        return f"a {space} separates them, PLA needs more than the cap: raise it in the sidebar"
    return f"either no {space} separates these points, or PLA needs more updates than the cap"


def not_yet(separable: bool | None, *, space: str = "line", bias: bool = True) -> str:
    """At the cap: PLA alone cannot tell "no line separates them" from "not yet" (the credit-card notes); which of
    the two the app's exact LP answered (``separable``), or that it could not settle it (None). No final stop."""
    space = space.split()[0] + ("" if bias else " through the origin")
    said = "cannot settle it here" if separable is None else f"answered “{'not yet' if separable else f'no {space}'}”"
    return f"PLA alone cannot tell “no {space} separates them” from “not yet”; the app's exact LP {said}"


def verdict(trace, t: int, *, separable: bool | None = None, go: str = "Run", with_bias: bool | None = None) -> str:
    """One line on how the whole run ends: as a fact once step t has got there, before that as what is coming
    (:func:`pla_core.words.verdict`, the sentence a notebook prints, with the page's bold, "press Run" and reasons).
    ``separable`` (the exact LP, computed with the run) says why a run stopped at the cap; ``with_bias``, for a run
    without a bias, whether a bias would make the points separable."""
    if trace.halted or trace.cycle:
        tail = halt_words.short(halt_words.end(trace)) if trace.halted and reached(trace, t) else ""
        return words.verdict(trace, t, bold=True, ahead=ahead(go)) + tail
    bias = trace.settings["bias"]
    why = f"{cap_reason(separable, bias=bias, with_bias=with_bias)}. {not_yet(separable, bias=bias)}"
    return words.verdict(trace, t, bold=True, ahead=ahead(go), why=why)


#: Where a line off the plot lies, by compass point from the plot's middle (0 = east, counter-clockwise).
DIRECTIONS = ("to the right", "to the upper right", "above", "to the upper left", "to the left", "to the lower left",
              "below", "to the lower right")
ARROW_SPAN = 0.22  # the longer of w and w + update is drawn this fraction of the view's shorter side (pose.js)


def octant(d) -> int:
    """The compass point nearest direction d, 0 = east … 7 = south-east (geometry.js's octant)."""
    return int(np.floor(np.arctan2(d[1], d[0]) / (np.pi / 4) + 0.5)) % 8


def line_words(w, view) -> str | None:
    """Why no line is drawn for w, or where its line lies when it misses the view (the plot's note at the edge);
    None when the line is on the plot. The lifted XOR weights (4 numbers) are drawn as a curve: None."""
    w = [float(v) for v in w]
    if len(w) != 3:
        return None
    if w[1] == 0 and w[2] == 0:
        if w[0] == 0:
            return "no line: w = 0, so wᵀx̃ = 0 at every point and no side is +1 or −1"
        return f"no line: w₁ = w₂ = 0, so every point gets sign(b) = {'+1' if w[0] > 0 else '−1'}"
    d = off_box(w, view)
    return None if d is None else f"its line lies off the plot, {DIRECTIONS[octant(d)]} (marked at the edge)"


def arrows(trace, t: int, view):
    """(wₜ, the tips of w and of w + update drawn from the arrows' start, the scale) as pose.js's restPose draws
    them: the longer of the two is ARROW_SPAN of the view's shorter side. None for w of 4 numbers or with no arrow."""
    if trace.weights.shape[1] != 3:
        return None
    w = clean_weights(trace.weights[t], trace.settings["eta"], radius_bound(trace.X, trace.settings["bias"]))
    tips = [w[1:]]
    if t < len(trace):
        tips.append(w[1:] + trace.updates[t][1:])
    m = max(float(np.hypot(*v)) for v in tips)
    if m == 0:
        return None
    s = ARROW_SPAN * min(view[1] - view[0], view[3] - view[2]) / m
    return w, [v * s for v in tips], s


def arrow_scale(trace, t: int, view) -> float | None:
    """The scale the arrows of step t are drawn at (None: no arrow is drawn)."""
    a = arrows(trace, t, view)
    return None if a is None else a[2]


def arrows_on_line(trace, t: int, view) -> bool:
    """Whether w's arrow starts on its line (pose.js anchorOf): iff some point of the line leaves room for w and
    w + update inside the view, less an inset of 4% of its shorter side. True when no arrow or no line is drawn."""
    a = arrows(trace, t, view)
    if a is None or not np.any(a[0][1:]):
        return True
    m = 0.04 * min(view[1] - view[0], view[3] - view[2])
    xs, ys = [0.0] + [v[0] for v in a[1]], [0.0] + [v[1] for v in a[1]]
    ok = (view[0] + m - min(xs), view[1] - m - max(xs), view[2] + m - min(ys), view[3] - m - max(ys))
    return ok[0] < ok[1] and ok[2] < ok[3] and clip_line(a[0], ok) is not None


def scale_text(s: float) -> str:
    """A scale as the legend writes it: 2 significant digits, as JavaScript prints the number (marks.js fmt)."""
    return np.format_float_positional(float(f"{s:.2g}"), trim="-")


def mark_words(trace, t: int, layers, view) -> list[str]:
    """What :func:`showing` says of the marks at step t, for a lesson with its own line: where the line is when it
    is off the plot (or why there is none), and the arrows' scale."""
    where = line_words(trace.weights[t], view) if "boundary" in layers else None
    scale = arrow_scale(trace, t, view) if "w" in layers else None
    if scale is None:
        return [where] if where else []
    beside = "" if where or arrows_on_line(trace, t, view) else ", w beside its line to keep them on the plot"
    return [where] * bool(where) + [f"arrows drawn ×{scale_text(scale)}{beside}"]


def showing(trace, t: int, layers, view=None) -> str:
    """What the plot draws at step t, in one plain line (the plot's alt text says it too): which w the solid line
    is, which the dashed grey one, and which update the circle and the dashed arrow belong to; with the ``view``,
    where the line is when it is off the plot (or why there is none), and the arrows' scale. ``layers``: the
    moving layers drawn (:data:`pla_lab.framework.protocol.MOVING_LAYERS`)."""
    T = len(trace)
    head = f"Showing w{sub(t)} " + ("(the start, before any update)" if t == 0 else
                                   f"(after update {t}{', the last' if t == T else ''})")
    if "pocket" in layers:
        head += f" and the pocket ŵ{sub(t)}"
    parts = [head]
    if "ghost" in layers and t > 0:
        parts.append(f"dashed grey: w{sub(t - 1)}")
    if t < T:
        used = [int(i) for i in trace.used(t)]
        who = (f"point #{used[0]}" if len(used) == 1 else
               f"{len(used)} points (#" + ", #".join(map(str, used[:4])) + (", …" if len(used) > 4 else "") + ")")
        marks = [m for m, on in (("circled", "circle" in layers),
                                 ("dashed arrow", "update" in layers and trace.weights.shape[1] == 3)) if on]
        parts.append(f"next: update {t + 1} corrects {who}" + (f" ({', '.join(marks)})" if marks else ""))
    elif trace.halted:
        parts.append("no mistake left" + (", nothing circled" if "circle" in layers else ""))
    else:
        parts.append("the run stops here, at the cap" + (", nothing circled" if "circle" in layers else ""))
    return " · ".join(parts + (mark_words(trace, t, layers, view) if view is not None else []))


#: Which dashed arrow draws the update's feature part: the plot's, or for the XOR lift's (x₁, x₂, x₁x₂) the 3-D view's.
_DASHED = ("The dashed arrow", "In the 3-D view (**Show the lifted points in 3-D**), the dashed arrow from w's tip")


def step_numbers(trace, t: int) -> str:
    """t, wₜ, the mistake and the substituted update wₜ₊₁ = wₜ + η·yₙ·x̃ₙ, mistakes left, halting."""
    p = step_parts(trace, t)
    return "  \n".join([p.pop("t"), p.pop("mistakes"), "", *p.values()])


def step_parts(trace, t: int) -> dict[str, str]:
    """:func:`step_numbers`'s lines by name: t, mistakes, then next, score, update, arrow, gain (or end). The facts
    are :mod:`pla_core.words`' sentences (a notebook prints the same), in the page's bold; arrow and gain are the
    page's own."""
    T = len(trace)
    lines = {"t": words.head(trace, t, bold=True), "mistakes": words.mistakes(trace, t, bold=True)}
    if t < T:
        eta, bias = exactly([trace.settings["eta"]])[0], trace.settings["bias"]
        w, w_next = written(trace, t), written(trace, t + 1)
        i = int(trace.mistakes[t])
        x, y = exactly(trace.X[i]), int(trace.y[i])
        lines.update(
            next=words.next_mistake(trace, t, bold=True), score=words.score(trace, t, bold=True),
            update=words.update(trace, t, bold=True),
            arrow=(f"{_DASHED[len(x) == 3]} draws the feature part η·y·x = {vec(eta * y * v for v in x)}; the "
                   f"bias b changes by η·y·1 = {num(eta * y)} (from {num(w[0])} to {num(w_next[0])})." if bias else
                   f"{_DASHED[len(x) == 3]} draws η·y·x = {vec(eta * y * v for v in x)}; with no bias, b stays 0."),
            gain=score_words(trace, t))
    elif trace.halted:
        e = halt_words.end(trace)
        lines["end"] = f"{'✅' if e.separates else '⚠️'} {words.ending(trace, bold=True)} {halt_words.halted(e)}"
    else:
        lines["end"] = f"{'🔁' if trace.cycle else '⏹'} {words.ending(trace, bold=True)}"
    return lines


def score_words(trace, t: int) -> str:
    """What update t+1 does to the score of the point it corrects: y·wₜᵀx̃ + η‖x̃‖² = y·wₜ₊₁ᵀx̃, with the run's
    numbers (exact on grid data), and whether the run's own reading of sign(0) counts that point right now. With
    x̃ = 0 (no bias, a point at the origin) the update adds nothing: that point is a mistake for every w."""
    before, gain, after = trace.score_gain(t)
    i, sz = int(trace.mistakes[t]), trace.settings["sign_zero"]
    y = int(trace.y[i])
    if gain == 0:  # η > 0, so ‖x̃‖ = 0: bias off and the point at the origin
        return (f"**The update changes nothing:** with no bias, point #{i} at the origin has x̃ = 0, so η·y·x̃ = 0 "
                f"and w{sub(t + 1)} = w{sub(t)}. Its score y·wᵀx̃ is 0 for every w, a tie this reading of sign(0) "
                f"counts as a mistake for a {'○' if y > 0 else '×'}, so it stays a mistake whatever PLA does: "
                "PLA can never halt on these points.")
    before, after = settled(trace, t, before), settled(trace, t + 1, after)  # off the grid, a tie shows as 0
    if after != 0:
        side = "now > 0: on its right side" if after > 0 else "still < 0: still a mistake, one update was not enough"
    else:
        side = "now 0, a tie, which this reading of sign(0) counts as " + (
            "a mistake: one update was not enough" if facts.wrong(after, y, sz) else "right: no longer a mistake")
    return (f"**The score rises by η‖x̃‖²:** y·w{sub(t)}ᵀx̃ + η‖x̃‖² = {exact(before)} + {exact(gain)} = "
            f"**{exact(after)}** = y·w{sub(t + 1)}ᵀx̃ ({side}).")


def settled(trace, t: int, m):
    """A score m of wₜ as the run judges it: exact on grid data (a Fraction, returned as it is); a float off the
    grid is 0 within :data:`pla_core.facts.TIE`·‖wₜ‖·R of 0 (the run's tie band)."""
    if not isinstance(m, float):
        return m
    w = trace.weights[t]
    band = facts.TIE * float(np.sqrt(w @ w)) * radius_bound(trace.X, trace.settings["bias"])
    return 0.0 if abs(m) <= band else m
