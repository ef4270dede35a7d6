"""Check yourself: two to four questions a lecturer would ask about the run on screen, answered by the app from
that run once the student has committed (issue 22). A lesson's ``questions(page)`` builds them from ``pla_core``
at every rerun: the right choice and the reason are computed, never typed in. Nothing is stored beyond the session
and nothing is graded."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Question:
    """One question about the run shown. ``answer`` is the index of the right choice in ``choices``; ``why`` says
    why it is right, with the run's numbers (shown after the student commits, whichever choice they made)."""

    key: str                   # stable within the lesson (e.g. "next_point"); the committed choice is kept under it
    ask: str                   # the question, in the app's Markdown (pla_lab.text.md)
    choices: tuple[str, ...]
    answer: int
    why: str

    def __post_init__(self):
        if not 0 <= self.answer < len(self.choices) or len(self.choices) < 2:
            raise ValueError(f"question {self.key!r}: answer {self.answer} among {len(self.choices)} choices")
