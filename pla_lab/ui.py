"""Streamlit glue: session state ⇄ URL, the cached pla_core run, the plot component and the controls.

Session keys: ``set.<key>`` for the shared algorithm settings (sidebar widgets), ``pla.<name>`` for the PLA
page (points, view, step t, …). The URL is written from them at the end of every run, so the address bar is
always a link that reopens this exact demo.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from urllib.parse import urlencode

import streamlit as st

import pla_core

from . import explain, figures, model
from . import settings as S

_LOG = logging.getLogger(__name__)
_ASSETS = Path(__file__).parent / "assets"
URL_VERSION = "1"

_plot_component = st.components.v2.component(
    "pla_lab.plot",
    js=(_ASSETS / "plot.js").read_text(encoding="utf-8"),
    css=(_ASSETS / "plot.css").read_text(encoding="utf-8"),
    isolate_styles=False,  # plotly.js puts its CSS in document.head
)


def preload_plotly() -> None:
    """Start loading plotly.js with the page's first element (a script tag), while Streamlit draws the rest:
    evaluating its 4.8 MB takes longer than anything else in a cold load."""
    url = plotly_url()
    st.html(f"<script>if(!window.Plotly&&!window.__plaPlotly){{window.__plaPlotly=new Promise((ok,no)=>{{"
            f"const s=document.createElement('script');s.src={url!r};s.async=true;"
            f"s.onload=()=>ok(window.Plotly);s.onerror=()=>no(new Error('plotly.js'));"
            f"document.head.appendChild(s);}});}}</script>", unsafe_allow_javascript=True, width="content")


def plotly_url() -> str:
    """Where the browser loads plotly.js: straight from the installed ``plotly`` package, never a copy.

    The package's ``package_data`` folder is registered as the asset folder of a component named
    ``pla_lab.plotly``, which Streamlit then serves under ``/_stcore/bidi-components/pla_lab.plotly/``.
    """
    try:
        import plotly
        from streamlit.components.v2.get_bidi_component_manager import get_bidi_component_manager
        from streamlit.components.v2.manifest_scanner import ComponentConfig, ComponentManifest

        mgr = get_bidi_component_manager()
        if mgr.get_component_path("pla_lab.plotly") is None:
            manifest = ComponentManifest(name="pla_lab", version="1",
                                         components=[ComponentConfig(name="plotly", asset_dir="package_data")])
            mgr.register_from_manifest(manifest, Path(plotly.__file__).parent)
    except Exception:  # pragma: no cover - a Streamlit upgrade that moved these would show here
        _LOG.exception("could not register plotly.js as a component asset")
    base = (st.get_option("server.baseUrlPath") or "").strip("/")
    return f"{'/' + base if base else ''}/_stcore/bidi-components/pla_lab.plotly/plotly.min.js"


# ---------------------------------------------------------------------------------------------------------------
# Settings (sidebar) and page state, both from the URL on a session's first run


def _k(name: str) -> str:
    return f"pla.{name}"


def init_session() -> None:
    """On a session's first run, take every setting, the points and the step from the URL (or defaults)."""
    ss = st.session_state
    if ss.get("_pla_init"):
        return
    params = st.query_params.to_dict()
    values, problems = S.read_params(params)
    for key, value in values.items():
        ss[f"set.{key}"] = S.dump_w0(value).replace(",", ", ") if key == "w0" else value
    ss["set.w0_valid"] = values["w0"]
    pts, view, notes = _points_from_params(params, values["seed"])
    ss[_k("pts")], ss[_k("view")] = pts, view
    try:
        ss[_k("t")] = S.parse_step(params.get("t", "0"))
    except ValueError as e:
        ss[_k("t")] = 0
        problems.append(f"`t={params.get('t', '')[:20]}` {e}; starting at step 0.")
    ss[_k("seq")], ss[_k("playing")], ss[_k("undo")], ss[_k("cls")] = 0, False, [], "+1"
    ss[_k("msgs")] = problems + notes
    ss["_pla_init"] = True


