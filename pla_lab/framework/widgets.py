"""The controls every lesson page shares, drawn by stateless functions of the lesson: the sidebar, the lesson's
options, the point tools, the plot component and the transport controls."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from pla_lab.framework import actions, links, model, payload, server, shared
from pla_lab.framework import first_picture as first
from pla_lab.framework import settings as S
from pla_lab.framework.runs import Run
from pla_lab.framework.say import st
from pla_lab.words.text import count

WIDTHS = (1.45, 1)  # the plot's column and the numbers' column

# The component's script only loads the plot's modules from the app's own route (pla_lab/framework/server.py): served from
# there, their relative imports resolve and the browser keeps them. It is inline, so no Streamlit internals are
# needed to serve a folder.
# Each call waits for the one before it: two calls made before the modules have loaded (a rerun while they load)
# would otherwise run in either order, and the older payload could be drawn last.
_LOADER = """let last = null;
export default function (component) {
  last = (last || import(new URL(%r, location.origin).href)).then((m) => { m.default(component); return m; });
}"""
plot_component = st.components.v2.component(
    "pla_lab.plot", js=_LOADER % server.plot_url(), isolate_styles=False,  # the plot's CSS styles the page's transport too
    css=(server.PLOT_DIR / "plot.css").read_text(encoding="utf-8"))


# Keys of the containers around the point tools and the transport, which a phone's layout finds by their class
# st-key-<key> (pla_lab.framework.frame): one lesson is drawn at a time, so they need no lesson's name.
TOOLS, TRANSPORT = "lesson-tools", "lesson-transport"
SIDE = "present-side"  # presenter mode's column of controls beside a wide lesson's plot and chart
COLUMN, WORDS = "present-column", "present-words"  # presenter mode's column beside the plot; the numbers' box


def plot_class(lesson) -> str:
    """The CSS class of a lesson's plot: Streamlit gives a keyed element the class st-key-<key>, dots made dashes."""
    return "st-key-" + lesson.state.key("plot").replace(".", "-")


def theme() -> str:
    """The browser's Streamlit theme, "light" or "dark" (light when unknown)."""
    return getattr(st.context.theme, "type", None) or "light"


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


def sidebar(own: tuple[str, ...] = (), words: dict | None = None, w0_wrong: str | None = None) -> None:
    """The shared algorithm settings, one widget and one line of explanation each; ``own``: the settings the lesson
    shown sets itself (named, not drawn, here); ``words``: how a setting reads on that lesson
    (:attr:`pla_lab.framework.lesson.Lesson.setting_words`): the same setting, values and link, its own words;
    ``w0_wrong``: what :func:`read_w0` found wrong with the w₀ typed (read before the lesson ran), or None."""
    shared.setup()
    ss = shared.SHARED
    for s in S.ALGORITHM:
        if s.key in own:
            st.caption(f"**{s.label}:** this lesson sets its own, on the page.")
            continue
        if s.key in (words or {}):
            said, labels = words[s.key]
            s = replace(s, help=said, option_label=partial(_label, labels, s.option_label))
        setting_widget(s, ss.key(s.key), tooltip=False)
        if s.key == "w0":
            if w0_wrong:
                st.error(w0_wrong)
            if not ss["bias"] and ss["w0_valid"][0] != 0:
                st.caption("No bias is learned, so b = 0 is used (the line passes through the origin).")
        st.caption(s.help)


def read_w0() -> str | None:
    """w₀ as typed in the sidebar, read: the value used (and linked) changes only to one that parses; what is wrong
    with it, or None. The app reads it before the lesson runs, which is before the sidebar is drawn (pla_lab/main.py)."""
    ss = shared.SHARED
    try:
        ss["w0_valid"] = S.parse_w0(ss["w0"])
    except ValueError as e:
        return f"w₀ {e}; still using {S.dump_w0(ss['w0_valid'])}."
    return None


def _label(labels: dict, shared_label, value) -> str:
    return labels.get(value) or shared_label(value)


#: In presenter mode's narrow column a choice longer than this (characters) would be cut in half its width: its
#: row puts the options one under the other.
LONG_CHOICE = 18


