"""The margin perceptron's numbers and words (the handwritten notes), as Markdown (no Streamlit, no Plotly). Every
number is a ``pla_core`` value: the runs (``pla`` with ``margin=γ`` and with γ = 0), ``radius``, ``max_margin``,
``margin``, ``theory.margin_perceptron_log_bound``, and on grid data ``pla_core.facts``' exact R² and ρ*²; every
comparison a sentence makes (γ against ρ* and 2ρ*, a point against the band, T against a bound, one margin against
another) is decided exactly there (:mod:`~pla_lab.lessons.margin.margin_facts`)."""

from __future__ import annotations

import math

import numpy as np

import pla_core
from pla_core import facts as pfacts
from pla_core import words
from pla_lab.api import HAND, clean_weights, cls, count, explain, num, plural, sub, term, vec
from pla_lab.lessons.margin import margin_facts
from pla_lab.lessons.margin.margin_facts import Facts, facts, within  # noqa: F401 (the lesson's facts, read here)

GUIDE = f"""
**The rule** ({HAND.name}). Plain PLA corrects a point only when it is on the wrong side. The
{term("margin perceptron")} also
corrects a point on the right side that is too close to the line: point n counts as a mistake when
**yₙ·wᵀx̃ₙ/‖w‖ < {term("margin γ", "γ")}/2**. The yellow band is where that holds for a ○ and a × alike; outside it,
only the wrong side
counts. ‖w‖ is the length of the whole w = (b, w₁, w₂), bias included, as the proof measures it, so in the plane
the band is (γ/2)·‖w‖/‖(w₁, w₂)‖ wide on each side: wider than γ/2 when b ≠ 0.

**Why it helps.** A run that halts leaves every point outside the band: its {term("margin ρ", "margin")} ρ(w) = minₙ
yₙwᵀx̃ₙ/‖w‖ is at
least γ/2. Plain PLA stops at the first w that makes no mistake: a line that may graze a point (the dashed line), or,
under a reading of sign(0) that counts a tie as right, even w = 0, which draws no line.

**The price, and the limit.** From w₀ = 0 and with 0 < γ ≤ ρ\\* (the best margin any line has, {term("ρ*")}), it makes
at most
8R²/(γρ\\*) + 4R/ρ\\* updates. Below 2ρ\\* it is still bounded (the folded box under the bound proves it). At
γ = 2ρ\\* exactly, only w\\*'s own line clears every point by γ/2 (by exactly γ/2): a run may halt there, but no
proof bounds it. Above 2ρ\\* no line has margin γ/2, so it can never halt.

**Try this.**
1. Press **Step** and watch the band move with the line: the circled point is on the wrong side, or inside the
   band even on the right side.
2. Press **Run**: a run that halts leaves no point in the band. Compare the two margins below: γ/2 at least,
   against plain PLA's.
3. Press **γ = ρ\\***, then **γ > 2ρ\\***: read what happens, and why the cap stops it.

**Why not {HAND.of} "at most 8/γ₀²"?** {HAND.Name} ask for a proof that, with every ‖x‖ ≤ 1 and γ ≤ γ₀ (γ₀ the
data's margin), the margin perceptron makes at most 8/γ₀² mistakes, and its own proof does not get there:
- it uses ‖wₜ₊₁‖ ≤ ‖wₜ‖ + 3γ/4 only once ‖wₜ‖ ≥ 2/γ, but an update made below 2/γ can end up to ‖x̃ₙ‖ ≤ R above
  it: the proof drops that + R;
- its last lines write 8Mγ/4 where its step gives 3Mγ/4 (with 8Mγ/4 the inequality bounds nothing);
- it writes γ for both γ and γ₀, so its box reads 8/γ²; for γ < γ₀ the same argument gives 8/(γγ₀), more than
  8/γ₀².

Done with those three mended, and with R the largest ‖x̃‖ (at least 1 once the bias is in x̃ = (1, x₁, x₂)), it
gives **8R²/(γρ\\*) + 4R/ρ\\*** for 0 < γ ≤ ρ\\*: the bound this page shows (with R = 1 and γ = γ₀ it is
8/γ₀² + 4/γ₀, the note's number plus the 4/γ₀ it dropped). The note's 8/γ₀² is not proved, so the page does not
use it; the whole proof is in the docstring of pla_core's margin_perceptron_bound.
"""


