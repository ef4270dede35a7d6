"""A stray tap must not cost a class its place: Undo brings back the step with the points, and a view-only link
(viewonly=1) makes the plot a thing to step through, not to edit. Also the words the credit-card story puts in the
legend."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pla_lab.framework import model

from .helpers import button, key, plot, points, start, url, warnings

SAVED = json.loads((Path(__file__).parent / "data" / "links_v1.json").read_text(encoding="utf-8"))
TOGGLE = "View only: taps step"


def test_undo_after_new_points_mid_run_brings_back_the_step():
    at = start()
    for _ in range(5):
        button(at, "Step").click().run()
    pts = points(at)
    assert url(at)["t"] == "5" and plot(at)["t"] == 5
    at.selectbox(key=key("pla", "preset")).set_value("credit").run()
    assert url(at)["t"] == "0" and points(at) != pts
    seq = plot(at)["seq"]
    button(at, "Undo").click().run()
    assert points(at) == pts and url(at)["t"] == "5" and plot(at)["t"] == 5
    assert plot(at)["seq"] > seq  # a move the browser animates to, not an old one it would ignore


def test_clear_then_undo_brings_back_the_step_and_clear_moves_forward():
    at = start({"t": "3"})
    seq = plot(at)["seq"]
    button(at, "Clear").click().run()
    assert points(at) == [] and plot(at)["seq"] > seq  # shown from 0 as a new move (not a fresh counter at 0)
    button(at, "Undo").click().run()
    assert url(at)["t"] == "3" and plot(at)["t"] == 3


def test_a_view_only_link_is_kept_and_the_point_tools_say_so_with_a_way_back():
    params = {**SAVED[0]["params"], "viewonly": "1"}
    at = start(params)
    assert url(at) == params and not at.warning
    switch = at.toggle(key=key("set", "viewonly_switch"))
    assert switch.label == TOGGLE and switch.value is True
    assert not any(r.label == "Clicks add" for r in at.radio)
    assert plot(at)["viewonly"] is True
    switch.set_value(False).run()
    assert url(at) == SAVED[0]["params"]  # as the link was before view only
    assert any(r.label == "Clicks add" for r in at.radio) and plot(at)["viewonly"] is False
    assert not any(t.label == TOGGLE for t in at.toggle)


def test_the_share_box_makes_a_link_view_only_and_back():
    at = start()
    assert "viewonly" not in url(at) and plot(at)["viewonly"] is False
    at.session_state[key("pla", "share")] = True  # the lecturer opens the box (AppTest cannot click an expander)
    at.run()
    button(at, "Make the demo view only (taps step)").click().run()
    assert url(at)["viewonly"] == "1" and plot(at)["viewonly"] is True
    assert any("viewonly=1" in c.value for c in at.code)  # the link shown (and its QR code) says so
    assert at.toggle(key=key("set", "viewonly_switch")).value is True
    button(at, "Let taps edit the points again").click().run()
    assert "viewonly" not in url(at) and plot(at)["viewonly"] is False


@pytest.mark.parametrize("slug", ["pocket", "halts", "online"])
def test_view_only_follows_the_class_to_every_lesson(slug):
    at = start({"viewonly": "1"}, f"../pages/{slug}.py")
    assert url(at)["viewonly"] == "1" and plot(at)["viewonly"] is True


@pytest.mark.parametrize("raw", ["2", "yes", "banana"])
def test_a_bad_view_only_value_is_reported_and_editing_stays_on(raw):
    at = start({"viewonly": raw})
    assert f"viewonly={raw} must be 1 or 0; using off." in warnings(at)
    assert plot(at)["viewonly"] is False and "viewonly" not in url(at)


def test_the_credit_card_legend_says_approve_and_deny():
    at = start()
    assert [t["name"] for t in plot(at)["base"]["data"] if t.get("meta") == "points"] == ["y = +1", "y = −1"]
    at.selectbox(key=key("pla", "preset")).set_value("credit").run()
    names = [t["name"] for t in plot(at)["base"]["data"] if t.get("meta") == "points"]
    assert names == ["approve (+1)", "deny (−1)"]
    assert model.class_legend(None) == ("y = +1", "y = −1")
