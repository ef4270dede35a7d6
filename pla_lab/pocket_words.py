"""The words and numbers of the lesson Noise & Pocket, as Markdown (no Streamlit, no Plotly)."""

from __future__ import annotations

import numpy as np

from .explain import ahead, cap_reason
from .text import plural, pct, sub

GUIDE = """
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


def numbers(trace, t: int, extras: dict, *, noise: int, noisy: bool, go: str = "To cap") -> str:
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
        lines.append(f"✅ PLA halted after {T} update{plural(T)}: these labels are separable, so ŵ = w." if t >= T else
                     f"This run halts after {T} update{plural(T)} {ahead(go)}: these labels are separable, so in the "
                     "end ŵ = w.")
    elif t >= T:
        reason = ("the weights cycle, so PLA would never halt" if trace.cycle else
                  cap_reason(extras.get("separable")).replace("these points", "these labels"))
        lines.append(f"⏹ Stopped at the cap of {T:,} updates: {reason}. The pocket holds the best w seen.")
    return "  \n".join(lines)
