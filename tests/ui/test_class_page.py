"""A class answering together (issue 35), page by page in AppTest: *Ask the class* in presenter mode opens the
projector's view; a student joins by code or link and answers; the lecturer shows, reveals and asks again; what a
student's page offers and refuses (no control without the lecturer's key, bad links and codes each with a message).
The AppTests of one worker share its store (a SQLite file of its own, tests/conftest.py), as the processes behind nginx
share theirs."""

from __future__ import annotations

import re

import pytest

from pla_lab.framework import classes, ratelimit
from pla_lab.framework.classroom import CODE_ALPHABET

from .helpers import LESSONS, button, start, url

CLASS_PAGE = "../pages/class.py"
CONTROLS = {"Show answers", "Reveal", "Ask again", "To the demo"}


def text(at) -> str:
    """Every word on the page, as a reader sees them (Markdown's escapes dropped)."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [e.value for e in at.error]
    parts += [w.value for w in at.warning] + [s.value for s in at.success] + [i.value for i in at.info]
    return re.sub(r"\\(.)", r"\1", "\n".join(map(str, parts)).replace("**", ""))


def ask_first(params: dict | None = None):
    """A lecturer in presenter mode on PLA presses the first *Ask the class*: their page, the room id and key."""
    at = start({"present": "1", **(params or {})})
    button(at, "Ask the class").click().run()
    assert not at.exception, at.exception
    u = url(at)
    return at, u["room"], u["key"]


def projector(room: str, key: str):
    """The lecturer's own link opened (AppTest's next run would open the lesson again, where it started)."""
    return start({"room": room, "key": key}, CLASS_PAGE)


def student(room: str | None = None, **params):
    return start({**({"room": room} if room else {}), **params}, CLASS_PAGE)


def labels(at) -> set[str]:
    return {b.label for b in at.button}


def test_ask_the_class_is_offered_in_presenter_mode_only():
    at = start({"present": "1"})
    checks = [r for r in at.radio if r.form_id]
    assert len([b for b in at.button if b.label == "Ask the class"]) == len(checks) >= 2
    assert "Ask the class" not in labels(start())


def test_a_question_asked_shows_large_with_its_code_and_count_and_the_lecturers_controls():
    at, room, key = ask_first()
    shown = text(at)
    question = classes.store().view(room)["question"]
    assert question["text"] in shown and "0 answered" in shown
    for i, choice in enumerate(question["choices"]):
        assert f"{'ABCD'[i]}. {choice}" in shown
    code = classes.store().view(room)["code"]
    assert re.search(rf"with the code\s+{code}", shown) and set(code) <= set(CODE_ALPHABET)
    assert CONTROLS <= labels(at)
    assert "step 0" in shown and question["picture"].startswith("data:image/svg+xml;base64,")
    assert "key" not in classes.class_link(room) and key not in shown  # the key is in the lecturer's address alone


def test_a_student_answers_changes_their_mind_and_sees_the_verdict_after_the_reveal():
    _, room, key = ask_first()
    lecturer = projector(room, key)
    q = classes.store().view(room)["question"]
    me = student(room)
    assert not CONTROLS & labels(me)  # the class link: no control at all
    assert q["text"] in text(me) and "right" not in q  # the count is written by the page (the browser test)
    for choice in (1, 0):  # changed: still one answer
        next(r for r in me.radio if r.label == "Your answer").set_value(choice)
        button(me, "Answer").click().run()
        assert f"Your answer {'AB'[choice]} is counted" in text(me)
    lecturer.run()
    assert "1 answered" in text(lecturer)
    button(lecturer, "Reveal").click().run()
    right = classes.store().view(room)["question"]["right"]
    me.run()
    assert ("Right:" if right == 0 else "Not quite:") in text(me) and "Answer" not in labels(me)
    assert f"The answer: {'ABCD'[right]}." in text(lecturer)
    assert classes.store().view(room)["question"]["answered"] == 1


def test_show_answers_then_ask_again_keeps_the_two_votes_apart():
    _, room, key = ask_first()
    lecturer = projector(room, key)
    for choice in (0, 0, 1):
        s = student(room)
        next(r for r in s.radio if r.label == "Your answer").set_value(choice)
        button(s, "Answer").click().run()
    lecturer.run()
    button(lecturer, "Show answers").click().run()
    assert "Answers: A 2, B 1, C 0" in text(lecturer)  # the chart's words (its alt text)
    button(lecturer, "Ask again").click().run()
    assert "second vote" in text(lecturer) and "0 answered" in text(lecturer)
    s = student(room)
    next(r for r in s.radio if r.label == "Your answer").set_value(1)
    button(s, "Answer").click().run()
    lecturer.run()
    button(lecturer, "Show answers").click().run()
    shown = text(lecturer)
    assert "First vote: A 2, B 1" in shown and re.search(r"Second vote: A 0, B 1\b", shown)
    rows = classes.store().results_csv(room, key).splitlines()
    assert len(rows) == 1 + 2 * len(classes.store().view(room)["question"]["choices"])


def test_the_lecturers_room_is_kept_for_the_next_question():
    """AppTest's session sends no cookie, as a browser that keeps none: *To the demo* stays in the session (a
    browser's projector has a link there instead, tests/e2e/test_class_lecture_browser.py)."""
    lecturer, room, key = ask_first()
    code = classes.store().view(room)["code"]
    button(lecturer, "To the demo").click().run()
    # the demo, in presenter mode; its address carries the tab's class (never its key)
    assert not lecturer.exception and url(lecturer).get("present") == "1" and url(lecturer)["room"] == room
    assert key not in "".join(url(lecturer).values())
    asks = [b for b in lecturer.button if b.label == "Ask the class"]
    asks[-1].click().run()
    assert url(lecturer)["room"] == room and classes.store().view(room)["code"] == code


