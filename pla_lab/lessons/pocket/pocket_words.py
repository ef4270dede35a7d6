"""The words and numbers of the lesson Noise & Pocket, as Markdown (no Streamlit, no Plotly)."""

from __future__ import annotations

import numpy as np

from pla_core import words
from pla_lab.api import ahead, cap_reason, count, halt_words, not_yet, pct, plural, term

GUIDE = f"""
**What you see.** The dashed green line is the {term("D, f, H, A, g", "target f")} that labelled the points;
{term("noise")} then flipped some labels (□). The solid line is PLA's current w; the thick dash-dot line is
**ŵ, the {term("Pocket (ŵ)", "pocket")}**: the best weights seen so far. The hatched region is where ŵ and f
disagree: its share of the dotted square, where the points come from, is {term("Eₒᵤₜ")}.

**Why a pocket?** On noisy labels no line may get them all right, so the goal becomes the line with the fewest
mistakes, and finding that line is NP-hard (the credit-card notes): no known method does it fast for many points.
PLA's w never settles, so Pocket runs PLA and keeps the best w seen so far. Nor can PLA alone tell "no line
separates these labels" from "not yet": at the cap the words say which, from the app's {term("exact LP")}.

**Try this.**
1. Press **Play** and watch w: on noisy labels that no line fits, it never settles. ŵ only ever moves when it gets better.
2. In the chart, the pocket's {term("Eᵢₙ")} never goes up; PLA's, never below it, can rise after an update. Click
   the chart to go to that update.
3. Switch **Noise on** off and on: the same points, the same flips. Without noise (and with a bias, as f
   need not pass through the origin) PLA halts.
4. Raise p to 30–40%: even f makes many mistakes, and ŵ's Eₒᵤₜ grows.
"""


def numbers(trace, t: int, extras: dict, *, noise: int, noisy: bool, go: str = "To cap") -> str:
    """The Pocket page's numbers at step t: E_in of w and ŵ, E_out of ŵ against f (and why, for a ŵ with no line),
    the noise, and how the run ends (as what is coming until step t gets there)."""
    n = len(trace.y)
    perr = int(trace.pocket_errors[t])
    lines = [words.pocket_head(trace, t, bold=True) + ("" if trace.halted else " (the cap, set in the sidebar)"),
             *errors(trace, t)]
    if extras.get("eout") is not None:
        lines.append(f"{eout(extras, t)} of the square the points come from (hatched)" + constant(trace, t))
    if noisy and noise > 0:
        lines += ["", f"{flips(extras, noise)} (marked □)."]
        lines += [x for x in (f_words(extras.get("f_errors"), perr, n), labels_words(trace, extras)) if x]
    else:
        lines += ["", "Noise is off: the labels are f's." if extras.get("eout") is not None else
                  "Noise is off: the labels are yours."]
    lines += end_words(trace, t, extras, go)
    return "  \n".join(lines)


def errors(trace, t: int) -> list[str]:
    """Eᵢₙ of PLA's wₜ and of the pocket's ŵ at step t, and the update that put ŵ in the pocket (the sentences a
    notebook prints, :func:`pla_core.words.pocket_errors`)."""
    return words.pocket_errors(trace, t, bold=True)


def eout(extras: dict, t: int) -> str:
    """ŵ's Eₒᵤₜ against f at step t (the run has an f)."""
    return words.e_out(extras["eout"], t, bold=True)


def flips(extras: dict, noise: int) -> str:
    """How many labels the noise flipped (the noise is on)."""
    return words.flips(extras["flipped"], noise, bold=True)


def present(trace, t: int, extras: dict, *, noise: int, noisy: bool, go: str = "To cap") -> str:
    """Presenter mode's numbers: t (or, once there, the cap or the halt), Eᵢₙ of w and ŵ, ŵ's Eₒᵤₜ and the noise;
    the pieces of :func:`numbers`, without their explanations."""
    T = len(trace)
    first = [words.pocket_head(trace, t, bold=True) + ("" if trace.halted else " (the cap)")]
    if t >= T:
        first = [cap_line(trace, extras)] if not trace.halted else end_words(trace, t, extras, go)
    last = [] if extras.get("eout") is None else [eout(extras, t) + (" (ŵ: no line)" if constant(trace, t) else "")]
    if noisy and noise > 0:
        last = [" · ".join(last + [flips(extras, noise) + " (□)"])]
    return "  \n".join(first + errors(trace, t) + last)


