"""Save or load points: every lesson's box offers the points as CSV and the run as JSON, and loads a CSV of points.
What the files hold is checked against the page's link and pla_core; a file that cannot be loaded leaves the points
as they were and says which line is wrong."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import links, model, transfer

from .helpers import LESSONS, Downloads, button, key, plot, points, start, url, view

PAGES = {slug: f"../pages/{slug}.py" for slug in LESSONS}
SAVING = [slug for slug, lesson in LESSONS.items() if "transfer" in lesson.state.fields]  # every lesson with points
STUDY_APP = str(Path(__file__).parent / "data" / "study_lesson_app.py")


@pytest.fixture()
def downloads(monkeypatch):
    return Downloads().install(monkeypatch)


def opened(slug: str, params: dict | None = None) -> AppTest:
    at = start(params, PAGES[slug])
    assert not at.get("download_button") and not at.file_uploader  # the box runs its content only when opened
    at.session_state[key(slug, "transfer")] = True  # the learner opens the box (AppTest cannot click an expander)
    at.run()
    assert not at.exception, at.exception
    return at


def upload(at: AppTest, name: str, data: bytes) -> AppTest:
    at.file_uploader[0].set_value((name, data, "text/csv")).run()
    assert not at.exception, at.exception
    return at


def shown(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def box_says(at) -> str:
    return " ".join(shown(e.value) for e in (*at.success, *at.warning))


# -- saving --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", SAVING)
def test_every_lesson_saves_its_points_as_csv_and_its_run_as_json(slug, downloads):
    at = opened(slug)
    name, mime, data = downloads.get(at, "Points (CSV)")
    assert (name, mime) == (f"pla-lab-{slug}-points.csv", "text/csv")
    text = data.decode()
    X, y = pla_core.load_points(text)
    X = np.vectorize(C.q)(X)  # the file writes 0.822 for the app's 0.8220000000000001: the same point
    drawn = plot(at)["points"]  # the labels drawn (the Pocket page's noisy ones)
    assert [[a, b, c] for (a, b), c in zip(X.tolist(), y.tolist())] == drawn
    assert [tuple(p[:2]) for p in drawn] == [p[:2] for p in points(at)]
    f = url(at).get("f")
    if f and f != "none":
        assert text.splitlines()[0] == "# target f: b, w1, w2, xmin, xmax, ymin, ymax = " + f.replace(",", ", ")
    else:
        assert not text.startswith("# target")
    name, mime, data = downloads.get(at, "Run (JSON)")
    assert (name, mime) == (f"pla-lab-{slug}-run.json", "application/json")
    saved = pla_core.load_run(data)
    assert saved.meta["lesson"] == slug and saved.meta["app"] == "PLA Lab"
    assert saved.X[:, :2].tolist() == X.tolist() and saved.y.tolist() == y.tolist()
    assert saved.replay().weights[-1].tobytes() == saved.w.tobytes()
    if saved.algorithm == "online":  # a stream has no cap on updates: its length is its passes
        assert saved.settings["passes"] == int(url(at)["passes"]) and "max_updates" not in saved.settings
    elif saved.algorithm == "sgd":  # SGD's length is its passes over the points, at most 10,000 steps
        assert saved.settings["epochs"] == min(int(url(at)["epochs"]), 10_000 // len(y))
        assert saved.settings["loss"] == url(at)["loss"] and "max_updates" not in saved.settings
    else:
        assert saved.settings["max_updates"] == int(url(at)["cap"])
    if saved.algorithm != "batch":  # the batch perceptron draws nothing at random
        assert saved.settings["seed"] == int(url(at)["seed"])


def test_the_pocket_csv_holds_the_noisy_labels_and_says_so(downloads):
    at = opened("pocket")
    text = downloads.get(at, "Points (CSV)")[2].decode()
    X, y = pla_core.load_points(text)
    clean = [p[2] for p in points(at)]
    flipped = int((y != np.array(clean)).sum())
    assert flipped > 0
    assert f"# labels: as the run learned them, noisy: noise 10% on (seed 0) flipped {flipped} of {len(y)}" in text
    saved = pla_core.load_run(downloads.get(at, "Run (JSON)")[2])
    assert saved.algorithm == "pocket" and saved.y.tolist() == y.tolist()
    assert saved.meta["target_f"]["box"] == [-1.0, 1.0, -1.0, 1.0]


def test_the_run_json_is_the_run_shown_step_for_step(downloads):
    at = opened("pla")
    button(at, "Run").click().run()
    saved = pla_core.load_run(downloads.get(at, "Run (JSON)")[2])
    X, y = model.arrays(points(at))
    trace = pla_core.pla(X, y, stop_on_cycle=False, max_updates=1000, seed=0)
    assert saved.weights.tobytes() == trace.weights.tobytes()
    assert url(at)["t"] == str(len(saved))  # Run went to the end: the last saved wₜ is the one drawn
    assert saved.used == trace.used_window()


def test_the_xor_lift_saves_the_lifted_run(downloads):
    at = opened("xor", {"lift": "1"})
    saved = pla_core.load_run(downloads.get(at, "Run (JSON)")[2])
    assert saved.X.shape[1] == 3 and saved.halted
    assert saved.X[:, 2].tolist() == (saved.X[:, 0] * saved.X[:, 1]).tolist()
    assert any("lift" in n for n in saved.meta["notes"])
    assert saved.replay().w.tobytes() == saved.w.tobytes()


def test_with_no_points_there_is_nothing_to_save():
    at = opened("pla")
    button(at, "Clear").click().run()
    assert all(b.proto.disabled for b in at.get("download_button"))
    assert not at.exception


def test_a_study_lesson_saves_its_points_and_has_no_run(downloads):
    at = AppTest.from_file(STUDY_APP, default_timeout=30)
    at.run()
    at.session_state["study.transfer"] = True
    at.run()
    assert not at.exception, at.exception
    name, _, data = downloads.get(at, "Points (CSV)")
    assert name == "pla-lab-study-points.csv"
    assert transfer.read_points(data).points == points(at)
    json_button = next(b for b in at.get("download_button") if b.label == "Run (JSON)")
    assert json_button.proto.disabled


# -- loading -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", SAVING)
def test_a_loaded_file_replaces_the_points_fits_the_view_and_undo_brings_them_back(slug):
    at = opened(slug)
    before, before_view = points(at), view(at)
    upload(at, "mine.csv", b"x1,x2,y\n0.5,1,1\n-1.25,2,0\n3,-4.0004,1\n")
    new = [(0.5, 1.0, 1.0), (-1.25, 2.0, -1.0), (3.0, -4.0, 1.0)]
    assert points(at) == new  # in the link, rounded to 0.001
    assert view(at) == model.fit_view(new)
    assert url(at).get("f", "none") == "none" and url(at)["t"] == "0"
    said = box_says(at)
    assert "Loaded 3 points from mine.csv." in said and "rounded to 0.001" in said and "(1 point moved)" in said
    assert [p[:2] for p in plot(at)["points"]] == [list(p[:2]) for p in new]  # drawn
    button(at, "Undo").click().run()
    assert points(at) == before and view(at) == before_view


@pytest.mark.parametrize("slug", ["pocket", "halts"])
def test_a_saved_file_with_its_target_loads_back_with_it(slug, downloads):
    at = opened(slug)
    f, pts = url(at)["f"], points(at)
    data = downloads.get(at, "Points (CSV)")[2]
    button(at, "Clear").click().run()
    assert url(at).get("f", "none") == "none" and points(at) == []
    upload(at, f"pla-lab-{slug}-points.csv", data)
    assert url(at)["f"] == f
    if slug == "halts":
        assert points(at) == pts
    assert "with its target f" in box_says(at)


@pytest.mark.parametrize("data,words", [
    (b"x1,x2,y\n0.1,0.2,1\n0.3,abc,-1\n", "Line 3: 'abc' is not a number."),
    (b"0.1,0.2,1\n0.3,0.4,0\n0.5,0.6,-1\n", "Line 3: the label is -1, but line 2 has 0"),
    (b"0.1,0.2,0.3,1\n", "Line 1: expected 2 coordinates and a label (3 values), found 4."),
    (b"0.1,0.2,1\n0.1,250000,1\n", "Line 2: the coordinate 250000 lies beyond ±100000, the largest allowed."),
    ("\n".join(["x1,x2,y", *("0.1,0.2,1" for _ in range(501))]).encode(),
     "The file has more than 500 points, the most that can be loaded."),
    (b"# " + b"x" * (2**20) + b"\n0,0,1\n", "is 1.0 MB; PLA Lab loads files up to 1 MB (and 500 points)."),
    (b"", "The file holds no points"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not text (UTF-8)"),
])
def test_a_bad_file_says_which_line_and_what_and_the_points_stay(data, words):
    at = opened("pla")
    button(at, "Step").click().run()
    before = url(at)
    upload(at, "bad <b>[x](y)</b>.csv", data)
    said = box_says(at)
    assert said.startswith("bad <b>[x](y)</b>.csv was not loaded (the points on screen stay): ")
    assert words in said
    assert url(at) == before  # the points, view and step as they were
    assert not at.markdown or all("<b>" not in m.value for m in at.markdown)
    assert all("<b>" not in w.value for w in at.warning)  # the name is shown as text, escaped


def test_removing_the_file_clears_the_message():
    at = opened("pla")
    upload(at, "bad.csv", b"1,2\n")
    assert at.warning
    at.file_uploader[0].set_value(None).run()
    assert not at.warning and not at.success


def test_the_uploader_and_the_server_refuse_the_same_size():
    config = (Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml").read_text()
    assert re.search(r"^maxUploadSize = (\d+)$", config, re.M).group(1) == str(transfer.MAX_FILE_MB)
    at = opened("pla")
    assert at.file_uploader[0].proto.max_upload_size_mb == transfer.MAX_FILE_MB
    assert set(at.file_uploader[0].allowed_type) == {f".{t}" for t in transfer.FILE_TYPES}


# -- the reader, as a function -------------------------------------------------------------------------------------


def test_read_points_rounds_and_reads_the_target_line():
    f = (0.1, -0.5, 0.8, -1.0, 1.0, -1.0, 1.0)
    text = transfer.points_csv([(0.25, 1.918, 1.0), (-1.0, 0.0, -1.0)], target=f, notes=["a note"])
    assert text == ("# target f: b, w1, w2, xmin, xmax, ymin, ymax = 0.1, -0.5, 0.8, -1, 1, -1, 1\n# a note\n"
                    "x1,x2,y\n0.25,1.918,1\n-1.0,0.0,-1\n")
    got = transfer.read_points(text.encode())
    assert got.points == [(0.25, C.q(1.918), 1.0), (-1.0, 0.0, -1.0)] and got.target == f and not got.notes
    bad = transfer.read_points(b"# target f: b, w1, w2, xmin, xmax, ymin, ymax = 1, 0, 0, 0, 1, 0, 1\n0,0,1\n")
    assert bad.target is None and bad.notes == ("The target f line was not used: it is not a line (w₁ = w₂ = 0).",)
    assert links.dump_target(f) in text.replace(", ", ",")


def test_json_of_a_run_has_the_settings_points_weights_and_used_points():
    pts = [(0.5, 0.5, 1.0), (-0.5, -0.5, -1.0), (0.5, -0.5, 1.0)]
    X, y = model.arrays(pts)
    trace = pla_core.pla(X, y, w0=(1, -1, 1))
    doc = json.loads(transfer.run_json(trace, lesson="pla", target=None, notes=[]))
    assert doc["settings"]["w0"] == [1.0, -1.0, 1.0] and doc["X"] == X.tolist() and doc["y"] == [1, -1, 1]
    assert doc["weights"] == trace.weights.tolist() and doc["used"] == trace.used_window()


def test_a_semicolon_file_with_decimal_commas_loads_and_says_how_it_was_read():
    """A spreadsheet in a European language saves CSV with semicolons between the values and decimal commas."""
    at = opened("pla")
    upload(at, "excel.csv", "x1;x2;y\r\n0,5;1,25;1\r\n-1,5;2;-1\r\n3;-0,004;1\r\n".encode("utf-8-sig"))
    assert points(at) == [(0.5, 1.25, 1.0), (-1.5, 2.0, -1.0), (3.0, -0.004, 1.0)]
    said = box_says(at)
    assert "Loaded 3 points from excel.csv." in said
    assert "Read as values separated by semicolons, with decimal commas (0,5 read as 0.5)" in said


@pytest.mark.parametrize("data,points_,words", [
    (b"0.5;1;1\n2;3;-1\n", [(0.5, 1.0, 1.0), (2.0, 3.0, -1.0)], "Read as values separated by semicolons."),
    (b"1,2,1\n3,4,-1\n", [(1.0, 2.0, 1.0), (3.0, 4.0, -1.0)], None),  # commas stay separators without semicolons
    (b"# a; comment\n1 2 1\n3\t4\t0\n", [(1.0, 2.0, 1.0), (3.0, 4.0, -1.0)], None),
])
def test_read_points_takes_semicolons_and_leaves_other_files_as_they_were(data, points_, words):
    got = transfer.read_points(data)
    assert got.points == points_
    assert got.notes == ((words,) if words else ())


def test_a_bad_semicolon_file_names_the_line_and_how_it_was_read():
    with pytest.raises(ValueError) as e:
        transfer.read_points(b"x1;x2;y\n0,5;abc;1\n")
    assert str(e.value).startswith("Line 2: 'abc' is not a number. Read as values separated by semicolons")
