"""A lecture (issue 26), as the pages show it: demos added from lessons with captions, the Lecture page's list
(reorder, captions, remove), its link reopening it, the size refusal, captions shown as text, a lecture file, and a
demo opened from a lecture's link as its own link would open it."""

from __future__ import annotations

import json
import pathlib

import pytest

from pla_lab.framework import deck as D
from pla_lab.framework.codec import encode_points
from pla_lab.lessons import LESSONS

from .helpers import key, plot, start
from .reader import read

LECTURE = "../pages/lecture.py"
PAGES = {lesson.slug for lesson in LESSONS}
HOSTILE = "**bold?** <img src=x onerror=alert(1)> [link](//evil.example) $x$ :red[red] `code`"


def add(at, slug: str, caption: str):
    """Open the lesson's 'Add this demo to my lecture' box, type the caption and press Add."""
    at.session_state[key(slug, "lecture")] = True  # the lecturer opens the box (AppTest cannot click an expander)
    at.run()
    at.text_input(key=key(slug, "caption")).set_value(caption).run()
    at.button(key=key(slug, "add")).click().run()
    assert not at.exception, at.exception
    return at


def deck_of(at) -> tuple[D.Slide, ...]:
    return D.unpack(at.query_params["deck"][0] if isinstance(at.query_params["deck"], list)
                    else at.query_params["deck"], PAGES)


def lecture_rows(at) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith("**") and ".**" in m.value[:8]]


def test_demos_added_from_lessons_are_listed_in_order_with_their_captions_and_the_link_holds_them():
    at = start({"t": "2"}, page="../pages/pla.py")
    add(at, "pla", "First: PLA, two updates in")
    assert "Added as demo 1 of your lecture." in [s.value for s in at.success]
    at.switch_page("../pages/xor.py").run()
    add(at, "xor", "Then XOR: it never halts")
    at.switch_page(LECTURE).run()
    assert not at.exception
    rows = lecture_rows(at)
    assert len(rows) == 2 and "PLA step by step: steps 2 to" in rows[0] and "XOR" in rows[1]
    assert [t.value for t in at.text_input if t.label == "Caption"] == ["First: PLA, two updates in",
                                                                       "Then XOR: it never halts"]
    slides = deck_of(at)
    assert [s.page for s in slides] == ["pla", "xor"] and slides[0].params["t"] == "2"
    assert not set(D.DECK_KEYS) & set(slides[0].params)  # a demo's own link, without a lecture in it
    # the link reopens the same lecture on another machine (a fresh session)
    again = start({"deck": D.pack(slides)}, page=LECTURE)
    assert lecture_rows(again) == rows and deck_of(again) == slides


def test_reorder_edit_a_caption_and_remove():
    slides = (D.Slide("pla", {"t": "1"}, "one"), D.Slide("xor", {}, "two"), D.Slide("pocket", {}, "three"))
    at = start({"deck": D.pack(slides)}, page=LECTURE)
    at.button(key="lecture-down-0").click().run()
    assert [s.caption for s in deck_of(at)] == ["two", "one", "three"]
    at.button(key="lecture-up-2").click().run()
    assert [s.caption for s in deck_of(at)] == ["two", "three", "one"]
    assert [t.value for t in at.text_input if t.label == "Caption"] == ["two", "three", "one"]  # boxes follow
    box = next(t for t in at.text_input if t.label == "Caption" and t.value == "three")
    box.set_value("three, renamed").run()
    assert [s.caption for s in deck_of(at)] == ["two", "three, renamed", "one"]
    at.button(key="lecture-remove-0").click().run()
    assert [(s.page, s.caption) for s in deck_of(at)] == [("pocket", "three, renamed"), ("pla", "one")]
    at.button(key="lecture-remove-0").click().run()
    at.button(key="lecture-remove-0").click().run()
    assert "deck" not in at.query_params and any("no demo yet" in i.value for i in at.info)


def _points(seed: int, n: int) -> str:
    rng = __import__("random").Random(seed)
    return encode_points([(round(rng.uniform(-1, 1), 3), round(rng.uniform(-1, 1), 3), rng.choice((1.0, -1.0)))
                          for _ in range(n)])


