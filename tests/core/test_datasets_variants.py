"""Data sets, CSV files, the batch and online perceptron, and traces of every order."""

from __future__ import annotations

import io

import numpy as np
import pytest

import pla_core as pc
from pla_core import datasets as ds


def test_separable_respects_target_and_margin():
    d = ds.separable(200, margin=0.15, seed=3)
    assert d.X.shape == (200, 2) and set(np.unique(d.y)) <= {-1.0, 1.0}
    dist = pc.signed_distance(d.w_f, d.X)
    assert np.abs(dist).min() >= 0.15
    np.testing.assert_array_equal(np.sign(dist), d.y)
    assert not d.flipped.any()
    assert pc.max_margin(d.X, d.y)[1] > 0


def test_same_seed_same_data_and_noise_keeps_the_points():
    a, b = ds.separable(50, seed=9), ds.separable(50, seed=9)
    np.testing.assert_array_equal(a.X, b.X)
    np.testing.assert_array_equal(a.y, b.y)
    noisy = ds.separable(50, noise=0.2, seed=9)
    np.testing.assert_array_equal(noisy.X, a.X)  # noise on the *same* points
    np.testing.assert_array_equal(noisy.y[noisy.flipped], -a.y[noisy.flipped])
    np.testing.assert_array_equal(noisy.y[~noisy.flipped], a.y[~noisy.flipped])
    more = ds.separable(50, noise=0.4, seed=9)
    assert (more.flipped | ~noisy.flipped).all()  # raising p only adds flips
    assert not np.array_equal(ds.separable(50, seed=10).X, a.X)


def test_noise_rate_is_about_p():
    d = ds.separable(20_000, noise=0.1, margin=0.0, seed=1)
    assert 0.09 < d.flipped.mean() < 0.11


def test_xor_sets():
    d = ds.xor4()
    np.testing.assert_array_equal(d.y, [-1, -1, 1, 1])  # +1 where x₁ and x₂ differ
    m = ds.xor(80, noise=0.1, seed=2)
    assert len(m) == 80 and not pc.is_separable(m.X, m.y)
    clean = ds.xor(80, spread=0.05, seed=2)  # 10 sd from the axes: every point stays in its corner's quadrant
    np.testing.assert_array_equal(clean.y, -np.sign(clean.X[:, 0] * clean.X[:, 1]))
    assert not clean.flipped.any()
    np.testing.assert_array_equal(m.X, ds.xor(80, seed=2).X)


def test_credit_story():
    d = ds.credit(40, seed=0)
    assert d.feature_names == ("years in job", "annual salary ($10k)")
    assert (d.X >= 0).all() and (d.X <= 10).all()
    np.testing.assert_array_equal(d.X, np.round(d.X, 1))
    assert pc.is_separable(d.X, d.y) and pc.pla(d.X, d.y).halted


def test_registry():
    assert set(ds.GENERATORS) >= {"separable", "xor4", "xor", "credit"}
    d = ds.make("separable", n=10, seed=1)
    np.testing.assert_array_equal(d.X, ds.separable(10, seed=1).X)
    assert len(ds.make("xor4")) == 4
    with pytest.raises(ValueError, match="Unknown data set"):
        ds.make("spiral")
    with pytest.raises(ValueError, match="does not take"):
        ds.make("credit", spread=3)
    with pytest.raises(ValueError, match="number of points"):
        ds.separable(0)
    with pytest.raises(ValueError, match="noise"):
        ds.separable(10, noise=0.9)


# ---------------------------------------------------------------------------------------------------------------
# CSV


def test_csv_round_trip(tmp_path):
    d = ds.separable(30, seed=4)
    p = tmp_path / "pts.csv"
    pc.save_points(p, d.X, d.y)
    X, y = pc.load_points(p)
    np.testing.assert_array_equal(X, d.X)
    np.testing.assert_array_equal(y, d.y)
    buf = io.StringIO()
    pc.save_points(buf, d.X, d.y, feature_names=["age", "salary"])
    assert buf.getvalue().startswith("age,salary,y\n")
    X2, _ = pc.load_points(buf.getvalue())
    np.testing.assert_array_equal(X2, d.X)


def test_csv_forms_accepted():
    X, y = pc.load_points("# my points\nx1,x2,label\n0.5, 1, +1\n\n-1,2,-1\n")
    np.testing.assert_array_equal(X, [[0.5, 1.0], [-1.0, 2.0]])
    np.testing.assert_array_equal(y, [1, -1])
    X, y = pc.load_points(b"1 2\t1\n3 4\t-1\n")
    assert X.shape == (2, 2)


@pytest.mark.parametrize(
    "text,words",
    [
        ("", "no points"),
        ("x,y,label\n", "no points"),
        ("1,2,1\n3,4\n", "Line 2: expected 3 values"),
        ("1,2,1\n3,abc,1\n", "Line 2: 'abc' is not a number"),
        ("1,2,2\n", "Line 1: the label (last value) must be +1 or -1 (or 1 or 0), found '2'"),
        ("1,nan,1\n", "Line 1: every value must be a finite number"),
        ("5\n", "at least one coordinate and a label"),
        (b"\xff\xfe\x00\x01", "not text"),
    ],
)
def test_csv_errors_name_the_line(text, words):
    with pytest.raises(ValueError) as e:
        pc.load_points(text)
    assert words in str(e.value)


