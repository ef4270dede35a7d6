"""The words and numbers of the lesson "Why PLA halts", as Markdown (no Streamlit, no Plotly). Every number is a
``pla_core`` value (see :mod:`pla_lab.lessons.halts.halts_proof`)."""

from __future__ import annotations

import numpy as np

import pla_core
from pla_core import facts as exact
from pla_core import words
from pla_lab.api import count, explain, halt_words, notes, num, plural, sub, term, vec

GUIDE = f"""
**The proof in one picture** ({notes.CREDIT.name}). Fix any line that separates the points, with weights
u of unit length (the notes write w with a subscript f; the chart uses w\\* or f, as **Prove against** says). Every
update adds yₙx̃ₙ of a mistake, so ① uᵀwₜ grows by at least ρ each time (ρ: u's {term("margin ρ", "margin")}) while
② ‖wₜ‖² grows by at most {term("R")}² (a mistake has yₙwₜᵀx̃ₙ ≤ 0). So ③ cos∠(u, wₜ) = uᵀwₜ/‖wₜ‖ ≥ tρ/(√t·R) = √t·ρ/R,
and a cosine is at
most 1: **t ≤ R²/ρ²**. The chart draws the three quantities (solid) and their bounds (dashed) as PLA runs.

**Try this.**
1. Press **Run** and read the verdict: PLA halts long before the bound. The bound is a guarantee, not a forecast.
2. Load the *narrow margin* example: {term("ρ*")} shrinks, the bound explodes; the chart's ③ curve creeps up more
   slowly.
3. Switch **Prove against** to f: the proof holds for f too, with f's smaller margin, so a looser bound.
   {notes.CREDIT.Of} point: ρ depends on a separating line "which we never have"; ρ* is the best any line can give.
4. Compare the two margins: PLA stops at its first w that makes no mistake, not at w\\*, the line of the best margin
   ({notes.PRESS.name}).
5. Click points away until none of one class is left, or add a × among the ○: read what the page says.
"""

CREDIT = (f"**The bias is a weight** ({notes.CREDIT.name}): the bank approves when 0.8·years + salary exceeds a "
          "threshold "
          "t = 7. Writing w₀ = −t and adding the input x₀ = 1 gives wᵀx̃ = −7·1 + 0.8·years + 1·salary: the "
          "threshold became an ordinary weight, and the line in the plane is where the plane wᵀx̃ = 0, through the "
          "origin of (x₀, x₁, x₂), cuts the sheet x₀ = 1.")


def numbers(proof, trace, t: int, *, go: str = "Run") -> str:
    """R, ρ*, the bound, t and T, each with one line saying what it is; why the bound does not apply, if not; how
    the run ends, as a fact once step t has got there (before that, as what is coming: ``go`` gets there)."""
    bias = trace.settings["bias"]
    xt = "x̃ = (1, x₁, x₂)" if bias else "x̃ = (0, x₁, x₂) (no bias is learned)"
    T = len(trace)
    lines = [f"**In augmented space**, {xt}: each update adds the whole η·yₙ·x̃ₙ, bias input included, so the "
             "proof measures lengths there.",
             f"- {words.proof_R(proof.R, bold=True)}"]  # pla_core.words: the sentences a notebook prints
    if not proof.separable:
        lines += ["", f"⛔ {proof.why_not}"]
        return "\n".join(lines)
    lines += [f"- {words.proof_rho(proof.rho_star, len(proof.support), bold=True, mark=' (ringed)')} {AUGMENTED}",
              f"- {words.proof_bound(proof.bound_star, bold=True)}"]
    if proof.which == "f":
        lines.append(f"- Against **f**: f's margin ρ = {num(proof.rho_f)}, so R²/ρ² = **{num(proof.bound_f)}**: a true "
                     "bound too, but looser; ρ depends on the separator chosen, and f is the one we never have.")
    lines.append(f"- **t = {t}** of T = {T}.")
    lines += [f"- {x}" for x in outcome(proof, trace, t, go=go)]
    return "\n".join(lines)


def outcome(proof, trace, t: int, *, go: str = "Run") -> list[str]:
    """How the run ends beside what the proof allows (a fact once step t has got there, before that what is coming),
    or why the bound does not apply; and the proof's note, if any."""
    T = len(trace)
    if proof.why_not:
        lines = [f"⚠️ {proof.why_not}"]
    elif trace.halted and t >= T:
        e = halt_words.end(trace)
        lines = [f"{'✅' if e.separates else '⚠️'} **Halted after {T} update{plural(T)}; the proof allowed "
                 f"{allowed(proof)}.**" + ("" if e.separates else " " + halt_words.halted(e))]
    elif trace.halted:
        lines = [f"This run halts after **{T}** update{plural(T)} {explain.ahead(go)}; the proof allows "
                 f"{allowed(proof)}."]
    else:
        lines = [f"⏹ {'Stopped' if t >= T else 'This run stops'} at the cap of {count(T, 'update')} before halting"
                 f"{'' if t >= T else ' ' + explain.ahead(go)}; the proof allows {allowed(proof)}: "
                 "raise the cap in the sidebar."]
    return lines + ([proof.note] if proof.note else [])


def present(proof, trace, t: int, *, go: str = "Run") -> str:
    """Presenter mode's numbers: t and T, R, ρ*, the bound (f's too, when the proof runs against f), and how the run
    ends beside what the proof allows; the pieces of :func:`numbers`, without their explanations."""
    lines = [f"**t = {t}** of T = {len(trace)}"]
    if not proof.separable:
        return "  \n".join(lines + [f"**R = {num(proof.R)}** · ⛔ {proof.why_not}"])
    lines.append(f"**R = {num(proof.R)}** · **ρ\\* = {num(proof.rho_star)}** · "
                 f"**R²/ρ\\*² = {num(proof.bound_star)}**")
    if proof.which == "f":
        lines.append(f"Against **f**: ρ = {num(proof.rho_f)}, R²/ρ² = **{num(proof.bound_f)}**")
    return "  \n".join(lines + outcome(proof, trace, t, go=go))


