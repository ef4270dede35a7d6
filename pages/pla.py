"""PLA step by step: click points into the plane, then watch each update turn the boundary."""

from pla_lab.lessons import PLA

PLA.render()