def test_a_lecture_too_long_for_a_link_is_refused_with_the_reason():
    slides = (D.Slide("pla", {"pts": _points(1, 700)}, "a"), D.Slide("halts", {"pts": _points(3, 300)}, "c"))
    assert D.refusal(slides) is None
    at = start({"deck": D.pack(slides)}, page=LECTURE)  # the lecture being prepared, from its link
    at.query_params.clear()
    at.query_params["pts"] = _points(2, 500)  # a lesson whose demo has 500 other points
    at.switch_page("../pages/pla.py").run()
    add(at, "pla", "too much")
    warnings = [w.value for w in at.warning]
    assert any("over the 8,000 that links can safely carry" in w and "save the lecture as a file" in w
               for w in warnings), warnings
    at.switch_page(LECTURE).run()
    assert len(lecture_rows(at)) == 2  # nothing was added
    at.switch_page("../pages/xor.py").run()
    add(at, "xor", "a small one still fits")
    at.switch_page(LECTURE).run()
    assert len(lecture_rows(at)) == 3


def test_captions_are_shown_as_text_on_the_lecture_page_and_when_presented():
    slides = (D.Slide("pla", {}, HOSTILE), D.Slide("xor", {}, "next"))
    at = start({"deck": D.pack(slides)}, page=LECTURE)
    assert [t.value for t in at.text_input if t.label == "Caption"][0] == HOSTILE
    shown = start({"deck": D.pack(slides), "slide": "0", "present": "1"}, page="../pages/pla.py")
    bar = next(m.value for m in shown.markdown if m.value.startswith("**1 / 2**"))
    assert read(bar).text == "1 / 2 · " + HOSTILE and not read(bar).problems


def test_a_demo_opened_from_a_lecture_is_its_own_link_and_a_bad_lecture_is_named():
    pts = encode_points([(-0.6, 0.5, 1.0), (0.7, -0.4, -1.0), (0.2, 0.6, 1.0)])
    slides = (D.Slide("pla", {"pts": pts, "t": "1", "eta": "0.5"}, "a"), D.Slide("halts", {"pts": pts}, "b"))
    alone = start({"pts": pts, "t": "1", "eta": "0.5", "present": "1"}, page="../pages/pla.py")
    shown = start({"pts": pts, "t": "1", "eta": "0.5", "present": "1", "deck": D.pack(slides), "slide": "0"},
                  page="../pages/pla.py")
    a, b = plot(alone), plot(shown)
    assert (a["points"], a["t"], a["win"]["W"], a["present"]) == (b["points"], b["t"], b["win"]["W"], b["present"])
    bad = start({"deck": "not-a-lecture", "slide": "0"}, page="../pages/pla.py")
    texts = [w.value for w in bad.warning]
    assert any("deck" in w and "not a lecture this app wrote" in w for w in texts), texts
    assert not any(m.value.startswith("**1 /") for m in bad.markdown)
    past = start({"deck": D.pack(slides), "slide": "7"}, page="../pages/pla.py")
    assert any("not in its lecture" in w.value for w in past.warning)
    damaged = start({"deck": D.pack(slides)[:-9]}, page=LECTURE)  # a lecture's link cut short
    assert any("not a lecture this app wrote" in w.value for w in damaged.warning) and not lecture_rows(damaged)


def test_a_lecture_file_round_trips_and_a_wrong_file_is_named():
    slides = (D.Slide("pla", {"t": "3"}, "α: the start"), D.Slide("xor", {}, ""))
    assert D.from_json(D.to_json(slides), PAGES) == slides
    assert json.loads(D.to_json(slides))["format"] == D.FORMAT
    for text, why in (("{", "not JSON"), ('{"format": "x"}', "not a PLA Lab lecture"),
                      (json.dumps({"format": D.FORMAT, "demos": [{"page": "nowhere"}]}), "no lesson")):
        with pytest.raises(ValueError, match=why):
            D.from_json(text, PAGES)
    with pytest.raises(ValueError, match="more than"):
        D.unpack(D.pack([D.Slide("pla")] * (D.MAX_SLIDES + 1)))