#: Why the proof's margin is the augmented one, said once beside ρ*.
AUGMENTED = ("It is measured in augmented space, the bias b counted as a weight (‖w\\*‖ = ‖(b, w₁, w₂)‖ = 1), where "
             f"the updates add up and the proof measures ‖wₜ‖; so the {term('street')} drawn around w\\*'s line is "
             "in general not the plane's widest one (that margin leaves b out of ‖w‖).")


def allowed(proof) -> str:
    """⌊R²/ρ²⌋ in full: the most updates the proof allows, exact on grid data (a count is whole)."""
    a = proof.allowed
    return f"{a:,}" if isinstance(a, int) else num(a)


def margins(proof, trace, t: int) -> str:
    """PLA's margin at step t beside w*'s, in augmented space and in the plane (pla_core.words' table, which a
    notebook prints), and what the two columns mean."""
    if not proof.separable:
        return ""
    X, y, bias = trace.X, trace.y, trace.settings["bias"]
    w = trace.weights[t]
    return "\n".join([
        words.margins_table(trace, t, proof.w_star, bold=True),
        "",
        RELATION,
        *([f"For PLA's w{sub(t)}: {relation(w, X, y, bias)}."] if np.any(w[1:]) else []),
        *([] if not trace.halted else [_widest(halt_words.end(trace), seen=t >= len(trace),
                                               on_star=on_best_line(trace, proof))]),
    ])


RELATION = ("Both columns divide the same smallest score minₙ yₙwᵀx̃ₙ: ρ by ‖(b, w₁, w₂)‖, the distance in the plane "
            "by ‖(w₁, w₂)‖, which is never larger. So the two have the same sign, and the distance is never smaller "
            "in size: at least ρ when w separates (both positive), at most ρ when a point is on the wrong side "
            "(both negative).")


def relation(w, X, y, bias: bool) -> str:
    """Which case of :data:`RELATION` w is in, from its smallest score (w with a line only)."""
    m = pla_core.margin(w, X, y, bias=bias)  # its sign is the smallest score's, exactly 0 for a point on the line
    if m > 0:
        return "both positive (w separates), so the distance is at least ρ"
    if m < 0:
        return "both negative (a point on the wrong side), so the distance is at most ρ"
    return "a point lies on the line, so both are 0"


def on_best_line(trace, proof) -> bool | None:
    """Whether the run's last w is a positive multiple of w* (the same line, the same sides), decided exactly: the
    unit w with the best margin is unique, so w_T is w*'s direction iff its margin squared, (minₙ yₙw_Tᵀx̃ₙ)²/‖w_T‖²
    with that minimum positive, equals ρ*² = R²/(R²/ρ*²). None off the grid (not decided)."""
    m, w = exact.scores(trace, len(trace)), exact.weights(trace, len(trace))
    R2 = exact.radius2(trace.X, bias=trace.settings["bias"])
    if m is None or w is None or R2 is None or proof.exact_star is None:
        return None
    low, norm2 = min(m), sum(v * v for v in w)
    return low > 0 and low * low / norm2 == R2 / proof.exact_star


def _widest(e, *, seen: bool, on_star: bool | None = None) -> str:
    """What the halted run ends with: a separating line (w*'s, as decided exactly, or not), or none (why, until the
    verdict says it)."""
    if e.separates:
        if on_star:
            return ("PLA halts on w\\*'s own line here: its last w is a positive multiple of w\\*, so its margin is "
                    f"ρ\\* exactly. PLA does not aim for it: it stops at its first w with no mistake "
                    f"({notes.PRESS.name}).")
        if on_star is False:
            return (f"PLA halts with *a* separating line, not w\\*'s: its margin is below ρ\\* ({notes.PRESS.name}).")
        return f"PLA halts with *a* separating line, not necessarily w\\*'s ({notes.PRESS.name})."
    return "This run halts without a separating line" + (" (its verdict above says why)." if seen else
                                                         ": " + halt_words.halted(e, "its last w"))


def geometry(w, t: int, points, pick) -> str:
    """The handwritten notes' hyperplane geometry of wₜ: unit normal, offset, and the chosen point's signed distance."""
    if not np.any(w[1:3]):
        return f"w{sub(t)} = {vec(w)} has no line yet (w₁ = w₂ = 0), so no normal and no distances."
    n = pla_core.unit_normal(w[:3])
    off = pla_core.offset(w[:3])
    lines = [f"**Geometry of w{sub(t)}** ({notes.HAND.name}): unit normal ŵ = (w₁, w₂)/‖(w₁, w₂)‖ = {vec(n)}; "
             f"b/‖(w₁, w₂)‖ = {num(off)}, the origin's signed distance from the line (it is on the "
             f"{'+1' if off > 0 else '−1' if off < 0 else 'line, on neither'} side)."]
    if pick is not None and 0 <= pick < len(points):
        p = points[pick]
        d = float(pla_core.signed_distance(w[:3], [p[:2]])[0])
        side = "+1" if d > 0 else "−1" if d < 0 else "neither"
        lines.append(f"Point #{pick} at {vec(p[:2])}: signed distance (wᵀx̃)/‖(w₁, w₂)‖ = **{num(d)}**, on the "
                     f"{side} side; its label is {'+1' if p[2] > 0 else '−1'}.")
    return "  \n".join(lines)
