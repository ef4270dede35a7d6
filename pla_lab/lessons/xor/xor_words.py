"""The words of the lesson XOR: the cycle, the certificate and the lift, as Markdown (no Streamlit, no Plotly)."""

from __future__ import annotations

from fractions import Fraction

import pla_core
from pla_core import facts, words
from pla_lab.api import (ahead, cap_reason, clean_weights, count, explain, halt_words, not_yet, notes, num, plural,
                         reached, scale_text, sub, term, vec)


def cycle_text(trace, t: int, *, separable: bool | None = None, go: str = "Run") -> str:
    """Why cyclic PLA never halts here, in the weights: the state repeats (as what is coming until step t has got
    to the first repeat). ``separable``: the exact LP, for a run stopped at the cap without a repeat."""
    T, seen = len(trace), reached(trace, t)
    if trace.halted:
        e = halt_words.end(trace)  # a halt at w = 0 or with points on the line separates nothing
        mark, but = ("✅" if e.separates else "⚠️"), halt_words.short(e)
        if seen:
            return (f"{mark} **PLA halts** after {T} update{plural(T)}: a full pass finds no mistake, so there is no "
                    f"cycle to show.{but}")
        return f"{mark} **This run halts** after {T} update{plural(T)} {ahead(go)}, so there is no cycle to show.{but}"
    if trace.cycle is None:
        if trace.settings.get("order") == "random":
            return ("🎲 With **random order** the weights need not repeat exactly; set the order to cyclic to see "
                    "the cycle. PLA still never halts.")
        if separable:
            return (f"⏹ {'Stopped' if seen else 'This run stops'} at the cap of {count(T, 'update')} before halting"
                    f"{'' if seen else ' ' + ahead(go)}: {cap_reason(True)}. {not_yet(True)}.")
        return (f"⏹ No repeat found within the cap of {count(T, 'update')}. On points that lie on a grid (every "
                "point here is snapped to one) visited in a fixed order, a run that never halts always comes "
                "back to a state it was in and cycles, but the period can be long: raise the cap in the "
                "sidebar, or use a coarser grid (the "
                f"noisy XOR examples are snapped to 0.1). For real-valued points {notes.HAND.of} claim can "
                "fail: the weights need never repeat exactly, although PLA still never halts.")
    if not seen:  # pla_core.words.cycle: the sentences a notebook prints
        then = f" **Replay one period** plays {'them' if trace.weight_cycle == trace.cycle else 'the weights’ period'}."
        said = words.cycle(trace, t, bold=True, then=then)
        return f"🔁 **This run cycles** {ahead(go)}: {said[0].lower()}{said[1:]}"
    then = " Press **Replay one period** to watch the boundary come back to where it was."
    return f"🔁 **The weights cycle.** {words.cycle(trace, t, bold=True, then=then)}"


def _frac(v: float) -> str:
    for d in (1, 2, 3, 4, 5, 6, 8, 10, 12):
        if abs(v * d - round(v * d)) < 1e-6:
            k = round(v * d)
            return str(k) if d == 1 else f"{k}/{d}"
    return f"{v:.3g}"


def certificate_text(sep, points, meet, halted: bool = False, *, seen: bool = True, go: str = "Run",
                     separable: bool | None = None, end=None) -> str:
    """The LP's Farkas certificate in words a student reads: two weighted averages that coincide at ``meet``
    (``Separability.meeting_point``; None without a bias, where the certificate is a weighted sum instead).
    ``halted``: the run halts, ``seen``: the step shown has got there; ``separable``: whether a line separates the
    points, decided exactly (:func:`separable`; None: the LP's ``sep.separable``); ``end``: the halted run's
    :func:`~pla_lab.words.halt_words.end`, to say why it halted on points no line separates."""
    separable = sep.separable if separable is None else separable
    if halted and separable is False:
        # A halt on points no line separates: ties counted right (w = 0 under "both", or points on w's line).
        how = (halt_words.no_line(end, "the last w") if end is not None and not end.line else
               "some points lie *on* its line (wᵀx̃ = 0), ties, and the reading of sign(0) in use counts them as "
               "right")
        return (("PLA halted" if seen else f"This run halts {ahead(go)},") +
                f" although **no line puts every point strictly on its side** (exact): {how}. Set “When wᵀx̃ = 0 "
                "exactly” to count a tie as a mistake for both classes (y·wᵀx̃ ≤ 0), and PLA never halts here.")
    if separable:
        return ("✅ **A line separates these points** (found by linear programming), so PLA halts on them and "
                "there is no certificate to show.")
    if sep.certificate is None:
        return ("**No line separates these points** (exact), but the LP's certificate sits at the solver's "
                "tolerance, so none is drawn." if separable is False else
                "The exact test could not decide: these points sit at the solver's tolerance.")
    lam = sep.certificate
    pos = [(i, lam[i]) for i in range(len(points)) if lam[i] > 0 and points[i][2] > 0]
    neg = [(i, lam[i]) for i in range(len(points)) if lam[i] > 0 and points[i][2] < 0]

    def avg(group):
        tot = sum(v for _, v in group)
        more = " …" if len(group) > 6 else ""
        return (", ".join(f"#{i} {vec(points[i][:2])}" for i, _ in group[:6]) + more,
                ", ".join(_frac(v / tot) for _, v in group[:6]) + more)

    if meet is None:
        return ("**Certificate (exact LP):** weights λ ≥ 0 with Σ λₙyₙxₙ = 0. For any w through the origin, "
                "Σ λₙ·yₙwᵀxₙ = wᵀ(Σ λₙyₙxₙ) = 0, so the terms yₙwᵀxₙ cannot all be positive: some point is always "
                "on the wrong side.")
    pn, pw = avg(pos)
    nn, nw = avg(neg)
    return (f"**Why no line works (a certificate from the exact LP).** Average the ○ points {pn} with weights "
            f"{pw}, and the × points {nn} with weights {nw}: both averages are the same point **{vec(meet)}** (★). "
            "A line with every ○ on its + side has the whole + side convex, so the ○ average is on the + side too; "
            "likewise the × average is on the − side. One point cannot be on both sides, so **no line separates "
            "these points**, and with a tie counted as a mistake PLA can never halt on them.")