def test_links_saved_from_earlier_versions_open_the_same_demo_inside_a_lecture():
    """Each link saved from the version-1 app (tests/ui/data/links_v1.json), made a lecture's demo: opened from
    the lecture it shows what its own link shows, and its address is its own link with the lecture's place added."""
    saved = json.loads((pathlib.Path(__file__).parent / "data" / "links_v1.json").read_text(encoding="utf-8"))
    slides = tuple(D.Slide(s["page"], s["params"], s["note"]) for s in saved)
    for k, s in enumerate(saved):
        page = f"../pages/{s['page']}.py"
        alone = start(s["params"], page=page)
        shown = start({**s["params"], "deck": D.pack(slides), "slide": str(k)}, page=page)
        assert not shown.warning, [w.value for w in shown.warning]
        assert plot(shown)["points"] == plot(alone)["points"] and plot(shown)["t"] == plot(alone)["t"]
        text = read("\n".join(m.value for m in shown.markdown)).text
        for line in s["shows"]:
            assert read(line).text in text, (s["note"], line)
        link = {k2: v[0] if isinstance(v, list) else v for k2, v in shown.query_params.items()}
        assert {k2: v for k2, v in link.items() if k2 not in D.DECK_KEYS} == s["params"]
        assert link["slide"] == str(k) and D.unpack(link["deck"], PAGES) == slides


def _default_run(slug: str):
    """The lesson's example run at its defaults, from pla_core alone (an oracle beside the Lecture page's count)."""
    import numpy as np

    import pla_core
    lesson = next(lesson for lesson in LESSONS if lesson.slug == slug)
    pts, _, _ = lesson.presets[lesson.default_preset].build(0)
    X, y = np.array([p[:2] for p in pts]), np.array([p[2] for p in pts])
    return pla_core.pla(X, y, max_updates=1000, stop_on_cycle=False)


def test_each_demo_shows_its_steps_and_the_lecture_its_presses_and_a_last_step_is_set_by_hand():
    """The issue's lecture of /pla, /xor, /sgd and /halts at their defaults: PLA to its end (13 updates here), XOR
    one cycle, gradient descent 30 of its 600 steps, /halts to its end; the presses are the steps plus one per move
    to the next demo. A last step typed on the page goes into the lecture's link and its count."""
    slides = tuple(D.Slide(slug, {}, slug) for slug in ("pla", "xor", "sgd", "halts"))
    at = start({"deck": D.pack(slides)}, page=LECTURE)
    rows = lecture_rows(at)
    pla, xor = _default_run("pla"), _default_run("xor")
    assert pla.stop == "halted" and len(pla) <= 30 and xor.cycle is not None
    period = xor.cycle[0] + xor.cycle[1]
    assert f"steps 0 to {len(pla)}, {len(pla)} presses (the run's end)" in rows[0]
    assert f"steps 0 to {period}, {period} presses (one cycle of {xor.cycle[1]} updates; the run goes on to 1,000)" \
        in rows[1]
    assert "steps 0 to 30, 30 presses (30 of the run's 600 steps)" in rows[2]
    halts = int(rows[3].split("steps 0 to ")[1].split(",")[0])
    total = len(pla) + period + 30 + halts + 3
    assert f"takes **{total} presses** of PageDown" in "\n".join(m.value for m in at.markdown)
    boxes = [n for n in at.number_input if n.label == "Last step"]
    assert [b.value for b in boxes] == [len(pla), period, 30, halts]
    boxes[1].set_value(period + 3).run()
    assert deck_of(at)[1].last == period + 3 and deck_of(at)[0].last is None
    assert f"steps 0 to {period + 3}, {period + 3} presses (set by hand; the run has 1,000 steps)" \
        in lecture_rows(at)[1]
    assert f"takes **{total + 3} presses**" in "\n".join(m.value for m in at.markdown)
    again = start({"deck": D.pack(deck_of(at))}, page=LECTURE)  # the link keeps it
    assert [n.value for n in again.number_input if n.label == "Last step"][1] == period + 3


def test_a_presented_demo_gives_the_clicker_its_steps_and_the_previous_demo_at_its_last_step():
    slides = (D.Slide("pla", {}, "a"), D.Slide("xor", {"t": "2"}, "b", 9))
    shown = start({"deck": D.pack(slides), "slide": "1", "present": "1"}, page="../pages/xor.py")
    back = next(b for b in shown.get("link_button") if b.proto.label == "Previous demo")
    assert f"t={len(_default_run('pla'))}" in back.proto.url and "slide=0" in back.proto.url
    nxt = [b for b in shown.get("link_button") if b.proto.label == "Next demo"]
    assert not nxt  # the last demo
    keys = " ".join(str(getattr(c, "key", "")) for c in shown.get("flex_container"))
    assert "deck-steps-2-9" in keys, keys
