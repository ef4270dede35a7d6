"""The lesson Noise & Pocket's own options: widgets, kept in its link."""

from __future__ import annotations

from pla_lab.api import CREDIT, ORDER_LABELS, Setting, choice, dump_bool, number, parse_bool

NOISE_LEVELS = tuple(range(0, 45, 5))  # percent


def _levels(levels):
    whole = number(min(levels), max(levels), int)

    def parse(s: str):
        v = whole(s)
        if v not in levels:
            raise ValueError(f"must be one of {', '.join(map(str, levels))}")
        return v
    return parse

#: The Noise & Pocket page's own options (kept in its session namespace and its links). Its order replaces the
#: sidebar's there: the credit-card notes' Pocket corrects a random mistake, so random is this lesson's default.
OPTIONS = (
    Setting("noisy", True, parse_bool, dump_bool, label="Noise on",
            help="The same points with or without the flipped labels: switch and compare.", widget="toggle"),
    Setting("noise", 10, _levels(NOISE_LEVELS), str, label="Noise level p",
            help="Each label flips with probability p (the same coin flips for a given seed).",
            widget="select_slider", options=NOISE_LEVELS, option_label=lambda v: f"{v}%"),
    Setting("order", "random", choice(tuple(ORDER_LABELS)), label="Order of visits",
            help=f"{CREDIT.Of} Pocket corrects a random mistake each time (the default here); cyclic or a "
                 "shuffled list are there to compare. On this page it replaces the sidebar's order.",
            widget="select", options=tuple(ORDER_LABELS), option_label=ORDER_LABELS.get),
)
