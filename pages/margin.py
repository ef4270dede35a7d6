"""The margin perceptron (seed 001): the band that counts as a mistake moves with the line; its bound; margins."""

from pla_lab.lessons import MARGIN

MARGIN.render()
