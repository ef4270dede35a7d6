"""The tables of a class's store (pla_lab.framework.classroom) and the reads its transactions share: a room, the
questions asked in it (each round of "Ask again" a question of its own), the answers (one row per question and browser
session: the primary key is what keeps a resent answer from counting twice)."""

from __future__ import annotations

import csv
import io
import json
import time

import sqlalchemy as sa

CODE_LEN = 6

META = sa.MetaData()
VERSION = sa.Table("class_schema", META, sa.Column("version", sa.Integer, nullable=False))
ROOMS = sa.Table(
    "class_rooms", META,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("code", sa.String(CODE_LEN), nullable=False, unique=True),
    sa.Column("key_hash", sa.String(64), nullable=False),
    sa.Column("link", sa.Text, nullable=False),
    sa.Column("used", sa.Float, nullable=False),
    sa.Column("shown", sa.Boolean, nullable=False, default=False),  # the spread of answers is on the projector
)
QUESTIONS = sa.Table(
    "class_questions", META,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("room", sa.String(32), sa.ForeignKey("class_rooms.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("round", sa.Integer, nullable=False),  # 1, then 2 for "Ask again": the votes kept apart
    sa.Column("body", sa.Text, nullable=False),  # JSON: text, choices, right, why, step, link
    sa.Column("asked", sa.Float, nullable=False),
    sa.Column("revealed", sa.Float),
)
ANSWERS = sa.Table(
    "class_answers", META,
    sa.Column("question", sa.Integer, sa.ForeignKey("class_questions.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("session", sa.String(64), primary_key=True),
    sa.Column("choice", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


def sqlite_pragmas(conn, _) -> None:
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=10000")
    conn.execute("PRAGMA journal_mode=WAL")


# -- reading (in a transaction the caller holds) -------------------------------------------------------------------
def current(db, room: str):
    """The room's current question: the one asked last (a round of "Ask again" is a question of its own)."""
    return db.execute(sa.select(QUESTIONS).where(QUESTIONS.c.room == room).order_by(QUESTIONS.c.id.desc())
                      .limit(1)).first()


def round_before(db, room: str, q) -> list[int] | None:
    """The votes of the round before ``q`` on the same question (Ask again shows both), or None."""
    if q.round == 1:
        return None
    prev = db.execute(sa.select(QUESTIONS).where(QUESTIONS.c.room == room, QUESTIONS.c.id < q.id,
                                                 QUESTIONS.c.round == q.round - 1)
                      .order_by(QUESTIONS.c.id.desc()).limit(1)).first()
    return None if prev is None else votes(db, prev.id, len(json.loads(prev.body)["choices"]))


def votes(db, question: int, n: int) -> list[int]:
    """How many chose each of the ``n`` choices."""
    counts = dict(db.execute(sa.select(ANSWERS.c.choice, sa.func.count()).where(ANSWERS.c.question == question)
                             .group_by(ANSWERS.c.choice)).all())
    return [int(counts.get(i, 0)) for i in range(n)]


def shown(db, r, keys: tuple[str, ...]) -> dict:
    """What a page shows of room row ``r``: its code and link, the current question (its ``keys``; its right choice
    and reason only once revealed), its round, how many answered, the spread once shown (and the round before's)."""
    q = current(db, r.id)
    out = {"code": r.code, "link": r.link, "question": None}
    if q is not None:
        body = json.loads(q.body)
        counts = votes(db, q.id, len(body["choices"]))
        out["question"] = {**{k: body.get(k) for k in keys}, "id": q.id, "round": q.round, "answered": sum(counts),
                           "revealed": q.revealed is not None, "votes": counts if r.shown else None,
                           # Ask again: the first round's spread beside the second's, once answers are shown
                           "before": round_before(db, r.id, q) if r.shown else None}
        if q.revealed is not None:
            out["question"].update(right=body["right"], why=body.get("why", ""))
    return out


def results(db, room: str, base: str = "") -> str:
    """The room's results as CSV: every question in the order asked, each round and choice on a row, with its step,
    its demo's link (absolute: ``base``, the server's address, before a link relative to it), votes and times."""
    rows = db.execute(sa.select(QUESTIONS).where(QUESTIONS.c.room == room).order_by(QUESTIONS.c.id)).all()
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["question", "round", "step", "demo link", "choice", "votes", "asked (UTC)", "revealed (UTC)"])
    for q in rows:
        body = json.loads(q.body)
        counts = votes(db, q.id, len(body["choices"]))
        link = body.get("link", "")
        link = base.rstrip("/") + link if link.startswith("/") else link
        for i, choice in enumerate(body["choices"]):
            w.writerow([body["text"], q.round, body.get("step", ""), link, choice, counts[i], utc(q.asked),
                        utc(q.revealed) if q.revealed else ""])
    return out.getvalue()


def utc(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(t))
