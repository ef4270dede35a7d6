"""The class's shared store (pla_lab.framework.classroom, issue 35), on SQLite in a file and on a real PostgreSQL
server started for these tests (Debian's postgresql, as its own user; no mock of either): rights checked on the server,
one answer per student, question and round, rounds kept apart, the CSV holding exactly the votes cast, caps, expiry."""

from __future__ import annotations

import csv
import io
import pathlib
from concurrent.futures import ThreadPoolExecutor

import pytest
import sqlalchemy as sa

from pla_lab.framework import class_tables as T
from pla_lab.framework import classroom as C
from tests.pg import postgres

QUESTION = {"text": "Which point does update 1 correct?", "choices": ["#0", "#3", "#7"], "right": 0,
            "why": "#0 is the first mistake in the cyclic order.", "step": 0, "link": "/pla?t=0"}


class Clock:
    def __init__(self, t=1_800_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def url(request, tmp_path_factory):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('class')}/class.db"
        return
    pg = postgres()
    yield pg.url
    pg.remove()


@pytest.fixture
def store(url):
    s = C.Store(url, clock=Clock())
    with s.engine.begin() as db:  # each test starts from an empty store (the schema and its version stay)
        for table in (T.ANSWERS, T.QUESTIONS, T.ROOMS):
            db.execute(table.delete())
    return s


def test_a_room_has_an_unguessable_id_a_short_code_and_a_key_only_its_hash_stored(store):
    room = store.open_room("/pla?t=0")
    assert len(room.id) >= 20 and len(room.key) >= 30 and len(room.code) == C.CODE_LEN
    assert set(room.code) <= set(C.CODE_ALPHABET)
    assert store.room_by_code(room.code.lower()[:3] + " " + room.code.lower()[3:]) == room.id  # as typed on a phone
    assert store.room_by_code("ZZZZZZ" if room.code != "ZZZZZZ" else "YYYYYY") is None
    with store.engine.begin() as db:
        row = db.execute(sa.select(T.ROOMS)).one()
    assert room.key not in [str(v) for v in row]  # the key itself is nowhere in the store
    assert store.view(room.id)["question"] is None


def test_only_the_lecturer_s_key_asks_shows_reveals_and_downloads(store):
    room, other = store.open_room("/pla"), store.open_room("/xor")
    for key in ("", "x", other.key, room.id, room.code):
        for act in (lambda: store.ask(room.id, key, QUESTION), lambda: store.show(room.id, key),
                    lambda: store.reveal(room.id, key), lambda: store.results_csv(room.id, key),
                    lambda: store.ask(room.id, key, QUESTION, again=True)):
            with pytest.raises(C.Refused, match="lecturer"):
                act()
    with pytest.raises(C.Refused, match="no longer exists"):
        store.ask("forged-room-id", room.key, QUESTION)
    assert store.view("forged-room-id") is None


def test_one_answer_per_student_changeable_until_the_reveal_and_counted_once(store):
    room = store.open_room("/pla")
    q = store.ask(room.id, room.key, QUESTION)
    view = store.view(room.id)["question"]
    assert view["id"] == q and view["round"] == 1 and "right" not in view and "why" not in view
    assert view["votes"] is None  # not shown on the projector yet
    store.answer(room.id, "s1", q, 1)
    store.answer(room.id, "s1", q, 1)  # resent: the same row
    store.answer(room.id, "s2", q, 2)
    store.answer(room.id, "s2", q, 0)  # changed its mind
    assert store.view(room.id)["question"]["answered"] == 2 and store.my_answer(room.id, "s2") == 0
    for bad in (-1, 3, 1.0, "1", None):
        with pytest.raises(C.Refused, match="not one of the choices"):
            store.answer(room.id, "s3", q, bad)
    store.show(room.id, room.key)
    assert store.view(room.id)["question"]["votes"] == [1, 1, 0]
    store.reveal(room.id, room.key)
    shown = store.view(room.id)["question"]
    assert shown["revealed"] and shown["right"] == 0 and shown["why"] == QUESTION["why"]
    with pytest.raises(C.Refused, match="closed"):
        store.answer(room.id, "s1", q, 0)


def test_many_phones_sending_the_same_answers_at_once_are_counted_exactly_once(store):
    room = store.open_room("/pla")
    q = store.ask(room.id, room.key, QUESTION)
    sends = [(f"s{i % 40}", i % 3) for i in range(120)]  # 40 students, each answer sent 3 times (retries)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda a: store.answer(room.id, a[0], q, a[1]), sends))
    assert store.view(room.id)["question"]["answered"] == 40
    with store.engine.begin() as db:
        assert db.execute(sa.select(sa.func.count()).select_from(T.ANSWERS)).scalar_one() == 40


def test_ask_again_keeps_the_rounds_apart_and_an_old_question_takes_no_answer(store):
    room = store.open_room("/pla")
    first = store.ask(room.id, room.key, QUESTION)
    for i, choice in enumerate([1, 1, 0]):
        store.answer(room.id, f"s{i}", first, choice)
    second = store.ask(room.id, room.key, {}, again=True)
    assert second != first and store.view(room.id)["question"]["round"] == 2
    with pytest.raises(C.Refused, match="moved on"):
        store.answer(room.id, "s0", first, 0)
    store.answer(room.id, "s0", second, 0)
    store.show(room.id, room.key)
    view = store.view(room.id)["question"]
    assert view["votes"] == [1, 0, 0] and view["before"] == [1, 2, 0]  # side by side
    rows = list(csv.DictReader(io.StringIO(store.results_csv(room.id, room.key))))
    assert [(r["round"], r["choice"], r["votes"]) for r in rows] == [
        ("1", "#0", "1"), ("1", "#3", "2"), ("1", "#7", "0"),
        ("2", "#0", "1"), ("2", "#3", "0"), ("2", "#7", "0")]
    assert {r["demo link"] for r in rows} == {"/pla?t=0"} and all(r["question"] == QUESTION["text"] for r in rows)


