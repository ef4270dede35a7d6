"""A class answering together (issue 35), the parts every page shares: this process's store, where its URL comes from,
the class's links, the lecturer's room in their browser session, a student's id, and *Ask the class*.

Where the store is (the first found):
1. ``PLA_LAB_CLASS_DB``, an SQLAlchemy URL (``postgresql+psycopg://…``): what ``deploy/start.sh`` passes replicas.
2. Streamlit's own ``st.connection("sql")`` convention: ``[connections.sql]`` in ``.streamlit/secrets.toml``.
3. SQLite in a file, ``.pla-lab/class.sqlite`` under the folder the app runs in (``PLA_LAB_DATA`` moves the folder):
   ``streamlit run app.py`` needs nothing more, and processes on one machine share it.

Who is who (issue 45). The head script (``drawing/plot/ids.js``) gives every browser a random id in a cookie,
``pla_id``, before the page's first run; the server reads it (``st.context.cookies``) on any replica. A student is
their browser's id (:func:`me`): one answer per browser, however many tabs, reloads and reconnections; the rate limits
count per browser too (:func:`counted_as`). A browser that keeps no cookie is counted per tab, by an id in the tab's
own address (``me=``), as before. The lecturer's side (their key, the class their tab asks in) is
:mod:`pla_lab.framework.class_lecturer`.
"""

from __future__ import annotations

import os
import pathlib
import re
import secrets
import threading
import time
import unicodedata
from collections.abc import Mapping

import sqlalchemy as sa

from pla_lab.framework import shared
from pla_lab.framework.classroom import Store
from pla_lab.framework.say import st

ENV = "PLA_LAB_CLASS_DB"
PAGE = "class"  # the page's address: /class
BROWSER = "pla_id"  # the browser's id, a cookie the head script writes (drawing/plot/ids.js)
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
    """This browser connection's Streamlit session (a new one costs a new websocket)."""
    return st.session_state.setdefault("pla-class-session", secrets.token_urlsafe(12))


def cookies() -> Mapping[str, str]:
    """The cookies the browser sent when its page connected (none outside a browser's session: AppTest, a script)."""
    try:
        return st.context.cookies
    except Exception:  # no browser: no cookies
        return {}


def browser(jar: Mapping[str, str] | None = None) -> str | None:
    """This browser's id (its ``pla_id`` cookie, from ``jar`` or the page's), or None where it sends none."""
    return valid((cookies() if jar is None else jar).get(BROWSER))


def me() -> str:
    """Who answers, in a class: this browser's id, the same in every tab, reload and reconnection of it; where the
    browser sends no id, this tab's, in its own address (``me``), made and written there if absent. A tab whose
    address already holds one (a page opened before issue 45, or in a browser without cookies) keeps it, so its
    answer stays its own."""
    mine = valid(st.query_params.get("me")) or browser()
    if mine is None:
        mine = secrets.token_urlsafe(16)
        st.query_params["me"] = mine
    return mine


def counted_as() -> str:
    """Whom the rate limits count a try against: this browser (its id), or, where it sends none, this session."""
    return browser() or session()


#: The most characters the code box reads (a class link pasted fits; more is refused with a message)
TYPED_MAX = 200


def code_of(typed: str) -> tuple[tuple[str, str] | None, str | None]:
    """What was typed in the code box: (("code", a class code) or ("link", a pasted class link's room id); what is
    wrong with it, in words). Full-width letters and digits (some phones' keyboards type them) are read as the letters
    they are; spaces, dashes and dots are ignored, and case."""
    from pla_lab.framework.classroom import CODE_ALPHABET, CODE_LEN

    text = unicodedata.normalize("NFKC", typed or "").strip()
    if len(text) > TYPED_MAX:
        return None, (f"That is {len(text):,} characters: a class code is {CODE_LEN} letters and digits (the class "
                      "link works too).")
    link = re.search(r"[?&]room=([^&#\s]*)", text)
    if link:
        room = valid(link.group(1))
        return (("link", room), None) if room else (None, "That link is not a class's link: type the code instead.")
    code = re.sub(r"[\s\-‐-―·.]", "", text).upper()
    if len(code) != CODE_LEN or any(c not in CODE_ALPHABET for c in code):
        return None, f"A class code is {CODE_LEN} letters and digits (no O, I, L, 0 or 1): check it on the screen."
    return ("code", code), None
