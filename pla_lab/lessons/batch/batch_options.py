"""The lesson "Batch perceptron": its own options."""

from __future__ import annotations

from pla_lab.api import COS495, MAX_POINTS, STEP, Setting, choice, number

#: The lesson "Batch perceptron": its own options. The sum over the mistakes is the step-function notes' rule, the
#: 1/b of a mini-batch the COS 495 lecture's; "note" follows each note (pla_core.batch's average=None).
AVERAGE = {"note": None, "sum": False, "mean": True}
AVERAGE_LABELS = {"note": "each note's rule", "sum": f"sum η·Σ ({STEP.tag})", "mean": f"average (η/b)·Σ ({COS495.tag})"}
OPTIONS = (
    Setting("batch", "full", choice(("full", "mini")), label="Each update sums the mistakes of",
            help=f"All n points, summing every mistake (the batch perceptron of {STEP.name}), or the next b points "
                 f"of the list, summing the mistakes among them ({COS495.of} mini-batch).",
            widget="select", options=("full", "mini"),
            option_label={"full": f"all n ({STEP.tag})", "mini": f"b points ({COS495.tag})"}.get),
    Setting("bs", 5, number(1, MAX_POINTS, int), str, label="Mini-batch size b",
            help=f"How many points one mini-batch takes, in list order ({COS495.of} update t sums points tb+1 to "
                 "tb+b); at most n.",
            widget="number", extra=dict(min_value=1, max_value=MAX_POINTS, step=1)),
    Setting("avg", "note", choice(tuple(AVERAGE)), label="Update",
            help=f"{STEP.Name} add η·Σ yₙx̃ₙ over the mistakes; {COS495.of} mini-batch divides that sum by b (a step "
                 "of the average loss). Each note's rule: the sum for all n points, 1/b for a mini-batch. From "
                 "w₀ = 0 the factor only stretches w: the lines stay the same.",
            widget="select", options=tuple(AVERAGE), option_label=AVERAGE_LABELS.get),
)