def _points_from_params(params, seed):
    notes = []
    view = None
    if "view" in params:
        try:
            view = S.parse_view(params["view"])
        except ValueError as e:
            notes.append(f"`view` {e}; fitting the view to the points.")
    pts = None
    if "pts" in params:
        try:
            pts, more = S.decode_points(params["pts"])
            notes += more
        except ValueError as e:
            notes.append(f"{str(e).capitalize()}; showing the separable example instead.")
    if pts is None:
        pts, preset_view = model.preset("separable", seed)
        return pts, preset_view, notes
    view = view or model.fit_view(pts)
    if not all(view[0] <= x <= view[1] and view[2] <= y <= view[3] for x, y, _ in pts):
        fit = model.fit_view(pts)
        view = (min(view[0], fit[0]), max(view[1], fit[1]), min(view[2], fit[2]), max(view[3], fit[3]))
        notes.append("Some points in the link lie outside its view, so the view was widened to show them.")
    return pts, view, notes


def sidebar_settings() -> None:
    """The shared algorithm settings, one widget and one line of explanation each (drawn by app.py)."""
    init_session()
    ss = st.session_state
    for s in S.ALGORITHM:
        key = f"set.{s.key}"
        common = dict(key=key)  # a changed setting makes a new run id, and the plot redraws that run at once
        if s.widget == "select":
            st.selectbox(s.label, s.options, format_func=s.option_label, **common)
        elif s.widget == "number":
            st.number_input(s.label, **s.extra, **common)
        elif s.widget == "toggle":
            st.toggle(s.label, **common)
        elif s.widget == "text":
            st.text_input(s.label, **common)
            try:
                ss["set.w0_valid"] = S.parse_w0(ss[key])
            except ValueError as e:
                st.error(f"w₀ {e}; still using {S.dump_w0(ss['set.w0_valid'])}.")
        elif s.widget == "select_slider":
            st.select_slider(s.label, options=s.options, **common)
        st.caption(s.help)


def settings_values() -> dict:
    ss = st.session_state
    out = {s.key: ss[f"set.{s.key}"] for s in S.ALGORITHM}
    out["w0"] = ss["set.w0_valid"]
    if not out["bias"] and out["w0"][0] != 0:
        out["w0"] = (0.0, *out["w0"][1:])
    return out


# ---------------------------------------------------------------------------------------------------------------
# The run


@st.cache_resource(max_entries=128, show_spinner=False)
def run_pla(tid: str, _points_code: str, _kwargs: tuple) -> pla_core.Trace:
    """pla_core.pla on the points of a link, cached by run id (a hash of points and settings) and shared
    read-only by every session; the E_in series comes with it."""
    pts, _ = S.decode_points(_points_code)
    X, y = model.arrays(pts)
    trace = pla_core.pla(X, y, stop_on_cycle=False, **dict(_kwargs))
    trace.errors  # computed once here, then kept with the trace
    return trace


def points_code() -> str:
    """The page's points, encoded as in the link (kept with the points so each run encodes them once)."""
    ss = st.session_state
    pts = ss[_k("pts")]
    cached = ss.get(_k("code"))
    if cached is None or cached[0] is not pts:
        cached = (pts, S.encode_points(pts))
        ss[_k("code")] = cached
    return cached[1]


def current_run() -> tuple[pla_core.Trace | None, str | None, str]:
    """(trace, reason there is none, run id) for the page's points and the sidebar settings."""
    pts = st.session_state[_k("pts")]
    kwargs = tuple(sorted(S.pla_kwargs(settings_values()).items()))
    code = points_code()
    tid = hashlib.blake2b(repr((code, kwargs)).encode(), digest_size=8).hexdigest()
    if not pts:
        return None, "There are no points yet: click in the plane to add some.", tid
    try:
        return run_pla(tid, code, kwargs), None, tid
    except ValueError as e:
        return None, str(e), tid


def clamp_step(trace) -> int:
    ss = st.session_state
    T = 0 if trace is None else len(trace)
    if ss[_k("t")] > T:
        ss[_k("msgs")].append(f"Step {ss[_k('t')]} is past the end of this run ({T} updates): showing step {T}.")
        ss[_k("t")] = T
    return ss[_k("t")]


# ---------------------------------------------------------------------------------------------------------------
# Callbacks (they run before the script, so they may change widget values)


def _move(target_fn) -> None:
    trace, _, _ = current_run()
    if trace is None:
        return
    ss = st.session_state
    ss[_k("t")] = max(0, min(len(trace), int(target_fn(trace, ss[_k("t")]))))
    ss[_k("seq")] += 1
    ss[_k("playing")] = False


def step():
    _move(lambda tr, t: t + 1)


def back():
    _move(lambda tr, t: t - 1)


def epoch():
    _move(model.epoch_end)


