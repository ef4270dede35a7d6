"""The rate limits of issue 35 (pla_lab.framework.ratelimit): a burst, then a steady rate, per session, each refusal
saying how long to wait."""

from __future__ import annotations

import pytest

from pla_lab.framework.ratelimit import CODES, Limit


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def test_a_burst_then_the_rate_per_session_and_the_wait_said():
    clock = Clock()
    lim = Limit(burst=3, per_s=0.5, clock=clock)
    assert [lim.take("a") for _ in range(3)] == [0, 0, 0]
    assert lim.take("a") == pytest.approx(2.0)  # one try comes back every 2 s
    assert lim.take("b") == 0  # another session has its own bucket
    clock.t += 1.0
    assert lim.take("a") == pytest.approx(1.0)
    clock.t += 1.0
    assert lim.take("a") == 0 and lim.take("a") > 0
    clock.t += 1000
    assert [lim.take("a") for _ in range(3)] == [0, 0, 0] and lim.take("a") > 0  # full again, never more than burst


def test_guessing_a_class_code_is_slowed_to_one_try_every_six_seconds():
    clock = Clock()
    lim = Limit(burst=CODES.burst, per_s=CODES.per_s, clock=clock)
    tries = sum(1 for _ in range(1000) if lim.take("guesser") == 0)
    assert tries == 5
    clock.t += 60
    assert sum(1 for _ in range(1000) if lim.take("guesser") == 0) == 5  # a minute later: the burst, never more
