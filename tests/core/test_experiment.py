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
    assert np.array_equal(clean.X, np.round(clean.X / 1e-3) * 1e-3) and np.abs(clean.X).max() <= 1
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


def test_requests_over_the_caps_are_refused_with_how_to_make_them_smaller():
    E.check_work(1000, 100, 10_000)  # LFD's N = 100 homework fits exactly
    with pytest.raises(ValueError, match="lower the cap per run to 1,000 or the runs to 100"):
        E.check_work(1000, 1000, 10_000)
    with pytest.raises(ValueError, match="Pocket follows each run one by one"):
        E.check_work(1000, 100, 10_000, noise=0.1)
    E.check_work(1000, 100, 1000, noise=0.1)
    assert E.work(10, [10, 20], 5) == 10 * 30 * 5


def test_summary_leaves_out_what_is_not_finite():
    s = E.summary([1, 2, 3, np.inf, np.nan, 4])
    assert s == dict(mean=2.5, median=2.5, p90=pytest.approx(3.7), count=4)
    assert E.summary([])["count"] == 0
