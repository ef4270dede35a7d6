"""A lesson page's frame, shared by both kinds of lesson: the page head, the state read from the link on the
lesson's first run, the heading and messages, the row of point tools, and at the end the link written back."""

from __future__ import annotations

import json

from pla_lab.framework import actions, boxes, demos, lecture_box, model, nav, shared
from pla_lab.framework import settings as S
from pla_lab.framework.first_picture import PICTURE_CSS
from pla_lab.framework.page import Page
from pla_lab.framework.say import st
from pla_lab.framework.style import CONTRAST_CSS, PRESENT_CSS, PRESENT_KEY, PROJECTOR, phone_order
from pla_lab.framework.widgets import TOOLS, WIDTHS, plot_class, point_tools, theme
from pla_lab.words.text import literal

# After its connection comes back, Streamlit's frontend asks for a full run only if its last run was a fragment's
# (a Step): after a full run it trusts the server to have kept the session. A server started again (a crash, a
# redeploy, a replica behind nginx that died) has a new, empty session, which drops every fragment rerun it is sent
# (Streamlit logs "The fragment with id … does not exist anymore"), so the student's Steps would be drawn but never
# reach the server. This watcher asks for a full run after every reconnect; the lesson comes back from the link.
_RECONNECT = """export default function ({ setTriggerValue }) {
  const app = document.querySelector("[data-testid=stApp]");
  if (!app) return;
  app.__plaRerun = setTriggerValue;  // the latest mount's: a page change mounts the watcher again
  if (app.__plaWatched) return;
  app.__plaWatched = true;
  let lost = false, n = 0;
  new MutationObserver(() => {
    if (app.dataset.testConnectionState !== "CONNECTED") lost = true;
    else if (lost) { lost = false; app.__plaRerun("reconnected", ++n); }
  }).observe(app, { attributes: true, attributeFilter: ["data-test-connection-state"] });
}"""
_reconnect = st.components.v2.component("pla_lab.reconnect", js=_RECONNECT)
RECONNECT_KEY = "reconnect-watch"


def _full_run() -> None:
    """The watcher's trigger needs a callback to be sent; the full run it starts is all that is wanted."""


def page_head(lessons, *, present: bool = False) -> None:
    """The page's style (the plot's modules are asked for by the head script, server.HeadScript, so that they do
    not hold back the first picture). It keeps each lesson's plot its place
    from the moment Streamlit lays it out, before any of its script has run (the words beside it never jump), and
    leaves less padding, for a 1280×720 projector. On a phone it puts the plot first (:func:`style.phone_order`)."""
    replays = [lesson for lesson in lessons if hasattr(lesson, "plot_height")]
    places = "".join(f".{plot_class(lesson)}{{min-height:{lesson.plot_height}px}}" for lesson in replays)
    st.markdown(
        "<style>[data-testid=stMainBlockContainer]{padding-top:0.8rem;padding-bottom:1rem}"
        "[data-testid=stSidebarHeader]{height:1.5rem;min-height:0;padding:0}"
        # A table of words fits the column beside the plot: narrower cells (12 px a side before).
        "[data-testid=stMain] [data-testid=stMarkdownContainer] :is(th,td){padding:0.375rem 0.4rem}"
        f"[data-testid=stSidebarUserContent]{{padding-top:0}}{places}{PROJECTOR % PRESENT_CSS if present else ''}"
        f"{CONTRAST_CSS[theme()]}@media (max-width:640px){{{phone_order(replays)}}}"
        f".st-key-{RECONNECT_KEY}{{display:none}}{PICTURE_CSS}</style>",
        unsafe_allow_html=True,
    )


def watch_reconnect() -> None:
    """The watcher that asks for a full run after the connection comes back (_RECONNECT), at the end of the page."""
    _reconnect(key=RECONNECT_KEY, on_reconnected_change=_full_run)


