"""The words and numbers beside the plot, as Markdown (no Streamlit, no Plotly)."""

from __future__ import annotations

import numpy as np

from pla_core.perceptron import radius_bound

from .text import clean_weights, cls, num, par, pct, sub, vec

def reached(trace, t: int) -> bool:
    """Whether step t has got to what the run's verdict tells: its last update (a halt, or the cap), or for a cycle
    the first repeat (w_{s+p} = w_s), from where the cycle can be seen."""
    if trace.cycle and not trace.halted:
        s, p = trace.cycle
        return t >= s + p
    return t >= len(trace)


def ahead(go: str = "Run") -> str:
    """How a verdict not reached yet is labelled: what is coming, and the button that gets there."""
    return f"(press **{go}** to see it)"


def _s(k: int) -> str:
    return "" if k == 1 else "s"


def cap_reason(separable: bool | None, *, space: str = "line") -> str:
    """Why a run stopped at the cap, from the exact LP (``separable``: True, False, or None when it cannot say)."""
    if separable is False:
        return f"no {space} separates these points (an exact LP says so): PLA would never halt"
    if separable:
        return f"a {space} separates them, PLA needs more than the cap: raise it in the sidebar"
    return f"either no {space} separates these points, or PLA needs more updates than the cap"


def verdict(trace, t: int, *, separable: bool | None = None, go: str = "Run") -> str:
    """One line on how the whole run ends: as a fact once step t has got there, before that as what is coming.
    ``separable`` (the exact LP, computed with the run) says why a run stopped at the cap."""
    T, seen = len(trace), reached(trace, t)
    if trace.halted:
        if seen:
            return f"Halts after **{T}** update{_s(T)}: a full pass finds no mistake."
        return f"This run halts after **{T}** update{_s(T)} {ahead(go)}."
    if trace.cycle:
        s, p = trace.cycle
        if seen:
            return (f"Never halts: from update {s} on, the weights repeat every **{p}** updates "
                    f"(w{sub(s + p)} = w{sub(s)}).")
        return (f"This run never halts: from update {s} on, the weights repeat every **{p}** updates "
                f"(w{sub(s + p)} = w{sub(s)}) {ahead(go)}.")
    if seen:
        return f"Stopped at the cap of {T:,} updates with mistakes left: {cap_reason(separable)}."
    return f"This run stops at the cap of {T:,} updates with mistakes left {ahead(go)}: {cap_reason(separable)}."


def showing(trace, t: int, layers) -> str:
    """What the plot draws at step t, in one plain line (the plot's alt text says it too): which w the solid line
    is, which the dashed grey one, and which update the circle and the dashed arrow belong to. ``layers``: the
    moving layers drawn (:data:`pla_lab.protocol.MOVING_LAYERS`)."""
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
    return " · ".join(parts)


def step_numbers(trace, t: int) -> str:
    """t, wₜ, the mistake and the substituted update wₜ₊₁ = wₜ + η·yₙ·x̃ₙ, mistakes left, halting."""
    T, n = len(trace), len(trace.y)
    eta = trace.settings["eta"]
    bias = trace.settings["bias"]
    R = radius_bound(trace.X, bias)
    w = clean_weights(trace.weights[t], eta, R)
    err = int(trace.errors[t])
    lines = [f"**t = {t}** of {T} · w{sub(t)} = {vec(w)}",
             f"Mistakes of w{sub(t)}: **{err}** of {n} point{'s' if n != 1 else ''}."]
    if t < T:
        i = int(trace.mistakes[t])
        x, y = trace.X[i], float(trace.y[i])
        xt = np.concatenate([[1.0 if bias else 0.0], x])
        s = trace.score(t)  # 0 for a tie, as the run judged it
        terms = " + ".join(f"{par(a)}·{par(b)}" for a, b in zip(w, xt))
        sz = trace.settings["sign_zero"]
        if s != 0:
            verdict_text = f"sign {'+1' if s > 0 else '−1'} ≠ y"
        elif sz is None:
            verdict_text = "a tie, and y·wᵀx̃ ≤ 0 counts as a mistake"
        else:
            verdict_text = f"a tie: sign(0) = {'+1' if sz > 0 else '−1'} ≠ y"
        w_next = clean_weights(trace.weights[t + 1], eta, R)
        lines += [
            "",
            f"**Next mistake:** point #{i} at x = {vec(x)}, y = {cls(y)}",
            f"w{sub(t)}ᵀx̃ = {terms} = **{num(s)}** → {verdict_text}",
            f"w{sub(t + 1)} = w{sub(t)} + η·y·x̃ = {vec(w)} + {num(eta)}·({'+1' if y > 0 else '−1'})·{vec(xt)}"
            f" = **{vec(w_next)}**",
            (f"The dashed arrow draws the feature part η·y·x = {vec(eta * y * x)}; the bias b changes by "
             f"η·y·1 = {num(eta * y)} (from {num(w[0])} to {num(w_next[0])})." if bias else
             f"The dashed arrow draws η·y·x = {vec(eta * y * x)}; with no bias, b stays 0."),
        ]
    elif trace.halted:
        lines += ["", "✅ **Halted: no mistakes in a full pass.** This w separates ○ from ×."]
    elif trace.cycle:
        s, p = trace.cycle
        lines += ["", f"🔁 **Cycling:** the weights repeat every {p} updates from update {s}; PLA never halts here."]
    else:
        lines += ["", f"⏹ **Stopped at the cap ({T:,} updates)** with {err} mistake{'s' if err != 1 else ''} left."]
    return "  \n".join(lines)


