"""The Class page (/class, issue 35): a student joins a class by its code or its link and answers the question the
lecturer asked last; the lecturer's own link (its ``key``) shows the projector's view instead
(:mod:`pla_lab.course.projector`). Both follow the room by themselves, a fragment that reruns every second.

A student's page shows the question, the demo's picture at the step asked about (the server's picture, drawn when the
lecturer asked: no plot code), the choices and *Answer*. The answer can be changed until the reveal; then the page
says Right or Not quite, and why. An answer that cannot reach the store is kept and sent again at every tick until it
is counted (one row per student: sent twice, it counts once)."""

from __future__ import annotations

import math

import sqlalchemy as sa

from pla_lab.course import projector
from pla_lab.framework import class_lecturer, classes, ratelimit
from pla_lab.framework.classroom import CODE_LEN, Refused
from pla_lab.framework.say import st
from pla_lab.words.text import literal, md

TICK_S = 1.0  # how often a page asks for the room: with the process's copy (classes.FRESH_S), a change shows in ≤ 2 s
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CSS = """<style>
.st-key-class-picture img{background:#fff;border-radius:0.5rem;max-height:42vh;width:auto;max-width:100%}
.st-key-class-question p{font-size:1.15rem}
.st-key-class-follow p{margin:0;font-size:0.875rem;opacity:0.8}
</style>"""
# The page follows the room without rerunning anyone's script: every second it asks the server for the room's state
# (classes.room_state: the question, revealed or not, how many answered), writes the count, and asks for a rerun of
# the student's part only when the question or the reveal is not what it shows (or an answer waits to be sent again).
# A fetch that fails says so; the timer stops once the page has left it.
_FOLLOW = """export default function ({ data: [data], setTriggerValue, parentElement }) {
  let el = parentElement.querySelector("p.pla-follow");
  if (!el) {
    el = document.createElement("p");
    el.className = "pla-follow";
    el.setAttribute("role", "status");
    parentElement.appendChild(el);
  }
  el.shown = data;
  el.send = setTriggerValue;
  const count = (k) => (el.shown.q === null ? "" : k + " answered");
  el.textContent = count(data.answered);
  if (el.timer) return;
  let n = 0, busy = false;
  el.timer = setInterval(async () => {
    if (!el.isConnected) { clearInterval(el.timer); return; }
    if (busy) return;
    busy = true;
    const s = el.shown;
    try {
      const r = await fetch(new URL(s.url, location.origin), { cache: "no-store" });
      const now = await r.json();
      if (!r.ok && !now.gone) throw new Error("offline");
      if (!now.gone) el.textContent = count(now.answered);
      if (now.gone || now.q !== s.q || now.revealed !== s.revealed || s.pending) el.send("moved", ++n);
    } catch (e) {
      el.textContent = "Reconnecting to the class…";
      if (s.pending) el.send("moved", ++n);
    } finally { busy = false; }
  }, data.every);
}"""
_follow = st.components.v2.component("pla_lab.class_follow", js=_FOLLOW)
_MINE = "pla-class-mine"  # {question id: the choice this tab's answer holds}, as the store counted it
_PENDING = "pla-class-pending"  # (room, question id, choice) not yet counted: the store could not be reached
_LAST = "pla-class-last"  # the room as last read, shown while the store cannot be reached


ENDED = "This class has ended (or its link is wrong): a class is kept a day after its last use."


def page() -> None:
    st.html(CSS)
    given = st.query_params.get("room")
    room = classes.valid(given)
    if given is not None and room is None:
        st.error("This class link is not a class's link: check it, or type the class's code below.")
    if room is not None:
        key = class_lecturer.lecturer_key(room, address_key=st.query_params.get("key"),
                                          projector=st.query_params.get("present") == "1",
                                          held=class_lecturer.held(), jar=classes.cookies())
        if key is not None and projector.open_for(room, key):
            return
    if room is None:
        join()
        return
    st.fragment(_student)(room, classes.me())


def join() -> None:
    """The code typed on the page (rate limited per browser: a guess costs its guesser, not the class), or the class
    link pasted."""
    st.markdown("### Join a class")
    st.caption(f"Type the code on the lecturer's screen ({CODE_LEN} letters and digits), or scan its QR code.")
    with st.form("class-join", border=True, enter_to_submit=True):
        typed = st.text_input("Class code", placeholder="e.g. K7PQ2M")
        sent = st.form_submit_button("Join", type="primary")
    if not sent:
        return
    found, wrong = classes.code_of(typed)
    if wrong:
        st.error(wrong)
        return
    kind, what = found
    wait = ratelimit.CODES.take(classes.counted_as())
    if wait:
        st.warning(f"Too many codes tried: wait {math.ceil(wait)} s before the next.")
        return
    try:
        room = classes.store().room_by_code(what) if kind == "code" else (
            what if classes.store().view(what) is not None else None)
    except sa.exc.SQLAlchemyError:
        st.warning(classes.OFFLINE)
        return
    if room is None:
        st.error(f"No class has the code {what} now: check it on the screen (a class ends a day after its last use)."
                 if kind == "code" else ENDED)
        return
    mine = classes.valid(st.query_params.get("me"))  # a tab's id where the browser keeps no cookie
    st.query_params.from_dict({"room": room, **({"me": mine} if mine else {})})
    st.rerun()


