"""Issue 44: every count on every page agrees with its number: "1 update", never "1 updates" (/halts once said "past
the end of this run (1 updates)"). The words of every lesson's page, read from the whole page (Markdown, captions,
messages, labels, choices, help, the plot's and the chart's data), at links whose runs make exactly one update, stop
at a cap of one, repeat every one update, and have one point; and the helper that writes a count."""

from __future__ import annotations

import re

import pytest
from google.protobuf.json_format import MessageToDict

import pla_core
from pla_lab.framework.codec import encode_points
from pla_lab.words.text import count, plural

from .helpers import LESSONS, button, start

#: The nouns the app counts with a number in front
NOUNS = ("updates", "points", "mistakes", "steps", "runs", "passes", "seeds", "labels", "predictions", "arrivals",
         "presses", "demos", "lessons", "minutes", "seconds", "answers", "students", "questions", "rounds", "blocks",
         "times", "epochs", "classes", "errors", "ties", "choices", "rows", "readings")
#: "1 updates", "**1** points": a one (not 0.1, 11, 1,001 or −1) before a plural noun
ONE_PLURAL = re.compile(r"(?<![\w.,−\-])1(?:\*\*)?\s+(?:" + "|".join(NOUNS) + r")\b")

ONE = encode_points([(0.25, -0.5, 1.0)])  # one point: PLA from w₀ = 0 makes 1 update and halts
XOR4 = encode_points([(*x, float(y)) for x, y in zip(pla_core.datasets.xor4().X, pla_core.datasets.xor4().y)])
ORIGIN = encode_points([(0.0, 0.0, 1.0)])  # at the origin, no bias: x̃ = 0, w never moves: it repeats every update

#: (link parameters, steps) every lesson with points is opened at
LINKS = [
    ({"pts": ONE}, (0, 1, 5)),  # a run of one update; step 5 is past its end
    ({"pts": XOR4, "cap": "1"}, (0, 1)),  # stopped at the cap of one update
    ({"pts": ORIGIN, "bias": "0"}, (0, 1)),  # the weights repeat every 1 update (w₁ = w₀)
]
WITH_POINTS = sorted(slug for slug, lesson in LESSONS.items() if "pts" in lesson.state.fields)
CASES = [(slug, {**params, "t": str(t)}) for slug in WITH_POINTS for params, steps in LINKS for t in steps]
CASES += [("compare", {**params, "cmp": view, "t": str(t)}) for view in ("order", "sign0")
          for params, steps in LINKS[:2] for t in steps]


def _strings(o):
    if isinstance(o, str):
        yield o
    elif isinstance(o, dict):
        for v in o.values():
            yield from _strings(v)
    elif isinstance(o, list):
        for v in o:
            yield from _strings(v)


def _nodes(node):
    yield node
    for child in (getattr(node, "children", None) or {}).values():
        yield from _nodes(child)


def page_words(at) -> str:
    """Every string the page sends the browser: each element's text, labels, choices and help, and the data of the
    plot and its chart (JSON), with the escapes of words shown literally undone."""
    parts = [s for node in _nodes(at._tree) if getattr(node, "proto", None) is not None
             for s in _strings(MessageToDict(node.proto))]
    return re.sub(r"\\(.)", r"\1", "\n".join(parts))


def one_plurals(text: str) -> list[str]:
    return [text[max(0, m.start() - 60):m.end() + 10] for m in ONE_PLURAL.finditer(text)]


def test_count_writes_the_noun_that_agrees_with_its_number():
    assert count(1, "update") == "1 update" and count(0, "update") == "0 updates"
    assert count(2, "point") == "2 points" and count(1000, "update") == "1,000 updates"
    assert count(1, "update", bold=True) == "**1** update"
    assert count(20_000, "update", bold=True) == "**20,000** updates"
    assert count(1, "pass", "passes") == "1 pass" and count(3, "pass", "passes") == "3 passes"
    assert count("1", "update") == "1 update" and count("1.5", "update") == "1.5 updates"  # num's text: only "1"
    assert count("0.9999", "mistake") == "0.9999 mistakes"
    assert (plural(1), plural(0), plural(2)) == ("", "s", "s")
    for k in range(5):
        for noun in ("update", "point", "mistake", "run"):
            assert not one_plurals(count(k, noun)) and not one_plurals(count(k, noun, bold=True))
    assert one_plurals("past the end of this run (1 updates)") and one_plurals("of **1** points")
    assert not one_plurals("R = 0.1 points, 11 updates, 1,001 steps, × −1 points, 1 update, 1 of 2 points")


@pytest.mark.parametrize("slug, params", CASES, ids=[f"{s}-{'-'.join(f'{k}={v}' for k, v in p.items() if k != 'pts')}"
                                                     for s, p in CASES])
def test_no_page_says_one_with_a_plural(slug, params):
    at = start(params, f"../pages/{slug}.py")
    text = page_words(at)
    assert not one_plurals(text), one_plurals(text)


def test_the_runs_of_one_update_say_so_where_the_issue_saw_them():
    """/halts at step 5 of a run of 1 update: the step is past its end, "(1 update)"; /pla's run on one point at the
    origin without a bias: its weights repeat every 1 update; the cap of 1."""
    text = page_words(start({"pts": ONE, "t": "5"}, "../pages/halts.py"))
    assert "Step 5 is past the end of this run (1 update): showing step 1." in text
    text = page_words(start({"pts": ORIGIN, "bias": "0", "t": "1"}, "../pages/pla.py"))
    assert "from update 0 on, the weights repeat every **1** update (w₁ = w₀)" in text
    text = page_words(start({"pts": XOR4, "cap": "1", "t": "1"}, "../pages/pla.py"))
    assert "Stopped at the cap of 1 update with mistakes left" in text


def test_an_experiment_of_one_run_counts_one_run():
    at = start({"n": "2", "runs": "1", "cap": "1"}, "../pages/experiments.py")
    assert not one_plurals(page_words(at))
    button(at, "Start 1 run").click().run()
    assert not at.exception, at.exception
    text = page_words(at)
    assert "1 run" in text and not one_plurals(text), one_plurals(text)
