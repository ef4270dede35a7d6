"""The perceptron as gradient descent: four losses on the same points, step by step."""

from pla_lab.lessons import SGD

SGD.render()