@pytest.mark.parametrize("key", ["", "x" * 30, "not a key!", "k" * 5000])
def test_a_wrong_key_controls_nothing_and_says_so(key):
    _, room, _ = ask_first()
    at = student(room, key=key)
    assert not CONTROLS & labels(at) and not at.exception
    if classes.valid(key):
        assert "Only the lecturer's own link may do that" in text(at)
    assert "Your answer" in {r.label for r in at.radio}  # the class as a student sees it


def test_another_rooms_key_is_refused():
    _, room, _ = ask_first()
    _, _, other_key = ask_first()  # a new session: a new room
    at = student(room, key=other_key)
    assert "Only the lecturer's own link may do that" in text(at) and not CONTROLS & labels(at)


@pytest.mark.parametrize("room", ["<b>x</b>", "a" * 10_000, "0" * 22, "../etc/passwd"])
def test_a_forged_or_absurd_room_says_so_and_offers_the_code(room):
    at = student(room)
    assert not at.exception
    shown = text(at)
    assert "not a class's link" in shown or "This class has ended" in shown
    assert "Class code" in {t.label for t in at.text_input}
    assert "<b>" not in "".join(m.value for m in at.markdown)


def test_a_code_joins_and_a_wrong_one_says_why_and_guessing_is_rate_limited():
    _, room, _ = ask_first()
    code = classes.store().view(room)["code"]
    at = student()
    at.text_input[0].input(f" {code.lower()[:3]} {code.lower()[3:]} ")
    button(at, "Join").click().run()
    assert url(at)["room"] == room and "Your answer" in {r.label for r in at.radio}
    guess = student()
    guess.text_input[0].input("hello!")
    button(guess, "Join").click().run()
    assert "A class code is 6 letters and digits" in text(guess)
    said = []  # AppTest's sessions share one id: the join above took one try of the burst
    for _ in range(int(ratelimit.CODES.burst) + 1):
        guess.text_input[0].input("ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY")
        button(guess, "Join").click().run()
        said.append(text(guess))
        if "Too many codes tried" in said[-1]:
            break
    assert "Too many codes tried: wait 6 s" in said[-1] and len(said) >= 2
    assert all("No class has the code ZZZZZZ now" in s for s in said[:-1])


