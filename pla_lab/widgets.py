"""The parts every lesson page shares, drawn by stateless functions of the lesson: the page's frame (link in, link
out, messages), the sidebar, the point tools, the plot component, the transport controls and the share box."""

from __future__ import annotations

from functools import partial
from urllib.parse import urlencode

import streamlit as st

from . import actions, payload, server, shared
from . import settings as S
from .runs import Run
from .text import literal

WIDTHS = (1.45, 1)  # the plot's column and the numbers' column

# The component's script only loads the plot's modules from the app's own route (pla_lab/server.py): served from
# there, their relative imports resolve and the browser keeps them. It is inline, so no Streamlit internals are
# needed to serve a folder.
_LOADER = """export default function (component) {
  import(new URL(%r, location.origin).href).then((m) => m.default(component));
}"""
_plot = st.components.v2.component(
    "pla_lab.plot", js=_LOADER % server.plot_url(), isolate_styles=False,  # plotly.js puts its CSS in <head>
    css=(server.PLOT_DIR / "plot.css").read_text(encoding="utf-8"))


def page_head() -> None:
    """The page's first element starts loading plotly.js and the plot's modules (evaluating plotly.js's 4.8 MB is
    the longest part of a first visit) while Streamlit draws the rest; and less padding, for a 1280×720 projector.
    """
    links = "".join(f'<link rel="modulepreload" href="{u}">' for u in server.plot_modules())
    st.html(f'{links}<script type="module">import("{server.plotly_url()}");</script>', unsafe_allow_javascript=True,
            width="content")
    st.markdown(
        "<style>[data-testid=stMainBlockContainer]{padding-top:1.2rem;padding-bottom:1rem}"
        "[data-testid=stSidebarHeader]{height:1.5rem;min-height:0;padding:0}"
        "[data-testid=stSidebarUserContent]{padding-top:0}</style>",
        unsafe_allow_html=True,
    )



def theme() -> str:
    """The browser's Streamlit theme, "light" or "dark" (light when unknown)."""
    return getattr(st.context.theme, "type", None) or "light"


# -- a page's frame -------------------------------------------------------------------------------------------


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
        s["msgs"] = shared.SHARED["msgs"] + problems + _complete(lesson, params)
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
    st.markdown(f"### {lesson.heading}")
    for m in s["msgs"]:
        st.warning(literal(m), icon="⚠️")
    s["msgs"] = []
    tools, right = st.columns(WIDTHS, gap="medium", vertical_alignment="bottom")
    with tools:
        point_tools(lesson)
    with right:
        lesson.toolbar()


def _complete(lesson, params: dict) -> list[str]:
    """After the link is read: the default example where the link has no points (or damaged ones), and a view
    that shows every point."""
    from . import model

    s = lesson.state
    if s["pts"] is None:
        pts, view, f = lesson.presets[lesson.default_preset].build(int(shared.SHARED["seed"]))
        s["pts"], s["view"] = pts, view
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
    from .lesson import Page

    s = lesson.state
    s.keep_widgets()
    run = actions.current_run(lesson)
    t = 0
    if "head" in s.fields:
        s["head"] = s["head"].clamp(run.T)
        t = s["head"].t
    return Page(state=s, settings=shared.values(), options=lesson.option_values(), run=run, t=t, theme=theme())


def close_lesson(lesson) -> None:
    """The address bar (written first), the share link showing it, and a toast for a click that did nothing."""
    s = lesson.state
    if not ("head" in s.fields and s["head"].playing):  # written when Play stops, not once a second
        params = {**shared.link(), **s.link()}
        if st.query_params.to_dict() != params:
            st.query_params.from_dict(params)
    share_box(lesson)
    if s["toast"]:
        st.toast(literal(s["toast"]), icon="ℹ️")
        s["toast"] = None
    if "events_now" in s.fields:
        s["events_now"] = False


def share_box(lesson) -> None:
    """The current link with a copy button (st.code has one). The expander runs its content only while open:
    st.code's syntax highlighter costs ~0.3 s of the browser's time on a cold load, even when closed."""
    box = st.expander("Share this demo: the address bar holds it all, or copy it here",
                      key=lesson.state.key("share"), on_change="rerun")
    if box.open:
        base = st.context.url or ""
        params = urlencode(st.query_params.to_dict())
        box.code(f"{base}?{params}" if base else "?" + params, language=None, wrap_lines=True)


# -- widgets ----------------------------------------------------------------------------------------------------


def setting_widget(s: S.Setting, key: str, on_change=None, *, tooltip: bool = True) -> None:
    """The widget a setting declares, with its label, and its help as a tooltip (or not: the sidebar writes it)."""
    common = dict(key=key, on_change=on_change, help=(s.help or None) if tooltip else None)
    if s.widget == "select":
        st.selectbox(s.label, s.options, format_func=s.option_label, **common)
    elif s.widget == "number":
        st.number_input(s.label, **s.extra, **common)
    elif s.widget == "toggle":
        st.toggle(s.label, **common)
    elif s.widget == "text":
        st.text_input(s.label, **common)
    elif s.widget == "select_slider":
        st.select_slider(s.label, options=s.options, format_func=s.option_label, **common)


