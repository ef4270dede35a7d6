"""Bad input raises ValueError with a message a student can act on; nothing else escapes."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import pla_core as pc

X4 = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.5], [0.5, 2.0]])
Y4 = np.array([1.0, -1.0, 1.0, -1.0])


@pytest.mark.parametrize(
    "X,y,words",
    [
        (np.empty((0, 2)), np.empty(0), "empty"),
        ([[0.0, np.nan], [1.0, 1.0]], [1, -1], "Point 0 has a missing"),
        ([[0.0, 1.0], [np.inf, 1.0]], [1, -1], "Point 1 has a missing or infinite"),
        ([1.0, 2.0, 3.0], [1, -1, 1], "two-dimensional"),
        (np.zeros((2, 2, 2)), [1, -1], "3 dimensions"),
        ([[0.0, 1.0], [1.0, 1.0]], [0, -1], "point 0 has label 0 and point 1 has label -1"),
        ([[0.0, 1.0], [1.0, 1.0]], [1, 2], "+1 or -1"),
        ([[0.0, 1.0], [1.0, 1.0]], [1, -1, 1], "2 points but 3 labels"),
        ([["a", "b"]], [1], "table of numbers"),
        (np.empty((3, 0)), [1, 1, -1], "at least one feature"),
    ],
)
def test_bad_data_is_explained(X, y, words):
    for f in (pc.pla, pc.is_separable, pc.mistake_bound):
        with pytest.raises(ValueError, match=None) as e:
            f(X, y)
        assert words.lower() in str(e.value).lower(), str(e.value)


@pytest.mark.parametrize(
    "kwargs,words",
    [
        (dict(eta=0), "learning rate"),
        (dict(eta=-1.0), "learning rate"),
        (dict(eta=float("nan")), "learning rate"),
        (dict(sign_zero=0), "sign_zero"),
        (dict(sign_zero=True), "sign_zero"),
        (dict(order="sorted"), "order must be one of"),
        (dict(margin=-0.1), "margin"),
        (dict(max_updates=-1), "max_updates"),
        (dict(max_updates=1.5), "max_updates"),
        (dict(w0=[1.0, 2.0]), "w0 must have 3 numbers"),
        (dict(w0=[0.0, np.nan, 1.0]), "finite"),
        (dict(w0=[1.0, 0.0, 0.0], bias=False), "through the origin"),
    ],
)
def test_bad_settings_are_explained(kwargs, words):
    with pytest.raises(ValueError) as e:
        pc.pla(X4, Y4, **kwargs)
    assert words in str(e.value)


def test_pocket_requires_a_cap():
    with pytest.raises(ValueError, match="max_updates"):
        pc.pocket(X4, Y4, max_updates=None)


def test_one_point_and_one_class_are_fine():
    t = pc.pla([[1.0, 2.0]], [1.0])
    assert t.halted and len(t) == 1 and t.errors[-1] == 0
    t = pc.pla(X4, np.ones(4))
    assert t.halted and t.errors[-1] == 0
    assert pc.is_separable(X4, np.ones(4))


def test_duplicate_points_with_opposite_labels_cycle_at_once():
    t = pc.pla([[1.0, 1.0], [1.0, 1.0]], [1.0, -1.0])
    assert not t.halted and t.cycle is not None
    assert not pc.is_separable([[1.0, 1.0], [1.0, 1.0]], [1.0, -1.0])
    assert pc.mistake_bound([[1.0, 1.0], [1.0, 1.0]], [1.0, -1.0]) == float("inf")


def test_cap_stops_a_run_and_says_so():
    d = pc.datasets.xor(40, seed=0)
    t = pc.pla(d.X, d.y, max_updates=500, stop_on_cycle=False)
    assert len(t) == 500 and t.stop == "max_updates" and not t.halted
    assert len(pc.pla(d.X, d.y, max_updates=0)) == 0


def test_inputs_are_not_changed_and_traces_are_read_only():
    X, y = X4.copy(), Y4.copy()
    t = pc.pla(X, y)
    np.testing.assert_array_equal(X, X4)
    with pytest.raises(ValueError):
        t.weights[0, 0] = 5.0
    X[0, 0] = 99.0  # the trace keeps its own copy
    assert t.X[0, 0] == 0.0


def test_importing_pla_core_imports_no_streamlit_and_no_plotly():
    code = ("import sys, pla_core; bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('streamlit', 'plotly')); print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=str(__import__("pathlib").Path(pc.__file__).parents[1]))
    assert r.returncode == 0, r.stdout + r.stderr