def open_lesson(lesson) -> None:
    """A lesson page's first lines: its state from the link on its first run in the session (or kept widgets),
    not playing when coming back from another lesson, its step within its run, the heading, any messages, and the
    row of point tools beside the lesson's toolbar."""
    shared.setup()
    s, app = lesson.state, shared.APP
    if not s.ready:
        # The link describes the lesson it was opened on; a lesson first shown later starts from its defaults.
        params = {} if app["link_read"] else st.query_params.to_dict()
        app["link_read"] = True
        problems = s.setup(params)
        # A key the lesson reads itself (Runs compared's η) is the lesson's, not the sidebar's: the sidebar keeps
        # its own value, and the problem is reported once, as the lesson reads it.
        own = s.link_keys()
        if params:
            shared.release([k for k in own if k in params])
        sidebar = [m for m in shared.SHARED["msgs"] if not any(S.about(m, k) for k in own)]
        s["msgs"] = sidebar + problems + (_complete(lesson) if "pts" in s.fields else [])
        shared.SHARED["msgs"] = []
    else:
        s.keep_widgets()
    if app["page"] != lesson.slug:  # back from another lesson: its plot was gone, so it is not playing
        app["page"] = lesson.slug
        if "head" in s.fields:
            s["head"] = s["head"].pause()
    if "head" in s.fields:
        run = actions.current_run(lesson)
        if s["head"].t > run.T:
            s["msgs"].append(f"Step {s['head'].t} is past the end of this run ({run.T} update{'s' * (run.T != 1)}): "
                             f"showing step {run.T}.")
            s["head"] = s["head"].clamp(run.T)
    present = shared.SHARED["present"]
    if not present:
        title, buttons = st.columns([5, 2.2], vertical_alignment="bottom")
        title.markdown(f"### {lesson.heading}")
        nav.goal(title, lesson)  # presenter mode leaves the goal out: the lecturer says it; the plot needs the room
        with buttons.container(key=PRESENT_KEY):
            light, show = st.columns([1, 1.2])
            theme_button(light)
            present_button(show)
    for m in s["msgs"]:
        st.warning(literal(m), icon="⚠️")
    s["msgs"] = []
    lecture_box.deck_bar(lesson)
    if "pts" not in s.fields:  # a lesson without points of its own (Experiments): its toolbar only
        lesson.toolbar()
        return
    if present:  # the plot first; the point tools wait until presenter mode is left (clicks still add points)
        return
    with st.container(key=TOOLS):
        tools, right = st.columns(WIDTHS, gap="medium", vertical_alignment="bottom")
        with tools:
            point_tools(lesson)
        with right:
            lesson.toolbar()


# The one theme switch Streamlit documents besides its own menu: the address's embed_options=light_theme or
# dark_theme, read when the page loads (Streamlit keeps it in the address and st.query_params cannot set it). So
# the switch loads the page again with it, in the browser: every setting, the points and the step are in the link.
_RELOAD = """<script>(() => {
  const u = new URL(location.href);
  u.searchParams.delete("embed_options");
  u.searchParams.append("embed_options", %s);
  location.replace(u.href);
})();</script>"""


def theme_button(where) -> None:
    """Light or dark, for a bright or a dark room: the page loads again in the other theme (the address keeps it)."""
    dark = theme() == "dark"
    if where.button("Light" if dark else "Dark", icon=":material/light_mode:" if dark else ":material/dark_mode:",
                    width="stretch", key="theme-switch",
                    help="Show the app in its light theme (the page loads again; nothing is lost)." if dark else
                         "Show the app in its dark theme (the page loads again; nothing is lost)."):
        where.html(_RELOAD % json.dumps("light_theme" if dark else "dark_theme"), unsafe_allow_javascript=True,
                   width="content")


def present_button(where) -> None:
    """Enter or leave presenter mode (the link keeps it: present=1)."""
    on = shared.SHARED["present"]
    if where.button("Leave presenter mode" if on else "Present", icon=":material/co_present:", width="stretch",
                    help="For a projector: the sidebar closed, the plot as large as the screen allows, larger marks "
                         "and words. The link keeps it (present=1)."):
        shared.SHARED["present"] = not on
        st.rerun(scope="app")  # the whole page is laid out again (the button may sit in the lesson's fragment)


def _complete(lesson) -> list[str]:
    """After the link is read: the default example where the link has no points (or damaged ones), and a view
    that shows every point."""
    s = lesson.state
    if s["pts"] is None:
        preset = lesson.presets[lesson.default_preset]
        pts, view, f = demos.example(lesson)
        s["pts"], s["view"], s["ax"] = pts, view, preset.ax
        if "f" in s.fields:
            s["f"] = f
        return []
    fit = model.fit_view(s["pts"])
    view = s["view"] or fit
    if any(not (view[0] <= x <= view[1] and view[2] <= y <= view[3]) for x, y, _ in s["pts"]):
        view = (min(view[0], fit[0]), max(view[1], fit[1]), min(view[2], fit[2]), max(view[3], fit[3]))
        s["view"] = view
        return ["Some points in the link lie outside its view, so the view was widened to show them."]
    s["view"] = view
    return []


def current_page(lesson):
    """At the top of the part that reruns: (kept widgets and) everything the lesson's hooks read."""
    s = lesson.state
    s.keep_widgets()
    if "events_now" in s.fields:
        actions.callbacks_read(lesson)
    run = actions.current_run(lesson)
    t = 0
    if "head" in s.fields:
        s["head"] = s["head"].clamp(run.T)
        t = s["head"].t
    return Page(state=s, settings=lesson.run_settings(shared.values()), options=lesson.option_values(), run=run, t=t, theme=theme())


def close_lesson(lesson, page) -> None:
    """The address bar (written first), the share link showing it, saving and loading the points, and a toast for
    a click that did nothing."""
    s = lesson.state
    if not ("head" in s.fields and s["head"].playing):  # written when Play stops, not once a second
        shared.write_link(shared.lesson_link(lesson))
    boxes.share_box(lesson)
    lecture_box.add_box(lesson)
    if "pts" in s.fields:
        boxes.transfer_box(lesson, page)
    if s["toast"]:
        st.toast(literal(s["toast"]), icon="ℹ️")
        s["toast"] = None
    nav.prev_next(lesson)