GUIDE = f"""
**XOR** ({notes.PRESS.name}): ○ at (−1, 1) and (1, −1), × at (−1, −1) and (1, 1). No line puts both ○ on one side and
both × on the other, so with a tie counted as a mistake some point is always wrong and PLA never halts.

**A line of history** (the Princeton COS 495 lecture). Frank Rosenblatt's perceptron learned its weights by this
rule: simulated on an IBM 704 at Cornell in 1957, then built as a machine, the Mark I. In 1969 Marvin Minsky and
Seymour Papert's book *Perceptrons* proved the limits of a single layer: it cannot compute XOR, nor parity when
each of its units sees a bounded number of inputs. It did not prove that networks of several layers fail; it
only conjectured so (wrongly, as the lift below hints), and research funding for neural networks fell until the
mid-1980s. The lecture dates
Rosenblatt "1928–1969": he died in 1971.

**Try this.**
1. Press **Run**, then **Replay one period**: the boundary turns and comes back to where it was.
2. Read the {term("certificate")}: the two diagonals' midpoints coincide (★).
3. Switch on **{term("lift", "Add x₁x₂")}**: in (x₁, x₂, x₁x₂) the points are separable, PLA halts, and its plane comes back
   into the plane as the curve w₀ + w₁x₁ + w₂x₂ + w₃x₁x₂ = 0: a hyperbola, or two lines when that factors, or a
   line when w₃ = 0. The words beside the plot say which.
4. Try the noisy XOR, or click your own points: if no line separates them, the {term("cycle")} can be longer, but on
   grid points visited in a fixed order it always comes (for real-valued points it need not).
"""


def _weights(trace, t: int) -> list:
    """wₜ of the lifted run, exact on grid data (Fractions), else as shown (rounding noise of an exact 0 cleaned)."""
    wq = facts.weights(trace, t)
    if wq is not None:
        return list(wq)
    return list(clean_weights(trace.weights[t], trace.settings["eta"],
                              pla_core.radius_bound(trace.X, trace.settings["bias"])))


def _lifted_eq(w) -> str:
    terms = [f"{num(v)}{x}" for v, x in zip(w, ("", "·x₁", "·x₂", "·x₁x₂")) if v != 0]
    return " + ".join(terms).replace("+ −", "− ") or "0"


def lifted_curve(w) -> str:
    """What w₀ + w₁x₁ + w₂x₂ + w₃x₁x₂ = 0 is in the plane, in words. With w₃ ≠ 0 it is w₃(x₁ − a)(x₂ − c) = d with
    a = −w₂/w₃, c = −w₁/w₃ and d = (w₁w₂ − w₀w₃)/w₃: a hyperbola with asymptotes x₁ = a and x₂ = c when d ≠ 0,
    and when it factors (d = 0) the two lines x₁ = a and x₂ = c; with w₃ = 0, a line, or no curve at all. Weights
    that are decimals (grid data's: Fractions, or floats of decimals) are decided exactly; others within 1e-9."""
    q = [facts.rational(v) for v in w]
    w0, w1, w2, w3 = q if all(v is not None for v in q) else (float(v) for v in w)
    if w3 == 0:
        if w1 or w2:
            return "a line"
        return "no curve: w = 0, every point a tie" if w0 == 0 else "no curve: the sign is the same everywhere"
    a, c = -w2 / w3, -w1 / w3
    if isinstance(w0, Fraction):
        factors = w1 * w2 == w0 * w3
    else:  # off the grid: the scale keeps the products clear of underflow
        k = max(abs(w0), abs(w1), abs(w2), abs(w3))
        u0, u1, u2, u3 = w0 / k, w1 / k, w2 / k, w3 / k
        factors = abs(u1 * u2 - u0 * u3) <= 1e-9 * (abs(u1 * u2) + abs(u0 * u3))
    if not factors:
        return f"a hyperbola, with asymptotes x₁ = {num(a)} and x₂ = {num(c)}"
    if a == 0 and c == 0:
        return "the two axes, x₁ = 0 and x₂ = 0"
    return f"two lines, x₁ = {num(a)} and x₂ = {num(c)} (it factors: {num(w3)}·{_minus('x₁', a)}·{_minus('x₂', c)} = 0)"


