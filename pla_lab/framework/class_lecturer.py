"""A class's lecturer (issues 35 and 45): the key their pages hold, the class their browser tab asks in, and *Ask
the class*. Every right is checked by the store (:mod:`pla_lab.framework.classroom`); this module only finds the key.

The lecturer's key is never in a page a student opens, nor in an address a student could be given. The projector
(``/class?room=<id>&present=1``) writes it in a cookie of that browser alone (``pla_key_<room>``, a day after the
class's last use) and the room in the tab's sessionStorage; a lesson's page of that tab carries ``room=<id>`` in its
address (never in a demo's link, shared, asked about or kept in a lecture: ``shared.TAB_KEYS``), and the head script
(``drawing/plot/ids.js``) puts it back in the address of any lesson the tab opens without it. So a reload, the next
demo of a lecture, a page from before the class or the projector reopened asks in the same class and shows its
controls, in that tab. The class link ``/class?room=<id>`` (the QR code), the projector's address and a lesson's
address give anyone else a student's page. A link written before (``/class?room=<id>&key=<key>``) still opens the
projector; so does the projector's address in a browser that keeps no cookie, which then holds the key as before.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import sqlalchemy as sa

from pla_lab.framework import nav, shared
from pla_lab.framework.classes import OFFLINE, PAGE, browser, cookies, store, valid
from pla_lab.framework.classroom import KEEP_S, Refused
from pla_lab.framework.say import st

KEY_COOKIE = "pla_key_"  # + a room's id: the lecturer's key to it, kept by the browser whose projector showed it
TAB_ROOM = "pla-class-room"  # the tab's class, in its sessionStorage (ids.js puts it back in a lesson's address)

_ROOM = "pla-class-room"  # the lecturer's (room id, key) in their browser session: one class through the lessons


def lecturer_key(room: str, *, address_key: str | None, projector: bool, held: tuple[str, str] | None,
                 jar: Mapping[str, str]) -> str | None:
    """The lecturer's key a /class page holds for ``room`` (None: a student's page). The key in the address (a link
    written before issue 45, or a browser that keeps no cookie), as it is: the store checks it. Else only on the
    projector's address (``projector``: present=1), the key this session holds for that room (``held``) or this
    browser's cookie for it (``jar``). The class link (no present=1) is a student's page even in the lecturer's
    browser."""
    if address_key is not None:
        return address_key
    if not projector:
        return None
    if held is not None and held[0] == room:
        return held[1]
    return valid(jar.get(KEY_COOKIE + room))


def tab_room(address_room: str | None, *, held: tuple[str, str] | None,
             jar: Mapping[str, str]) -> tuple[str, str] | None:
    """The class a lesson's page asks in: this session's, else the room its address names (put there by the tab:
    ids.js, or written by the page) when this browser holds its key; None: no class yet (the next *Ask the class*
    opens one)."""
    if held is not None:
        return held
    room = valid(address_room)
    key = valid(jar.get(KEY_COOKIE + room)) if room else None
    return (room, key) if key else None


def held() -> tuple[str, str] | None:
    """The (room, key) this session's tab asks in, if any."""
    return st.session_state.get(_ROOM)


def adopt() -> None:
    """On a lesson's page: the tab's class (:func:`tab_room`), kept in the session and carried in the address the
    page writes (shared.APP["carry"]), so that a reload asks in it too."""
    held = tab_room(st.query_params.get("room"), held=st.session_state.get(_ROOM), jar=cookies())
    if held is not None:
        st.session_state[_ROOM] = held
    shared.APP["carry"] = {"room": held[0]} if held else {}


def lecturer_room(link: str) -> tuple[str, str]:
    """The room this tab asks in: its class (while the store still has it), else a new one."""
    held = st.session_state.get(_ROOM)
    if held is not None:
        try:
            store().control(*held)
            return held
        except Refused:
            pass
    room = store().open_room(link)
    remember(room.id, room.key)
    return room.id, room.key


def remember(room: str, key: str) -> None:
    """This tab asks in ``room`` from now on (its lesson pages' addresses carry it)."""
    st.session_state[_ROOM] = (room, key)
    shared.APP["carry"] = {"room": room}


def forget(room: str) -> None:
    """``room`` has ended: the tab's next question opens a new class."""
    if st.session_state.get(_ROOM, (None,))[0] == room:
        st.session_state.pop(_ROOM, None)
        shared.APP["carry"] = {}


def projector_params(room: str, key: str) -> dict[str, str]:
    """The projector's address: the room, in presenter mode; the key only where the browser keeps no cookie (its id
    did not reach the server), so that a reload still finds it."""
    return {"room": room, "present": "1", **({} if browser() else {"key": key})}


#: On the projector's page: the key kept in this browser's cookie for a day (written again at every full run, so
#: a day after the class's last use, as the store keeps it), and the room in the tab's sessionStorage (ids.js).
_KEEP = """<script>(() => { try {
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = %s + "=" + %s + "; path=/; max-age=%d; samesite=strict" + secure;
  sessionStorage.setItem(%s, %s);
} catch (err) {} })();</script>"""
_FORGET = """<script>(() => { try {
  document.cookie = %s + "=; path=/; max-age=0; samesite=strict";
  if (sessionStorage.getItem(%s) === %s) sessionStorage.removeItem(%s);
} catch (err) {} })();</script>"""


def keep_in_browser(room: str, key: str) -> None:
    """The projector's page: this browser keeps the key to ``room`` and its tab the room (the lecturer's page only:
    its key checked by the store first)."""
    js = _KEEP % (json.dumps(KEY_COOKIE + room), json.dumps(key), KEEP_S, json.dumps(TAB_ROOM), json.dumps(room))
    st.html(js, unsafe_allow_javascript=True, width="content")


def forget_in_browser(room: str) -> None:
    """An ended class: its key's cookie deleted, and the tab's class forgotten if it was this one."""
    js = _FORGET % (json.dumps(KEY_COOKIE + room), json.dumps(TAB_ROOM), json.dumps(room), json.dumps(TAB_ROOM))
    st.html(js, unsafe_allow_javascript=True, width="content")


def ask(question, *, step: int, link: str, lesson: str, picture: str | None, alt: str) -> str | None:
    """*Ask the class*: ``question`` (a Check-yourself :class:`~pla_lab.framework.checks.Question`) put to the
    tab's class (opened with the first question), then the projector's view opened. Returns what went wrong, in
    words, or nothing (it leaves)."""
    body = {"text": question.ask, "choices": list(question.choices), "right": question.answer, "why": question.why,
            "step": step, "link": link, "lesson": lesson, "picture": picture, "alt": alt}
    try:
        room, key = lecturer_room(link)
        store().ask(room, key, body)
    except Refused as e:
        return str(e)
    except sa.exc.SQLAlchemyError:
        return OFFLINE.split(":")[0] + ": try again in a moment."
    st.switch_page(nav.book_page(PAGE), query_params=projector_params(room, key))
    return None
