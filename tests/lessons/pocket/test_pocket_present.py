"""Presenter mode on Noise & Pocket through AppTest: its numbers box says in a few lines what the full panel says for
the same link and step (t, Eᵢₙ of w and ŵ, ŵ's Eₒᵤₜ, the flips, and at the cap why the run stopped), each line and
bold number the panel's own, and none of the panel's explanations."""

from __future__ import annotations

import re

from tests.ui.helpers import presented, start, url

PAGE = "../pages/pocket.py"
BOLD = re.compile(r"\*\*(.+?)\*\*")


def box(at) -> str:
    """The presenter box's words (the ones that give the pocket's Eᵢₙ)."""
    return next(m.value for m in at.markdown if "Eᵢₙ(ŵ), the pocket" in m.value)


def test_the_presenter_box_states_the_panel_s_numbers_in_a_few_lines():
    q = {k: v for k, v in url(start(None, PAGE)).items() if k != "t"}
    for t, T in ((0, None), (99_999, 1000)):  # the first step, and the last: the sidebar's cap of 1,000 updates
        shown, full = presented(PAGE, q, t)
        words = box(shown)
        lines = words.split("  \n")
        assert len(lines) <= 5, words
        assert all(f"**{b}**" in full for b in BOLD.findall(words)), words  # the panel's own numbers
        assert "of the square the points come from" in full and "of the square" not in words
        assert [x for x in lines if x.startswith("Eᵢₙ")] == [x for x in full.split("  \n") if x.startswith("Eᵢₙ")]
        assert "Eₒᵤₜ(ŵ) against f: **" in words and "labels flipped" in words
        if T is None:
            assert lines[0] == "**t = 0** of 1000 updates (the cap)" and "**t = 0** of 1000 updates (the cap" in full
            assert "(w₀, no better w yet)" in words
        else:
            assert lines[0].startswith(f"⏹ Stopped at the cap of {T:,} updates: no line separates these labels")
            assert lines[0] in full and "PLA alone cannot tell" in full and "PLA alone" not in words