def mistakes_at(trace, t: int) -> np.ndarray:
    """Which points the margin perceptron counts as mistakes at wₜ (the run's rule with margin = γ, exact on grid
    data), shape (n,)."""
    return np.array(margin_facts.band(trace, t).mistake, dtype=bool)


def _apart(a: float, b: float) -> tuple[str, str]:
    """a and b (a ≠ b) with enough digits that they do not print alike (4 significant digits, up to 12)."""
    for k in range(4, 13):
        x, y = f"{a:.{k}g}", f"{b:.{k}g}"
        if x != y:
            break
    return tuple(("0" if v == 0 else s).replace("-", "−") for v, s in ((a, x), (b, y)))


def step(trace, t: int, gamma: float) -> str:
    """Step t: wₜ, the band's width, the points in it, and the next update with its score against γ/2."""
    p = step_parts(trace, t, gamma)
    lines = [p["t"], " ".join(v for v in (p.get("band"), p["count"]) if v)]
    return "  \n".join(lines + (["", p["next"], p["update"]] if "next" in p else []))


def step_parts(trace, t: int, gamma: float) -> dict[str, str]:
    """:func:`step`'s parts by name: t, band (its width; none without a line), count, then next and update."""
    T, n, eta, bias = len(trace), len(trace.y), trace.settings["eta"], trace.settings["bias"]
    w = clean_weights(trace.weights[t], eta, pla_core.radius_bound(trace.X, bias))
    b = margin_facts.band(trace, t)
    exact = pfacts.weights(trace, t)
    lined = any(exact[1:]) if exact is not None else bool(np.any(w[1:]))
    norm, feat = float(np.linalg.norm(w)), float(np.hypot(w[1], w[2]))
    bad = sum(b.mistake)
    lines = {"t": words.head(trace, t, bold=True, named=True)}  # wₜ exact on grid data, as a notebook prints it
    if b.norm2 == 0:
        lines["count"] = (f"w{sub(t)} = 0 has no line and no margin yet: **every point counts as a mistake** (the "
                          "band is the whole plane).")
    elif not lined:
        lines["count"] = f"w{sub(t)} has no line (w₁ = w₂ = 0): {bad} of {n} point{plural(n)} count as mistakes."
    else:
        half = 0.5 * gamma * norm / feat
        on = f", {b.on_line} on the line" if b.on_line else ""
        lines["band"] = (f"Band: within (γ/2)·‖w‖/‖(w₁, w₂)‖ = {num(gamma / 2)}·{num(norm)}/{num(feat)} = "
                         f"**{num(half)}** of the line.")
        lines["count"] = (f"**{bad}** of {n} point{plural(n)} count as mistakes: {b.wrong} on the wrong side{on}, "
                          f"{b.inside} on the right side but inside the band.")
    if t < T:
        i = int(trace.mistakes[t])
        x, y = trace.X[i], float(trace.y[i])
        if b.norm2 == 0:
            why = "at w = 0 every point is a mistake"
        else:
            m, h = _apart(b.ratio(i), gamma / 2)
            why = (f"y·wᵀx̃/‖w‖ = {m} < γ/2 = {h}: " + (
                "on the wrong side" if b.side[i] < 0 else
                "on the line, so inside the band: still a mistake" if b.side[i] == 0 else
                "on the right side, but inside the band: still a mistake"))
        lines["next"] = f"**Next:** point #{i} at x = {vec(x)}, y = {cls(y)}: {why}."
        lines["update"] = words.update(trace, t, bold=True)
    return lines


