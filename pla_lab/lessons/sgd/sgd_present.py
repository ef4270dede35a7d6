"""Presenter mode's numbers for /sgd: the four runs at the step shown and how each one ends, one short line per
loss, read from the same steps (:func:`sgd_runs.step`) and endings (:func:`sgd_runs.endings`) as the full words."""

from __future__ import annotations

import numpy as np

from pla_lab.api import plural, sub
from pla_lab.lessons.sgd import sgd_runs
from pla_lab.lessons.sgd.sgd_words import NAMES, show


def numbers(runs: dict, ends: dict, t: int, T: int) -> str:
    """t of T, then per loss: its margin score m, ℓ and whether w moves at step t + 1 (:func:`sgd_words.table`'s
    row, without the step's vector), and how its run ends (:func:`sgd_words.endings`, short)."""
    head = (f"**t = {t} of {T}** · step {t + 1}, each loss at its own w{sub(t)} · and how each run ends:" if t < T
            else f"**t = {T} of {T}**, the end · how each run ends:")
    rows = [f"**{NAMES[loss]}**: " + " · ".join(v for v in (_step(loss, trace, t), f"**end**: {_end(ends[loss])}") if v)
            for loss, trace in runs.items()]
    return "  \n".join([head, *rows])


def _step(loss: str, trace, t: int) -> str:
    s = sgd_runs.step(trace, t)
    if s is None:  # the run is over: its end says it
        return ""
    if np.any(s.update != 0):
        moves = "w moves" if s.seen else "a step too small for w's floats"
    elif loss == "logistic" and s.moves:
        moves = "a step below the smallest float"
    else:
        moves = "w stays"
    return f"m = {show(s.m, sgd_runs.kink(trace))}, ℓ = {show(s.loss)}, {moves}"


def _end(end) -> str:
    if end.diverged:
        return f"diverged at step {end.T}"
    wrong = f"{end.wrong} of {end.n} wrong"
    if not end.still_moving:
        return wrong + (", w never moved" if end.last_move is None else f", its last move at step {end.last_move + 1}")
    if end.stuck:
        return f"{wrong}, w stuck in floating point"
    return f"{wrong}, {end.pushing} point{plural(end.pushing)} still pull{'s' if end.pushing == 1 else ''} on w"
