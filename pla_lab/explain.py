"""The words and numbers beside the plot, as Markdown (no Streamlit, no Plotly)."""

from __future__ import annotations

import numpy as np

from pla_core.perceptron import TIE_TOLERANCE, radius_bound

_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_NOISE = 1e-9  # relative size below which a weight is rounding noise of sums that cancel exactly


def clean_weights(W, eta: float, R: float) -> np.ndarray:
    """Weights for display: entries smaller than 1e-9 of (‖w‖ + η·R) are rounding noise of sums that cancel
    exactly on grid data (e.g. 0.12 − 0.12 + …), so they are shown, and drawn, as 0."""
    W = np.array(W, dtype=float)
    scale = np.linalg.norm(W, axis=-1, keepdims=True) + eta * R
    W[np.abs(W) <= _NOISE * scale] = 0.0
    return W


def sub(t: int) -> str:
    return str(t).translate(_SUB)


def num(v: float) -> str:
    v = float(v)
    if v == 0:
        return "0"
    s = f"{v:.4g}"
    return s.replace("-", "−")


def par(v: float) -> str:
    """A number, in parentheses when negative (so '2·(−0.5)', not '2·−0.5')."""
    return f"({num(v)})" if v < 0 else num(v)


def vec(w) -> str:
    return "(" + ", ".join(num(v) for v in w) + ")"


def cls(label: float) -> str:
    return "○ +1" if label > 0 else "× −1"


def verdict(trace) -> str:
    """One line on how the whole run ends."""
    T = len(trace)
    if trace.halted:
        return f"Halts after **{T}** update{'s' if T != 1 else ''}: a full pass finds no mistake."
    if trace.cycle:
        s, p = trace.cycle
        return (f"Never halts: from update {s} on, the weights repeat every **{p}** updates "
                f"(w{sub(s + p)} = w{sub(s)}).")
    return (f"Stopped at the cap of {T:,} updates with mistakes left: either no line separates these points, "
            "or PLA needs more updates than the cap.")


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
        s = float(trace.weights[t] @ xt)
        if abs(s) <= TIE_TOLERANCE * np.linalg.norm(trace.weights[t]) * R:
            s = 0.0  # a tie, decided by the sign(0) convention exactly as pla_core decides it
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
where PLA predicts +1, the orange side −1. The arrow is the weight vector w: it always points to the +1 side.

**One update.** PLA picks a point on the wrong side (circled) and adds η·y·x̃ to w. The dashed arrow from
the tip of w is that η·y·x̃; the faint one is the new w. Press **Step** (→) and watch the line turn towards
the mistake; the dashed grey line is where it was.

**Try this.**
1. Press **Run**: on separable points PLA always stops, after at most R²/ρ² updates.
2. Click to add a × deep inside the ○ side, then step: the line must swing to fix it.
3. Load **XOR** and run: no line works, so the weights cycle for ever.
4. Change the **order** or **sign(0)** in the sidebar: a different sequence, often a different final line.
"""