def option_widgets(lesson, *, columns: bool = True, only: tuple[str, ...] | None = None) -> None:
    """The lesson's own options (``only``: these), side by side (or one under the other; in presenter mode also
    where a choice is longer than LONG_CHOICE characters). An option that changes the run keeps the step or restarts
    (the lesson says which); one that only changes the drawing changes nothing else."""
    options = [o for o in lesson.options if o.widget and (only is None or o.key in only)]
    if columns and shared.SHARED["present"] and any(
            len(o.option_label(v)) > LONG_CHOICE for o in options if o.widget == "select" for v in o.options):
        columns = False
    wheres = st.columns(len(options), vertical_alignment="bottom") if columns else [st.container() for _ in options]
    for where, o in zip(wheres, options):
        changes_run = lesson.run_options is None or o.key in lesson.run_options
        with where:
            setting_widget(o, lesson.state.key(o.key),
                           on_change=partial(actions.option_changed, lesson) if changes_run else None)


def point_tools(lesson) -> None:
    s = lesson.state
    c = st.columns([2.7, 0.9, 0.9, 1.4], vertical_alignment="bottom")
    if shared.SHARED["viewonly"]:  # in the place of "Clicks add": what a tap does now, and the way back
        c[0].toggle(links.VIEW_ONLY.label, value=True, key=shared.SHARED.key("viewonly_switch"),
                    help=links.VIEW_ONLY.help, on_change=actions.set_view_only, args=(False,))
    else:
        c[0].radio("Clicks add", ["+1", "-1", "flip"], key=s.key("cls"), horizontal=True,
                   format_func={"+1": "○ +1", "-1": "× −1", "flip": "⇄ flip"}.get,
                   help="Click empty space to add a point of this class (Shift-click: the other class); click a "
                        "point to remove it; Alt-click a point, or choose ⇄ flip, to give it the other label.")
    c[1].button("Undo", on_click=actions.undo, args=(lesson,), width="stretch",
                help="Undo the last change to the points")
    c[2].button("Clear", on_click=actions.clear, args=(lesson,), width="stretch",
                help="Remove every point (Undo brings them back)")
    c[3].selectbox("Examples", list(lesson.presets), index=None, placeholder="Examples…", key=s.key("preset"),
                   format_func=lambda k: lesson.presets[k].label, on_change=actions.preset_chosen, args=(lesson,),
                   label_visibility="collapsed", help="Replace the points with an example (Undo brings yours back)")


FILL = 120  # px under a lesson's plot, to the fold: Back/Step/Play and the scrubber (measured at 1280×720)


def plot(lesson, page, *, height: int | None = None, fill: int | None = FILL) -> dict:
    """The plot component: the points, everything that moves with w, the lesson's layers and chart. It is
    ``height`` px tall, or with ``fill`` as tall as the screen allows, leaving ``fill`` px under it on screen (and
    no taller than a square plot area at its width needs): so on a tall screen, or with the sidebar collapsed
    where the width was the limit, the plot grows. Returns the payload it drew."""
    s = lesson.state
    height = height or lesson.plot_height
    run: Run = page.run
    chart = None
    if lesson.chart is not None and run.trace is not None and "chart" in run.extras:
        chart = lesson.chart.payload(run.extras["chart"], key=run.id, height=height)
    scene = payload.Scene(moving=lesson.moving_layers(page), labels=lesson.legend_names(page),
                          layers=lesson.layers(page), target=lesson.target(page), chart=chart, legend=lesson.legend,
                          pick=lesson.pick(page), axes=model.axis_titles(s["ax"]),
                          classes=model.class_legend(s["ax"]), present=shared.SHARED["present"],
                          gamma=lesson.gamma(page), stream=lesson.arrivals(page), alt=lesson.alt(page),
                          companion=lesson.companion(page))
    data = payload.build(run, s["head"], lesson.shown_points(page), s["view"], scene, settings=page.settings,
                         cls=-1 if s["cls"] == "-1" else 1, relabel=s["cls"] == "flip", nonce=s["inbox"][0], ack=s["inbox"][1], height=height,
                         viewonly=shared.SHARED["viewonly"],
                         theme=page.theme, fill=fill,
                         phone=(lesson.plot_height, FILL))
    with st.container(key=first.STACK):
        first.picture(data)
        # Wrapped in a list: Streamlit checks each value of a dict passed as data for a data frame, and that check
        # imports pandas (2 s on a process's first plot) and costs ~1 ms a rerun; nothing here is one.
        plot_component(key=s.key("plot"), data=[data], on_events_change=partial(actions.on_events, lesson))
    return data


def transport(lesson, page) -> None:
    """Back / Step / Play (with ← → Space) and the scrubber, under the plot, in a container a phone's layout finds
    by its key (TRANSPORT); the three buttons stay side by side there too."""
    with st.container(key=TRANSPORT):
        _transport(lesson, page)