GUIDE = """
**What you see.** Each ○ is a +1 point, each × a −1 point. The line is where wᵀx̃ = 0; the blue side is
where PLA predicts +1, the orange side −1. The arrow is the weight vector w's feature part (w₁, w₂): it always
points to the +1 side.

**One update.** PLA picks a point on the wrong side (circled) and adds η·y·x̃ to w, where x̃ = (1, x₁, x₂).
The dashed arrow from the tip of w draws the feature part of that update, η·y·(x₁, x₂); its bias part, η·y·1,
moves b and shows in the numbers. The faint arrow is the new w. Press **Step** (→) and watch the line turn
towards the mistake; the dashed grey line is where it was.

**Try this.**
1. Press **Run**: on separable points PLA always stops. Started from w₀ = 0 it makes at most R²/ρ*² updates,
   with R the largest ‖x̃‖ and ρ* the best margin, both measured on x̃ = (1, x₁, x₂) (lesson *Why PLA halts*).
2. Click to add a × deep inside the ○ side, then step: the line must swing to fix it.
3. Load **XOR** and run: no line works, so the weights cycle for ever.
4. Change the **order** or **sign(0)** in the sidebar: a different sequence, often a different final line.
"""


def pocket_numbers(trace, t: int, extras: dict, *, noise: int, noisy: bool, go: str = "To cap") -> str:
    """The Pocket page's numbers at step t: E_in of w and ŵ, E_out of ŵ against f, the noise, and how the run ends
    (as what is coming until step t gets there)."""
    T, n = len(trace), len(trace.y)
    err, perr = int(trace.errors[t]), int(trace.pocket_errors[t])
    pe = trace.pocket_errors
    since = int(np.flatnonzero(pe[: t + 1] == perr)[0])  # the update that put the current ŵ in the pocket
    lines = [f"**t = {t}** of {T} updates" + ("" if trace.halted else " (the cap, set in the sidebar)"),
             f"E_in(w{sub(t)}), PLA now: **{pct(err, n)}**",
             f"E_in(ŵ), the pocket: **{pct(perr, n)}**" + (f" (kept since update {since})" if since else
                                                             " (w₀, no better w yet)")]
    if extras.get("eout") is not None:
        lines.append(f"E_out(ŵ) against f: **{100 * float(extras['eout'][t]):.1f}%** of the square the points come from "
                     "(hatched)")
    flipped = int(np.sum(extras["flipped"]))
    if noisy and noise > 0:
        lines += ["", f"Noise p = {noise}%: **{flipped}** of {n} labels flipped (marked □)."]
        if extras.get("f_errors") is not None:
            lines.append(f"Even f itself gets {pct(extras['f_errors'], n)} of these labels wrong (the flipped ones, "
                         "and any point placed on f's other side): no line does much better, and PLA never settles.")
    else:
        lines += ["", "Noise is off: the labels are f's." if extras.get("eout") is not None else
                  "Noise is off: the labels are yours."]
    if trace.halted:
        lines.append(f"✅ PLA halted after {T} update{_s(T)}: these labels are separable, so ŵ = w." if t >= T else
                     f"This run halts after {T} update{_s(T)} {ahead(go)}: these labels are separable, so in the "
                     "end ŵ = w.")
    elif t >= T:
        reason = ("the weights cycle, so PLA would never halt" if trace.cycle else
                  cap_reason(extras.get("separable")).replace("these points", "these labels"))
        lines.append(f"⏹ Stopped at the cap of {T:,} updates: {reason}. The pocket holds the best w seen.")
    return "  \n".join(lines)


