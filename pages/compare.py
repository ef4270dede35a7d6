"""Runs compared: η and the start w₀, the order of visits, and what sign(0) means, side by side."""

from pla_lab.lessons import COMPARE

COMPARE.render()