def run_to_end():
    _move(lambda tr, t: len(tr))


def reset():
    _move(lambda tr, t: 0)


def toggle_play() -> None:
    trace, _, _ = current_run()
    ss = st.session_state
    if trace is None or len(trace) == 0:
        return
    if not ss[_k("playing")] and ss[_k("t")] >= len(trace):
        ss[_k("t")] = 0  # Play at the end starts again from the beginning
        ss[_k("seq")] += 1
    ss[_k("playing")] = not ss[_k("playing")]


def scrubbed() -> None:
    ss = st.session_state
    ss[_k("t")] = ss[_k("scrub")]
    ss[_k("seq")] += 1
    ss[_k("playing")] = False


def _set_points(pts, view=None) -> None:
    ss = st.session_state
    ss[_k("undo")] = (ss[_k("undo")] + [(ss[_k("pts")], ss[_k("view")])])[-100:]
    _show_points(pts, ss[_k("view")] if view is None else view)


def _show_points(pts, view) -> None:
    """New points make a new run, shown from step 0."""
    ss = st.session_state
    ss[_k("pts")], ss[_k("view")] = pts, view
    ss[_k("t")] = 0
    ss[_k("seq")] += 1
    ss[_k("playing")] = False


def on_events() -> None:
    """Events from the plot: clicks and ticks, each numbered by the browser.

    The browser resends every event the server has not yet acknowledged (``ack`` in the plot's data), because
    two events sent before one rerun starts would otherwise overwrite each other (a click lost to a tick).
    """
    ss = st.session_state
    batch = ss["pla.plot"].get("events") if ss.get("pla.plot") else None
    if not isinstance(batch, dict) or not isinstance(batch.get("events"), list):
        return
    if batch.get("nonce") != ss.get(_k("nonce")):  # a new page load: its numbering starts again
        ss[_k("nonce")], ss[_k("ack")] = batch.get("nonce"), 0
    for ev in batch["events"][:200]:
        try:
            eid = int(ev["id"])
        except (KeyError, TypeError, ValueError):
            continue
        if eid <= ss[_k("ack")]:
            continue
        ss[_k("ack")] = eid
        if ev.get("event") == "click":
            _on_click(ev.get("value"))
        elif ev.get("event") == "tick":
            _on_tick(ev.get("value"))


def _on_click(event) -> None:
    ss = st.session_state
    cls = 1.0 if ss[_k("cls")] == "+1" else -1.0
    pts, why = model.apply_click(ss[_k("pts")], event, cls, ss[_k("view")])
    if why:
        ss[_k("toast")] = why
    if pts is not ss[_k("pts")]:
        _set_points(pts)


def _on_tick(tick) -> None:
    ss = st.session_state
    trace, _, tid = current_run()
    if not isinstance(tick, dict) or trace is None or tick.get("tid", tid) != tid:
        return  # a tick about a run that has since been replaced (new points or settings)
    try:
        t = int(tick.get("t", ss[_k("t")]))
    except (TypeError, ValueError):
        return
    ss[_k("t")] = max(0, min(len(trace), t))
    ss[_k("playing")] = bool(tick.get("playing")) and ss[_k("t")] < len(trace)


def undo() -> None:
    ss = st.session_state
    if ss[_k("undo")]:
        _show_points(*ss[_k("undo")].pop())


def clear() -> None:
    _set_points([])


def load_preset(name: str) -> None:
    pts, view = model.preset(name, int(st.session_state["set.seed"]))
    _set_points(pts, view)


def _preset_chosen() -> None:
    name = st.session_state.get(_k("preset"))
    if name:
        load_preset(name)
    st.session_state[_k("preset")] = None  # a menu of actions, not a setting: back to "Examples…"


# ---------------------------------------------------------------------------------------------------------------
# Drawing


def show_messages() -> None:
    ss = st.session_state
    for m in ss[_k("msgs")]:
        st.warning(m, icon="⚠️")
    ss[_k("msgs")] = []


def show_toast() -> None:
    """Why a click did nothing (a cap, a click outside the plot…), as a toast."""
    why = st.session_state.pop(_k("toast"), None)
    if why:
        st.toast(why, icon="ℹ️")


