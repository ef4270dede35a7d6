"""Presenter mode on /compare through AppTest: the η view's numbers box is the full panel's table of the two runs at
the step shown, without the paragraph on what η does."""

from __future__ import annotations

from tests.ui.helpers import markdown, presented, start, url

PAGE = "../pages/compare.py"


def box(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**t = "))


def test_the_presenter_box_is_the_panel_s_table_of_both_runs():
    q = url(start(None, PAGE))
    for t in (0, 6, 13):
        shown, full = presented(PAGE, q, t)
        words = box(shown)
        assert full.count(words) == 1 and words.startswith(f"**t = {t}** · both runs start from w₀ = (0, 0, 0)")
        assert "| η = 1 (solid) | 13 ✓ |" in words and "| η = 10 (dashed) | 13 ✓ |" in words, words
        assert "the **same line**" in full and "the **same line**" not in markdown(shown)


def test_the_order_and_sign0_views_present_the_panel_s_numbers_in_short():
    q = {k: v for k, v in url(start({"cmp": "order"}, PAGE)).items() if k != "t"}
    shown, full = start({**q, "present": "1"}, PAGE), markdown(start(q, PAGE))
    words = next(m.value for m in shown.markdown if m.value.startswith("cyclic: T from"))
    ranges, bound = words.split("  \n")[:3], words.split("  \n")[3]
    assert all(f"- {r}" in full for r in ranges) and bound.split(":")[0] in full, words
    assert "The plot: **" in full and "The plot: **" not in markdown(shown)
    q = {k: v for k, v in url(start({"cmp": "sign0"}, PAGE)).items() if k != "t"}
    for t in (0, 4):
        shown, full = start({**q, "t": str(t), "present": "1"}, PAGE), markdown(start({**q, "t": str(t)}, PAGE))
        table = next(m.value for m in shown.markdown if m.value.startswith("| t |")).splitlines()
        assert len(table) == 4 and all(row in full for row in table), table  # two of the full table's rows
        assert table[-1].startswith(f"| {max(t, 2)} |"), table  # ending at the step shown
        assert "Columns: how a tie" in full and "Columns: how a tie" not in markdown(shown)
