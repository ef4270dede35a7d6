"""The projector's view of a class (/class with the lecturer's key, issue 35): the question and its choices large, the
class's code and the QR code of its link, how many answered, and the lecturer's controls: *Show answers* (the spread as
a bar chart, the right choice unmarked), *Reveal*, *Ask again* (a second vote, beside the first), *To the demo*; after
class, the results as CSV, a new class, *End this class* and the lecturer's own link. It reruns every second by
itself."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit

import sqlalchemy as sa

from pla_lab.drawing import spread
from pla_lab.framework import class_lecturer, classes, nav, shared
from pla_lab.framework.classroom import Refused
from pla_lab.framework.qr import qr_svg
from pla_lab.framework.say import st
from pla_lab.words.text import literal, md

TICK_S = 1.0
CSS = """<style>
.st-key-class-projector .st-key-class-ask p{font-size:2rem;line-height:1.3}
.st-key-class-projector .st-key-class-choices p{font-size:1.6rem;line-height:1.35;margin-bottom:0.2rem}
.st-key-class-projector .st-key-class-count p{font-size:2.2rem;font-weight:700}
.st-key-class-projector .st-key-class-code p{font-size:1.3rem}
.st-key-class-projector .st-key-class-code strong{font-size:3rem;letter-spacing:0.12em;font-family:monospace}
.st-key-class-projector .st-key-class-qr img{background:#fff;max-width:min(100%, 40vh)}
.st-key-class-projector .st-key-class-qr{align-items:center}
.st-key-class-projector .st-key-class-chart img{max-width:100%}
.st-key-class-projector .st-key-class-picture img{background:#fff;border-radius:0.5rem;max-height:36vh;max-width:100%}
</style>"""
_SAID, _LAST = "pla-class-projector-said", "pla-class-projector-last"
VERBS = {"show": "Show answers", "reveal": "Reveal", "again": "Ask again"}
ENDED = ("This class has ended. Ask a question from a lesson's *Check yourself* in presenter mode to start a new "
         "one.")


def open_for(room: str, key: str) -> bool:
    """The projector's view, if ``key`` is the room's, or that its class has ended (True: shown); else what was
    wrong, once (False: the student's page follows, drawn by the caller)."""
    try:
        try:
            classes.store().control(room, classes.valid(key) or "")
        except Refused as e:
            if classes.store().view(room) is not None:  # another room's key, a forged one
                st.error(str(e) + " This page shows the class as a student sees it.")
                return False
            class_lecturer.forget(room)  # ended (here or in another tab), or a day unused: said once
            class_lecturer.forget_in_browser(room)
            st.info(ENDED)
            return True
    except sa.exc.SQLAlchemyError:
        st.warning(classes.OFFLINE)
        return False
    st.set_page_config(initial_sidebar_state="collapsed")  # the projector's address opened again: presenter mode
    class_lecturer.remember(room, key)
    show(room, key)
    return True


def show(room: str, key: str) -> None:
    st.html(CSS)
    with st.container(key="class-projector"):
        st.fragment(_live, run_every=TICK_S)(room, key)
    base = shared.root_url()  # the CSV's links are absolute: a spreadsheet opens them (read now: the download is later)
    with st.expander("After class: the results, a new class, ending this one, your own link"):
        st.download_button("Download the results (CSV)", data=lambda: classes.store().results_csv(room, key, base),
                           file_name="pla-lab-class-results.csv", mime="text/csv", on_click="ignore",
                           icon=":material/download:")
        st.caption("One row per question, vote and choice, in the order asked: the question, the step, the demo's "
                   "link, how many chose it, when it was asked and revealed. Nothing about who answered is kept.")
        st.button("Start a new class (a new code; this class's results stay until it expires)", on_click=_act,
                  args=("fresh", room, key), key="class-fresh")
        st.caption("The question on screen is asked again in the new class. Phones in this class stay in it: they "
                   "join the new one with its code. Download this class's results first, or keep your own link.")
        st.button("End this class (its questions and answers are deleted)", on_click=_act, args=("end", room, key),
                  key="class-end")
        own = classes.absolute(classes.class_link(room)) + "&" + urlencode({"key": key})
        if st.toggle("Show my own link to this class", key="class-own",
                     help="It controls the class: keep it off the projector and to yourself."):
            st.code(own, language=None, wrap_lines=True)
        st.caption("Your own link controls the class from any browser (to download the results later elsewhere). "
                   "This browser keeps your key for a day: this page's address, a reload or a bookmark of it opens "
                   "this view here, and nowhere else. The class link and the QR code carry no key.")
    class_lecturer.keep_in_browser(room, key)


def _act(verb: str, room: str, key: str) -> None:
    """A control pressed (a callback): the store checks the key."""
    s = classes.store()
    try:
        if verb == "show":
            s.show(room, key)
        elif verb == "reveal":
            s.reveal(room, key)
        elif verb == "again":
            s.ask(room, key, {}, again=True)
        elif verb == "fresh":
            new = s.fresh(room, key)
            class_lecturer.remember(new.id, new.key)
            st.query_params.from_dict(class_lecturer.projector_params(new.id, new.key))
        elif verb == "end":
            s.close(room, key)
            class_lecturer.forget(room)
    except Refused as e:
        st.session_state[_SAID] = str(e)
    except sa.exc.SQLAlchemyError:
        st.session_state[_SAID] = classes.OFFLINE


def demo_link(link: str, room: str) -> str | None:
    """Where *To the demo* goes: the demo's own link (lesson, points, step, presenter mode, the lecture) with the tab's
    class, so the lesson asks in it again; None for a link that names no lesson of this app."""
    parts = urlsplit(link)
    if nav.lesson(parts.path.strip("/")) is None:
        return None
    return f"{parts.path}?{parts.query}{'&' if parts.query else ''}{urlencode({'room': room})}"


def _back(link: str) -> None:
    """Back to the demo in this session (a browser that keeps no cookie: a new page would not find the class)."""
    parts = urlsplit(link)
    lesson = nav.lesson(parts.path.strip("/"))
    if lesson is not None:
        st.switch_page(nav.lesson_page(lesson), query_params=dict(parse_qsl(parts.query)))


def _live(room: str, key: str) -> None:
    said = st.session_state.pop(_SAID, None)
    if said:
        st.warning(said)
    try:
        v = classes.view(room, fresh=True)
        st.session_state[_LAST] = (room, v)
    except sa.exc.SQLAlchemyError:  # the room as last read, under the warning
        st.warning(classes.OFFLINE)
        last = st.session_state.get(_LAST)
        v = last[1] if last and last[0] == room else None
        if v is None:
            return
    if v is None:
        st.info(ENDED)
        return
    q = v["question"]
    main, side = st.columns((1.75, 1), gap="large")
    with side:
        _join(v, room, q)
    with main:
        if q is None:
            st.info("No question asked yet: in presenter mode, press *Ask the class* under a *Check yourself* "
                    "question.")
            return
        again = " · second vote" if q["round"] > 1 else ""
        said = classes.about(q)
        st.caption(f"{said[:1].upper()}{said[1:]}{again}")
        with st.container(key="class-ask"):
            st.markdown(md(q["text"]))
        right = q.get("right") if q["revealed"] else None
        if q["votes"] is None:  # the choices, large, and the demo's picture; once the answers are shown, the chart
            words, picture = st.columns((1.4, 1)) if q.get("picture") else (st.container(), None)
            with words.container(key="class-choices"):
                for i, c in enumerate(q["choices"]):
                    st.markdown(f"**{spread.LETTERS[i]}.** {md(c)}" + ("  ✓" if i == right else ""))
            if picture is not None:
                with picture.container(key="class-picture"):
                    st.markdown(f"![{literal(q.get('alt') or 'The demo at this step')}]({q['picture']})")
        else:
            rounds = [q["before"], q["votes"]] if q.get("before") else [q["votes"]]
            chart = spread.svg(q["choices"], rounds, right)
            with st.container(key="class-chart"):
                st.markdown(f"![{literal(spread.alt(q['choices'], rounds, right))}]({spread.data_uri(chart)})")
        cols = st.columns(4)
        for col, verb in zip(cols, VERBS):
            col.button(md(VERBS[verb]), on_click=_act, args=(verb, room, key), width="stretch",
                       type="primary" if verb == "show" and q["votes"] is None else "secondary",
                       key=f"class-{verb}")
        to_demo(cols[3], q.get("link") or "", room)


def _join(v: dict, room: str, q: dict | None) -> None:
    """How the class joins (the code, the page to type it on, the QR code of the class link) and how many answered;
    once the answer is revealed, the answer and why in the QR code's place."""
    link = classes.absolute(classes.class_link(room))
    page = classes.absolute("/" + classes.PAGE)
    with st.container(key="class-code"):
        st.markdown(f"Join at {literal(page)} with the code  \n**{v['code']}**")
    if q is not None:
        with st.container(key="class-count"):
            st.markdown(f"{q['answered']} answered")
        if q["revealed"]:
            right = q["right"]
            st.success(f"**The answer: {spread.LETTERS[right]}.** {q['why']}", icon=":material/check_circle:")
            return
    made = qr_svg(link)
    if made is not None:
        with st.container(key="class-qr"):
            st.image(made[0], caption="Or scan: the class link", width="stretch")


def to_demo(where, link: str, room: str) -> None:
    """*To the demo*: the demo this question is about, at its step, in this tab. A link (the page loads again, so the
    browser's Back comes back here: drawing/plot/clicker.js keeps it in the tab); a button where the browser keeps no
    cookie (the class then lives in this session alone)."""
    target = demo_link(link, room)
    with where.container(key="class-back"):
        if target is None:
            st.button("To the demo", width="stretch", disabled=True, help="This question's demo is not a lesson here")
        elif classes.browser() is not None:
            st.link_button("To the demo", target, width="stretch",
                           help="Back to the demo this question is about, at its step")
        elif st.button("To the demo", width="stretch", help="Back to the demo this question is about, at its step"):
            _back(link)
