"""Who is who in a class (issue 45), as plain functions: what a typed code names, whose key a /class page holds,
which class a lecturer's tab asks in. The browser's side of it (the cookies, the tab's storage) is
tests/js/ids.test.mjs; the whole of it in Chromium, tests/e2e/test_class_lecture_browser.py."""

from __future__ import annotations

import pytest

from pla_lab.framework import class_lecturer as L
from pla_lab.framework import classes

ROOM, KEY, OTHER = "R" * 22, "K" * 32, "O" * 22


@pytest.mark.parametrize("typed, found", [
    ("K7PQ2M", ("code", "K7PQ2M")), (" k7p q2m ", ("code", "K7PQ2M")), ("K7P-Q2M", ("code", "K7PQ2M")),
    ("ｋ７ｐｑ２ｍ", ("code", "K7PQ2M")),  # full-width: some phones' keyboards type these
    ("Ｋ７Ｐ－Ｑ２Ｍ", ("code", "K7PQ2M")), ("K7P·Q2M", ("code", "K7PQ2M")),
    (f"http://10.0.0.5:8501/class?room={ROOM}", ("link", ROOM)),  # the class link pasted
    (f"/class?v=1&room={ROOM}&present=1", ("link", ROOM)),
])
def test_a_code_or_a_class_link_is_read_as_typed(typed, found):
    assert classes.code_of(typed) == (found, None)


@pytest.mark.parametrize("typed, said", [
    ("", "A class code is 6 letters and digits"), ("K7PQ2", "A class code is 6 letters and digits"),
    ("K0PQ2M", "no O, I, L, 0 or 1"), ("<b>K7PQ2M</b>", "A class code is 6 letters and digits"),
    ("x" * 300, "That is 300 characters"), ("Q" * 10_000, "That is 10,000 characters"),
    ("/class?room=<script>", "That link is not a class's link"),
])
def test_what_is_not_a_code_says_why(typed, said):
    found, wrong = classes.code_of(typed)
    assert found is None and said in wrong


def test_the_lecturers_key_is_the_addresss_else_on_the_projector_the_sessions_or_this_browsers():
    cookie = {L.KEY_COOKIE + ROOM: KEY}
    # a link made before issue 45 holds it (the store checks it, whatever it is)
    assert L.lecturer_key(ROOM, address_key="forged", projector=False, held=None, jar={}) == "forged"
    # the class link, even in the lecturer's own browser: a student's page
    assert L.lecturer_key(ROOM, address_key=None, projector=False, held=(ROOM, KEY), jar=cookie) is None
    # the projector's address: this session's key for that room, else this browser's cookie for it
    assert L.lecturer_key(ROOM, address_key=None, projector=True, held=(ROOM, KEY), jar={}) == KEY
    assert L.lecturer_key(ROOM, address_key=None, projector=True, held=(OTHER, "x" * 32), jar=cookie) == KEY
    assert L.lecturer_key(ROOM, address_key=None, projector=True, held=None, jar={}) is None  # another browser
    assert L.lecturer_key(ROOM, address_key=None, projector=True, held=None,
                          jar={L.KEY_COOKIE + OTHER: KEY, L.KEY_COOKIE + ROOM: "<b>"}) is None


def test_a_lesson_asks_in_the_sessions_class_else_in_the_room_its_address_names_if_this_browser_has_its_key():
    cookie = {L.KEY_COOKIE + ROOM: KEY}
    assert L.tab_room(OTHER, held=(ROOM, KEY), jar={}) == (ROOM, KEY)
    assert L.tab_room(ROOM, held=None, jar=cookie) == (ROOM, KEY)  # a reload, the next demo
    assert L.tab_room(ROOM, held=None, jar={}) is None  # a student given the lecturer's address: no class of theirs
    assert L.tab_room(None, held=None, jar=cookie) is None  # a tab with no class: the next question opens one
    assert L.tab_room("../x", held=None, jar=cookie) is None


def test_a_student_is_their_browser_where_it_sends_its_id():
    assert classes.browser({classes.BROWSER: "f" * 32, "pla_route": "r"}) == "f" * 32
    assert classes.browser({classes.BROWSER: "<script>"}) is None and classes.browser({}) is None
