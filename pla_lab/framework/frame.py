"""A lesson page's frame, shared by both kinds of lesson: the page head, the state read from the link on the
lesson's first run, the heading and messages, the row of point tools, and at the end the link written back."""

from __future__ import annotations

import json

from pla_lab.framework import actions, boxes, lecture_box, model, nav, shared
from pla_lab.framework import settings as S
from pla_lab.framework.first_picture import PICTURE_CSS, STACK
from pla_lab.framework.page import Page
from pla_lab.framework.say import st
from pla_lab.framework.widgets import COLUMN, SIDE, TOOLS, TRANSPORT, WIDTHS, WORDS, plot_class, point_tools, theme
from pla_lab.words.text import literal

#: Presenter mode's style: words readable from the back of a room, less padding, no toolbar strip; in the narrow
#: column beside a wide lesson's plot and chart, Back/Step/Play without their key hints, and no 8 rem floor under
#: a column's width, narrower padding in buttons (three then fit side by side), and the labels of what only the
#: lecturer presses a little smaller than the words the room reads.
PRESENT_CSS = ("[data-testid=stMainBlockContainer]{padding-top:0.4rem;padding-bottom:0.5rem}"
               f".st-key-{SIDE} kbd{{display:none}}.st-key-{SIDE} [data-testid=stColumn]{{min-width:0}}"
               f".st-key-{SIDE} button{{padding-left:0.5rem;padding-right:0.5rem}}"
               f"[data-testid=stMain] .st-key-{SIDE} :is(button,label,[data-testid=stWidgetLabel]) p{{font-size:1.1rem}}"
               # The column beside the plot is the screen's height; its numbers fill what the controls leave, and
               # scroll there: no line of them is cut by the screen's bottom edge.
               f"[data-testid=stMain] .st-key-{COLUMN}{{height:calc(100dvh - 3rem);min-height:calc(100dvh - 3rem)}}"
               f"[data-testid=stMain] .st-key-{COLUMN} [data-testid=stLayoutWrapper]:has(>.st-key-{WORDS})"
               "{flex:1 1 0;min-height:6rem;display:flex;flex-direction:column}"
               f"[data-testid=stMain] .st-key-{COLUMN} .st-key-{WORDS}{{flex:1 1 0;min-height:0;overflow-y:auto}}"
               "[data-testid=stHeader]{background:transparent;height:2.2rem}"
               "[data-testid=stMain] [data-testid=stMarkdownContainer] p,"
               "[data-testid=stMain] [data-testid=stMarkdownContainer] li,"
               "[data-testid=stMain] [data-testid=stMarkdownContainer] td{font-size:1.3rem;line-height:1.45}")


