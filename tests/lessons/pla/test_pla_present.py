"""Presenter mode on /pla through AppTest: its numbers box is the verdict and a few lines of the full panel's step
numbers (t and wₜ, the mistakes, the next mistake and the update), each as the full panel states it, without the
panel's explanations."""

from __future__ import annotations

from tests.ui.helpers import markdown, presented, start, url

PAGE = "../pages/pla.py"


def box(at) -> str:
    return next(m.value for m in at.markdown if "**t = " in m.value)


def test_the_presenter_box_is_the_panel_s_verdict_and_key_step_lines():
    q = url(start(None, PAGE))
    for t in (0, 6, 13):
        shown, full = presented(PAGE, q, t)
        words = box(shown)
        verdict, step = words.split("\n\n")
        assert verdict.startswith(("This run halts after **13** updates", "Halts after **13** updates")), verdict
        lines = step.split("  \n")
        assert verdict in full and all(line in full for line in lines), words
        assert lines[0].startswith(f"**t = {t}** of 13") and lines[1].startswith("Mistakes of w")
        assert len(lines) == (4 if t < 13 else 2), lines
        if t < 13:
            assert lines[2].startswith("**Next mistake:**") and lines[3].startswith(f"w{chr(0x2080 + (t + 1) % 10)}")
            assert "The score rises by" in full and "The score rises by" not in markdown(shown)