def verdict(trace, t: int, f: Facts, *, separable: bool | None, go: str = "Run") -> str:
    """How the margin perceptron's run ends, and why it stops at the cap when it does."""
    T, seen = len(trace), explain.reached(trace, t)
    if trace.halted or trace.cycle:
        return explain.verdict(trace, t, separable=separable, go=go)  # a halt: no point in the band (pla_core.words)
    if f.separable and f.vs_2rho > 0:
        why = (f"γ/2 = {num(f.gamma / 2)} is more than ρ\\* = {num(f.rho_star)}, the best margin any line has, so "
               "every line leaves some point inside its band: the margin perceptron can never halt here, and a higher "
               "cap would not help")
    elif f.separable and f.vs_2rho < 0 and math.isfinite(f.wide) and f.from_zero:
        why = f"the bound below says it halts within {count(_count(f.wide), 'update')}: raise the cap in the sidebar"
    elif f.separable and f.vs_2rho == 0:
        why = ("γ = 2ρ\\*: only the line with the best margin clears every point by γ/2, and no proof bounds the run: "
               "it may still reach it, and a higher cap may help")
    elif f.separable:
        why = "a line with margin γ/2 exists, so it may still halt: raise the cap in the sidebar"
    else:
        why = f"{explain.cap_reason(separable)}. {explain.not_yet(separable)}"
    head = f"{'Stopped' if seen else 'This run stops'} at the cap of {count(T, 'update')}"
    return f"{head} with points left in the band{'' if seen else ' ' + explain.ahead(go)}: {why}."


def _count(v: float) -> str:
    """A bound on the number of updates, as the whole number of updates it allows."""
    return f"{math.floor(v):,}"


def bound(trace, t: int, f: Facts) -> str:
    """R, ρ*, γ against ρ* and 2ρ*, and the updates against the bounds that hold: 8R²/(γρ*) + 4R/ρ* for γ ≤ ρ*,
    and :func:`pla_core.margin_perceptron_log_bound` for γ < 2ρ* (or why there is none). Every comparison is exact on
    grid data (:func:`facts`)."""
    T, cap, bias = len(trace), trace.settings["max_updates"], trace.settings["bias"]
    lines = [f"**The bound** (x̃ = {'(1, x₁, x₂), lengths with the bias' if bias else '(0, x₁, x₂): no bias'}): "
             f"{words.margin_numbers(trace, bold=True, f=f)}."]  # pla_core.words: the lines a notebook prints
    if not f.separable:
        lines.append("⛔ No line separates these points (ρ\\* = 0): no γ > 0 can be met, there is no bound, and "
                     f"neither run halts: the cap of {count(cap, 'update')} stops them.")
        return "  \n".join(lines)
    if f.vs_rho <= 0:
        lines.append(words.margin_bound(trace, t, bold=True, f=f))
        if pfacts.compare(f.wide, f.bound) < 0:
            lines.append(f"The bound for every γ < 2ρ\\* (proved in the box below) is smaller here: at most "
                         f"{count(_count(f.wide), 'update', bold=True)}.")
    elif f.vs_2rho < 0 and math.isfinite(f.wide):
        lines.append(f"ρ\\* < γ < 2ρ\\* = {num(2 * f.rho_star)}: {HAND.of} proof needs γ ≤ ρ\\*, the one in the box "
                     f"below only γ < 2ρ\\*. {words.margin_bound(trace, t, bold=True, f=f)}")
    elif f.vs_2rho < 0:  # γ a hair below 2ρ*: ρ* − γ/2 rounds to 0
        lines.append(f"ρ\\* < γ < 2ρ\\* = {num(2 * f.rho_star)}, so close to 2ρ\\* that the bound of the box below, "
                     "finite, is too large to compute here.")
    elif f.vs_2rho > 0:
        lines.append(f"γ > 2ρ\\* = {num(2 * f.rho_star)}: no line clears every point by γ/2 = {num(f.gamma / 2)}, so "
                     f"**it can never halt**: the cap of {count(cap, 'update')} (sidebar) stops it.")
    else:  # γ = 2ρ* exactly: w*'s own direction clears every point by exactly γ/2
        lines.append(f"γ = 2ρ\\* = {num(2 * f.rho_star)}: only a line with the best margin ρ\\* clears every point by "
                     "γ/2 (exactly), and no proof bounds the run: " + (
                         f"this one halts there after **{T}** update{plural(T)}." if trace.halted else
                         f"this one has not found it in {T:,}."))
    if not f.from_zero and f.vs_2rho < 0:
        lines.append("⚠️ This run starts from a w₀ ≠ 0 (sidebar, or set by hand): the bound is proved from w₀ = 0 "
                     "only.")
    return "  \n".join(lines)


