"""XOR never halts (seeds 001, 003): the weights cycle, a certificate shows no line works, a lift fixes it."""

from pla_lab.lessons import XOR

XOR.render()
