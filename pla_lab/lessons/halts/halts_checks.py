"""Check yourself on Why PLA halts: pure builders of :class:`~pla_lab.api.Question` from the run shown (see
:mod:`pla_lab.framework.questions` for the ones lessons share)."""

from __future__ import annotations

from pla_core import facts
from pla_lab.api import Question, num, plural, sub, will_halt


def below_bound(trace, proof) -> Question | None:
    """"Is T below R²/ρ*² here?", for a halted run the proof applies to (from w₀ = 0, no margin): decided on the exact
    bound on grid data, where T = R²/ρ*² is a tie (one point: T = 1 = R²/ρ*², the float bound 0.9999999999999998)."""
    if not (proof.separable and proof.why_not is None and trace.halted):
        return None
    T, R, rho, bound = len(trace), proof.R, proof.rho_star, proof.star
    c = facts.compare(T, bound)
    share = ("T equals it exactly, so this run made every update the bound allows" if c == 0 else
             f"this run made {num(100 * float(T / bound))}% of the updates the bound allows")
    why = (f"T = {T} update{plural(T)}; R = {num(R)} (the largest ‖x̃‖) and ρ* = {num(rho)} (the best margin), so "
           f"R²/ρ*² = {num(proof.bound_star)}: {share}. The proof guarantees T ≤ R²/ρ*² for every run from w₀ = 0 on "
           "separable points.")
    return Question("bound", "Is T, the number of updates this run makes, within the bound R²/ρ*² here (T ≤ R²/ρ*²)?",
                    ("Yes: T ≤ R²/ρ*²", "No: T > R²/ρ*²"), 0 if c <= 0 else 1, why)


def alignment(trace, proof, t: int) -> Question | None:
    """"How much does w*ᵀw grow at update t+1?": by η·yₙw*ᵀx̃ₙ ≥ ηρ*, the proof's first inequality. The answer is
    that inequality itself, not a float comparison: ρ* is the smallest yₙw*ᵀx̃ₙ, so no update of PLA (which adds
    η·yₙx̃ₙ) adds less (equal for a support point)."""
    if not proof.separable or proof.w_star is None or t >= len(trace):
        return None
    w, eta, i = proof.w_star, trace.settings["eta"], int(trace.mistakes[t])
    before, after = float(w @ trace.weights[t]), float(w @ trace.weights[t + 1])
    gain, floor = after - before, eta * proof.rho_star
    why = (f"w*ᵀw{sub(t)} = {num(before)} and w*ᵀw{sub(t + 1)} = {num(after)}: it grew by {num(gain)} = "
           f"η·y·w*ᵀx̃ for point #{i}, and ηρ* = {num(eta)}·{num(proof.rho_star)} = {num(floor)}. No point is "
           "closer to w*'s line than ρ* (ρ* is the smallest y·w*ᵀx̃), so every update adds at least ηρ*.")
    return Question("alignment", f"Update {t + 1} corrects point #{i}. How much does w*ᵀw grow (w* the unit w of "
                    "the best margin ρ*, in the proof's augmented space)?",
                    ("By at least ηρ*", "By less than ηρ*", "It shrinks"), 0, why)


def halts_steps(trace, proof, t: int, *, go: str) -> list[Question]:
    qs = [alignment(trace, proof, t), below_bound(trace, proof), will_halt(trace, separable=proof.separable, go=go)]
    return [q for q in qs if q is not None]


# -- XOR ----------------------------------------------------------------------------------------------------------
