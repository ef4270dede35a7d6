"""Presenter mode on /margin through AppTest: its numbers box is the panel's verdict, t and wₜ, the count of points
in the band, the next mistake and the bound's number, each as the full panel states it, without the proof."""

from __future__ import annotations

import re

from tests.ui.helpers import markdown, presented, start, url

PAGE = "../pages/margin.py"
BOLD = re.compile(r"\*\*(.+?)\*\*")


def box(at) -> str:
    return next(m.value for m in at.markdown if "**t = " in m.value)


def test_the_presenter_box_states_the_panel_s_numbers_in_a_few_lines():
    q = url(start(None, PAGE))
    for t in (0, 4, 9):
        shown, full = presented(PAGE, q, t)
        words = box(shown)
        verdict, step = words.split("\n\n")
        lines = step.split("  \n")
        assert verdict in full and verdict.startswith(("This run halts after **9**", "Halts after **9**")), verdict
        assert all(line in full for line in lines[:-1]), lines
        assert lines[0].startswith(f"**t = {t}** of T = 9") and "as a mistake" in lines[1].replace("mistakes", "a mistake")
        assert ("**Next:**" in words) == (t < 9)
        rho, gamma, most = re.fullmatch(r"ρ\\\* = (\S+), γ = (\S+): at most \*\*(\S+)\*\* updates", lines[-1]).groups()
        assert f"**ρ\\* = {rho}**" in full and f"γ = **{gamma}**" in full and f"at most **{most}** updates" in full
        assert all(f"**{b}**" in full for b in BOLD.findall(words)), words
        assert "Why the margin perceptron halts" not in markdown(shown)