def test_csv_row_cap():
    text = "\n".join("0,0,1" for _ in range(11))
    with pytest.raises(ValueError, match="more than 10"):
        pc.load_points(text, max_points=10)


# ---------------------------------------------------------------------------------------------------------------
# Variants


def test_batch_perceptron_halts_and_records_both_losses():
    d = ds.separable(40, margin=0.1, seed=1)
    b = pc.batch(d.X, d.y, max_updates=10_000)
    assert b.settings["algorithm"] == "batch"
    assert b.halted and b.stop == "halted" and b.errors[-1] == 0 and b.criterion[-1] == 0
    np.testing.assert_array_equal(b.errors, pc.count_mistakes(b.weights, d.X, d.y))
    assert (b.criterion[1:-1] > 0).all() and b.criterion[0] == 0  # at θ = 0 all 40 are wrong, yet J(0) = 0
    # One step by hand: θ₁ = θ₀ + η Σ_{mistakes} yₙx̃ₙ, and at θ₀ = 0 every point is a mistake.
    Xt = np.hstack([np.ones((40, 1)), d.X])
    np.testing.assert_allclose(b.weights[1], (d.y[:, None] * Xt).sum(axis=0))
    np.testing.assert_array_equal(b.used(0), np.arange(40))
    assert b.mistakes[0] == 0


def test_batch_on_xor_is_stuck_at_zero():
    d = ds.xor4()
    b = pc.batch(d.X, d.y)
    assert not b.halted and b.cycle == (0, 1) and b.stop == "cycle" and len(b) == 1
    np.testing.assert_array_equal(b.weights[-1], 0)
    np.testing.assert_array_equal(b.updates[0], 0)  # the four yₙx̃ₙ cancel
    np.testing.assert_array_equal(b.used(0), [0, 1, 2, 3])
    np.testing.assert_array_equal(b.state_at(7), 0)


def test_online_perceptron_by_hand():
    X = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    y = np.array([1.0, -1.0, 1.0])
    run = pc.online(X, y, sign_zero=1)
    # w = 0: step(0) = +1 predicts +1 (right), then +1 for point 1 (wrong) → w = −(1, 0, 1), then point 2:
    # w·(1, 1, 1) = −2 → −1 (wrong) → w = (0, 1, 0).
    assert run.settings["algorithm"] == "online"
    np.testing.assert_array_equal(run.stream.predictions, [1, 1, -1])
    np.testing.assert_array_equal(run.stream.wrong, [False, True, True])
    np.testing.assert_array_equal(run.stream.shown, [0, 1, 2])
    np.testing.assert_array_equal(run.stream.cumulative_mistakes, [0, 1, 2])
    np.testing.assert_array_equal(run.stream.weight_index, [0, 0, 1])
    np.testing.assert_array_equal(run.weights, [[0.0, 0.0, 0.0], [-1.0, 0.0, -1.0], [0.0, 1.0, 0.0]])
    np.testing.assert_array_equal(run.mistakes, [1, 2])
    np.testing.assert_array_equal(run.visits, [2, 3])
    np.testing.assert_array_equal(run.updates, [[-1.0, 0.0, -1.0], [1.0, 1.0, 1.0]])
    assert run.stop == "end_of_stream" and not run.halted


def test_random_order_picks_among_current_mistakes():
    d = ds.separable(30, noise=0.2, seed=6)
    t = pc.pla(d.X, d.y, order="random", seed=2, max_updates=200)
    Xt = np.hstack([np.ones((30, 1)), d.X])
    for k, i in enumerate(t.mistakes):
        assert d.y[i] * (t.weights[k] @ Xt[i]) <= 0
    assert t.visits is None and t.cycle is None
    again = pc.pla(d.X, d.y, order="random", seed=2, max_updates=200)
    np.testing.assert_array_equal(again.mistakes, t.mistakes)


def test_permuted_order_visits_a_fixed_permutation():
    d = ds.separable(25, margin=0.05, seed=8)
    t = pc.pla(d.X, d.y, order="permuted", seed=4)
    perm = t.permutation
    assert sorted(perm) == list(range(25))
    plain = pc.pla(d.X[perm], d.y[perm])
    np.testing.assert_array_equal(perm[plain.mistakes], t.mistakes)
    np.testing.assert_array_equal(plain.weights, t.weights)


def test_trace_errors_and_repr():
    d = ds.separable(30, margin=0.05, seed=2)
    t = pc.pla(d.X, d.y)
    np.testing.assert_array_equal(t.errors, pc.count_mistakes(t.weights, d.X, d.y))
    np.testing.assert_allclose(t.e_in, t.errors / 30)
    assert "stop='halted'" in repr(t) and "n=30" in repr(t)
    assert t.errors[-1] == 0
