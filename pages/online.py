"""Online perceptron (seeds 002, 004): points arrive one at a time; predict, then reveal the label, then learn."""

from pla_lab.lessons import ONLINE

ONLINE.render()
