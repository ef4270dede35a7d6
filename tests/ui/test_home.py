"""The home page at "/", the path through the lessons, each lesson's goal and its previous/next links, and the old
links to "/" that still open the PLA lesson (AppTest)."""

from __future__ import annotations

import pathlib
import re

import numpy as np
import pytest

import pla_core
from pla_lab.course import path
from pla_lab.framework import codec as C
from pla_lab.lessons import LESSONS as ORDER
from tests.ui.helpers import plot as plot_data
from pla_lab.words.text import md

from .helpers import LESSONS, PLA_PAGE, key, markdown, plot, start, url

SLUGS = [lesson.slug for lesson in ORDER]
HOME_HEADING = "### PLA Lab: the perceptron, one update at a time"


def links(at) -> list[tuple[str, str, str]]:
    """The page links a user sees: (label, the address they open, the page's hash)."""
    return [(p.proto.label, p.proto.page, p.proto.page_script_hash) for p in at.get("page_link")]


def follow(at, label: str):
    """A click on the link labelled so: the page it names must be one the navigation registered (AppTest keeps them
    by hash; it cannot click a link itself), which is then opened."""
    target = next(h for lab, _, h in links(at) if lab == label)
    pages = at._registered_pages  # noqa: SLF001 - AppTest's record of st.navigation's pages, by hash
    assert target in pages, (label, target)
    for k in [k for k in at.query_params if k != "embed_options"]:  # as the browser drops them on a page switch
        del at.query_params[k]
    return at.switch_page(str(pages[target]["script_path"])).run()


def sidebar_order(at) -> list[str]:
    """The pages in the order the sidebar lists them (the navigation's registration order): their addresses."""
    return [info["url_pathname"] for info in at._registered_pages.values()]  # noqa: SLF001


def test_the_path_is_the_order_of_the_lessons_and_of_the_sidebar():
    assert [s.slug for s in path.PATH] == SLUGS
    at = start(page=None)
    assert sidebar_order(at) == ["", *SLUGS, "lecture", "class", "sources", "glossary"]  # "Start here" first, at "/";
    # then the lecture being prepared, a class answering together, the notes and the words
    assert SLUGS.index("pla") < SLUGS.index("halts") < SLUGS.index("xor") < SLUGS.index("pocket")
    assert SLUGS[-1] == "experiments"


def test_home_lists_every_lesson_in_path_order_with_working_links():
    at = start(page=None)
    assert not at.exception and HOME_HEADING in markdown(at)
    listed = [(lab, page) for lab, page, _ in links(at) if re.match(r"\d+\. ", lab)]
    assert listed == [(f"{i}. {LESSONS[s].title}", s) for i, s in enumerate(SLUGS, 1)]
    text = markdown(at)
    for stop in path.PATH:
        assert md(f"{stop.line}  \n*Needs:* {stop.needs} · about {stop.minutes} min") in text
    total = sum(s.minutes for s in path.PATH)
    assert f"### The path: {len(SLUGS)} lessons, about {total} minutes in all" in text
    for i, slug in enumerate(SLUGS, 1):
        opened = follow(start(page=None), f"{i}. {LESSONS[slug].title}")
        assert not opened.exception and f"### {LESSONS[slug].heading}" in markdown(opened), slug
    first = follow(start(page=None), f"Begin the path: 1. {LESSONS[SLUGS[0]].title} →")
    assert f"### {LESSONS[SLUGS[0]].heading}" in markdown(first)


def test_the_home_picture_is_a_pla_run_and_its_words_are_that_runs():
    """The plot's points, run through pla_core with the app's defaults, give the weights it steps through and the
    words under it; it is the lessons' own plot, played in the browser alone (local: it tells the server nothing)."""
    at = start(page=None)
    data = plot_data(at)
    assert data["local"] and data["viewonly"] and data["t"] == 0
    from pla_lab.course import home_figures
    points, _, _ = home_figures.example()  # the data's own order (PLA's cyclic order depends on it)
    assert data["points"] == [list(p) for p in points]
    pos = sum(1 for p in points if p[2] > 0)
    X, y = np.array([p[:2] for p in points]), np.array([p[2] for p in points])
    trace = pla_core.pla(X, y)
    T = len(trace)
    assert trace.halted and data["T"] == T and T > 1  # every step of the run, and it moves
    assert data["win"]["t0"] == 0 and len(data["win"]["W"]) == T + 1
    assert np.allclose(np.array(data["win"]["W"], float), trace.weights, rtol=0, atol=1e-12)
    caption = " ".join(c.value for c in at.caption)
    assert f"PLA on {len(y)} points ({pos} ○ +1, {len(y) - pos} × −1)" in caption
    assert f"halts after **{T}** updates" in caption


@pytest.mark.parametrize("params", [{}, {"embed_options": "dark_theme"}, {"embed_options": "light_theme"}])
def test_the_bare_address_opens_home(params):
    at = start(params, page=None)
    assert HOME_HEADING in markdown(at) and "### PLA, step by step" not in markdown(at)
    assert "Algorithm settings" not in markdown(at)  # the home page runs nothing: no settings beside it