def cycle_text(trace, t: int, *, separable: bool | None = None, go: str = "Run") -> str:
    """Why cyclic PLA never halts here, in the weights: the state repeats (as what is coming until step t has got
    to the first repeat). ``separable``: the exact LP, for a run stopped at the cap without a repeat."""
    T, seen = len(trace), reached(trace, t)
    if trace.halted:
        if seen:
            return (f"✅ **PLA halts** after {T} update{_s(T)}: a full pass finds no mistake, so there is no cycle "
                    "to show.")
        return f"✅ **This run halts** after {T} update{_s(T)} {ahead(go)}, so there is no cycle to show."
    if trace.cycle is None:
        if trace.settings.get("order") == "random":
            return ("🎲 With **random order** the weights need not repeat exactly; set the order to cyclic to see "
                    "the cycle. PLA still never halts.")
        if separable:
            return (f"⏹ {'Stopped' if seen else 'This run stops'} at the cap of {T:,} updates before halting"
                    f"{'' if seen else ' ' + ahead(go)}: {cap_reason(True)}.")
        return (f"⏹ No repeat found within the cap of {T:,} updates. On points that lie on a grid (every "
                "point here is snapped to one) visited in a fixed order, non-separable data always make PLA "
                "cycle, but the period can be long: raise the cap in the sidebar, or use a coarser grid (the "
                "noisy XOR examples are snapped to 0.1). For real-valued points the notes' claim (seed 001) can "
                "fail: the weights need never repeat exactly, although PLA still never halts.")
    s, p = trace.cycle
    w = clean_weights(trace.weights[s], trace.settings["eta"], radius_bound(trace.X, trace.settings["bias"]))
    if not seen:
        return (f"🔁 **This run cycles** {ahead(go)}: after update {s + p} the state will be exactly what it was "
                f"after update {s}: w{sub(s + p)} = w{sub(s)} = {vec(w)}, at the same place in the pass. From there "
                f"PLA repeats the same **{p}** updates for ever, so it can never halt. **Replay one period** plays "
                "them.")
    return (f"🔁 **The weights cycle.** After update {s + p} the state is exactly what it was after update {s}: "
            f"w{sub(s + p)} = w{sub(s)} = {vec(w)}, at the same place in the pass. From there PLA repeats the same "
            f"**{p}** updates for ever, so it can never halt. Press **Replay one period** to watch the boundary "
            "come back to where it was.")


def _frac(v: float) -> str:
    for d in (1, 2, 3, 4, 5, 6, 8, 10, 12):
        if abs(v * d - round(v * d)) < 1e-6:
            k = round(v * d)
            return str(k) if d == 1 else f"{k}/{d}"
    return f"{v:.3g}"


def certificate_text(sep, points, meet, halted: bool = False, *, seen: bool = True, go: str = "Run") -> str:
    """The LP's Farkas certificate in words a student reads: two weighted averages that coincide at ``meet``
    (``Separability.meeting_point``; None without a bias, where the certificate is a weighted sum instead).
    ``halted``: the run halts, ``seen``: the step shown has got there."""
    if halted and not sep.separable:
        # Only possible without a bias: points with wᵀx = 0 count as correct under sign(0) = ±1.
        return (("PLA halted" if seen else f"This run halts {ahead(go)},") +
                " although **no line puts every point strictly on its side** (the exact LP): the "
                "points it gets right lie *on* its boundary, wᵀx = 0, and the sign(0) setting calls them "
                "correct. Set “When wᵀx̃ = 0 exactly” to count ties as mistakes, and PLA never halts here.")
    if sep.separable:
        return ("✅ **A line separates these points** (found by linear programming), so PLA halts on them and "
                "there is no certificate to show.")
    if sep.certificate is None:
        return "The exact test could not decide: these points sit at the solver's tolerance."
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
            "these points**, and PLA can never halt on them.")


