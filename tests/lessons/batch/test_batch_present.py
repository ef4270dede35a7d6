"""Presenter mode on the batch perceptron through AppTest: its numbers box says in a few lines what the full panel
says for the same link and step (the verdict, wₜ, its mistakes and J, whether J rose, the next update's wₜ₊₁ or the
end), each bold number the panel's own and pla_core's, and none of the panel's explanations."""

from __future__ import annotations

import re

from tests.lessons.batch.test_batch import PAGE, run_of, shown as written
from tests.ui.helpers import markdown, presented, start, url

BOLD = re.compile(r"\*\*(.+?)\*\*")


def box(at) -> str:
    """The presenter box's words (the ones that give wₜ's mistakes)."""
    return next(m.value for m in at.markdown if "Mistakes of w" in m.value)


def test_the_presenter_box_states_the_panel_s_numbers_in_a_few_lines():
    q = {k: v for k, v in url(start(None, PAGE)).items() if k != "t"}
    _, y, trace = run_of(q)[:3]
    T, n = len(trace), len(y)
    for t in (1, T):  # J rises at update 1 (J(w₀) = 0); the last step
        shown, full = presented(PAGE, q, t)
        words = box(shown)
        lines = words.split("  \n")
        assert len(lines) <= 4, words
        assert all(f"**{b}**" in full for b in BOLD.findall(words)), words  # the panel's own numbers
        assert lines[1] in full and lines[1].startswith(f"**t = {t}** of {T} · w")
        assert f"Mistakes of w{'₁' if t == 1 else ''}" in words and f"**{int(trace.errors[t])}** of {n}" in words
        assert "Batch = gradient descent" in full and "gradient descent" not in markdown(shown)
        assert "Sum or average?" in full and "Sum or average?" not in markdown(shown)
        assert "This run adds η·Σ = 1·Σ over all mistakes" in markdown(shown)
        if t < T:
            assert lines[0] == f"This run halts after **{T}** updates (press **Run** to see it)." and lines[0] in full
            assert "📈 up from 0" in words and "J rose at this step" in full
            assert lines[3].startswith(f"Update {t + 1} sums **{len(trace.used(t))}** mistake")
            assert lines[3].endswith(f"**{written(trace, t + 1)}**") and lines[1].endswith(written(trace, t))
        else:
            assert lines[0].startswith("✅ **No mistake left:**") and lines[0] in full