#: Text Streamlit draws fainter than WCAG's 4.5:1 (axe-core's serious colour-contrast findings): the shortcut hints
#: on buttons, captions, and a slider's value drawn in the primary colour. Darker on light, lighter on dark; on the
#: red (primary) Step button the hint is white like its label (5.2:1 light, 4.6:1 dark; grey on red: 1.7:1, 2.8:1).
_PRIMARY_KBD = "[data-testid=stMain] [data-testid=stBaseButton-primary] kbd{color:#FFFFFF !important}"
CONTRAST_CSS = {
    "light": ("[data-testid=stMain] kbd,[data-testid=stCaptionContainer]{opacity:1 !important}"
              "[data-testid=stMain] kbd,[data-testid=stCaptionContainer]{color:#4A4C55 !important}"
              "[data-testid=stSliderThumbValue] p{color:#B3232A !important}" + _PRIMARY_KBD),
    "dark": ("[data-testid=stMain] kbd,[data-testid=stCaptionContainer]{opacity:1 !important}"
             "[data-testid=stMain] kbd,[data-testid=stCaptionContainer]{color:#C9CBD1 !important}"
             "[data-testid=stSliderThumbValue] p{color:#FF9A9A !important}" + _PRIMARY_KBD),
}


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
    """The page's style (plotly.js and the plot's modules are asked for by the head script, server.HeadScript, so
    that they do not hold back the first picture). It keeps each lesson's plot its place
    from the moment Streamlit lays it out, before any of its script has run (the words beside it never jump), and
    leaves less padding, for a 1280×720 projector. On a phone it puts the plot first (:func:`_phone_order`)."""
    replays = [lesson for lesson in lessons if hasattr(lesson, "plot_height")]
    places = "".join(f".{plot_class(lesson)}{{min-height:{lesson.plot_height}px}}" for lesson in replays)
    st.markdown(
        "<style>[data-testid=stMainBlockContainer]{padding-top:0.8rem;padding-bottom:1rem}"
        "[data-testid=stSidebarHeader]{height:1.5rem;min-height:0;padding:0}"
        # A table of words fits the column beside the plot: narrower cells (12 px a side before).
        "[data-testid=stMain] [data-testid=stMarkdownContainer] :is(th,td){padding:0.375rem 0.4rem}"
        f"[data-testid=stSidebarUserContent]{{padding-top:0}}{places}{_PROJECTOR % PRESENT_CSS if present else ''}"
        f"{CONTRAST_CSS[theme()]}@media (max-width:640px){{{_phone_order(replays)}}}"
        f".st-key-{RECONNECT_KEY}{{display:none}}{PICTURE_CSS}</style>",
        unsafe_allow_html=True,
    )
    _reconnect(key=RECONNECT_KEY, on_reconnected_change=_full_run)


#: Presenter mode's style is for a projector: a presenter's link opened on a phone (640 px and less, where Streamlit
#: stacks columns) gets the phone's page, the plot first and the words at their usual size.
_PROJECTOR = "@media (min-width:641px){%s}"
_MAIN = "[data-testid=stMainBlockContainer]>[data-testid=stVerticalBlock]"
PRESENT_KEY = "present-button"  # its container's key (presenter mode is for a projector: no button on a phone)
_BOXES = ":is([data-testid=stLayoutWrapper],[data-testid=stVerticalBlock],[data-testid=stHorizontalBlock]," \
         "[data-testid=stColumn])"


def _phone_order(lessons) -> str:
    """On a phone (where Streamlit stacks columns, at 640 px and less) the page starts under Streamlit's header, and
    the plot comes first under the heading, then Back/Step/Play (side by side, without keyboard hints), then the
    point tools, then the words. The boxes holding
    the plot or the transport are flattened (display: contents), so the plot, the transport and the words become
    items of the page's column, which CSS order can place; the point tools row, outside the lesson's fragment, goes
    between. Presenter mode's layout (its heading beside the plot, an h4) comes out in the same order."""
    plots = ",".join(f".{plot_class(lesson)}" for lesson in lessons)
    tools, transport = f".st-key-{TOOLS}", f".st-key-{TRANSPORT}"
    stack = f".st-key-{STACK}"  # the plot with its first picture over it: one item
    flat = f"{_MAIN} {_BOXES}:not({stack}):has({transport},{plots})"
    # Streamlit's header is opaque on a phone (60 px, the page's background; transparent wider): the page starts
    # under it, or it hides the lesson's title.
    return ("[data-testid=stMainBlockContainer]{padding-top:3.25rem}"
            f"{flat}{{display:contents}}{flat}>*{{order:3}}{flat}>:is({plots},{transport},{stack}){{order:1}}"
            f"{flat}>[data-testid=stElementContainer]:has(h4){{order:0}}"
            f"{_MAIN}>:is({tools},:has({tools})){{order:2}}{transport} [data-testid=stColumn]{{min-width:0}}"
            f"{transport} kbd{{display:none}}.st-key-{PRESENT_KEY}{{display:none}}")


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
        # A key the lesson reads itself (Runs compared's η) is the lesson's, reported once, not the sidebar's value.
        own = [f.link.key for f in s.fields.values() if f.link is not None]
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
            s["msgs"].append(f"Step {s['head'].t} is past the end of this run ({run.T} updates): showing step "
                             f"{run.T}.")
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
        pts, view, f = preset.build(int(shared.SHARED["seed"]))
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
