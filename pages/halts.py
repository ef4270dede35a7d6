"""Why PLA halts (seeds 000–004): the proof's numbers and inequalities live, the best margin, the geometry, 3-D."""

from pla_lab.lessons import HALTS

HALTS.render()
