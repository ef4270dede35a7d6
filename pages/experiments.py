"""Experiments (issue 13): a thousand PLA runs on random targets, as histograms, with a progress bar and a sweep."""

from pla_lab.lessons import EXPERIMENTS

EXPERIMENTS.render()