def point_tools() -> None:
    c = st.columns([2.1, 0.95, 0.95, 1.4], vertical_alignment="bottom")
    c[0].radio("Clicks add", ["+1", "-1"], key=_k("cls"), horizontal=True,
               format_func=lambda v: "○ +1" if v == "+1" else "× −1",
               help="Click empty space to add a point of this class (Shift-click: the other class); "
                    "click a point to remove it.")
    c[1].button("Undo", on_click=undo, use_container_width=True, help="Undo the last change to the points")
    c[2].button("Clear", on_click=clear, use_container_width=True,
                help="Remove every point (Undo brings them back)")
    c[3].selectbox("Examples", list(model.PRESETS), index=None, placeholder="Examples…", key=_k("preset"),
                   format_func=model.PRESETS.get, on_change=_preset_chosen, label_visibility="collapsed",
                   help="Replace the points with an example (Undo brings yours back)")


def plot(trace, tid: str, settings: dict, *, height: int = 470) -> None:
    ss = st.session_state
    t, pts, view = ss[_k("t")], ss[_k("pts")], ss[_k("view")]
    payload = figures.plot_payload(trace, t, pts, view, seq=ss[_k("seq")], playing=ss[_k("playing")],
                                   speed_ms=S.SPEEDS[settings["speed"]], eta=settings["eta"], height=height,
                                   plotly_url=plotly_url(), theme=getattr(st.context.theme, "type", None) or "light")
    payload.update(tid=tid, grid=model.grid_step(view), cls=1 if ss[_k("cls")] == "+1" else -1,
                   alt=figures.describe(pts, trace, t))
    payload["ack"] = ss.get(_k("ack"), 0)
    # Wrapped in a list: Streamlit checks each value of a dict passed as data for a data frame, and that check
    # imports pandas (2 s on a process's first plot) and costs ~1 ms a rerun; nothing here is a data frame.
    _plot_component(key="pla.plot", data=[payload], on_events_change=on_events)


def transport(trace) -> None:
    """Back / Step / Play (with → ← Space) and the scrubber, under the plot."""
    ss = st.session_state
    T = 0 if trace is None else len(trace)
    t = ss[_k("t")]
    none = trace is None
    c = st.columns(3)
    # The keys name the buttons for the plot's script, which starts animating as soon as they are pressed.
    c[0].button("Back", icon=":material/arrow_back:", on_click=back, disabled=none or t == 0,
                use_container_width=True, shortcut="Left", key="pla_back")
    c[1].button("Step", icon=":material/arrow_forward:", on_click=step, disabled=none or t >= T,
                use_container_width=True, shortcut="Right", type="primary", key="pla_step")
    playing = ss[_k("playing")]
    c[2].button("Pause" if playing else "Play", icon=":material/pause:" if playing else ":material/play_arrow:",
                on_click=toggle_play, disabled=none or T == 0, use_container_width=True, shortcut="Space")
    if T > 0:
        # The scrubber has its own key: t must outlive it (a widget's value is dropped when it is not drawn).
        ss[_k("scrub")] = t
        st.slider("Step t", 0, T, key=_k("scrub"), on_change=scrubbed, label_visibility="collapsed")


def jumps() -> None:
    """Epoch / Run to the end / Reset. They sit outside the lesson fragment, so they are never disabled (at
    the end of a run, or with no points, they do nothing) rather than showing a state a fragment rerun left."""
    c = st.columns(3)
    c[0].button("Epoch", icon=":material/skip_next:", on_click=epoch, use_container_width=True,
                help="Finish the current pass over the data")
    c[1].button("Run", icon=":material/fast_forward:", on_click=run_to_end, use_container_width=True,
                help=f"Run to the end: until PLA halts, or the cap of {st.session_state['set.cap']:,} updates")
    c[2].button("Reset", icon=":material/first_page:", on_click=reset, use_container_width=True,
                help="Back to w₀, before any update")


def sync_url() -> None:
    """Write every setting, the points, the view and the step into the address bar (only when they changed)."""
    ss = st.session_state
    params = {"v": URL_VERSION, **S.write_params(settings_values()), "pts": points_code(),
              "view": S.dump_view(ss[_k("view")]), "t": str(ss[_k("t")])}
    if st.query_params.to_dict() != params:
        st.query_params.from_dict(params)


def share_link() -> None:
    """The current link, with a copy button (st.code has one), under a small expander."""
    base = st.context.url or ""
    params = urlencode(st.query_params.to_dict())
    with st.expander("Share this demo: the address bar holds it all, or copy it here"):
        st.code(f"{base}?{params}" if base else "?" + params, language=None, wrap_lines=True)
