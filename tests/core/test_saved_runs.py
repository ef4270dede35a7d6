"""Runs saved as JSON and read back (pla_core.save_run / load_run), and points files with 1/0 labels."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

import pla_core as pc
from pla_core import datasets as ds

NOISY = ds.separable(40, noise=0.1, seed=5)
SEP = ds.separable(30, margin=0.05, seed=2)
XOR4 = ds.xor4()
CREDIT = ds.credit(30, seed=1)

RUNS = {
    "cyclic": lambda: pc.pla(SEP.X, SEP.y),
    "permuted": lambda: pc.pla(SEP.X, SEP.y, order="permuted", seed=7),
    "random": lambda: pc.pla(NOISY.X, NOISY.y, order="random", seed=3, max_updates=400),
    "cyclic, noisy, to the cap": lambda: pc.pla(NOISY.X, NOISY.y, max_updates=300),
    "eta, w0, sign(0)=+1": lambda: pc.pla(CREDIT.X, CREDIT.y, eta=0.3, w0=(1.5, -0.25, 2.0), sign_zero=1),
    "no bias, sign(0)=-1": lambda: pc.pla(SEP.X, SEP.y, bias=False, w0=(0, 1, -1), sign_zero=-1, max_updates=500),
    "margin": lambda: pc.pla(SEP.X, SEP.y, margin=0.02, max_updates=2000),
    "XOR cycle, stopped": lambda: pc.pla(XOR4.X, XOR4.y),
    "XOR cycle, played on": lambda: pc.pla(XOR4.X, XOR4.y, stop_on_cycle=False, max_updates=37),
    "pocket": lambda: pc.pocket(NOISY.X, NOISY.y, max_updates=200, seed=4),
    "pocket, cyclic": lambda: pc.pocket(NOISY.X, NOISY.y, max_updates=150, order="cyclic"),
    "batch": lambda: pc.batch(NOISY.X, NOISY.y, eta=0.5, max_updates=60),
    "mini-batch": lambda: pc.batch(NOISY.X, NOISY.y, eta=0.5, batch_size=6, max_updates=60),
    "mini-batch, summed, XOR cycle": lambda: pc.batch(XOR4.X, XOR4.y, batch_size=3, average=False),
    "online": lambda: pc.online(NOISY.X, NOISY.y, passes=3, shuffle=True, seed=9),
    "sgd, perceptron loss (exact on its grid)": lambda: pc.sgd(np.round(SEP.X, 2), SEP.y, epochs=4),
    "sgd, hinge, permuted": lambda: pc.sgd(NOISY.X, NOISY.y, loss="hinge", eta=0.3, order="permuted", seed=2,
                                           epochs=3, stop_when_still=False),
    "sgd, logistic, decaying η, random": lambda: pc.sgd(NOISY.X, NOISY.y, loss="logistic", decay=True,
                                                       order="random", seed=5, epochs=2),
    "sgd, squared, diverged": lambda: pc.sgd(CREDIT.X, CREDIT.y, loss="squared", eta=1.0, epochs=5),
}


@pytest.mark.parametrize("name", list(RUNS))
def test_a_saved_run_replays_to_the_same_weights_bit_for_bit(name):
    trace = RUNS[name]()
    saved = pc.load_run(pc.save_run(trace))
    assert saved.algorithm == trace.settings["algorithm"] and len(saved) == len(trace)
    assert saved.X.tobytes() == trace.X.tobytes() and saved.y.tobytes() == trace.y.tobytes()
    assert saved.weights.tobytes() == trace.weights.tobytes()  # every wₜ as saved
    assert saved.used == trace.used_window()
    assert (saved.halted, saved.stop, saved.cycle) == (trace.halted, trace.stop, trace.cycle)
    again = saved.replay()
    assert again.weights[-1].tobytes() == trace.weights[-1].tobytes() == saved.w.tobytes()
    assert again.weights.tobytes() == trace.weights.tobytes() and again.mistakes.tolist() == trace.mistakes.tolist()
    if trace.pocket_weights is not None:
        assert saved.pocket_weights.tobytes() == trace.pocket_weights.tobytes()
        assert again.pocket_weights.tobytes() == trace.pocket_weights.tobytes()


def test_saved_settings_are_the_keyword_arguments(tmp_path):
    trace = pc.pla(CREDIT.X, CREDIT.y, order="permuted", seed=3, eta=0.5, w0=(1, 0, 0), max_updates=999)
    path = tmp_path / "run.json"
    text = pc.save_run(trace, path, meta={"lesson": "pla", "notes": ["a note"]})
    assert path.read_text(encoding="utf-8") == text
    doc = json.loads(text)
    assert doc["settings"] == dict(order="permuted", eta=0.5, w0=[1.0, 0.0, 0.0], margin=0.0, bias=True,
                                   sign_zero=None, max_updates=999, seed=3, stop_on_cycle=True)
    assert doc["meta"] == {"lesson": "pla", "notes": ["a note"]}
    assert len(doc["weights"]) == len(trace) + 1 and len(doc["used"]) == len(trace)
    for source in (path, str(path), text.encode(), io.StringIO(text)):
        assert pc.load_run(source).w.tobytes() == trace.w.tobytes()
    buf = io.StringIO()
    pc.save_run(trace, buf, meta={"lesson": "pla", "notes": ["a note"]})
    assert buf.getvalue() == text
    assert pc.load_run(text).meta["lesson"] == "pla"


def test_the_batch_runs_used_points_are_kept():
    trace = RUNS["batch"]()
    saved = pc.load_run(pc.save_run(trace))
    assert saved.used == [trace.used(t).tolist() for t in range(len(trace))]
    assert any(len(u) > 1 for u in saved.used)


def _doc(**change):
    doc = json.loads(pc.save_run(pc.pla(XOR4.X, XOR4.y)))
    doc.update(change)
    return json.dumps(doc)


@pytest.mark.parametrize("text,words", [
    ('{"format": "pla_core.run",\n "version": 1,\n oops}', "Line 3: this is not JSON"),
    ("[1, 2]", "not a saved run"),
    (_doc(version=2), "version 2"),
    (_doc(algorithm="adaline"), "Unknown algorithm 'adaline'"),
    (_doc(settings={"order": "cyclic", "speed": 3}), "takes no setting 'speed'"),
    (_doc(weights=[[0, 0, 0]]), "'weights' (w₀ … w_T) has shape (1, 3), expected"),
    (_doc(X=[[0, 0]] * 4), None),  # legal: a different data set, still a run to replay
    (_doc(y=[1, 2, 1, 1]), "Labels must be +1 or -1"),
    (_doc(used=[[9]] * 5), "\"used\" must hold"),
    (_doc(n=0), "'n' must be a whole number ≥ 1"),
])
def test_a_damaged_run_file_says_what_is_wrong(text, words):
    if words is None:
        pc.load_run(text)
        return
    with pytest.raises(ValueError) as e:
        pc.load_run(text)
    assert words in str(e.value)


def test_meta_must_be_json():
    with pytest.raises(ValueError, match="JSON-ready"):
        pc.save_run(pc.pla(XOR4.X, XOR4.y), meta={"w": np.zeros(2)})


# ---------------------------------------------------------------------------------------------------------------
# Points files: 1/0 labels, a fixed number of features, a bound on coordinates, comment lines


def test_labels_one_and_zero_read_as_plus_and_minus_one_with_or_without_a_header():
    for text in ("x1,x2,y\n0.5,1,1\n-1,2,0\n3,4,1\n", "0.5,1,1\n-1,2,0\n3,4,1\n", "0.5 1 1.0\n-1 2 0.0\n3 4 1\n"):
        X, y = pc.load_points(text)
        np.testing.assert_array_equal(X, [[0.5, 1], [-1, 2], [3, 4]])
        np.testing.assert_array_equal(y, [1, -1, 1])


@pytest.mark.parametrize("text,words", [
    ("x1,x2,y\n1,2,0\n3,4,1\n5,6,-1\n", "Line 4: the label is -1, but line 2 has 0: use labels +1/-1 or 1/0"),
    ("1,2,-1\n3,4,1\n5,6,0\n", "Line 3: the label is 0, but line 1 has -1"),
    ("1,2,1\n3,4,5,1\n", "Line 2: expected 2 coordinates and a label (3 values), found 4"),
    ("x1,x2,x3,y\n1,2,3,1\n", "Line 2: expected 2 coordinates and a label (3 values), found 4"),
    ("1,2,1\n# far\n3,200000,1\n", "Line 3: the coordinate 200000 lies beyond ±100000"),
    ("1,2,1\n3,4,2\n", "Line 2: the label (last value) must be +1 or -1 (or 1 or 0), found '2'"),
])
def test_points_file_errors_name_the_line(text, words):
    with pytest.raises(ValueError) as e:
        pc.load_points(text, features=2, bound=1e5)
    assert words in str(e.value)


def test_save_points_writes_comments_that_load_points_skips():
    buf = io.StringIO()
    pc.save_points(buf, SEP.X, SEP.y, comments=["target f: 1, 2, 3", "two\nlines"])
    text = buf.getvalue()
    assert text.startswith("# target f: 1, 2, 3\n# two lines\nx1,x2,y\n")
    X, y = pc.load_points(text, features=2)
    assert X.tobytes() == SEP.X.tobytes() and y.tobytes() == SEP.y.tobytes()
