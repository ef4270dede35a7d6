"""The Lecture page: the demos a lecturer has added (framework/deck.py), in order, each with its caption; reorder,
edit a caption, remove, open one; present the whole lecture from one link; keep it as a link or a small JSON file.
The page's own link holds the lecture, so a bookmark or a slide reopens it on any machine."""

from __future__ import annotations

import zlib

from pla_lab.course.library import TITLES
from pla_lab.framework import deck as D
from pla_lab.framework import demos, shared
from pla_lab.framework.lecture_box import demo_url, span
from pla_lab.framework.say import st
from pla_lab.words.text import count, literal

TITLE = "Your lecture"


def _set(slides) -> None:
    shared.SHARED["deck"] = tuple(slides)


def _move(i: int, by: int) -> None:
    slides = list(shared.SHARED["deck"])
    j = i + by
    if 0 <= i < len(slides) and 0 <= j < len(slides):
        slides[i], slides[j] = slides[j], slides[i]
        _set(slides)


def _remove(i: int) -> None:
    _set(s for k, s in enumerate(shared.SHARED["deck"]) if k != i)


def _caption(i: int, key: str) -> None:
    slides = list(shared.SHARED["deck"])
    if 0 <= i < len(slides):
        slides[i] = D.Slide(slides[i].page, slides[i].params, str(st.session_state[key])[:D.MAX_CAPTION])
        _set(slides)


def _last(i: int, key: str) -> None:
    slides = list(shared.SHARED["deck"])
    value = st.session_state.get(key)
    if 0 <= i < len(slides) and isinstance(value, int):
        s = slides[i]
        slides[i] = D.Slide(s.page, s.params, s.caption, value)
        _set(slides)


def _key(i: int, slide: D.Slide) -> str:
    """A caption box's key: its place and its demo, so that a box follows its demo when the demos move."""
    return f"lecture-caption-{i}-{zlib.crc32(repr((slide.page, sorted(slide.params.items()))).encode()):08x}"


def _loaded() -> None:
    f = st.session_state.get("lecture-file")
    if f is None:
        return
    try:
        text = f.getvalue().decode("utf-8")
    except (UnicodeDecodeError, AttributeError):
        st.session_state["lecture-problem"] = "This file is not text."
        return
    try:
        slides = D.from_json(text, set(TITLES))
    except ValueError as e:
        st.session_state["lecture-problem"] = str(e)
        return
    _set(slides)
    st.session_state["lecture-problem"] = f"Loaded {count(len(slides), 'demo')} from {f.name}."


def page() -> None:
    slides = shared.SHARED["deck"]
    st.markdown(f"### {TITLE}")
    st.markdown("The demos of one lecture, in order. Add one from any lesson (*Add this demo to my lecture*, under "
                "the plot); present them all from one link, with a clicker: **PageDown** steps and, past a demo's last "
                "step, opens the next demo; **PageUp** steps back and, at a demo's first step, opens the one before "
                "at its last step; **B** or **.** blanks the screen; **Q** shows the demo's QR code for the class's "
                "phones.")
    for m in shared.SHARED["msgs"]:  # what was wrong with the link (a damaged lecture), quoted as plain text
        st.warning(literal(m), icon="⚠️")
    shared.SHARED["msgs"] = []
    problem = st.session_state.pop("lecture-problem", None)
    if problem:
        st.info(literal(problem))
    if not slides:
        st.info("Your lecture has no demo yet. Open a lesson, set up the demo, and add it.")
    # The demos are listed above the buttons but sent after them: once a person sees the demos in their new order,
    # Save, Present and the address already hold that order (a run on a loaded machine takes seconds).
    spans = [span(slide) for slide in slides]
    if slides:
        steps = sum(sp.presses for sp in spans)
        presses = steps + len(slides) - 1
        st.markdown(f"With a clicker this lecture takes **{presses} press{'es' * (presses != 1)}** of PageDown: "
                    f"{steps} step{'s' * (steps != 1)} in its {len(slides)} demo{'s' * (len(slides) != 1)} and "
                    f"{len(slides) - 1} to open the next demo. Each demo stops at its last step (set below): by "
                    f"default the run's end if it comes within {demos.STEPS} steps, one cycle of a run that cycles, "
                    f"else {demos.STEPS} steps.")
    rows = st.container() if slides else None  # (none when empty: no gap for an empty box)
    why = D.refusal(slides)
    if slides and why:
        st.warning(why)
    if slides and not why:
        st.query_params.from_dict({"deck": D.pack(slides)})
        st.link_button("Present the lecture", demo_url(slides, 0), icon=":material/co_present:", type="primary",
                       help="Opens the first demo in presenter mode, with its caption")
        st.caption("This page's address holds the whole lecture: bookmark it, or put it in a slide.")
    elif not slides:
        st.query_params.clear()
    save, load = st.columns(2, gap="medium")
    if slides:
        save.download_button("Save the lecture (JSON)", D.to_json(slides), file_name="lecture.json",
                             mime="application/json", icon=":material/download:")
    load.file_uploader("Load a lecture (JSON)", type=["json"], key="lecture-file", on_change=_loaded,
                       help="A lecture saved from this page: it replaces the demos listed here")
    if rows is not None:
        with rows:
            for i, (slide, sp) in enumerate(zip(slides, spans)):
                _row(i, slide, sp, len(slides))


def _row(i: int, slide: D.Slide, sp: demos.Span, n: int) -> None:
    with st.container(border=True, key=f"lecture-demo-{i}"):
        title = TITLES.get(slide.page)
        where = literal(title) if title else f"an unknown lesson ({literal(slide.page)})"
        text, last, move = st.columns([1.4, 0.55, 2.7], vertical_alignment="center")
        shows = (f"steps {sp.start} to {sp.last}, {sp.presses} press{'es' * (sp.presses != 1)} ({sp.why})"
                 if sp.end else "no steps: one press opens the next demo")
        text.markdown(f"**{i + 1}.** {where}: {shows}"
                      + (" · presenter mode" if slide.params.get("present") == "1" else ""))
        key = _key(i, slide)
        if key not in st.session_state:
            st.session_state[key] = slide.caption
        text.text_input("Caption", key=key, max_chars=D.MAX_CAPTION, on_change=_caption, args=(i, key),
                        label_visibility="collapsed", placeholder="Caption shown with the demo")
        if sp.end:
            at = f"{key}-last-{sp.last}"  # a new box when the demo's last step changes (its default follows the run)
            last.number_input("Last step", min_value=sp.start, max_value=sp.end, value=sp.last, step=1, key=at,
                              on_change=_last, args=(i, at),
                              help="PageDown past this step opens the next demo; PageUp from the next demo opens "
                                   "this one here")
        up, down, out, go = move.columns(4, gap="small")
        up.button("Up", icon=":material/arrow_upward:", key=f"lecture-up-{i}", on_click=_move, args=(i, -1),
                  disabled=i == 0, help="Earlier in the lecture")
        down.button("Down", icon=":material/arrow_downward:", key=f"lecture-down-{i}", on_click=_move, args=(i, 1),
                    disabled=i == n - 1, help="Later in the lecture")
        out.button("Remove", icon=":material/delete:", key=f"lecture-remove-{i}", on_click=_remove, args=(i,),
                   help="Remove this demo from the lecture")
        if title:
            go.link_button("Open", demo_url(shared.SHARED["deck"], i), icon=":material/open_in_new:",
                           help="Open this demo as the lecture presents it")
