"""Every number a demo's files write, on grid data, is the decimal it stands for (issue 44): a point at −0.823 is
written "-0.823" in the CSV, the run's JSON, the notebook and the link, never "-0.8230000000000001" (what k·0.001
gives in floats). Over every lesson's save box (``demos.exports_of``: the files it offers), at its default demo,
another η, another seed and points placed on awkward decimals."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from urllib.parse import parse_qs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pla_lab.framework import codec, demos, links
from pla_lab.lessons import LESSONS

#: Points whose decimals floats write with noise when computed as k·0.001 (−0.823, 1.918, 0.007, 2.675, …)
AWKWARD = [(-0.823, 0.7, 1.0), (1.918, -0.3, -1.0), (0.007, 0.1, 1.0), (-2.675, 0.2, -1.0), (0.6, -0.059, 1.0),
           (1.1, 2.2, 1.0), (-0.3, -1.9, -1.0), (2.3, -0.001, -1.0)]
LINKS = {"default": {}, "eta": {"eta": "0.1"}, "seed": {"seed": "7"},
         "awkward": {"pts": codec.encode_points(AWKWARD), "eta": "0.3"}}
#: A number's digits in any of the files (a JSON number, a Python literal, a CSV cell, a link value)
NUMBER = re.compile(r"(?<![\w.])-?\d+\.\d+(?:[eE][-+]?\d+)?")


def noisy(text: str) -> list[str]:
    """Numbers written with 15 or more significant digits: a float's repr when it is not a short decimal (the target
    f of the noise lessons, a random real line, is written to 12 digits)."""
    return [m for m in NUMBER.findall(text) if len(Decimal(m).normalize().as_tuple().digits) >= 15]


@pytest.mark.parametrize("name", sorted(LINKS))
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_no_float_noise_in_any_file_a_demo_gives(lesson, name):
    files = demos.exports_of(lesson, LINKS[name], f"http://localhost:8501/{lesson.slug}")
    assert "link" in files and (lesson.slug == "experiments" or "demo.ipynb" in files)
    for kind, text in files.items():
        assert noisy(text) == [], (kind, noisy(text)[:5])


@pytest.mark.parametrize("lesson", [L for L in LESSONS if "pts" in L.state.fields], ids=lambda lesson: lesson.slug)
def test_points_on_awkward_decimals_are_written_as_those_decimals(lesson):
    files = demos.exports_of(lesson, LINKS["awkward"], f"http://localhost:8501/{lesson.slug}")
    shown = {f"{v}" for x, y, _ in AWKWARD for v in (x, y)}  # Python's shortest repr: "-0.823"
    for kind in ("points.csv", "demo.ipynb"):
        written = set(NUMBER.findall(files[kind]))
        assert shown <= written, (kind, sorted(shown - written))
    assert any(r[:2] == [-0.823, 0.7] for r in json.loads(files["run.json"])["X"])
    pts, _ = codec.decode_points(parse_qs(files["link"])["pts"][0])
    assert [p[:2] for p in pts] == [p[:2] for p in AWKWARD]


@settings(max_examples=300, deadline=None)
@given(st.integers(-int(codec.MAX_COORD * codec.PER_UNIT) + 1, int(codec.MAX_COORD * codec.PER_UNIT) - 1))
def test_a_stored_coordinate_is_the_float_nearest_its_decimal(k):
    v = codec.q(k * codec.RESOLUTION)  # as a click or a file gives it: k·0.001, with its float noise
    assert Decimal(repr(v)) == Decimal(k) / codec.PER_UNIT
    assert v == codec.q(v) == float(Decimal(k) / codec.PER_UNIT)
    (back,), _ = codec.decode_points(codec.encode_points([(v, -v, 1.0)]))
    assert (repr(back[0]), repr(back[1])) == (repr(v), repr(codec.q(-v)))  # never "-0.0": q(-0.0) is 0.0
    assert Decimal(repr(codec.q(-v))) == Decimal(-k) / codec.PER_UNIT and repr(codec.q(-v)) != "-0.0"