def test_caps_and_a_day_without_use(store, monkeypatch):
    monkeypatch.setattr(C, "MAX_ANSWERS", 3)
    room = store.open_room("/pla")
    q = store.ask(room.id, room.key, QUESTION)
    for i in range(3):
        store.answer(room.id, f"s{i}", q, 0)
    with pytest.raises(C.Refused, match="3 answers"):
        store.answer(room.id, "s9", q, 0)
    store.answer(room.id, "s0", q, 1)  # one already counted may still change it
    monkeypatch.setattr(C, "MAX_ROOMS", 2)
    store.open_room("/xor")
    with pytest.raises(C.Refused, match="2 classes"):
        store.open_room("/halts")
    code = store.view(room.id)["code"]
    store.clock.t += C.KEEP_S - 1  # still there a second before the day is up
    assert store.view(room.id) is not None and store.room_by_code(code) == room.id
    store.clock.t += 2  # a day later, both rooms unused: gone at once, for everyone
    assert store.view(room.id) is None and store.room_by_code(code) is None
    store.open_room("/halts")  # and deleted with their answers
    assert store.view(room.id) is None
    with store.engine.begin() as db:
        assert db.execute(sa.select(sa.func.count()).select_from(T.ANSWERS)).scalar_one() == 0


def test_the_schema_has_a_version_and_another_version_is_refused(url):
    C.Store(url)  # created once, opened again
    store = C.Store(url)
    with store.engine.begin() as db:
        assert db.execute(sa.select(C.VERSION.c.version)).scalars().all() == [C.SCHEMA_VERSION]
        db.execute(C.VERSION.update().values(version=C.SCHEMA_VERSION + 1))
    try:
        with pytest.raises(RuntimeError, match="schema is version"):
            C.Store(url)
    finally:
        with store.engine.begin() as db:
            db.execute(C.VERSION.update().values(version=C.SCHEMA_VERSION))


def test_sqlite_in_a_file_is_shared_by_two_stores_as_by_two_processes(tmp_path):
    path = pathlib.Path(tmp_path, "shared.db")
    a, b = C.Store(f"sqlite:///{path}"), C.Store(f"sqlite:///{path}")
    room = a.open_room("/pla")
    q = a.ask(room.id, room.key, QUESTION)
    b.answer(b.room_by_code(room.code), "s1", q, 2)
    a.show(room.id, room.key)
    assert b.view(room.id)["question"]["votes"] == [0, 0, 1]


def test_a_fresh_class_asks_the_same_question_with_a_new_code_and_the_old_class_keeps_its_answers(store):
    """*Start a new class* (issue 45): a new room, a new code, the question on screen asked there as a first vote with
    no answers; the old room as it was; only the lecturer's key may do it."""
    room = store.open_room("/pla?t=0")
    store.ask(room.id, room.key, QUESTION)
    store.answer(room.id, "student-1", store.view(room.id)["question"]["id"], 1)
    with pytest.raises(C.Refused):
        store.fresh(room.id, "not the key")
    new = store.fresh(room.id, room.key)
    assert new.id != room.id and new.code != room.code and new.key != room.key
    q = store.view(new.id)["question"]
    assert (q["text"], q["choices"], q["round"], q["answered"]) == (QUESTION["text"], QUESTION["choices"], 1, 0)
    assert store.view(room.id)["question"]["answered"] == 1
    empty = store.open_room("/xor")
    assert store.view(store.fresh(empty.id, empty.key).id)["question"] is None  # nothing asked yet: nothing to ask


def test_a_students_own_answer_is_read_for_the_question_it_was_given_to(store):
    room = store.open_room("/pla?t=0")
    store.ask(room.id, room.key, QUESTION)
    first = store.view(room.id)["question"]["id"]
    store.answer(room.id, "me", first, 2)
    store.ask(room.id, room.key, {**QUESTION, "text": "Which next?"})
    assert store.my_answer(room.id, "me") is None  # the question now asked: not answered yet
    assert store.my_answer(room.id, "me", first) == 2


def test_the_results_link_each_demo_absolutely_in_the_order_asked(store):
    room = store.open_room("/pla?t=0")
    store.ask(room.id, room.key, QUESTION)
    store.ask(room.id, room.key, {**QUESTION, "text": "Then?", "link": "/halts?t=3"})
    rows = list(csv.DictReader(io.StringIO(store.results_csv(room.id, room.key, "http://10.0.0.5:8501"))))
    assert [r["question"] for r in rows][::3] == [QUESTION["text"], "Then?"]
    assert {r["demo link"] for r in rows} == {"http://10.0.0.5:8501/pla?t=0", "http://10.0.0.5:8501/halts?t=3"}
    plain = list(csv.DictReader(io.StringIO(store.results_csv(room.id, room.key))))
    assert plain[0]["demo link"] == "/pla?t=0"  # no server's address given: the link as it was asked


def test_a_code_typed_in_full_width_letters_names_its_room(store):
    room = store.open_room("/pla")
    wide = "".join(chr(ord(c) + 0xFEE0) for c in room.code.lower())  # what some phones' keyboards type
    assert store.room_by_code(wide) == room.id
