"""Noise & Pocket (seed 000): a target f makes the labels, noise flips some, PLA wanders, Pocket keeps ŵ."""

from pla_lab.lessons import POCKET

POCKET.render()