def constant(trace, t: int) -> str:
    """Why ŵ's E_out is what it is when ŵ draws no line (w₁ = w₂ = 0): its one answer for the whole square, by the
    sign(0) reading in use; "" when ŵ has a line."""
    # On grid data ŵ's floats are the nearest to the exact weights: 0 exactly when the weight is 0, else not 0,
    # so these tests are the exact ones.
    w, sz = np.asarray(trace.pocket_weights[t], dtype=float), trace.settings["sign_zero"]
    if np.any(w[1:]):
        return ""
    if w[0] != 0:
        return (f": ŵ has w₁ = w₂ = 0 and draws no line; it says sign(b) = {_pm(w[0])} everywhere, so it is wrong "
                f"wherever f says {_pm(-w[0])}")
    head = ": ŵ = 0 draws no line, so every point of the square is a tie, and this reading of sign(0) "
    if sz is None:
        return head + "counts a tie as wrong for both classes (y·wᵀx̃ ≤ 0 is a mistake)"
    if sz == "both":
        return head + "counts a tie as right for both classes (only y·wᵀx̃ < 0 is a mistake), though ŵ separates nothing"
    return head + f"says {_pm(sz)}, so ŵ is wrong wherever f says {_pm(-sz)}"


def _pm(v: float) -> str:
    return "+1" if v > 0 else "−1"


def f_words(f_errors, perr: int, n: int) -> str | None:
    """How many of the noisy labels the target f itself gets wrong, beside the pocket's count."""
    if f_errors is None:
        return None
    text = (f"Even f itself gets {pct(f_errors, n)} of these labels wrong (the flipped ones, and any point placed "
            "on f's other side)" if f_errors else "f itself gets every one of these labels right")
    if perr < f_errors:
        text += f"; ŵ gets fewer wrong ({perr}): it fits the flips"
    return text + "."


def labels_words(trace, extras: dict) -> str | None:
    """Whether some line gets every noisy label right (the exact LP with the run's bias), and what that means for
    PLA; None when the LP was not run."""
    sep = extras.get("labels_separable")
    if sep is None:
        return None
    space = "line" if trace.settings["bias"] else "line through the origin"
    if sep:  # a halt says it below; before the cap, that PLA needs more updates
        return None if trace.halted else (f"Some {space} gets every one of these labels right (an "
                                          f"{term('exact LP')} says so): PLA would halt on them, after more updates "
                                          "than the cap.")
    strict = trace.settings["bias"] and trace.settings["sign_zero"] != "both"  # a halt then needs strict separation
    return (f"No {space} gets every one of these labels right (an {term('exact LP')} says so)"
            + (": PLA never halts on them, and the pocket keeps the best w it has seen." if strict else "."))


def end_words(trace, t: int, extras: dict, go: str) -> list[str]:
    """How the run ends: a halt (and whether its w separates), or the cap and why."""
    T = len(trace)
    if trace.halted:
        e = halt_words.end(trace)
        if not e.separates:
            head = (f"⚠️ PLA halted after {T} update{plural(T)}" if t >= T else
                    f"This run halts after {T} update{plural(T)} {ahead(go)}")
            return [f"{head}, so ŵ = w: {halt_words.halted(e)}"]
        return [f"✅ PLA halted after {T} update{plural(T)}: these labels are separable, so ŵ = w." if t >= T else
                f"This run halts after {T} update{plural(T)} {ahead(go)}: these labels are separable, so in the "
                "end ŵ = w."]
    if t >= T:
        lp = "" if trace.cycle else f" {not_yet(extras.get('separable'), bias=trace.settings['bias'])}."
        return [f"{cap_line(trace, extras)} The pocket holds the best w seen.{lp}"]
    return []


def cap_line(trace, extras: dict) -> str:
    """The run stopped at the cap (it did not halt), and why."""
    reason = ("the weights cycle, so PLA would never halt" if trace.cycle else
              cap_reason(extras.get("separable"), bias=trace.settings["bias"],
                         with_bias=extras.get("with_bias")).replace("these points", "these labels"))
    return f"⏹ Stopped at the cap of {count(len(trace), 'update')}: {reason}."