def sidebar() -> None:
    """The shared algorithm settings, one widget and one line of explanation each."""
    shared.setup()
    ss = shared.SHARED
    for s in S.ALGORITHM:
        setting_widget(s, ss.key(s.key), tooltip=False)
        if s.key == "w0":
            try:
                ss["w0_valid"] = S.parse_w0(ss["w0"])
            except ValueError as e:
                st.error(f"w₀ {e}; still using {S.dump_w0(ss['w0_valid'])}.")
            if not ss["bias"] and ss["w0_valid"][0] != 0:
                st.caption("No bias is learned, so b = 0 is used (the line passes through the origin).")
        st.caption(s.help)


def option_widgets(lesson, *, columns: bool = True) -> None:
    """The lesson's own options, side by side (or one under the other). An option that changes the run keeps the
    step or restarts (the lesson says which); one that only changes the drawing changes nothing else."""
    options = [o for o in lesson.options if o.widget]
    places = st.columns(len(options), vertical_alignment="bottom") if columns else [st.container() for _ in options]
    for place, o in zip(places, options):
        changes_run = lesson.run_options is None or o.key in lesson.run_options
        with place:
            setting_widget(o, lesson.state.key(o.key),
                           on_change=partial(actions.option_changed, lesson) if changes_run else None)


def point_tools(lesson) -> None:
    s = lesson.state
    c = st.columns([2.1, 0.95, 0.95, 1.4], vertical_alignment="bottom")
    c[0].radio("Clicks add", ["+1", "-1"], key=s.key("cls"), horizontal=True,
               format_func=lambda v: "○ +1" if v == "+1" else "× −1",
               help="Click empty space to add a point of this class (Shift-click: the other class); "
                    "click a point to remove it.")
    c[1].button("Undo", on_click=actions.undo, args=(lesson,), use_container_width=True,
                help="Undo the last change to the points")
    c[2].button("Clear", on_click=actions.clear, args=(lesson,), use_container_width=True,
                help="Remove every point (Undo brings them back)")
    c[3].selectbox("Examples", list(lesson.presets), index=None, placeholder="Examples…", key=s.key("preset"),
                   format_func=lambda k: lesson.presets[k].label, on_change=actions.preset_chosen, args=(lesson,),
                   label_visibility="collapsed", help="Replace the points with an example (Undo brings yours back)")


def plot(lesson, page, *, height: int | None = None) -> None:
    """The plot component: the points, everything that moves with w, the lesson's layers and chart."""
    s = lesson.state
    height = height or lesson.plot_height
    run: Run = page.run
    chart = None
    if lesson.chart is not None and run.trace is not None and "chart" in run.extras:
        chart = lesson.chart.payload(run.extras["chart"], key=run.id, height=height)
    scene = payload.Scene(moving=lesson.moving_layers(page), labels=lesson.labels, layers=lesson.layers(page),
                          target=lesson.target(page), chart=chart, legend=lesson.legend)
    data = payload.build(run, s["head"], lesson.shown_points(page), s["view"], scene, settings=page.settings,
                         cls=1 if s["cls"] == "+1" else -1, nonce=s["inbox"][0], ack=s["inbox"][1], height=height,
                         plotly_url=server.plotly_url(), theme=page.theme)
    # Wrapped in a list: Streamlit checks each value of a dict passed as data for a data frame, and that check
    # imports pandas (2 s on a process's first plot) and costs ~1 ms a rerun; nothing here is one.
    _plot(key=s.key("plot"), data=[data], on_events_change=partial(actions.on_events, lesson))


def transport(lesson, page) -> None:
    """Back / Step / Play (with ← → Space) and the scrubber, under the plot."""
    s, T, t = lesson.state, page.run.T, page.t
    none = page.trace is None
    c = st.columns(3)
    # The plot's script finds Back and Step by their keys and serves them in the browser (it animates at once).
    c[0].button("Back", icon=":material/arrow_back:", on_click=actions.move, args=(lesson, "back"),
                disabled=none or t == 0, use_container_width=True, shortcut="Left", key=shared.APP.key("back"))
    c[1].button("Step", icon=":material/arrow_forward:", on_click=actions.move, args=(lesson, "step"),
                disabled=none or t >= T, use_container_width=True, shortcut="Right", type="primary",
                key=shared.APP.key("step"))
    playing = s["head"].playing
    c[2].button("Pause" if playing else "Play", icon=":material/pause:" if playing else ":material/play_arrow:",
                on_click=actions.toggle_play, args=(lesson,), disabled=none or T == 0, use_container_width=True,
                shortcut="Space")
    if T > 0:
        s["scrub"] = t  # the scrubber shows the step; t itself lives in the playhead (it outlives the slider)
        st.slider("Step t", 0, T, key=s.key("scrub"), on_change=actions.scrubbed, args=(lesson,),
                  label_visibility="collapsed")


def jumps(lesson) -> None:
    """Epoch / Run to the end / Reset. They sit outside the lesson's fragment, so they are never disabled (at the
    end of a run, or with no points, they do nothing) rather than showing a state a fragment rerun left."""
    c = st.columns(3)
    c[0].button("Epoch", icon=":material/skip_next:", on_click=actions.epoch, args=(lesson,),
                use_container_width=True, help="Finish the current pass over the data")
    c[1].button("Run", icon=":material/fast_forward:", on_click=actions.move, args=(lesson, "to_end"),
                use_container_width=True,
                help=f"Run to the end: until PLA halts, or the cap of {shared.SHARED['cap']:,} updates")
    reset_button(lesson, c[2])


def reset_button(lesson, where) -> None:
    where.button("Reset", icon=":material/first_page:", on_click=actions.move, args=(lesson, "reset"),
                 use_container_width=True, help="Back to w₀, before any update")
