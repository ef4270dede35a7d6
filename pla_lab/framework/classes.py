"""A class answering together (issue 35), the parts every page shares: this process's store, where its URL comes from,
the class's links, the lecturer's room in their browser session, a student's id, and *Ask the class*.

Where the store is (the first found):
1. ``PLA_LAB_CLASS_DB``, an SQLAlchemy URL (``postgresql+psycopg://…``): what ``deploy/start.sh`` passes replicas.
2. Streamlit's own ``st.connection("sql")`` convention: ``[connections.sql]`` in ``.streamlit/secrets.toml``.
3. SQLite in a file, ``.pla-lab/class.sqlite`` under the folder the app runs in (``PLA_LAB_DATA`` moves the folder):
   ``streamlit run app.py`` needs nothing more, and processes on one machine share it.

Links: the class link ``/class?room=<id>`` (the QR code, what students open) and the lecturer's own link
``/class?room=<id>&key=<key>``, the only place the key is. A student's page adds ``me=<id>`` to its own address: who
answered, kept by the browser's tab, so an answer still counts as theirs when the page reconnects to another replica.
"""

from __future__ import annotations

import os
import pathlib
import re
import secrets
import threading
import time

import sqlalchemy as sa

from pla_lab.framework import nav, shared
from pla_lab.framework.classroom import Refused, Store
from pla_lab.framework.say import st

ENV = "PLA_LAB_CLASS_DB"
PAGE = "class"  # the page's address: /class
ID = re.compile(r"[A-Za-z0-9_-]{16,64}")  # a room's id, a key, a student's id: token_urlsafe's letters
FRESH_S = 0.5  # a student's page reads the room through a copy this old at most (one read a process, not a phone)
OFFLINE = ("The class's store cannot be reached just now: reconnecting. Nothing is lost; an answer you send is sent "
           "again until it is counted once.")

_store: Store | None = None
_lock = threading.Lock()
_views: dict[str, tuple[float, dict | None]] = {}


def url() -> str | sa.Engine:
    """The store's SQLAlchemy URL (or the engine ``st.connection("sql")`` made from the secrets)."""
    if os.environ.get(ENV):
        return os.environ[ENV]
    try:
        configured = "sql" in st.secrets.get("connections", {})
    except Exception:  # no secrets file: Streamlit raises on reading it
        configured = False
    if configured:
        return st.connection("sql").engine
    folder = pathlib.Path(os.environ.get("PLA_LAB_DATA", ".pla-lab")).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'class.sqlite'}"


def store() -> Store:
    """This process's store, made on first use (its schema created then)."""
    global _store
    with _lock:
        if _store is None:
            _store = Store(url())
        return _store


def view(room: str, *, fresh: bool = False) -> dict | None:
    """What the room shows now (:meth:`Store.view`); a student's page reads a copy at most ``FRESH_S`` old, so 100
    phones polling a process cost the store two reads a second. Raises ``sa.exc.OperationalError`` while the store
    cannot be reached."""
    now = time.monotonic()
    hit = _views.get(room)
    if not fresh and hit is not None and now - hit[0] < FRESH_S:
        return hit[1]
    v = store().view(room)
    if len(_views) > 2000:
        _views.clear()
    _views[room] = (now, v)
    return v


def state(room: str) -> dict:
    """What a student's page follows the room by (``room_state``): the question asked, whether it is revealed, how
    many answered. Counts only: nothing a student sent, no right answer, no key."""
    v = view(room)
    if v is None:
        return {"gone": True}
    q = v["question"] or {}
    return {"gone": False, "q": q.get("id"), "revealed": bool(q.get("revealed")), "answered": q.get("answered", 0)}


async def room_state(request):
    """GET /pla-lab/class/<room>: :func:`state` as JSON, for the page's follower (a request a second from each
    phone, answered from the process's copy of the room: no rerun of anyone's script). 404 for what is no room's id,
    503 while the store cannot be reached."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import JSONResponse

    room = valid(request.path_params["room"])
    if room is None:
        return JSONResponse({"gone": True}, status_code=404)
    try:
        return JSONResponse(await run_in_threadpool(state, room), headers={"Cache-Control": "no-store"})
    except sa.exc.SQLAlchemyError:
        return JSONResponse({"offline": True}, status_code=503, headers={"Cache-Control": "no-store"})


def state_url(room: str) -> str:
    """Where a page asks :func:`room_state`, relative to the server's root."""
    return f"/pla-lab/class/{room}"


def valid(text) -> str | None:
    """A room id, key or student id from a link, or None for anything else (absurd, forged lengths, other letters)."""
    return text if isinstance(text, str) and ID.fullmatch(text) else None


def about(q: dict) -> str:
    """What a question asked is about: its lesson, and the step where it has one."""
    step = f", step {q['step']}" if q.get("step") is not None else ""
    return f"about {q.get('lesson') or 'the demo'}{step}"


def class_link(room: str) -> str:
    """The class link, relative: what the QR code and the projector show."""
    return f"/{PAGE}?room={room}"


def absolute(relative: str) -> str:
    """A relative link on this server, as the browser reaches it (st.context.url: the page's address)."""
    return shared.root_url() + relative


def session() -> str:
    """This browser connection's Streamlit session, for the rate limits (a new one costs a new websocket)."""
    return st.session_state.setdefault("pla-class-session", secrets.token_urlsafe(12))


def me() -> str:
    """This browser tab's id in a class: from the page's own address (``me``), made and written there if absent."""
    mine = valid(st.query_params.get("me"))
    if mine is None:
        mine = secrets.token_urlsafe(16)
        st.query_params["me"] = mine
    return mine


# -- the lecturer ----------------------------------------------------------------------------------------------------
_ROOM = "pla-class-room"  # the lecturer's (room id, key) in their browser session: one class through the lessons


def lecturer_room(link: str) -> tuple[str, str]:
    """The room this browser session asks in: the one it opened (while the store still has it), else a new one."""
    held = st.session_state.get(_ROOM)
    if held is not None:
        try:
            store().control(*held)
            return held
        except Refused:
            pass
    room = store().open_room(link)
    st.session_state[_ROOM] = (room.id, room.key)
    return room.id, room.key


def remember(room: str, key: str) -> None:
    """The lecturer's own link opened: this session asks in its room from now on."""
    st.session_state[_ROOM] = (room, key)


def ask(question, *, step: int, link: str, lesson: str, picture: str | None, alt: str) -> str | None:
    """*Ask the class*: ``question`` (a Check-yourself :class:`~pla_lab.framework.checks.Question`) put to the
    lecturer's room, then the projector's view opened. Returns what went wrong, in words, or nothing (it leaves)."""
    body = {"text": question.ask, "choices": list(question.choices), "right": question.answer, "why": question.why,
            "step": step, "link": link, "lesson": lesson, "picture": picture, "alt": alt}
    try:
        room, key = lecturer_room(link)
        store().ask(room, key, body)
    except Refused as e:
        return str(e)
    except sa.exc.SQLAlchemyError:
        return OFFLINE.split(":")[0] + ": try again in a moment."
    st.switch_page(nav.book_page(PAGE), query_params={"room": room, "key": key})
    return None
