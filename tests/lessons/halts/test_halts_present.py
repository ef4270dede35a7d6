"""Presenter mode on "Why PLA halts" through AppTest: its numbers box says in a few lines what the full panel says for
the same link and step (the same R, ρ*, bound, t, T and ending, each bold number the panel's own), with pla_core's
values, and none of the panel's explanations."""

from __future__ import annotations

import math
import re

import pla_core
from pla_lab.words.text import num

from tests.lessons.halts.test_halts import PAGE, from_link
from tests.ui.helpers import markdown, presented, start, url

BOLD = re.compile(r"\*\*(.+?)\*\*")


def box(at) -> str:
    """The presenter box's words (they begin with the step)."""
    return next(m.value for m in at.markdown if m.value.startswith("**t = "))


def test_the_presenter_box_states_the_panel_s_numbers_in_a_few_lines():
    q = url(start(None, PAGE))
    X, y, trace, _ = from_link(q)
    T, bound = len(trace), pla_core.mistake_bound(X, y)
    numbers = [f"**R = {num(pla_core.radius(X))}**", f"**ρ\\* = {num(pla_core.max_margin(X, y)[1])}**",
               f"**R²/ρ\\*² = {num(bound)}**"]
    for t in (0, T):
        shown, full = presented(PAGE, q, t)
        words = box(shown)
        assert all(f"**{b}**" in full for b in BOLD.findall(words)), words  # the panel's own numbers
        assert all(n in words for n in numbers) and f"**t = {t}** of T = {T}" in words
        assert "In augmented space" in full and "In augmented space" not in markdown(shown)
        assert words.count("\n") <= 3, words  # four lines at most
        if t < T:
            end = f"This run halts after **{T}** updates (press **Run** to see it); the proof allows {math.floor(bound)}."
        else:
            end = f"**Halted after {T} updates; the proof allowed {math.floor(bound)}.**"
        assert end in words and end in full, (end, words)
