"""The Experiments lesson's caps, which protect the server a class shares: they are the app's (pla_lab), and
pla_core runs what a notebook asks (tests/core/test_many.py). Every path from a user or a link to pla_many passes
them: the lesson's Start and Sweep buttons, and a link that opens the lesson (tests/ui/test_experiments.py)."""

from __future__ import annotations

import re

import pytest

from pla_core import experiment as E
from pla_lab.lessons.experiments import experiments_jobs as J

LFD = dict(order="random", eta=1.0, w0=(0.0, 0.0, 0.0), bias=True, sign_zero=None)


def test_requests_over_the_caps_are_refused_with_how_to_make_them_smaller():
    J.check_work(1000, 100, 10_000)  # LFD's N = 100 homework fits exactly
    with pytest.raises(ValueError, match="lower the cap per run to 1,000 or the runs to 100"):
        J.check_work(1000, 1000, 10_000)
    with pytest.raises(ValueError, match="Pocket follows each run one by one"):
        J.check_work(1000, 100, 10_000, noise=0.1)
    J.check_work(1000, 100, 1000, noise=0.1)


def _refusal(*args, **kwargs) -> str:
    with pytest.raises(ValueError) as e:
        J.check_work(*args, **kwargs)
    return str(e.value)


@pytest.mark.parametrize("runs,n,cap,noise,settings", [
    (1000, 100, 10_000, 0.0, {**LFD, "bias": False}),     # no run halts: each to the cap
    (1000, 100, 10_000, 0.0, {**LFD, "w0": (100.0, -100.0, 100.0)}),
    (100, 100, 10_000, 0.5, LFD),                          # Pocket follows each run
    (5, 10_000, 20_000, 0.5, LFD),                         # one run is too long
    (5, 10_000, 20_000, 0.0, LFD)])
def test_a_refusal_says_what_to_make_smaller_and_that_is_enough(runs, n, cap, noise, settings):
    cost = E.Cost.of(noise, settings, bound_runs=200 if noise == 0 else 0)
    said = _refusal(runs, n, cap, cost=cost)
    lower = re.search(r"lower the cap per run to ([\d,]+)", said)
    assert lower, said
    fit = int(lower.group(1).replace(",", ""))
    J.check_work(runs, n, fit, cost=cost)  # the suggestion is accepted …
    _refusal(runs, n, fit + 1, cost=cost)  # … and is the largest
    if noise:
        assert "Pocket follows each run one by one" in said
    fewer = re.search(r"the runs to ([\d,]+)", said)
    if fewer:
        J.check_work(int(fewer.group(1).replace(",", "")), n, cap, cost=cost)
    else:
        assert said.startswith("One run of N")  # fewer runs would not help


def test_the_largest_link_the_settings_accept_starts_nothing():
    from tests.ui.helpers import button, markdown, start, warnings

    at = start({"n": "10000", "runs": "10000", "cap": "20000"}, "../pages/experiments.py")
    assert not at.exception, at.exception
    assert "over this server's limit" in warnings(at)
    assert button(at, "Start 10,000 runs").disabled and button(at, "Sweep N ≤ 10,000").disabled
    assert "Press **Start**" in " ".join(c.value for c in at.caption) and "Updates T" not in markdown(at)
