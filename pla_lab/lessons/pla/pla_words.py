"""The words of the lesson PLA step by step: its guide, "What to look at, what to try" (the sentences under the plot
that every replay says are :mod:`pla_lab.words.explain`'s)."""

from __future__ import annotations

from pla_lab.api import explain, term

GUIDE = f"""
**What you see.** Each ○ is a +1 point, each × a −1 point. The line is where wᵀx̃ = 0; the blue side is
where PLA predicts +1, the orange side −1. The arrow is the weight vector w's feature part (w₁, w₂): it always
points to the +1 side.

**One {term("update")}.** PLA picks a {term("mistake")} (circled: a point on the wrong side, or on the line when
the sidebar's reading of sign(0) counts that tie as wrong) and adds η·y·x̃ to w, where
{term("augmented space", "x̃")} = (1, x₁, x₂).
The dashed arrow from the tip of w draws the feature part of that update, η·y·(x₁, x₂); its bias part, η·y·1,
moves b and shows in the numbers. The faint arrow is the new w. Press **Step** (→) and watch the line turn
towards the mistake; the dashed grey line is where it was. That point's score y·wᵀx̃ (> 0 on its right side)
grows by exactly η‖x̃‖², as the numbers show at every step (the credit-card notes: yₙwₜ₊₁ᵀx̃ₙ ≥ yₙwₜᵀx̃ₙ).

**Try this.**
1. Press **Run**: on separable points PLA always stops; expect the verdict to say after how many updates (the
   lesson *Why PLA halts* proves that it must, and bounds how many).
2. Click to add a × deep inside the ○ side, then step: expect the line to swing toward it; each update that
   corrects the × raises its score y·wᵀx̃ by η‖x̃‖².
3. Load **XOR** and run: no line works, so expect the verdict to say the weights repeat, for ever.
4. Change the **{term("order of visits", "order")}** or **{term("sign(0)")}** in the sidebar: expect a different sequence, often a different final
   line, and still a halt.
"""


def present(trace, t: int, *, separable: bool | None, go: str, with_bias: bool | None) -> str:
    """Presenter mode's numbers: the verdict, then the step's t and wₜ, its mistakes, and the next update (or the
    run's end), as the full panel states them (:func:`explain.step_parts`)."""
    parts = explain.step_parts(trace, t)
    keep = ("t", "mistakes", "next", "update") if "next" in parts else ("t", "mistakes")
    return (explain.verdict(trace, t, separable=separable, go=go, with_bias=with_bias) + "\n\n"
            + "  \n".join(parts[k] for k in keep))