@pytest.mark.parametrize("slug", sorted(LESSONS))
def test_every_lessons_check_yourself_can_be_asked_in_presenter_mode(slug):
    at = start({"present": "1"}, f"../pages/{slug}.py")
    checks = [r for r in at.radio if r.form_id]
    assert len([b for b in at.button if b.label == "Ask the class"]) == len(checks)


def test_the_projector_and_a_student_say_what_the_question_is_about():
    _, room, key = ask_first({"t": "3"})
    assert "About PLA step by step, step 3" in text(projector(room, key))
    assert "about PLA step by step, step 3" in text(student(room))


FRESH = "Start a new class (a new code; this class's results stay until it expires)"
END = "End this class (its questions and answers are deleted)"


def test_a_fresh_class_on_purpose_asks_the_question_on_screen_with_a_new_code():
    at, room, key = ask_first()
    lecturer = projector(room, key)
    question, code = classes.store().view(room)["question"]["text"], classes.store().view(room)["code"]
    button(lecturer, FRESH).click().run()
    assert not lecturer.exception
    new = url(lecturer)["room"]
    assert new != room and url(lecturer)["present"] == "1"
    shown = text(lecturer)
    assert question in shown and "0 answered" in shown and code not in shown
    assert classes.store().view(new)["code"] in shown and classes.store().view(room) is not None  # the old one kept
    lecturer.switch_page("../pages/pla.py").run()  # the lessons of this tab now ask in the new class
    assert url(lecturer)["room"] == new


def test_an_ended_class_says_so_once_to_its_lecturer_and_once_to_a_student(monkeypatch):
    monkeypatch.setattr(classes, "FRESH_S", 0.0)  # the student's page reads the room as it is, not a copy
    _, room, key = ask_first()
    lecturer, student_page = projector(room, key), student(room)
    button(lecturer, END).click().run()
    said = [m.value for m in (*lecturer.error, *lecturer.info, *lecturer.warning)]
    assert len(said) == 1 and "This class has ended" in said[0] and not CONTROLS & labels(lecturer), said
    student_page.run()
    said = [m.value for m in (*student_page.error, *student_page.info, *student_page.warning)]
    assert len(said) == 1 and "This class has ended" in said[0], said
    assert "Class code" in {t.label for t in student_page.text_input}  # and they may join another


def test_the_lecturers_own_link_is_shown_only_when_asked_for():
    _, room, key = ask_first()
    lecturer = projector(room, key)
    shown = lambda: "".join(str(c.value) for c in lecturer.code) + text(lecturer)  # noqa: E731
    assert key not in shown()
    next(t for t in lecturer.toggle if t.label == "Show my own link to this class").set_value(True).run()
    assert f"/class?room={room}&key={key}" in shown()


@pytest.mark.parametrize("typed", ["wide", "link", "dashed"])
def test_a_code_typed_as_a_phone_types_it_or_the_class_link_pasted_joins(typed):
    _, room, _ = ask_first()
    code = classes.store().view(room)["code"]
    at = student()
    at.text_input[0].input({"wide": "".join(chr(ord(c) + 0xFEE0) for c in code.lower()),
                            "link": f"http://10.0.0.5:8501/class?room={room}", "dashed": f"{code[:3]}-{code[3:]}"}[typed])
    button(at, "Join").click().run()
    assert not at.exception and url(at)["room"] == room and "Your answer" in {r.label for r in at.radio}


def test_a_long_paste_is_refused_with_its_length_and_the_wait_never_says_0_s(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(ratelimit, "CODES", ratelimit.Limit(burst=1, per_s=1 / 6, clock=lambda: clock[0]))
    at = student()
    at.text_input[0].input("x" * 300)
    button(at, "Join").click().run()
    assert "That is 300 characters" in text(at)
    for advance, wait in ((0, None), (0, "wait 6 s"), (5.9, "wait 1 s")):  # 0.1 s to wait: "1 s", never "0 s"
        clock[0] += advance
        at.text_input[0].input("ZZZZZZ")
        button(at, "Join").click().run()
        assert (wait or "No class has the code ZZZZZZ") in text(at), text(at)
