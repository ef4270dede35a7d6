"""The edges every lesson meets, walked on every lesson of the registry (a new one is picked up by itself): *Clear*
(no points, so no run), a link with one point, a link whose points are all of one class, an empty CSV and a
malformed one loaded.
Each page opens without an exception and says why it shows no run, or shows the run it can make; a lesson hook
that assumes a run (``page.run.extras[...]`` with no run) fails here. docs/adding-a-lesson.md's example lesson
meets the same edges (tests/architecture/test_adding_a_lesson.py, with :func:`walk`)."""

from __future__ import annotations

import re

import pytest

from pla_lab.framework.codec import encode_points

from .helpers import LESSONS, button, start

#: The lessons with points of their own (Experiments makes its own data for each run)
WITH_POINTS = sorted(slug for slug, lesson in LESSONS.items() if "pts" in lesson.state.fields)
ONE_POINT = [(0.25, -0.5, 1.0)]
ONE_CLASS = [(0.1, 0.2, 1.0), (-0.4, 0.3, 1.0), (0.5, -0.6, 1.0), (-0.2, -0.7, 1.0)]


def words(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    parts += [w.value for w in at.warning] + [e.value for e in at.error] + [s.value for s in at.success]
    return re.sub(r"\\(.)", r"\1", "\n".join(map(str, parts)))


def walk(open_page, upload=None) -> dict[str, str]:
    """Each edge on a page ``open_page(params)`` opens (an AppTest, run): what it says. ``upload(at, name, data)``
    loads a file into it, where the page has the save box. Asserts no exception anywhere."""
    said = {}
    at = open_page({})
    button(at, "Clear").click().run()
    assert not at.exception, at.exception
    said["clear"] = words(at)
    for name, pts in (("one point", ONE_POINT), ("one class", ONE_CLASS)):
        at = open_page({"pts": encode_points(pts)})
        assert not at.exception, (name, at.exception)
        for _ in range(2):  # and a step on, where there is one
            step = [b for b in at.button if b.label == "Step" and not b.disabled]
            if step:
                step[0].click().run()
                assert not at.exception, (name, at.exception)
        said[name] = words(at)
    if upload is not None:
        for name, data in (("empty csv", b""), ("bad csv", b"x1,x2,y\n0.1,0.2,1\n0.3,abc,-1\n")):
            at = upload(open_page({}), name.replace(" ", "."), data)
            assert not at.exception, (name, at.exception)
            said[name] = words(at)
    return said


def _upload(slug):
    def go(at, name, data):
        at.session_state[LESSONS[slug].state.key("transfer")] = True  # the box opened (AppTest clicks no expander)
        at.run()
        at.file_uploader[0].set_value((name, data, "text/csv")).run()
        return at
    return go


@pytest.mark.parametrize("slug", WITH_POINTS)
def test_every_lesson_meets_clear_one_point_one_class_and_an_empty_csv(slug):
    said = walk(lambda params: start(params, f"../pages/{slug}.py"), _upload(slug))
    assert "There are no points yet" in said["clear"]
    assert "empty" in said["empty csv"].lower() and "line 3" in said["bad csv"].lower()
