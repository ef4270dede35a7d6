"""Presenter mode on /online through AppTest: its numbers box says the arrival, its prediction or label and the
mistakes so far against the bound, as the full panel states them for the same link and step, in a few lines."""

from __future__ import annotations

import re

from tests.ui.helpers import markdown, presented, start, url

PAGE = "../pages/online.py"
BOLD = re.compile(r"\*\*(.+?)\*\*")


def box(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith(("**Arrival", "**The stream is over")))


def test_the_presenter_box_states_the_panel_s_arrival_and_count_in_a_few_lines():
    q = url(start(None, PAGE))
    for t in (0, 1, 72):
        shown, full = presented(PAGE, q, t)
        words = box(shown)
        assert all(f"**{b}**" in full for b in BOLD.findall(words)), words  # the panel's own numbers
        lines = words.split("  \n")
        assert len(lines) <= 4 and lines[0] in full, words
        assert re.search(r"\*\*Mistakes so far: \d+\*\* in \d+ revealed labels? · the bound R²/ρ\\\*² = \*\*", words)
        assert lines[-1] in full  # the count and the bound, as the full panel begins it
        if t == 0:
            assert "**Predict:**" in words and "ŷ = sign(wᵀx̃)" in words
        if t == 72:
            assert words.startswith("**The stream is over:**")
        assert "no stream of these points" in full and "no stream of these points" not in markdown(shown)
