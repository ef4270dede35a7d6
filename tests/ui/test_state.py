"""A page-state table alone (a dict stands in for st.session_state): defaults, the link both ways, Undo, kept
widget values."""

from __future__ import annotations

from pla_lab.framework import codec as C
from pla_lab.framework import links
from pla_lab.framework.playhead import Playhead
from pla_lab.framework.state import Field, PageState, button, linked
from pla_lab.lessons import HALTS, LESSONS, POCKET, XOR


def table(store):
    return PageState("demo", (linked(links.POINTS, undo=True), linked(links.VIEW, undo=True), Field("head", Playhead,
                                                                                            link=links.STEP),
                              linked(XOR.options[0], widget=True), Field("stack", list), button("go")), store)


def test_setup_reads_the_link_and_defaults_the_rest():
    store = {}
    s = table(store)
    pts = [(0.5, 0.25, 1.0), (-1.0, 0.0, -1.0)]
    problems = s.setup({"pts": C.encode_points(pts), "t": "3", "lift": "1", "unknown": "x"})
    assert problems == []
    assert s["pts"] == pts and s["head"] == Playhead(t=3) and s["lift"] is True and s["view"] is None
    assert s["stack"] == [] and s.ready
    assert set(store) == {"demo.pts", "demo.view", "demo.head", "demo.lift", "demo.stack", "demo.ready",
                          "demo.kept"}  # a button's key is never set
    s["view"] = (-1, 1, -1, 1)
    assert s.link() == {"pts": C.encode_points(pts), "view": "-1,1,-1,1", "t": "3", "lift": "1"}


def test_bad_link_values_become_defaults_and_plain_text_messages():
    s = table({})
    problems = s.setup({"t": "-1", "lift": "`![](//x/y.png)"})
    assert s["head"] == Playhead() and s["lift"] is False
    assert any(p.startswith("The link's t=-1 must be between 0") for p in problems)
    assert any("lift=`![](//x/y.png)" in p for p in problems)  # quoted as it came; the page shows it literally


def test_undo_snapshot_holds_the_undoable_fields_only():
    s = table({})
    s.setup({})
    s["pts"], s["view"] = [(0.0, 0.0, 1.0)], (-1, 1, -1, 1)
    snap = s.snapshot()
    assert snap == {"pts": [(0.0, 0.0, 1.0)], "view": (-1, 1, -1, 1)}
    s["pts"] = []
    s.restore(snap)
    assert s["pts"] == [(0.0, 0.0, 1.0)]


def test_widget_values_dropped_by_streamlit_come_back():
    store = {}
    s = table(store)
    s.setup({"lift": "1"})
    del store["demo.lift"]  # Streamlit drops a widget's value after a run that did not draw it
    s.keep_widgets()
    assert s["lift"] is True


def test_unknown_fields_are_an_error_not_a_new_key():
    s = table({})
    try:
        s["nope"] = 1
    except KeyError:
        pass
    else:
        raise AssertionError("a field outside the table was accepted")


def test_every_lesson_links_its_options_points_view_and_step():
    for lesson in LESSONS:
        if "pts" not in lesson.state.fields:  # a lesson without points (Experiments) links its options only
            assert {f.link.key for f in lesson.state.fields.values() if f.link} == {o.key for o in lesson.options}
            continue
        keys = {f.link.key for f in lesson.state.fields.values() if f.link is not None}
        own = {"f"} if lesson in (POCKET, HALTS) else set()
        assert keys == {"pts", "view", "ax", "wh", "t", *(o.key for o in lesson.options)} | own | (
            {"pick"} if lesson is HALTS else set())
        undo = {name for name, f in lesson.state.fields.items() if f.undo}
        assert undo == {"pts", "view", "ax", "wh", "head"} | own  # Undo brings back the step too (issue 20)