def _transport(lesson, page) -> None:
    s, T, t = lesson.state, page.run.T, page.t
    none = page.trace is None
    c = st.columns(3, wrap=False)
    # The plot's script finds Back and Step by their keys and serves them in the browser (it animates at once).
    c[0].button("Back", icon=":material/arrow_back:", on_click=actions.move, args=(lesson, "back"),
                disabled=none or t == 0, width="stretch", shortcut="Left", key=shared.APP.key("back"))
    c[1].button("Step", icon=":material/arrow_forward:", on_click=actions.move, args=(lesson, "step"),
                disabled=none or t >= T, width="stretch", shortcut="Right", type="primary",
                key=shared.APP.key("step"))
    playing = s["head"].playing
    c[2].button("Pause" if playing else "Play", icon=":material/pause:" if playing else ":material/play_arrow:",
                on_click=actions.toggle_play, args=(lesson, playing), disabled=none or T == 0,
                width="stretch",
                shortcut="Space", key=shared.APP.key("play"))  # one key: Play becomes Pause in place, never both
    if T > 0:
        s["scrub"] = t  # the scrubber shows the step; t itself lives in the playhead (it outlives the slider)
        st.slider("Step t", 0, T, key=s.key("scrub"), on_change=actions.scrubbed, args=(lesson,),
                  label_visibility="collapsed")
    hand(lesson)


def hand(lesson) -> None:
    """Set w by hand (typed here, or the arrow's tip dragged in the plot): the run starts from it. Its box runs its
    content only while open (every step reruns this part: two widgets fewer to send)."""
    s = lesson.state
    now = "" if s["wh"] is None else ": this run starts from " + links.hand_text(s["wh"])
    box = st.expander("Set w by hand" + now,
                      key=s.key("hand_box"), on_change="rerun")
    if not box.open:
        return
    typed, back = box.columns([3, 1.2], vertical_alignment="bottom")
    typed.text_input("Set w by hand: b, w₁, w₂ (or drag the tip of the arrow w)", key=s.key("hand_text"),
                     on_change=actions.hand_typed, args=(lesson,), placeholder="e.g. 0.2, 1, −0.5",
                     help="PLA then starts from this w, from step 0 (it replaces the sidebar's w₀ on this lesson); "
                          "Undo goes back.")
    back.button("Sidebar's w₀", icon=":material/undo:", on_click=actions.set_w, args=(lesson, None),
                disabled=s["wh"] is None, width="stretch", key=s.key("hand_off"),
                help="Start from the sidebar's w₀ again")


def jumps(lesson) -> None:
    """Epoch / Run to the end / Reset. They sit outside the lesson's fragment, so they are never disabled (at the
    end of a run, or with no points, they do nothing) rather than showing a state a fragment rerun left."""
    c = st.columns(3)
    c[0].button("Epoch", icon=":material/skip_next:", on_click=actions.epoch, args=(lesson,),
                width="stretch", help="Finish the current pass over the data")
    c[1].button("Run", icon=":material/fast_forward:", on_click=actions.move, args=(lesson, "to_end"),
                width="stretch",
                help=f"Run to the end: until PLA halts, or the cap of {count(shared.SHARED['cap'], 'update')}")
    reset_button(lesson, c[2])


def run_n(lesson, page) -> None:
    """Run N (N chosen beside it), To cap, Reset: for long runs (the lesson declares fields "n" and "run_n")."""
    s = lesson.state
    if shared.SHARED["present"]:  # in presenter mode's narrower column beside the plot: two rows
        c = st.columns([1, 1.4], vertical_alignment="bottom") + st.columns(2)
    else:
        c = st.columns([1, 1.1, 1, 1], vertical_alignment="bottom")
    c[0].number_input("N updates", min_value=1, max_value=S.SETTINGS["cap"].extra["max_value"], step=10,
                      key=s.key("n"), label_visibility="collapsed", help="How many updates “Run N” makes")
    c[1].button(f"Run {s['n']}", icon=":material/fast_forward:", width="stretch", key=s.key("run_n"),
                on_click=lambda: actions.move(lesson, "forward", int(s["n"])),
                help="Make this many more updates (up to the cap)")
    c[2].button("To cap", icon=":material/last_page:", on_click=actions.move, args=(lesson, "to_end"),
                width="stretch",
                help=f"Run to the cap of {count(page.settings['cap'], 'update')} (sidebar), or until PLA halts")
    reset_button(lesson, c[3])


def reset_button(lesson, where) -> None:
    where.button("Reset", icon=":material/first_page:", on_click=actions.move, args=(lesson, "reset"),
                 width="stretch", help="Back to w₀, before any update")