def _gap(f: Facts) -> float:
    """ρ* − γ/2, its sign that of the exact (ρ*² − γ²/4) on grid data, and exactly 0 at γ = 2ρ*."""
    if f.exact is None:
        return 0.0 if f.vs_2rho == 0 else f.rho_star - f.gamma / 2
    g, _, rho2 = f.exact
    return float(rho2 - g * g / 4) / (f.rho_star + float(g) / 2)


def proof(f: Facts) -> str:
    """The derivation of :func:`pla_core.margin_perceptron_log_bound`, with this run's numbers in its last line."""
    c, k = _gap(f), f.R ** 2 / (2 * f.rho_star)
    if f.vs_2rho < 0 and math.isfinite(f.wide):
        here = (f"**Here:** M·{num(c)} ≤ {num(f.R)} + {num(k)}·(1 + ln M) holds up to M = {num(f.wide)}: at most "
                f"{count(_count(f.wide), 'update', bold=True)}.")
    elif f.vs_2rho < 0:
        here = (f"**Here:** ρ\\* − γ/2 = {num(c)} > 0, so the run is bounded, but by a number too large to compute "
                "here.")
    else:
        c = "0 (γ = 2ρ\\*)" if f.vs_2rho == 0 else f"{num(c)} ≤ 0"
        here = f"**Here:** ρ\\* − γ/2 = {c}: the left side never grows, and this proof gives no bound."
    return "\n".join([
        "Start from w₀ = 0 and take η = 1 (from w₀ = 0, η only stretches every w). Let w\\* be the best line, scaled "
        "to ‖w\\*‖ = 1; R, ρ\\* and ‖w‖ are the lengths above.",
        "1. Each update adds yₙw\\*ᵀx̃ₙ ≥ ρ\\* to w\\*ᵀw, so after t updates ‖wₜ‖ ≥ w\\*ᵀwₜ ≥ tρ\\*.",
        "2. The first update is made at w = 0, where every point counts as a mistake: ‖w₁‖ = ‖x̃ₙ‖ ≤ R.",
        "3. A later update corrects a point with yₙwₜᵀx̃ₙ < γ‖wₜ‖/2, so ‖wₜ₊₁‖² < ‖wₜ‖² + γ‖wₜ‖ + R², and with "
        "√(1 + x) ≤ 1 + x/2 and step 1: ‖wₜ₊₁‖ ≤ ‖wₜ‖ + γ/2 + R²/(2tρ\\*).",
        "4. Adding these to step 2, after M updates the length is at most R + Mγ/2 + (R²/2ρ\\*)(1 + 1/2 + … + "
        "1/(M−1)), and the sum in brackets is at most 1 + ln M.",
        "5. By step 1 the length is at least Mρ\\*, so **M(ρ\\* − γ/2) ≤ R + (R²/2ρ\\*)(1 + ln M)**. For γ < 2ρ\\* the "
        "left side grows like M and the right only like ln M: M cannot grow without end.",
        "",
        here,
    ])


def margins(trace, f: Facts) -> str:
    """Both runs' final lines: the margin perceptron's ρ(w_T) against γ/2, plain PLA's on the same points."""
    T = len(trace)

    def rho(r):
        return "— (w = 0 has no margin)" if r is None else f"**{num(r)}**"
    ok = trace.halted and f.rho_T is not None and f.clears
    end = f"halts after {T}" if trace.halted else f"stopped at the cap after {T:,}"
    pend = f"halts after {f.plain_T}" if f.plain_halted else f"stopped at the cap after {f.plain_T:,}"
    return "\n".join([
        "**Final lines**, margin ρ(w) = minₙ yₙwᵀx̃ₙ/‖w‖:",
        f"- Margin perceptron, γ = {num(f.gamma)}: {end} update{plural(T)}, ρ = {rho(f.rho_T)}"
        + (f" ≥ γ/2 = {num(f.gamma / 2)} ✓" if ok else f" (γ/2 = {num(f.gamma / 2)})"),
        f"- Plain PLA, γ = 0 (dashed line), same points: {pend} update{plural(f.plain_T)}, ρ = {rho(f.rho_plain)}",
        f"- The best any line can do: ρ\\* = {num(f.rho_star)}",
    ])
