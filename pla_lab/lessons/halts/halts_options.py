"""The lesson "Why PLA halts": its own options, and the point whose distance is drawn."""

from __future__ import annotations

from pla_lab.api import HAND, MAX_POINTS, Setting, choice, dump_bool, number, parse_bool

#: The lesson "Why PLA halts": its own options.
OPTIONS = (
    Setting("wf", "star", choice(("star", "f")), label="Prove against",
            help="The proof works for any line that separates the points: the best one w* (largest margin ρ*), "
                 "or, for the examples that have one, the line f that made the data.",
            widget="select", options=("star", "f"),
            option_label={"star": "w* (best margin)", "f": "f (made the data)"}.get),
    Setting("xs", "bound", choice(("bound", "run")), label="Chart's t axis",
            help="Up to the proof's bound R²/ρ² (where ③ reaches 1), unless the run would be a sliver of that axis: "
                 "then the run's updates, with the bound named at the axis's end. Or this run's updates only.",
            widget="select", options=("bound", "run"),
            option_label={"bound": "up to the bound", "run": "this run only"}.get),
    Setting("geo", False, parse_bool, dump_bool, label="ŵ and b/‖(w₁, w₂)‖",
            help=f"{HAND.Of} geometry of the line: its unit normal ŵ and the origin's signed distance b/‖(w₁, w₂)‖.",
            widget="toggle"),
    Setting("d3", False, parse_bool, dump_bool, label="The bias in 3-D",
            help="Augmented space: the points on the sheet x₀ = 1, w through the origin, its plane wᵀx̃ = 0.",
            widget="toggle"),
)


def _pick(s: str) -> int:
    return number(0, MAX_POINTS - 1, int)(s)


#: The point whose distance to the line is drawn (its number in the list; none: not in the link).
PICK = Setting("pick", None, _pick, lambda v: "" if v is None else str(v), fallback="no point")
