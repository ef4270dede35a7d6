"""Presenter mode on /sgd through AppTest: its numbers box says, one line per loss, the step's margin score and ℓ of
the full page's table and how each run ends as the full page's endings say it, for the same link and step; the
side column no longer repeats the table below the fold."""

from __future__ import annotations

import re

from tests.ui.helpers import markdown, presented, start, url

PAGE = "../pages/sgd.py"


def box(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**t = "))


def test_the_presenter_box_has_the_four_losses_and_their_ends_as_the_page_states_them():
    q = url(start(None, PAGE))
    for t in (0, 5, 600):
        shown, full = presented(PAGE, q, t)
        words = box(shown)
        head, *rows = words.split("  \n")
        assert head.startswith(f"**t = {t} of 600**") and len(rows) == 4, words
        for row in rows:
            loss = re.match(r"\*\*(\w+)\*\*", row)[1]
            step = re.search(r"m = ([^,]+), ℓ = ([^,]+), (w moves|w stays)", row)
            assert (step is None) == (t == 600), row
            if step:  # the full table's row: | loss | m | ℓ | step −η·∇ℓ |
                cells = next(r for r in full.splitlines() if r.startswith(f"| {loss} |")).split(" | ")
                assert cells[1:3] == [step[1], step[2]], (row, cells)
                assert (step[3] == "w stays") == cells[3].startswith("0 (w stays)"), (row, cells)
            end = next(r for r in full.splitlines() if r.startswith(f"- **{loss}**"))
            wrong = re.search(r"(\d+) of (\d+) wrong", row)
            assert f"{wrong[1]} of {wrong[2]} points wrong at the end" in end, (row, end)
            last = re.search(r"its last move at step (\d+)", row)
            pulls = re.search(r"(\d+) points? still pulls? on w", row)
            assert (last or pulls) and (not last or f"last at step {last[1]}" in end), (row, end)
            assert not pulls or pulls[0] in end, (row, end)
        assert "every loss at its own" in full and "How the four runs end" in full
        assert "every loss at its own" not in markdown(shown) and "How the four runs end" not in markdown(shown)
