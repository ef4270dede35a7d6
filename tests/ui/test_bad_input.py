"""The rows of docs/bad-input.md's table "Bad input, and what you see" that no other test covers: each opens the app as
a user would (a link, a file, a widget) and checks the words the user is shown. The other rows cite their tests by
name."""

from __future__ import annotations

import numpy as np
import pytest

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.words.text import term

from .helpers import button, key, markdown, plot, points, start, url, view, warnings
from .test_transfer import box_says, downloads, opened, upload  # noqa: F401 (downloads: a fixture)

XOR = "../pages/xor.py"


@pytest.mark.parametrize("k,raw,said,used", [
    ("eta", "nan", "The link's eta=nan is not a finite number; using 1.", "1"),
    ("cap", "99999999", "The link's cap=99999999 must be between 1 and 20000; using 1000.", "1000"),
    ("seed", "1e309", "The link's seed=1e309 is not a whole number; using 0.", "0"),
    ("w0", "1,2", "The link's w0=1,2 needs three numbers: b, w₁, w₂; using 0,0,0.", "0,0,0"),
    ("w0", "nan,1,2", "The link's w0=nan,1,2 needs finite numbers within ±100: b, w₁, w₂; using 0,0,0.", "0,0,0"),
    ("speed", "x" * 500, "The link's speed=xxxxxxxxxxxxxxxxxxxxx… is too long; using 1×.", "1×"),
])
def test_a_bad_value_in_a_link_is_named_and_the_default_used(k, raw, said, used):
    at = start({k: raw})
    assert warnings(at) == said
    assert url(at)[k] == used


def test_a_view_too_small_is_refused_and_one_that_fits_the_points_is_used():
    at = start({"view": "0,0.1,0,0.1"})
    assert warnings(at) == ("The link's view=0,0.1,0,0.1 must be at least 0.5 wide and tall; using a view that fits "
                            "the points.")
    assert plot(at)["view"] == list(view(at))
    assert all(view(at)[0] <= x <= view(at)[1] and view(at)[2] <= y <= view(at)[3] for x, y, _ in points(at))


def test_points_beyond_the_largest_coordinate_are_left_out_with_a_note():
    pts = [(0.0, 0.0, 1.0), (2e5, 0.0, -1.0), (0.5, 0.5, -1.0)]
    at = start({"pts": C.encode_points(pts)})
    assert warnings(at) == "1 point in the link lies beyond ±100000: left out."
    assert points(at) == [pts[0], pts[2]]


def test_unknown_keys_are_left_out_of_the_link_without_a_message():
    """A share on a social site adds its own keys (fbclid, utm_…): nothing to tell the user about."""
    at = start({"fbclid": "IwAR0x", "utm_source": "<b>x</b>", "eta": "2"})
    assert not at.warning and url(at)["eta"] == "2"
    assert "fbclid" not in url(at) and "utm_source" not in url(at)


def test_a_repeated_key_uses_its_last_value():
    at = start({"eta": ["2", "3"]})
    assert not at.warning and url(at)["eta"] == "3"


def test_a_link_with_no_points_says_what_to_do():
    at = start({"pts": C.encode_points([])})
    assert [i.value for i in at.info] == ["There are no points yet: click in the plane to add some."]
    assert not at.warning and plot(at)["points"] == []


@pytest.mark.parametrize("cell", [b"nan", b"inf", b"-Infinity"])
def test_a_csv_with_a_value_that_is_not_finite_is_refused_with_its_line(cell):
    at = opened("pla")
    before = url(at)
    upload(at, "bad.csv", b"x1,x2,y\n0,0,1\n" + cell + b",1,-1\n")
    assert box_says(at) == ("bad.csv was not loaded (the points on screen stay): Line 3: every value must be a finite "
                            "number (found NaN or infinity).")
    assert url(at) == before