def _read(room: str) -> tuple[dict | None, bool]:
    """(the room now, or as last read; whether the store was reached)."""
    try:
        v = classes.view(room)
    except sa.exc.SQLAlchemyError:
        last = st.session_state.get(_LAST)
        return (last[1] if last and last[0] == room else None), False
    st.session_state[_LAST] = (room, v)
    return v, True


def _send(room: str, me: str, qid: int, choice: int) -> str | None:
    """The answer sent to the store; what went wrong in words (kept to send again if the store was unreachable)."""
    try:
        classes.store().answer(room, me, qid, choice)
    except Refused as e:
        st.session_state.pop(_PENDING, None)
        return str(e)
    except sa.exc.SQLAlchemyError:
        st.session_state[_PENDING] = (room, qid, choice)
        return None
    st.session_state.pop(_PENDING, None)
    st.session_state.setdefault(_MINE, {})[qid] = choice
    return None


def _answer(room: str, me: str, qid: int, key: str) -> None:
    """*Answer* pressed (a callback, before the fragment reruns)."""
    choice = st.session_state.get(key)
    if choice is None:
        st.session_state["pla-class-said"] = "Pick one of the choices first."
        return
    wait = ratelimit.ANSWERS.take(me)
    said = (f"Too many answers at once: wait {math.ceil(wait * 10) / 10:.1f} s." if wait
            else _send(room, me, qid, int(choice)))
    st.session_state["pla-class-said"] = said


def _mine(room: str, me: str, qid: int) -> int | None:
    """This browser's answer to question ``qid``, as the store holds it (another tab of the browser may have changed
    it; a reload or a reconnection finds it); while the store cannot be reached, as last counted here."""
    held = st.session_state.setdefault(_MINE, {})
    try:
        held[qid] = classes.store().my_answer(room, me, qid)
    except sa.exc.SQLAlchemyError:
        pass
    return held.get(qid)


def _student(room: str, me: str) -> None:
    pending = st.session_state.get(_PENDING)
    if pending and pending[0] == room:  # sent again at every tick until the store counts it once
        _send(room, me, pending[1], pending[2])
    v, reached = _read(room)
    if not reached:
        st.warning(classes.OFFLINE)
    if v is None:
        if reached:
            st.error(ENDED)
            join()
        else:
            _following(room, None, pending)
        return
    q = v["question"]
    if q is None:
        st.markdown(f"### Class {v['code']}")
        st.info("You are in. The lecturer's question will show here by itself: keep this page open.")
        _following(room, None, pending)
        return
    again = " · second vote" if q["round"] > 1 else ""
    st.caption(f"Class {v['code']} · {classes.about(q)}{again}")
    with st.container(key="class-question"):
        st.markdown(md(q["text"]))
    if q.get("picture"):
        with st.container(key="class-picture"):
            st.markdown(f"![{literal(q.get('alt') or 'The demo at this step')}]({q['picture']})")
    choices, qid = q["choices"], q["id"]
    label = [f"{LETTERS[i]}. {c}" for i, c in enumerate(choices)]
    mine = _mine(room, me, qid)
    if not q["revealed"]:
        key = f"class-choice-{qid}"
        st.radio("Your answer", range(len(choices)), index=mine, format_func=label.__getitem__, key=key)
        st.button("Answer", type="primary", on_click=_answer, args=(room, me, qid, key), key=f"class-send-{qid}")
        said = st.session_state.pop("pla-class-said", None)
        if said:
            st.warning(said)
        if pending and pending[1] == qid and st.session_state.get(_PENDING):
            st.info(f"Your answer {LETTERS[pending[2]]} is waiting to be sent: it is sent as soon as the class's "
                    "store answers.")
        elif mine is not None:
            st.success(f"Your answer {LETTERS[mine]} is counted. You may change it until the lecturer reveals the "
                       "answer.")
    else:
        right = q["right"]
        if mine is None:
            st.info(f"Answers are closed. The right answer: {label[right]}. {q['why']}")
        elif mine == right:
            st.success(f"**Right:** {label[right]}. {q['why']}", icon=":material/check_circle:")
        else:
            st.warning(f"**Not quite:** you answered {LETTERS[mine]}; the right answer is {label[right]}. {q['why']}",
                       icon=":material/lightbulb:")
    _following(room, q, pending)


def _moved() -> None:
    """The follower's trigger needs a callback to be sent; the rerun of the student's part is all that is wanted."""


def _following(room: str, q: dict | None, pending) -> None:
    """The follower (_FOLLOW), told what this run shows; it writes how many answered."""
    shown = {"url": classes.state_url(room), "every": int(TICK_S * 1000), "q": q["id"] if q else None,
             "revealed": bool(q and q["revealed"]), "answered": q["answered"] if q else 0,
             "pending": bool(pending and st.session_state.get(_PENDING))}
    # in a list: Streamlit looks for a data frame among a dict's values, which imports pandas (seconds, once)
    _follow(key="class-follow", data=[shown], on_moved_change=_moved)
