"""Start here: what the perceptron is and what PLA does, a small live picture, and the path through the lessons."""

from pla_lab.course import home

home.render()