def test_a_csv_of_one_class_loads_and_pla_halts_after_one_update():
    at = opened("pla")
    upload(at, "one.csv", b"x1,x2,y\n0,0,1\n1,1,1\n2,0,1\n")
    assert box_says(at) == "Loaded 3 points from one.csv."
    assert points(at) == [(0.0, 0.0, 1.0), (1.0, 1.0, 1.0), (2.0, 0.0, 1.0)]
    assert "This run halts after **1** update (press" in markdown(at)


SPOT = C.encode_points([(0.5, 0.5, 1.0), (0.5, 0.5, -1.0)])


@pytest.mark.parametrize("page,words", [
    (None, "This run never halts: from update 0 on, the weights repeat every **2** updates (w₂ = w₀)"),
    ("../pages/halts.py", "⛔ No line separates these points (an exact linear program says so)"),
    ("../pages/margin.py", "⛔ No line separates these points (ρ\\* = 0): no γ > 0 can be met, there is no bound"),
    ("../pages/online.py", "No line separates these points (an exact linear program says so), so there is no "
                           "margin ρ\\* and no bound"),
])
def test_two_points_on_one_spot_with_both_labels_are_said_to_be_inseparable(page, words):
    at = start({"pts": SPOT}, page)
    assert not at.warning and words in markdown(at)


def test_500_points_on_one_spot_with_both_labels_and_the_largest_cap():
    """The most expensive link issue 14 found: every update is a mistake, up to the cap of 20,000."""
    spot = C.encode_points([(0.5, 0.5, 1.0 if i % 2 else -1.0) for i in range(C.MAX_POINTS)])
    at = start({"pts": spot, "cap": "20000", "order": "random", "seed": "7"})
    button(at, "Run").click().run()
    assert ("Stopped at the cap of 20,000 updates with mistakes left: no line separates these points (an "
            f"{term('exact LP')} says so): PLA would never halt.") in markdown(at)
    assert "Mistakes of w₂₀₀₀₀: **500** of 500 points." in markdown(at)
    cyclic = start({"pts": spot, "cap": "20000"}, XOR)
    assert "PLA repeats the same **500** updates for ever, so it can never halt" in markdown(cyclic)


def test_the_sidebar_widgets_at_their_extremes_run_and_the_link_reopens_them():
    at = start(None, XOR)
    for name, v in (("cap", 20_000), ("eta", 0.01), ("seed", 2**31 - 1)):
        at.sidebar.number_input(key=key("set", name)).set_value(v).run()
    assert not at.exception and not at.warning
    assert (url(at)["cap"], url(at)["eta"], url(at)["seed"]) == ("20000", "0.01", "2147483647")
    assert "**t = 0** of 20000" in markdown(at) and "0.01·(−1)·(1, −1, −1)" in markdown(at)
    again = start(url(at), XOR)
    assert url(again) == url(at) and markdown(again) == markdown(at)


def test_a_loaded_csv_view_fits_its_points_exactly_as_the_link_writes_it():
    """Far points give a view with many digits: the view the session uses is the one its link reopens."""
    at = opened("pla")
    upload(at, "far.csv", b"x1,x2,y\n12345.678,-54321.123,1\n-7.5,3.25,-1\n")
    new = [(12345.678, -54321.123, 1.0), (-7.5, 3.25, -1.0)]
    assert view(at) == model.fit_view(new) and plot(at)["view"] == list(view(at))
    again = start(url(at))
    assert not again.warning and plot(again)["view"] == plot(at)["view"]


@pytest.mark.parametrize("params", [{"wh": "0.123456789,1,2"}, {"w0": "0,0.5,1.2345678901234567"}])
def test_a_value_with_more_digits_than_the_link_keeps_runs_as_its_link_reopens(params, downloads):
    """The link writes w by hand with 6 digits and w₀ with 12: the session runs what its link writes (the saved
    runs, every weight at full precision, are the same)."""
    at = opened("pla", params)
    again = opened("pla", url(at))
    assert url(again) == url(at) and not again.warning
    first, second = (pla_core.load_run(downloads.get(a, "Run (JSON)")[2]) for a in (at, again))
    assert np.array_equal(first.weights, second.weights)