def _old_link() -> dict:
    at = start({"seed": "3", "eta": "0.5", "order": "permuted"})
    at.radio(key=key("pla", "cls")).set_value("-1").run()
    params = url(at)
    params["t"] = "2"
    return params


@pytest.mark.parametrize("extra", [{}, {"embed_options": "dark_theme"}])
def test_an_old_link_to_the_root_still_opens_pla_with_its_points_step_and_settings(extra):
    link = _old_link()
    old, new = start({**link, **extra}, page=None), start({**link, **extra}, page=PLA_PAGE)
    assert not old.exception
    assert "### PLA, step by step" in markdown(old) and HOME_HEADING not in markdown(old)
    assert url(old) == url(new) == {**link, **extra}  # the theme too
    assert plot(old)["t"] == plot(new)["t"] == 2 and plot(old)["points"] == plot(new)["points"]
    assert C.decode_points(url(old)["pts"])[0] == C.decode_points(link["pts"])[0]


def test_one_unknown_key_is_still_an_old_pla_link():
    at = start({"present": "1"}, page=None)
    assert HOME_HEADING not in markdown(at) and "PLA, step by step" in markdown(at) and url(at)["present"] == "1"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_lesson_opens_with_its_goal_and_ends_with_previous_and_next(slug):
    at = start(page=f"../pages/{slug}.py")
    assert path.STOPS[slug].goal in [c.value for c in at.caption]
    i = SLUGS.index(slug)
    prev_label = f"← Previous: {LESSONS[SLUGS[i - 1]].title}" if i else "← Previous: Start here"
    next_label = f"Next: {LESSONS[SLUGS[i + 1]].title} →" if i + 1 < len(SLUGS) else "Next: Start here (the path) →"
    shown = [lab for lab, _, _ in links(at)]
    assert shown[-2:] == [prev_label, next_label]  # the last two links of the page
    back = follow(start(page=f"../pages/{slug}.py"), prev_label)
    want = f"### {LESSONS[SLUGS[i - 1]].heading}" if i else HOME_HEADING
    assert want in markdown(back)
    on = follow(start(page=f"../pages/{slug}.py"), next_label)
    assert (f"### {LESSONS[SLUGS[i + 1]].heading}" if i + 1 < len(SLUGS) else HOME_HEADING) in markdown(on)


def test_presenter_mode_leaves_the_goal_out():
    at = start({"present": "1"})
    assert path.STOPS["pla"].goal not in [c.value for c in at.caption]


def test_the_sidebar_settings_survive_a_visit_to_the_home_page():
    at = start()
    at.number_input(key=key("set", "eta")).set_value(0.5).run()
    follow(at, "← Previous: Start here")
    assert not at.exception and HOME_HEADING in markdown(at)
    follow(at, "1. PLA step by step")
    assert at.number_input(key=key("set", "eta")).value == 0.5 and url(at)["eta"] == "0.5"


def test_the_readme_lists_the_path_as_the_app_does():
    readme = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text()
    rows = [line for line in readme.splitlines() if re.match(r"\| \d+ \| \*\*", line)]
    assert rows == [f"| {i} | **{LESSONS[s.slug].title}** (`/{s.slug}`) | {s.line} | {s.needs} | {s.minutes} min |"
                    for i, s in enumerate(path.PATH, 1)]
    assert f"About {path.total_minutes()} minutes in all." in readme
    assert path.readme_table() in readme  # what `python -m pla_lab.course.path` prints, pasted as it is


def test_presenter_mode_can_be_entered_and_left_on_the_home_page_and_follows_to_a_lesson():
    at = start(page=None)
    next(b for b in at.button if b.label == "Present").click().run()
    assert HOME_HEADING in markdown(at) and any(b.label == "Leave presenter mode" for b in at.button)
    follow(at, "1. PLA step by step")
    assert url(at)["present"] == "1" and "#### PLA, step by step" in markdown(at)  # the lesson's presenter layout


@pytest.mark.parametrize("seed", range(4))
def test_the_pictures_words_follow_any_run_halted_or_stopped_at_the_cap(seed):
    from pla_lab.course.home import picture_words
    for name, kw in (("separable", dict(n=12, margin=0.1)), ("xor", dict(n=12))):
        d = pla_core.datasets.make(name, seed=seed, **kw)
        points = [(x, y, lab) for (x, y), lab in zip(d.X, d.y)]
        trace = pla_core.pla(d.X, d.y, w0=(0.5, 0.0, 0.0) if seed % 2 else None, max_updates=40,
                             stop_on_cycle=False)
        words, T = picture_words(points, trace), len(trace)
        pos = int(sum(d.y > 0))
        assert f"PLA on {len(d.y)} points ({pos} ○ +1, {len(d.y) - pos} × −1)" in words
        assert ("from w₀ = (0.5, 0, 0)" if seed % 2 else "from w = 0") in words
        assert (f"halts after **{T}** update" if trace.halted else f"stops at the cap after {T} update") in words
