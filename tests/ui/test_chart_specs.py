"""The charts beside the plot, as their figure builders declare them: the axes cover what is drawn, and the proof's
t axis is scaled to the run when the bound is far past it."""

from __future__ import annotations

import pytest

import pla_core
from pla_core import datasets
from pla_lab.drawing import figures
from pla_lab.lessons.halts import halts_figures as proof_figures
from pla_lab.lessons.halts import halts_proof as proof


def _pocket(seed: int, n: int = 40):
    d = datasets.separable(n, seed=seed, margin=0.05, noise=0.2)
    return pla_core.pocket(d.X, d.y, max_updates=300, seed=seed)


@pytest.mark.parametrize("seed", range(6))
def test_the_error_chart_s_axis_shows_every_value_it_draws(seed):
    chart = figures.error_curves(_pocket(seed))
    drawn = [v for s in chart["series"] for v in s["y"]]
    assert max(drawn) == pytest.approx(1.0)  # w₀ = 0 gets every point wrong
    assert chart["ymax"] >= max(drawn) and min(drawn) >= 0


def _proof_chart(margin: float, n: int, seed: int, to_bound: bool = True):
    d = datasets.separable(n, seed=seed, margin=margin)
    trace = pla_core.pla(d.X, d.y, stop_on_cycle=False)
    facts = proof.facts(trace, f=None, use_f=False)
    chart = proof_figures.proof_chart(facts.series, eta=1.0, which=facts.which, to_bound=to_bound)
    return chart, len(trace), facts.series.R ** 2 / facts.series.rho ** 2


@pytest.mark.parametrize("margin, n, seed", [(0.3, 16, 0), (0.02, 30, 0), (0.02, 30, 1), (0.01, 40, 2), (0.2, 20, 3)])
def test_the_proof_chart_s_t_axis_holds_the_run_in_a_fifth_of_it_at_least_and_names_the_bound(margin, n, seed):
    chart, T, bound = _proof_chart(margin, n, seed)
    assert chart["xmax"] >= T  # the whole run is on the axis
    assert max(T, 1) / chart["xmax"] >= 0.19, (T, chart["xmax"], bound)
    assert chart["marks"][0]["x"] == pytest.approx(bound, rel=1e-6)  # said, on the axis or at its end
    if bound <= proof_figures.FAR * max(T, 1):
        assert chart["xmax"] >= bound  # "up to the bound" when that leaves the run readable
    for k, p in enumerate(chart["panels"]):  # the run's curves (a bound, with its own x, is a ray past them)
        ys = [v for s in chart["series"] if s["panel"] == k and "x" not in s for v in s["y"]]
        assert p["ymin"] <= min(ys) and p["ymax"] >= max(ys)
