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
            help="The same η for the four losses. A squared-loss step multiplies the visited point's residual "
                 "wᵀx̃ − y by 1 − 2η·‖x̃‖², which shrinks it exactly when η·‖x̃‖² < 1; η·‖x̃‖² < 1 for every point "
                 "is sufficient, not necessary, for the run not to diverge (the page says when it did). On this page "
                 "it replaces the sidebar's η.",
            widget="number", extra=dict(min_value=0.001, max_value=10.0, step=0.05, format="%.3f")),
    Setting("epochs", 30, number(1, 1000, int), str, label="Passes over the points (epochs)",
            help=f"A pass is n steps. In the sidebar's order: cyclic visits 0, 1, …, n−1 in every pass; one random "
                 "permutation visits every point once, in the same shuffled order every pass; random draws each "
                 "step's point uniformly from all n, with replacement, so a pass can visit a point twice and miss "
                 f"another. At most {MAX_STEPS:,} steps in all (more passes are cut to fit).",
            widget="number", extra=dict(min_value=1, max_value=1000, step=1)),
    Setting("decay", False, parse_bool, dump_bool, label="η decays as η/√t",
            help="Step t uses ηₜ = η/√t instead of η. The COS 495 lecture writes a generic ηₜ; the app takes "
                 "η/√t. The runs are then computed in floating point, a tie decided within 10⁻¹²·‖w‖·R.",
            widget="toggle"),
)

#: The sidebar's order as it reads here: SGD visits every point in turn, right or wrong, not only the mistakes
#: (the setting, its values and the link are the shared ones).
ORDER_WORDS = ("Which point each step visits, right or wrong: the next one in the list, the next in one shuffled "
               "list, or any point at random, with replacement.",
               {"random": "a random point each time (with replacement)"})