def _minus(x: str, v: float) -> str:
    return x if v == 0 else f"({x} {'−' if v > 0 else '+'} {num(abs(v))})"


def arrow_words(arrows, u, t: int, i: int | None) -> str:
    """What the 3-D view's arrows are at step t (``arrows``: :func:`pla_lab.lessons.xor.xor_lift.place`'s; ``u`` the next
    update's feature part η·y·(x₁, x₂, x₁x₂), made on point ``i``, or None at the end)."""
    if arrows is None:
        return ""
    words = f"The solid arrow is w{sub(t)}'s (w₁, w₂, w₃), normal to the plane and pointing to its +1 side"
    if u is not None:
        words += (f"; dashed from its tip, update {t + 1}'s feature part η·y·(x₁, x₂, x₁x₂) = {vec(u)} (point #{i}), "
                  f"and dotted grey, w{sub(t + 1)}'s")
    return words + f" (arrows drawn ×{scale_text(arrows.scale)})."


def lift_text(trace, t: int, *, separable: bool | None = None, go: str = "Run") -> str:
    """What the lift did: PLA on (x₁, x₂, x₁x₂), and the curve it draws back in the plane, true at step t: the end
    as a fact once t has got there (before that, as what is coming), and the boundary drawn, w_t's. Whether the
    halted w separates, and whether every point has one label, is decided exactly on grid data."""
    T, seen = len(trace), reached(trace, t)
    w, now = _weights(trace, T), _weights(trace, t)
    drawn = (f"The plot draws w{sub(t)}'s boundary, {_lifted_eq(now)} = 0: {lifted_curve(now)}." if any(now[1:]) else
             f"w{sub(t)} = {vec(now)} has no boundary to draw yet (its weights on x₁, x₂ and x₁x₂ are all 0).")
    if trace.halted:
        e, space = halt_words.end(trace), "plane in (x₁, x₂, x₁x₂)"
        mark, here = ("✅" if e.separates else "⚠️"), (", drawn here" if seen else "")
        if e.separates:
            plane = (f"In (x₁, x₂, x₁x₂) a plane separates the points; back in the plane its boundary "
                     f"{_lifted_eq(w)} = 0 is {lifted_curve(w)}{here}.")
        elif e.line:
            plane = (f"Its boundary {_lifted_eq(w)} = 0 is {lifted_curve(w)}{here}, but {e.ties} "
                     f"point{plural(e.ties)} {'lies' if e.ties == 1 else 'lie'} on it (wᵀx̃ = 0) and this reading of "
                     f"sign(0) {halt_words.TIE_RULE[e.sign_zero]}: its plane does not separate them strictly, and "
                     f"{halt_words.apart(halt_words.separable(trace), space)}.")
        elif len(set(trace.y.tolist())) == 1 and e.w[0] != 0:
            plane = ("Every point has one label: a constant sign, sign(b), gets them all right, with no boundary "
                     "at all.")
        else:
            plane = (halt_words.no_line(e, f"w{sub(T)}").replace("draws no line", "draws no boundary")
                     + f": no point is a mistake, yet {halt_words.apart(halt_words.separable(trace), space)}.")
        if seen:
            return (f"{mark} **With x₁x₂ as a third feature PLA halts** after {T} update{plural(T)}: w = {vec(w)}. "
                    f"{plane}")
        return (f"With x₁x₂ as a third feature **this run halts after {T} update{plural(T)}** {ahead(go)}: "
                f"w{sub(T)} = {vec(w)}. {plane} {drawn}")
    if trace.cycle:
        reason = (f"{halt_words.weights_repeat(trace, bold=False)}, so no plane in (x₁, x₂, x₁x₂) "
                  "separates these points and PLA never halts")
    else:
        reason = (f"{cap_reason(separable, space='plane in (x₁, x₂, x₁x₂)')}. "
                  f"{not_yet(separable, space='plane')}")
    if trace.cycle or separable is False:
        reason += ". The lift helps XOR's corners, not every data set"
    if seen:
        ended = "cycles" if trace.cycle else f"stopped at the cap of {count(T, 'update')}"
        return f"Even with x₁x₂ added, PLA {ended}: {reason}. {drawn}"
    ends = "cycles" if trace.cycle else f"stops at the cap of {count(T, 'update')}"
    return f"Even with x₁x₂ added, this run {ends} {ahead(go)}: {reason}. {drawn}"


def present(trace, t: int, *, separable: bool | None, go: str) -> str:
    """Presenter mode's numbers: the verdict (the cycle, or the lift's halt), t and wₜ, and the next mistake
    (:func:`explain.step_parts`, the lines the panel's *Step by step* states)."""
    parts = explain.step_parts(trace, t)
    lines = [parts["t"], parts.get("next") or parts["mistakes"]]
    return explain.verdict(trace, t, separable=separable, go=go) + "\n\n" + "  \n".join(lines)
