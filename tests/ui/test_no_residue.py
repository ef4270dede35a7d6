"""Issue 32: no number on a lesson's page is the float residue of an exact 0 (−1.388e−17 where the grid says 0).

Every lesson, every example, read at several steps as a user would open them by link: the page's words (Markdown,
captions, boxes, the choices of Check yourself) and the words the plot is sent (its alt text and live line). A number
printed with an exponent of −10 or below is a residue: the app's points are decimals of at most a few digits, and
every quantity a page prints of them (a score, a margin, a weight, a loss of a point within the view) is either
exactly 0 or far from it. Grid data aimed at ties come in too: noisy XOR runs that come back to w = 0, the tie
examples, points on the line, each reading of sign(0)."""

from __future__ import annotations

import json
import re

import pytest

from pla_lab.course.path import BY_SLUG as LESSONS
from pla_lab.framework import codec as C

from .helpers import key, start, url

#: A number as num() prints a float residue: a mantissa, then an exponent of −10 or below (− or -).
RESIDUE = re.compile(r"\d(?:\.\d+)?e[−-](?:[1-9]\d+)")


def said(at) -> str:
    """Everything a user reads on the page: Markdown, captions, boxes, radio choices, expanders, and the words the
    plot is sent (its alt text and the line said for the step)."""
    parts = [e.value for kind in ("markdown", "caption", "info", "warning", "success", "error")
             for e in getattr(at, kind) if isinstance(e.value, str)]
    parts += [str(o) for r in at.radio for o in r.options]
    parts += [e.label for e in at.expander]
    for c in at.get("bidi_component"):
        if c.proto.json:
            parts += strings(json.loads(c.proto.json))  # the plot's words: alt text, said lines, chart labels
    return "\n".join(parts)


def strings(data) -> list[str]:
    """Every text in the plot's payload (its numbers are data to draw, not words)."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        data = list(data.values())
    return [s for v in data for s in strings(v)] if isinstance(data, list) else []


def residues(at) -> list[str]:
    text = said(at)
    return [text[max(0, m.start() - 60):m.end() + 20] for m in RESIDUE.finditer(text)]


def page(slug: str) -> str:
    return f"../pages/{slug}.py"


CASES = [(slug, preset) for slug, lesson in LESSONS.items() for preset in (getattr(lesson, "presets", None) or {})]


@pytest.mark.parametrize("slug,preset", CASES)
def test_no_example_of_any_lesson_prints_a_residue_at_its_start_a_middle_step_and_its_end(slug, preset):
    at = start(None, page(slug))
    box = [s for s in at.selectbox if s.key == key(slug, "preset")]
    if box and box[0].value != preset:
        box[0].set_value(preset).run()
    assert residues(at) == [], f"{slug}/{preset} at t=0: {residues(at)}"
    link = url(at)
    for t in ("3", "1000000"):  # 10⁶: past the end, the page opens at the run's last step
        at = start({**link, "t": t}, page(slug))
        assert not at.exception
        assert residues(at) == [], f"{slug}/{preset} at t={t}: {residues(at)}"


# Grid data aimed at ties, by link: a run that comes back to w = 0 (noisy XOR on the 0.1 grid), points on the line
# through the origin with the bias off, a point at the origin, each reading of sign(0).
TIES = {
    "origin": [(0.0, 0.0, 1.0), (0.1, 0.1, -1.0), (-0.1, 0.2, 1.0)],
    "line": [(0.1, 0.2, 1.0), (0.2, 0.4, -1.0), (-0.3, -0.6, 1.0), (0.1, -0.1, -1.0)],
    "cancel": [(0.1, 0.2, 1.0), (0.3, -0.1, -1.0), (-0.2, 0.3, 1.0), (0.4, 0.4, -1.0), (-0.1, -0.3, 1.0)],
}


#: (sign(0) reading, bias, step): each data set of TIES opens with two of them, in turn, so every lesson meets all four.
READINGS = (("le0", "0", "2"), ("lt0", "1", "3"), ("-1", "0", "5"), ("+1", "1", "1000000"))


@pytest.mark.parametrize("slug", ["pla", "halts", "xor", "compare", "margin", "batch", "online", "sgd"])
@pytest.mark.parametrize("k,name", list(enumerate(TIES)))
def test_grid_data_aimed_at_ties_prints_no_residue_under_any_reading(slug, k, name):
    pts = C.encode_points(TIES[name])
    for sign0, bias, t in (READINGS[(2 * k) % 4], READINGS[(2 * k + 1) % 4]):
        at = start({"pts": pts, "sign0": sign0, "bias": bias, "t": t}, page(slug))
        assert not at.exception
        assert residues(at) == [], f"{slug}/{name} sign0={sign0} bias={bias} t={t}: {residues(at)}"


def test_the_residue_pattern_finds_what_num_prints_for_one_and_not_a_plain_number():
    from pla_lab.words.text import num

    assert RESIDUE.search(num(-1.3877787807814457e-17)) and RESIDUE.search(num(6.9e-17))
    assert not RESIDUE.search(num(0.0)) and not RESIDUE.search(num(1.5e-3)) and not RESIDUE.search("e−1 x")
