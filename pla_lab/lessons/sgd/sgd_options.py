"""The lesson "The perceptron as gradient descent": its own options (kept in the link)."""

from __future__ import annotations

from pla_core import LOSSES
from pla_lab.api import Setting, choice, digits, dump12, dump_bool, number, parse_bool
from pla_lab.lessons.sgd.sgd_runs import MAX_STEPS
from pla_lab.lessons.sgd.sgd_words import LOSS_LABELS

OPTIONS = (
    Setting("loss", "perceptron", choice(LOSSES), label="Numbers and arrows for",
            help="Whose step the numbers spell out and whose w and update −η·∇ℓ the plot draws as arrows. All four "
                 "lines are drawn and move at every step.",
            widget="select", options=LOSSES, option_label=LOSS_LABELS.get),
    Setting("eta", 0.1, digits(number(0.001, 10.0)), dump12, label="Learning rate η (all four runs)",
            help="The same η for the four losses. The squared loss needs η·‖x̃‖² < 1 for every point, or its steps "
                 "overshoot and grow (the page says when it diverged). On this page it replaces the sidebar's η.",
            widget="number", extra=dict(min_value=0.001, max_value=10.0, step=0.05, format="%.3f")),
    Setting("epochs", 30, number(1, 1000, int), str, label="Passes over the points (epochs)",
            help=f"Each pass visits every point once, in the sidebar's order; at most {MAX_STEPS:,} steps in all "
                 "(more passes are cut to fit).",
            widget="number", extra=dict(min_value=1, max_value=1000, step=1)),
    Setting("decay", False, parse_bool, dump_bool, label="η decays as η/√t",
            help="Step t uses ηₜ = η/√t instead of η (the COS 495 lecture's ηₜ).", widget="toggle"),
)
