"""The state every lesson shares: the sidebar's algorithm settings (in every link) and which lesson is shown."""

from __future__ import annotations

from urllib.parse import urlencode

from pla_lab.framework import links
from pla_lab.framework import settings as S
from pla_lab.framework.state import Field, PageState, button, linked

#: The sidebar settings, read from the link on a session's first run. w₀ is typed as text ("w0"); the last valid
#: value ("w0_valid") is the one used and linked.
SHARED = PageState("set", (
    linked(links.VERSION),
    *(linked(s, widget=True) for s in S.ALGORITHM if s.key != "w0"),
    Field("w0", "0, 0, 0", widget=True),
    linked(S.SETTINGS["w0"], name="w0_valid"),
    linked(links.PRESENT),
    # View only is read in the lesson's part that reruns alone, and its switch is drawn only outside it, not in
    # presenter mode: bound to the switch, it would be dropped with it (Streamlit deletes an undrawn widget's value).
    linked(links.VIEW_ONLY), button("viewonly_switch"), button("viewonly_button"),
    Field("msgs", list),
    # A lecture (framework/deck.py): the demos kept while preparing it (the Lecture page's link holds them), and
    # while it is presented the lecture and the demo shown, in every link (linked only then: see setup)
    Field("deck", tuple), linked(links.DECK, name="deck_link"), linked(links.SLIDE),
))

#: Which lesson was shown last, whether the link has been read by one, the address last written (see write_link),
#: what the tab's own address carries beside the lesson's link (``carry``: the class a lecturer asks in, see
#: framework/class_lecturer.py), and the transport buttons that the plot's script serves in the browser (it finds them by
#: their keys' classes, st-key-app-step and st-key-app-back); Play's key keeps it one button when its label turns to
#: Pause.
APP = PageState("app", (Field("page"), Field("link_read", False), Field("live", False), Field("written"),
                        Field("carry", dict), button("step"), button("back"), button("play")))
#: The keys of the tab's own address that are no demo's: a demo's link (shared, put in a lecture or a question) never
#: holds them.
TAB_KEYS = ("room",)


def setup() -> None:
    """On a session's first run: the shared settings from the link (their problems wait for the lesson)."""
    if SHARED.ready:
        SHARED.keep_widgets()
        return
    import streamlit as st

    problems = SHARED.setup(st.query_params.to_dict())
    SHARED["w0"] = S.dump_w0(SHARED["w0_valid"]).replace(",", ", ")
    slides = SHARED["deck_link"]
    if slides:
        SHARED["deck"] = slides
    if SHARED["slide"] is not None and not (slides and SHARED["slide"] < len(slides)):
        problems.append(f"The link's demo number {SHARED['slide']} is not in its lecture: showing the demo alone.")
        SHARED["slide"] = None
    if SHARED["slide"] is None:  # a demo's link carries the lecture only while it is presented
        SHARED["deck_link"] = None
    SHARED["msgs"] = problems


def release(keys) -> None:
    """The sidebar's settings named ``keys`` back to their defaults, when the link just read set them as a lesson's
    own: a link's ``order`` on /pocket is the Pocket's order (its option), never the sidebar's. The link of a lesson
    never carries the sidebar's value for a key the lesson owns (its own value is written in its place), so reading
    it as the sidebar's would silently change every other lesson's run after a reload or a shared link."""
    for key in keys:
        if key not in S.SETTINGS:
            continue
        names = ("w0", "w0_valid") if key == "w0" else (key,)
        for name in names:
            SHARED[name] = SHARED.fields[name].fresh()
            SHARED["kept"].pop(name, None)


def values() -> dict:
    """The shared settings as the algorithms use them (w₀'s bias weight is 0 when no bias is learned)."""
    out = {s.key: SHARED[s.key] for s in S.ALGORITHM if s.key != "w0"}
    out["eta"] = float(f"{out['eta']:.12g}")  # as the link writes it (the widget's steps leave 1.2000000000000002)
    w0 = SHARED["w0_valid"]
    out["w0"] = (0.0, *w0[1:]) if not out["bias"] and w0[0] != 0 else w0
    return out


def link() -> dict[str, str]:
    """The shared settings' part of every link (v first)."""
    return SHARED.link()


def lesson_link(lesson) -> dict[str, str]:
    """A lesson's whole link: the shared settings, then the lesson's own state."""
    return {**link(), **lesson.state.link()}


def demo_link(lesson) -> str:
    """The lesson's demo as an absolute link (the server's address as the browser reached it, then the lesson's
    whole link): what a notebook's title points back to."""
    return f"{root_url()}/{lesson.slug}?" + urlencode(lesson_link(lesson))


def root_url() -> str:
    """The server's address as the browser reached it (st.context.url without the page's own part), no slash at the
    end: what a link the app writes for another page starts with."""
    import streamlit as st

    base = (st.context.url or "").split("?")[0]
    return (base.rsplit("/", 1)[0] if base.count("/") > 2 else base).rstrip("/")


def write_link(params: dict[str, str]) -> None:
    """The address bar (``params``, then what the tab carries: APP["carry"]), when it is not what the browser sent
    with this run or not what this session last wrote. Every run starts from the address its browser sent, and a run
    asked for before the browser had drawn the run before it sends the older address: a Reset pressed while the
    report of steps served in the browser was answered (t=3 written) sends t=0, and compared with that alone its own
    t=0 would not be written, leaving t=3."""
    import streamlit as st

    params = {**params, **APP["carry"]}  # after the lesson's link: the address a lecturer's tab reloads with
    if st.query_params.to_dict() != params or APP["written"] != params:
        st.query_params.from_dict(params)
        APP["written"] = params
