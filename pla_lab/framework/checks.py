"""Check yourself: two to four questions a lecturer would ask about the run on screen, answered by the app from
that run once the student has committed (issue 22). Nothing is stored beyond the session and nothing is graded.

How a lesson declares its questions
-----------------------------------
A lesson (either kind: :class:`~pla_lab.framework.replay.ReplayLesson` or :class:`~pla_lab.framework.lesson.StudyLesson`) overrides
``questions(self, page) -> list[Question]``; the frame calls it at every rerun and :func:`show` draws the list under
a "Check yourself" heading, after the lesson's words (a lesson that draws its page itself, like Experiments, calls
:func:`ask` at the end of it). Build each :class:`Question` from the page (``page.trace``, ``page.run.extras``,
``page.settings``, ``page.options``, ``page.t``) with ``pla_core``: the index of the right choice and the reason
(``why``, with the run's numbers) are computed, never typed in. Keep the builders pure (no Streamlit; see
:mod:`pla_lab.framework.questions`) and cheap (they run at every Step: read the cached trace and extras, solve no LP), so they
can be tested alone, and leave out a question that does not apply (no trace, the last step…). An AppTest answers one
as a student would with ``answer(at, ask, choice)`` from tests/ui/test_checks.py.

A question about the step shown names the step in its ``ask`` ("Which point will update 4 correct?"). A commit is
kept under a digest of the run id and the whole question (ask, choices, answer, why), so when the step, the data or
a setting changes what the question says or what its answer is, the old verdict and choice are gone: a verdict is
never shown about a state it was not given for. A question that does not change (a run's "Will it halt?") keeps its
verdict while the student steps through the run.

Each question is a radio with no choice made, in a form of its own with a *Check* button: the choice reaches the
server only when the student commits it, and the verdict ("Right: …" or "Not quite: …", then ``why``) follows.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import partial
from urllib.parse import urlencode

from pla_lab.drawing import figures
from pla_lab.drawing import picture as drawing
from pla_lab.framework import class_lecturer, shared
from pla_lab.framework.say import st

HEADING = "Check yourself"
CHECK = "Check"  # the commit button's label


@dataclass(frozen=True)
class Question:
    """One question about the run shown. ``answer`` is the index of the right choice in ``choices``; ``why`` says
    why it is right, with the run's numbers (shown after the student commits, whichever choice they made)."""

    key: str                   # stable within the lesson (e.g. "next_point")
    ask: str                   # the question, in the app's Markdown (pla_lab.words.text.md)
    choices: tuple[str, ...]
    answer: int
    why: str

    def __post_init__(self):
        if not 0 <= self.answer < len(self.choices) or len(self.choices) < 2:
            raise ValueError(f"question {self.key!r}: answer {self.answer} among {len(self.choices)} choices")

    def verdict(self, choice: int) -> str:
        """What the student reads after committing ``choice``: the choice judged, then why."""
        if choice == self.answer:
            return f"**Right:** {self.choices[choice]}. {self.why}"
        return f"**Not quite:** {self.choices[self.answer]}. {self.why}"

    def digest(self, run_id: str) -> str:
        """The commit's key within the lesson: any change to the run or to the question makes a new one."""
        text = "\x1f".join((run_id, self.key, self.ask, *self.choices, str(self.answer), self.why))
        return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def show(lesson, page, shown: dict | None = None) -> None:
    """The lesson's questions about this page (its ``questions`` hook), after its words; ``shown``: the plot's payload
    as drawn (its picture goes with a question asked of the class)."""
    questions = lesson.questions(page) if page.trace is not None else []
    ask(lesson.state.ns, questions, about=page.run.id, asking=class_asking(lesson, page.t, shown))


def class_asking(lesson, step: int | None = None, shown: dict | None = None):
    """In presenter mode, what *Ask the class* does with one of ``lesson``'s questions (about ``step``, with the
    plot's payload ``shown`` for its picture); None elsewhere. A lesson that calls :func:`ask` itself passes it on."""
    if not shared.SHARED["present"]:
        return None
    link = "/" + lesson.slug + "?" + urlencode(shared.lesson_link(lesson))
    # the step as the server draws it, on light ground: a phone shows it in either theme
    picture = drawing.data_uri({**shown, "present": False, "colors": figures.palette("light")}) if shown else None
    return partial(class_lecturer.ask, step=step, link=link, lesson=lesson.title, picture=picture,
                   alt=shown["alt"] if shown else "")


def ask(ns: str, questions: list[Question], *, about: str, asking=None) -> None:
    """A "Check yourself" section, two questions to a row (one under the other on a phone). ``ns``: the lesson's
    state namespace (``lesson.state.ns``); ``about``: an id of what the questions are about (the run id), part of
    each commit's key. A lesson that draws its page itself (Experiments overrides ``render``) calls this at the end
    of its page, with the id of the result its questions read (e.g. the job's key). ``asking``: in presenter mode,
    what *Ask the class* does with a question (:func:`pla_lab.framework.class_lecturer.ask`), None elsewhere."""
    if not questions:
        return
    # One box: on a phone, where the lesson's boxes are flattened and reordered (style.phone_order), it stays
    # whole, after the words, with its heading.
    with st.container(key=f"{ns}-checks"):
        st.markdown(f"#### {HEADING}")
        st.caption("Questions about the run on screen, answered from it: pick an answer and press *Check*. "
                   "Nothing is graded or kept.")
        for row in range(0, len(questions), 2):
            cols = st.columns(2, gap="medium")
            for col, q in zip(cols, questions[row:row + 2]):
                with col:
                    _ask(f"{ns}.check-{q.digest(about)}", q)
                    if asking is not None:
                        _class(f"{ns}.class-{q.digest(about)}", q, asking)


def _class(key: str, q: Question, asking) -> None:
    """*Ask the class*: the question put to the room, and the projector's view opened (or why it could not be)."""
    if st.button("Ask the class", key=key, icon=":material/groups:",
                 help="The class answers on their phones (the class code and a QR code on the next screen); you "
                      "show the spread, reveal the answer, ask again."):
        wrong = asking(q)
        if wrong:
            st.error(wrong)


def _ask(key: str, q: Question) -> None:
    """One question in a form of its own: the choice counts once *Check* sends it."""
    with st.form(key=f"{key}-form", border=True, enter_to_submit=False):
        choice = st.radio(q.ask, range(len(q.choices)), index=None, format_func=q.choices.__getitem__, key=key)
        st.form_submit_button(CHECK, type="secondary")
        if choice is not None:  # a form sends its radio's value only with Check: a choice shown here is committed
            right = choice == q.answer
            (st.success if right else st.warning)(q.verdict(choice), icon=":material/check_circle:" if right else
                                                  ":material/lightbulb:")