POCKET_GUIDE = """
**What you see.** The dashed green line is the target f that labelled the points; noise then flipped some
labels (□). The solid line is PLA's current w; the thick dash-dot line is **ŵ, the pocket**: the best
weights seen so far. The hatched region is where ŵ and f disagree: its share of the dotted square, where the points come
from, is E_out.

**Try this.**
1. Press **Play** and watch w: on noisy labels it never settles. ŵ only ever moves when it gets better.
2. In the chart, the pocket's E_in only goes down; PLA's jumps around it. Click the chart to go to that update.
3. Switch **Noise on** off and on: the same points, the same flips. Without noise (and with a bias, as f
   need not pass through the origin) PLA halts.
4. Raise p to 30–40%: even f makes many mistakes, and ŵ's E_out grows.
"""

XOR_GUIDE = """
**XOR** (seed 003): ○ at (−1, 1) and (1, −1), × at (−1, −1) and (1, 1). No line puts both ○ on one side and
both × on the other, so PLA keeps correcting one mistake by making another.

**Try this.**
1. Press **Run**, then **Replay one period**: the boundary turns and comes back to where it was.
2. Read the certificate: the two diagonals' midpoints coincide (★).
3. Switch on **Add x₁x₂**: in (x₁, x₂, x₁x₂) the points are separable, PLA halts, and its plane comes back
   into the plane as a curve (a hyperbola).
4. Try the noisy XOR, or click your own points: if no line separates them, the cycle can be longer, but on
   grid points visited in a fixed order it always comes (for real-valued points it need not).
"""


def _lifted_eq(w) -> str:
    terms = [f"{num(v)}{x}" for v, x in zip(w, ("", "·x₁", "·x₂", "·x₁x₂")) if v != 0]
    return " + ".join(terms).replace("+ −", "− ") or "0"


def lift_text(trace, t: int, *, separable: bool | None = None, go: str = "Run") -> str:
    """What the lift did: PLA on (x₁, x₂, x₁x₂), and the curve it draws back in the plane, true at step t: the end
    as a fact once t has got there (before that, as what is coming), and the boundary drawn, w_t's."""
    T, seen = len(trace), reached(trace, t)
    eta, R = trace.settings["eta"], radius_bound(trace.X, trace.settings["bias"])
    w, now = clean_weights(trace.weights[-1], eta, R), clean_weights(trace.weights[t], eta, R)
    drawn = (f"The plot draws w{sub(t)}'s boundary, {_lifted_eq(now)} = 0." if now[1:].any() else
             f"w{sub(t)} = {vec(now)} has no boundary to draw yet (its weights on x₁, x₂ and x₁x₂ are all 0).")
    if trace.halted:
        plane = (f"In (x₁, x₂, x₁x₂) a plane separates the points; back in the plane its boundary {_lifted_eq(w)} = 0 "
                 "is a curve (a hyperbola, or a pair of lines)" if w[1:].any() else
                 "Every point has one label: a constant sign gets them all right, with no boundary at all")
        if seen:
            return (f"✅ **With x₁x₂ as a third feature PLA halts** after {T} update{_s(T)}: w = {vec(w)}. {plane}"
                    + (", drawn here." if w[1:].any() else "."))
        return (f"With x₁x₂ as a third feature **this run halts after {T} update{_s(T)}** {ahead(go)}: "
                f"w{sub(T)} = {vec(w)}. {plane}. {drawn}")
    if trace.cycle:
        s, p = trace.cycle
        reason = (f"the weights repeat every {p} updates from update {s} on, so no plane in (x₁, x₂, x₁x₂) "
                  "separates these points and PLA never halts")
    else:
        reason = cap_reason(separable, space="plane in (x₁, x₂, x₁x₂)")
    if trace.cycle or separable is False:
        reason += ". The lift helps XOR's corners, not every data set"
    if seen:
        ended = "cycles" if trace.cycle else f"stopped at the cap of {T:,} updates"
        return f"Even with x₁x₂ added, PLA {ended}: {reason}. {drawn}"
    ends = "cycles" if trace.cycle else f"stops at the cap of {T:,} updates"
    return f"Even with x₁x₂ added, this run {ends} {ahead(go)}: {reason}. {drawn}"
