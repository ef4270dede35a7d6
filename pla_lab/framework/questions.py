"""Check yourself, the questions of the replayed lessons (PLA, Why PLA halts, XOR, Noise & Pocket): pure builders of
:class:`pla_lab.framework.checks.Question` from a run's cached trace and extras, its settings and the step shown. Each right
answer and reason is read off ``pla_core`` (the trace, ``predict``, ``count_mistakes``, the proof's R and ρ*);
nothing here solves an LP or calls Streamlit, so a Step stays cheap."""

from __future__ import annotations

import numpy as np

import pla_core

from pla_lab.framework.checks import Question
from pla_lab.words.text import num, plural, sub, vec

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


def pla_steps(trace, t: int, *, separable: bool | None, go: str) -> list[Question]:
    """/pla's questions at step t: the next point, the score it gains, whether the run halts."""
    qs = [next_point(trace, t), score_moves(trace, t), will_halt(trace, separable=separable, go=go)]
    return [q for q in qs if q is not None]


# -- Why PLA halts ----------------------------------------------------------------------------------------------

def below_bound(trace, proof) -> Question | None:
    """"Is T below R²/ρ*² here?", for a halted run the proof applies to (from w₀ = 0, no margin)."""
    if not (proof.separable and proof.why_not is None and trace.halted):
        return None
    T, R, rho, bound = len(trace), proof.R, proof.rho_star, proof.bound_star
    why = (f"T = {T} update{plural(T)}; R = {num(R)} (the largest ‖x̃‖) and ρ* = {num(rho)} (the best margin), so "
           f"R²/ρ*² = {num(bound)}: this run made {num(100 * T / bound)}% of the updates the bound allows. The proof "
           "guarantees T ≤ R²/ρ*² for every run from w₀ = 0 on separable points.")
    return Question("bound", "Is T, the number of updates this run makes, below the bound R²/ρ*² here?",
                    ("Yes: T ≤ R²/ρ*²", "No: T > R²/ρ*²"), 0 if T <= bound else 1, why)


def alignment(trace, proof, t: int) -> Question | None:
    """"How much does w*ᵀw grow at update t+1?": by η·yₙw*ᵀx̃ₙ ≥ ηρ*, the proof's first inequality."""
    if not proof.separable or proof.w_star is None or t >= len(trace):
        return None
    w, eta, i = proof.w_star, trace.settings["eta"], int(trace.mistakes[t])
    before, after = float(w @ trace.weights[t]), float(w @ trace.weights[t + 1])
    gain, floor = after - before, eta * proof.rho_star
    answer = 0 if gain >= floor * (1 - 1e-9) else 1 if gain >= 0 else 2  # rounding of sums that are ≥ ηρ* exactly
    why = (f"w*ᵀw{sub(t)} = {num(before)} and w*ᵀw{sub(t + 1)} = {num(after)}: it grew by {num(gain)} = "
           f"η·y·w*ᵀx̃ for point #{i}, and ηρ* = {num(eta)}·{num(proof.rho_star)} = {num(floor)}. No point is "
           "closer to w*'s line than ρ*, so every update adds at least ηρ*.")
    return Question("alignment", f"Update {t + 1} corrects point #{i}. How much does w*ᵀw grow (w* the widest "
                    "street's unit normal)?", ("By at least ηρ*", "By less than ηρ*", "It shrinks"), answer, why)


def halts_steps(trace, proof, t: int, *, go: str) -> list[Question]:
    qs = [alignment(trace, proof, t), below_bound(trace, proof), will_halt(trace, separable=proof.separable, go=go)]
    return [q for q in qs if q is not None]


# -- XOR ----------------------------------------------------------------------------------------------------------

def period(trace) -> Question | None:
    """"How many updates until the weights repeat?": one round of the cycle pla_core found."""
    if not trace.cycle:
        return None
    s, p = trace.cycle
    n = len(trace.y)
    picks = sorted(dict.fromkeys(c for c in (p, n, 2 * p, p + n, p // 2) if c > 0))
    picks = sorted([p] + [c for c in picks if c != p][:3])
    why = (f"After update {s} the weights are w{sub(s)} = {vec(trace.state_at(s))}; after update {s + p} they are "
           f"{vec(trace.state_at(s + p))} again, with PLA at the same place in its pass over the {n} points, so "
           f"from there the run repeats every {p} update{plural(p)} and never halts.")
    return Question("period", "Once PLA's weights start repeating, how many updates does one round of the cycle "
                    "take?", tuple(f"{c} update{plural(c)}" for c in picks), picks.index(p), why)


def xor_steps(trace, t: int, *, separable: bool | None, go: str) -> list[Question]:
    qs = [next_point(trace, t), period(trace), will_halt(trace, separable=separable, go=go)]
    return [q for q in qs if q is not None]


# -- Noise & Pocket ---------------------------------------------------------------------------------------------

def pocket_worse(trace) -> Question:
    """"Does Pocket's ŵ ever get worse on the data?": its mistakes along the run, against PLA's own w's."""
    best, errs, T, n = trace.pocket_errors, trace.errors, len(trace), len(trace.y)
    up = int(np.sum(np.diff(best) > 0))
    w_up = int(np.sum(np.diff(errs) > 0))
    why = (f"ŵ's mistakes on the {n} labels the run learned from go from {int(best[0])} (update 0) to "
           f"{int(best[-1])} (update {T}), up {up} time{plural(up)}: Pocket swaps ŵ only for a w that makes fewer "
           f"mistakes. PLA's own w made more mistakes than the w before it after {w_up} of its {T} updates.")
    return Question("pocket_worse", "Over the whole run, does Pocket's ŵ ever get worse on the data (more mistakes "
                    "than the ŵ before it)?", ("Yes, sometimes", "No, never"), 0 if up else 1, why)


def pocket_vs_w(trace, t: int) -> Question:
    """"At step t, does ŵ get fewer points wrong than w?": both counted by pla_core."""
    kw = dict(bias=trace.settings["bias"], sign_zero=trace.settings["sign_zero"])
    a = int(pla_core.count_mistakes(trace.weights[t], trace.X, trace.y, **kw))
    b = int(pla_core.count_mistakes(trace.pocket_weights[t], trace.X, trace.y, **kw))
    n = len(trace.y)
    why = (f"w{sub(t)} gets {a} of {n} points wrong and ŵ{sub(t)} gets {b}: ŵ is the best of w₀ … w{sub(t)} on "
           f"these labels, so it never gets more wrong than w{sub(t)}"
           + (f" (here w{sub(t)} is as good as the best so far)." if a == b else "."))
    return Question("pocket_vs_w", f"At step {t}, how many points does the pocket ŵ{sub(t)} get wrong, compared with "
                    f"PLA's w{sub(t)}?", ("Fewer", "As many", "More"), 0 if b < a else 1 if b == a else 2, why)


def pocket_steps(trace, t: int, *, separable: bool | None, go: str) -> list[Question]:
    return [pocket_vs_w(trace, t), pocket_worse(trace), will_halt(trace, separable=separable, go=go)]
