"""pla_core.experiment: LFD's runs are fixed by (seed, N, run) alone, and a block's numbers are pla_core's."""

from __future__ import annotations

import numpy as np
import pytest

import pla_core
from pla_core import experiment as E


def test_a_run_is_the_same_however_the_runs_are_cut_into_blocks():
    whole = E.lfd_runs(30, 0, 12, noise=0.1, seed=7)
    part = E.lfd_runs(30, 5, 9, noise=0.1, seed=7)
    for k in ("X", "y", "y_f", "W_f", "seeds"):
        assert np.array_equal(getattr(whole, k)[5:9], getattr(part, k))
    assert (whole.seeds < E.SEED_LIMIT).all() and (whole.seeds >= 0).all()


def test_points_lie_on_the_links_grid_and_are_labelled_by_f_then_noise_only_adds_flips():
    clean = E.lfd_runs(200, 0, 20, seed=3)
    assert np.array_equal(clean.X, np.round(clean.X / 1e-3) / 1000) and np.abs(clean.X).max() <= 1
    assert max(len(repr(v).lstrip("-")) for v in clean.X[:3].ravel().tolist()) <= 5  # "0.823": k/1000 as written
    s = clean.W_f[:, :1] + np.einsum("rnd,rd->rn", clean.X, clean.W_f[:, 1:])
    assert np.array_equal(clean.y, np.where(s >= 0, 1.0, -1.0))
    low, high = E.lfd_runs(200, 0, 20, noise=0.1, seed=3), E.lfd_runs(200, 0, 20, noise=0.3, seed=3)
    assert np.array_equal(low.X, clean.X) and np.array_equal(low.y_f, clean.y)
    assert ((low.y != low.y_f) <= (high.y != high.y_f)).all()
    assert 0.05 < (low.y != low.y_f).mean() < 0.15


def test_a_block_is_pla_run_by_run_with_its_bound_and_exact_disagreement():
    out = E.experiment(15, 0, 30, seed=1, order="permuted", bound_runs=30)
    d = E.lfd_runs(15, 0, 30, seed=1)
    for r in range(30):
        tr = pla_core.pla(d.X[r], d.y[r], order="permuted", seed=int(d.seeds[r]), max_updates=10_000)
        assert out["T"][r] == len(tr) and np.array_equal(out["w"][r], tr.weights[-1])
        assert out["P"][r] == pytest.approx(pla_core.geometry.disagreement(tr.weights[-1], d.W_f[r],
                                                                          (-1, 1, -1, 1)), abs=1e-12)
    assert (out["T"] <= out["bound"]).all() and (out["E_in"] == 0).all()


@pytest.mark.parametrize("sign_zero", [None, 1, -1, "both"])
def test_e_in_reads_sign_zero_as_count_mistakes_does(sign_zero):
    d = E.lfd_runs(10, 0, 5, noise=0.2, seed=2)
    W = np.array([[0, 0, 0], [0.5, 1, -1], [0, 1, 0], [0.2, 0, 0], [0, 0.3, 0.3]], dtype=float)
    X = np.zeros_like(d.X)  # x = 0: every score is b, so ties meet every reading
    for XX in (d.X, X):
        got = E._errors(W, XX, d.y, sign_zero)
        want = [pla_core.count_mistakes(W[r], XX[r], d.y[r], sign_zero=sign_zero) / 10 for r in range(5)]
        assert np.allclose(got, want)


def test_noise_runs_pocket_on_the_same_run():
    out = E.experiment(20, 0, 4, noise=0.2, seed=5, order="random", max_updates=200)
    d = E.lfd_runs(20, 0, 4, noise=0.2, seed=5)
    for r in range(4):
        tr = pla_core.pocket(d.X[r], d.y[r], seed=int(d.seeds[r]), max_updates=200)
        assert np.array_equal(out["w"][r], tr.weights[-1])
        assert out["pocket_E_in"][r] == pla_core.count_mistakes(tr.pocket_weights[-1], d.X[r], d.y[r]) / 20
    assert "pocket_P" not in E.experiment(20, 0, 4, noise=0.2, seed=5, max_updates=200, pocket=False)


def test_work_is_the_point_scores_pla_may_make_at_most():
    assert E.work(10, [10, 20], 5) == 10 * 30 * 5


def test_summary_leaves_out_what_is_not_finite():
    s = E.summary([1, 2, 3, np.inf, np.nan, 4])
    assert s == dict(mean=2.5, median=2.5, p90=pytest.approx(3.7), count=4)
    assert E.summary([])["count"] == 0


LFD = dict(order="random", eta=1.0, w0=(0.0, 0.0, 0.0), bias=True, sign_zero=None)


def test_what_halts_and_what_follows_pocket():
    assert E.Cost.of(0, LFD).halts and not E.Cost.of(0, LFD).pocket
    assert E.Cost.of(0.1, LFD).pocket and not E.Cost.of(0.1, LFD).halts
    assert not E.Cost.of(0.1, LFD, pocket=False).pocket  # the sweep
    assert not E.Cost.of(0, {**LFD, "bias": False}).halts and not E.Cost.of(0, {**LFD, "w0": (1.0, 0, 0)}).halts


@pytest.mark.parametrize("noise,settings,n,cap", [
    (0.0, LFD, 100, 10_000), (0.0, LFD, 10, 20_000), (0.1, LFD, 100, 1000), (0.3, {**LFD, "order": "cyclic"}, 500, 200),
    (0.0, {**LFD, "bias": False}, 100, 2000), (0.0, LFD, 5000, 2000)])
def test_each_block_is_the_largest_within_block_seconds_and_no_run_is_left_out(noise, settings, n, cap):
    cost = E.Cost.of(noise, settings, bound_runs=30 if noise == 0 else 0)
    plan = cost.plan(250, [7, n], cap)
    for m in (7, n):  # each N's runs, in order, each once
        assert [r for k, a, b in plan if k == m for r in range(a, b)] == list(range(250))
    for k, a, b in plan:
        bound = a < cost.bound_runs
        assert b - a == 1 or cost.block(b - a, k, cap, bound=bound) <= E.BLOCK_SECONDS
        top = min(100, E.BLOCK_POINTS // k)
        if b < (30 if bound else 250):  # a block cut short by the bound's runs or the last run is not full
            assert all(cost.block(j, k, cap, bound=bound) > E.BLOCK_SECONDS for j in range(b - a + 1, top + 1))
    assert cost.seconds(250, [7, n], cap) == pytest.approx(
        sum(cost.block(b - a, k, cap, bound=a < cost.bound_runs) for k, a, b in plan))


def test_runs_that_may_not_halt_get_smaller_blocks():
    halting = E.Cost.of(0, LFD)
    assert E.Cost.of(0.1, LFD).size(100, 10_000) < halting.size(100, 10_000)
    assert E.Cost.of(0, {**LFD, "bias": False}).size(100, 10_000) < halting.size(100, 10_000)


def test_the_blocks_of_a_plan_give_the_runs_of_one_block():
    kw = dict(LFD, max_updates=1000)
    cost = E.Cost.of(0.2, kw)
    plan = cost.plan(40, 25, 1000)
    assert len(plan) > 1
    parts = [E.experiment(25, a, b, noise=0.2, seed=4, **kw) for _, a, b in plan]
    whole = E.experiment(25, 0, 40, noise=0.2, seed=4, **kw)
    for key, value in whole.items():
        assert np.array_equal(np.concatenate([p[key] for p in parts]), value, equal_nan=key == "bound"), key
