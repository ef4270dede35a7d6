"""Presenter mode on /xor through AppTest: its numbers box says the cycle's period as the full panel does, and t, wₜ
and the next mistake as the panel's *Step by step* states them, in a few lines."""

from __future__ import annotations

from tests.ui.helpers import markdown, presented, start, url

PAGE = "../pages/xor.py"


def box(at) -> str:
    return next(m.value for m in at.markdown if "**t = " in m.value and "ever halts" in m.value)


def test_the_presenter_box_states_the_cycle_and_the_step_as_the_panel_does():
    q = url(start(None, PAGE))
    for t in (0, 5, 1000):
        shown, full = presented(PAGE, q, t)
        words = box(shown)
        verdict, step = words.split("\n\n")
        assert verdict.replace("This run never", "Never").startswith(
            "Never halts: from update 0 on, the weights repeat every **4** updates (w₄ = w₀)"), verdict
        assert "PLA repeats the same **4** updates for ever" in full  # the panel's cycle, the same period
        lines = step.split("  \n")
        assert len(lines) == 2 and all(line in full for line in lines), lines
        assert lines[0].startswith(f"**t = {t}** of 1000") and lines[1].startswith(("**Next mistake:**", "Mistakes"))
        assert "at the same place in the pass" in full and "at the same place in the pass" not in markdown(shown)
