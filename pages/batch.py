"""The batch perceptron (seed 004) and mini-batches (seed 002): every mistake summed in one update, tip to tail."""

from pla_lab.lessons import BATCH

BATCH.render()
