"""What a class shares when a lecturer asks it a question (issue 35): rooms, the questions asked in them and the
answers, in a SQL database reached through SQLAlchemy. SQLite in a file by default, PostgreSQL where a deployment
gives its URL; every replica behind nginx reaches the same one.

Every right is checked here, on the server:
* A room has a public id (unguessable, in the class link), a short code for typing, and a lecturer's key. Only the key's
  hash is stored, and only the lecturer's own link holds the key. Asking, revealing, asking again and downloading the
  results need it.
* A student is a browser session's id. There is one answer per question and round, keyed so that a resent answer is
  the same row, and it can be changed until the reveal.
* What a student sends is a choice's index, never text. No names, no accounts.

Rooms unused for ``KEEP_S`` are deleted with everything in them. Caps: ``MAX_ROOMS`` live rooms and ``MAX_ANSWERS``
answers to one round of a question (each refused with a message that says so).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
import unicodedata
from dataclasses import dataclass

import sqlalchemy as sa

from pla_lab.framework.class_tables import (ANSWERS, CODE_LEN, META, QUESTIONS, ROOMS, VERSION, current, results,
                                             shown, sqlite_pragmas)

SCHEMA_VERSION = 1
KEEP_S = 24 * 3600  # a room and its answers live this long after their last use
MAX_ROOMS = 500  # live rooms on one store
MAX_ANSWERS = 2000  # answers to one round of one question
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read off a projector, typed on a phone
#: What a question's body holds that everyone in the room sees (its right choice and why only once revealed)
SHOWN = ("text", "choices", "step", "link", "lesson", "picture", "alt")


class Refused(Exception):
    """What the store will not do, with the words a page shows for it."""


@dataclass(frozen=True)
class Room:
    id: str
    code: str
    key: str  # the lecturer's: for the lecturer's own link alone


def _alive(now: float):
    """A room used within the last day (an older one is gone, whether or not it is deleted yet)."""
    return ROOMS.c.used >= now - KEEP_S


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class Store:
    """The class's store at ``url`` (an SQLAlchemy URL). Its schema is created on first use, with a version."""

    def __init__(self, url: str | sa.Engine, *, clock=time.time):
        self.engine = url if isinstance(url, sa.Engine) else sa.create_engine(url, pool_pre_ping=True)
        self.clock = clock
        if self.engine.dialect.name == "sqlite":  # foreign keys cascade only when asked; replicas write by turns
            sa.event.listen(self.engine, "connect", sqlite_pragmas)
        META.create_all(self.engine)
        with self.engine.begin() as db:
            found = db.execute(sa.select(VERSION.c.version)).scalars().all()
            if not found:
                db.execute(VERSION.insert().values(version=SCHEMA_VERSION))
            elif found != [SCHEMA_VERSION]:
                raise RuntimeError(f"the class store's schema is version {found}, this app's is {SCHEMA_VERSION}")

    # -- the lecturer ---------------------------------------------------------------------------------------------
    def open_room(self, link: str) -> Room:
        """A new room for the demo at ``link`` (rooms unused for a day are deleted first)."""
        with self.engine.begin() as db:
            return self._open(db, link)

    def _open(self, db, link: str) -> Room:
        now = self.clock()
        db.execute(ROOMS.delete().where(ROOMS.c.used < now - KEEP_S))
        if db.execute(sa.select(sa.func.count()).select_from(ROOMS)).scalar_one() >= MAX_ROOMS:
            raise Refused(f"This server already holds {MAX_ROOMS} classes: try again later.")
        taken = set(db.execute(sa.select(ROOMS.c.code)).scalars())
        code = next(c for c in iter(lambda: "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN)), None)
                    if c not in taken)
        room = Room(secrets.token_urlsafe(16), code, secrets.token_urlsafe(24))
        db.execute(ROOMS.insert().values(id=room.id, code=code, key_hash=_hash(room.key), link=link, used=now,
                                         shown=False))
        return room

    def fresh(self, room: str, key: str) -> Room:
        """A new class for the lecturer of ``room``, on purpose: a new room (a new code, no answers) asking the
        question ``room`` asks now, if any (as a first vote). ``room`` is left as it is, until it expires."""
        with self.engine.begin() as db:
            self._control(db, room, key)
            link = db.execute(sa.select(ROOMS.c.link).where(ROOMS.c.id == room)).scalar_one()
            asked = current(db, room)
            new = self._open(db, link)
            if asked is not None:
                db.execute(QUESTIONS.insert().values(room=new.id, round=1, body=asked.body, asked=self.clock()))
        return new

    def control(self, room: str, key: str) -> None:
        """Nothing, if ``key`` is the lecturer's of ``room``; else Refused."""
        with self.engine.begin() as db:
            self._control(db, room, key)

    def close(self, room: str, key: str) -> None:
        """End the class: the room, its questions and answers deleted."""
        with self.engine.begin() as db:
            self._control(db, room, key)
            db.execute(ROOMS.delete().where(ROOMS.c.id == room))

    def _control(self, db, room: str, key: str) -> None:
        """The room's lecturer, or Refused (a forged or stale room, another room's key)."""
        row = db.execute(sa.select(ROOMS.c.key_hash).where(ROOMS.c.id == room, _alive(self.clock()))).first()
        if row is None:
            raise Refused("This class no longer exists (a class is kept a day after its last use).")
        if not hmac.compare_digest(row.key_hash, _hash(key or "")):
            raise Refused("Only the lecturer's own link may do that.")
        db.execute(ROOMS.update().where(ROOMS.c.id == room).values(used=self.clock()))

    def ask(self, room: str, key: str, question: dict, *, again: bool = False) -> int:
        """Ask ``question`` (text, choices, right, why, step, link); ``again``: a new round of the current one."""
        with self.engine.begin() as db:
            self._control(db, room, key)
            last = current(db, room)
            if again:
                if last is None:
                    raise Refused("There is no question to ask again.")
                body, rnd = last.body, last.round + 1
            else:
                body, rnd = json.dumps(question, ensure_ascii=False), 1
            db.execute(ROOMS.update().where(ROOMS.c.id == room).values(shown=False))
            return db.execute(QUESTIONS.insert().values(room=room, round=rnd, body=body, asked=self.clock())
                              ).inserted_primary_key[0]

    def show(self, room: str, key: str) -> None:
        """Put the spread of answers on the projector (the right choice still unmarked)."""
        with self.engine.begin() as db:
            self._control(db, room, key)
            db.execute(ROOMS.update().where(ROOMS.c.id == room).values(shown=True))

    def reveal(self, room: str, key: str) -> None:
        with self.engine.begin() as db:
            self._control(db, room, key)
            q = current(db, room)
            if q is None:
                raise Refused("There is no question to reveal.")
            db.execute(QUESTIONS.update().where(QUESTIONS.c.id == q.id).values(revealed=self.clock()))
            db.execute(ROOMS.update().where(ROOMS.c.id == room).values(shown=True))

    def results_csv(self, room: str, key: str, base: str = "") -> str:
        """Every question asked in the room, in the order asked, each round on a row: its step, demo link (``base``,
        the server's address, before it: a link a spreadsheet opens), votes per choice, times."""
        with self.engine.begin() as db:
            self._control(db, room, key)
            return results(db, room, base)

    # -- everyone in the room -------------------------------------------------------------------------------------
    def room_by_code(self, code: str) -> str | None:
        """The room a typed code names (any case, full-width letters as the letters they are, spaces ignored), or
        None."""
        code = "".join(unicodedata.normalize("NFKC", code).split()).upper()
        with self.engine.begin() as db:
            return db.execute(sa.select(ROOMS.c.id).where(ROOMS.c.code == code, _alive(self.clock()))).scalar_one_or_none()

    def view(self, room: str) -> dict | None:
        """What a student's page and the projector show now: the room's code and link, the current question (without
        its right choice and reason until revealed), its round, how many answered, the spread once shown."""
        with self.engine.begin() as db:
            r = db.execute(sa.select(ROOMS).where(ROOMS.c.id == room, _alive(self.clock()))).first()
            return None if r is None else shown(db, r, SHOWN)

    def answer(self, room: str, session: str, question: int, choice: int) -> None:
        """A student's answer to the current round (sent again: the same row; changed: until the reveal)."""
        now = self.clock()
        with self.engine.begin() as db:
            q = current(db, room)
            if q is None or q.id != question:
                raise Refused("The lecturer has moved on to another question.")
            if q.revealed is not None:
                raise Refused("The answer has been revealed: answers are closed.")
            n = len(json.loads(q.body)["choices"])
            if not (isinstance(choice, int) and 0 <= choice < n):
                raise Refused("That is not one of the choices.")
            mine = sa.and_(ANSWERS.c.question == q.id, ANSWERS.c.session == session)
            if db.execute(sa.select(ANSWERS.c.choice).where(mine)).first() is None:
                count = db.execute(sa.select(sa.func.count()).where(ANSWERS.c.question == q.id)).scalar_one()
                if count >= MAX_ANSWERS:
                    raise Refused(f"This question has its {MAX_ANSWERS} answers: no more are taken.")
                try:  # the same answer sent twice at once (a retry): one row, the second an update
                    with db.begin_nested():
                        db.execute(ANSWERS.insert().values(question=q.id, session=session, choice=choice, at=now))
                except sa.exc.IntegrityError:
                    db.execute(ANSWERS.update().where(mine).values(choice=choice, at=now))
            else:
                db.execute(ANSWERS.update().where(mine).values(choice=choice, at=now))
            db.execute(ROOMS.update().where(ROOMS.c.id == room).values(used=now))

    def my_answer(self, room: str, session: str, question: int | None = None) -> int | None:
        """The choice ``session`` (a student) holds in the room's current question (or in ``question``, one of its
        own), or None."""
        with self.engine.begin() as db:
            q = current(db, room)
            if q is None:
                return None
            mine = sa.and_(ANSWERS.c.question == (q.id if question is None else question), ANSWERS.c.session == session)
            return db.execute(sa.select(ANSWERS.c.choice).where(mine)).scalar_one_or_none()
