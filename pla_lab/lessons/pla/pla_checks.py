"""Check yourself on PLA step by step: pure builders of :class:`~pla_lab.api.Question` from the run shown (see
:mod:`pla_lab.framework.questions` for the ones lessons share)."""

from __future__ import annotations

from pla_lab.api import Question, next_point, score_moves, will_halt


def pla_steps(trace, t: int, *, separable: bool | None, go: str) -> list[Question]:
    """/pla's questions at step t: the next point, the score it gains, whether the run halts."""
    qs = [next_point(trace, t), score_moves(trace, t), will_halt(trace, separable=separable, go=go)]
    return [q for q in qs if q is not None]


# -- Why PLA halts ----------------------------------------------------------------------------------------------
