"""The spread of a class's answers (pla_lab.drawing.spread): each bar as long as its votes, the counts and shares
written, the right choice marked only when given, two votes side by side, and the choices' words escaped."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from pla_lab.drawing import spread

NS = "{http://www.w3.org/2000/svg}"


def bars(svg: str) -> list[float]:
    """The bars' widths, in order (each choice's votes, round after round)."""
    root = ET.fromstring(svg)
    return [float(r.get("width")) for r in root.iter(f"{NS}rect") if r.get("height") == str(spread.BAR - 6)]


def words(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg).iter(f"{NS}text")]


counts = st.lists(st.integers(0, 2000), min_size=2, max_size=5)


@given(counts)
def test_each_bar_is_as_long_as_its_votes(votes):
    svg = spread.svg([f"choice {i}" for i in range(len(votes))], [votes])
    widths = bars(svg)
    top = max(votes)
    assert len(widths) == len(votes)
    for w, n in zip(widths, votes):
        assert abs(w - (widths[votes.index(top)] * n / top if top else 0)) < 0.11
    total = sum(votes)
    for n in votes:
        assert f"{n} ({round(100 * n / total)} %)" in words(svg) if total else "0" in words(svg)


@given(st.integers(2, 5).flatmap(lambda n: st.tuples(st.lists(st.integers(0, 50), min_size=n, max_size=n),
                                                       st.lists(st.integers(0, 50), min_size=n, max_size=n),
                                                       st.none() | st.integers(0, n - 1))))
def test_two_votes_side_by_side_and_the_right_one_marked_only_when_revealed(case):
    first, second, right = case
    choices = [f"c{i}" for i in range(len(first))]
    svg = spread.svg(choices, [first, second], right)
    assert len(bars(svg)) == 2 * len(first)
    marked = [t for t in words(svg) if t.endswith("✓ right")]
    assert marked == ([f"{'ABCDE'[right]}. c{right}  ✓ right"] if right is not None else [])
    said = spread.alt(choices, [first, second], right)
    assert said.startswith("First vote: " + ", ".join(f"{'ABCDE'[i]} {n}" for i, n in enumerate(first)))
    assert ("The right answer is" in said) == (right is not None)
    assert f"First vote ({sum(first)})" in words(svg) and f"Second vote ({sum(second)})" in words(svg)


def test_the_choices_words_are_text_not_markup():
    svg = spread.svg(["<script>alert(1)</script>", "a & b"], [[1, 2]])
    assert "<script>" not in svg and ET.fromstring(svg) is not None
    assert "A. <script>alert(1)</script>" in words(svg) and "B. a & b" in words(svg)
    assert re.match(r"data:image/svg\+xml;base64,", spread.data_uri(svg))
