"""Streamlit glue: session state ⇄ URL, the cached pla_core run, the plot component and the controls.

Session keys: ``set.<key>`` for the shared algorithm settings (sidebar widgets), ``<ns>.<name>`` for each
lesson page (``pla``, ``pocket``, ``xor``: points, view, step t, …), so every page keeps its own demo. The URL is written from them at the end of every run, so the address bar is
always a link that reopens this exact demo.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import streamlit as st

import pla_core

from . import figures, model
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


def theme() -> str:
    """The browser's Streamlit theme, "light" or "dark" (light when unknown)."""
    return getattr(st.context.theme, "type", None) or "light"


def leave_pages_folder_mode() -> None:
    """Run app.py's navigation even when Streamlit started this page by itself (call first in every page).

    A process's first script run, when a ``pages/`` folder sits beside app.py, goes through Streamlit's older
    multipage mode, which runs a linked page's file directly: without app.py, its sidebar and its navigation.
    Only a call to ``st.navigation`` ends that mode, so the page ends it and asks for a rerun, which app.py then
    routes to this same page (url paths equal the file names).
    """
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()


# ---------------------------------------------------------------------------------------------------------------
# The shared algorithm settings (sidebar): from the URL on a session's first run, then from their widgets


def init_settings() -> None:
    ss = st.session_state
    if ss.get("_set_init"):
        return
    values, problems = S.read_params(st.query_params.to_dict())
    for key, value in values.items():
        ss[f"set.{key}"] = S.dump_w0(value).replace(",", ", ") if key == "w0" else value
    ss["set.w0_valid"] = values["w0"]
    ss["set.msgs"] = problems
    ss["_set_init"] = True


def sidebar_settings() -> None:
    """The shared algorithm settings, one widget and one line of explanation each (drawn by app.py)."""
    init_settings()
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
            if not ss["set.bias"] and ss["set.w0_valid"][0] != 0:
                st.caption("No bias is learned, so b = 0 is used (the line passes through the origin).")
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
# Runs: computed once per run id (a hash of the points, the settings and the page's own options) and shared
# read-only by every session


@dataclass(frozen=True)
class Run:
    """What a page shows: the trace (None when there is nothing to run, with the reason), its id, and what the
    page computed besides it (the noisy labels, E_out, the separability certificate…)."""

    trace: pla_core.Trace | None
    reason: str | None
    tid: str
    extras: dict = field(default_factory=dict)


@st.cache_resource(max_entries=128, show_spinner=False)
def _compute(tid: str, _lesson: "Lesson", _code: str, _kwargs: tuple, _options: tuple) -> tuple:
    pts, _ = S.decode_points(_code)
    return _lesson.compute(pts, dict(_kwargs), dict(_options))


# ---------------------------------------------------------------------------------------------------------------
# A lesson page


class Lesson:
    """One lesson page: its points, view and step t in the session (keys ``<ns>.<name>``), the run, the plot and
    the controls. The PLA page is this class as it is; the other lessons override :meth:`compute` and add their
    own options (``options``, a table of settings kept in the session and the URL like the shared ones).

    An instance holds no session data (one instance serves every session); everything lives in session state.
    """

    presets: dict[str, str] = model.PRESETS
    default_preset = "separable"
    options: tuple = ()
    #: The options that change the run (None: all of them); the others only change what is drawn.
    run_options: tuple | None = None
    #: Keys of this page's widgets. Streamlit drops a widget's value from the session when a run does not draw
    #: it (while another lesson is shown), so each run keeps a copy and puts it back.
    widget_keys: tuple = ("cls",)

    def __init__(self, ns: str):
        self.ns = ns

    def k(self, name: str) -> str:
        return f"{self.ns}.{name}"

    # -- a page's frame ------------------------------------------------------------------------------------------

    WIDTHS = (1.45, 1)  # the plot's column and the numbers' column

    def open_page(self, title: str) -> None:
        """A lesson page's first lines: hand over to app.py if Streamlit started the page alone, read the link on
        the page's first run, clamp its step, then the title and any messages about the link."""
        leave_pages_folder_mode()
        self.init()
        ss = st.session_state
        if ss.get("_page") != self.ns:  # back from another lesson: its plot was gone, so it is not playing
            ss["_page"] = self.ns
            ss[self.k("playing")] = False
        self.clamp_step(self.run().trace)  # a link's step past the end of its run is reported with the rest
        st.markdown(f"### {title}")
        self.show_messages()

    def toolbar(self, right) -> None:
        """The point tools (class, Undo, Clear, Examples) beside whatever ``right()`` draws."""
        tools, other = st.columns(self.WIDTHS, gap="medium", vertical_alignment="bottom")
        with tools:
            self.point_tools()
        with other:
            right()

    def begin(self) -> tuple[dict, "Run", int]:
        """At the top of the lesson's fragment: keep widget values, then (settings, run, step)."""
        self.keep_widgets()
        settings = settings_values()
        run = self.run()
        return settings, run, self.clamp_step(run.trace)

    def end(self) -> None:
        """The address bar (written first), the share link showing it, and a toast for a click that did nothing."""
        self.sync_url()
        self.share_link()
        self.show_toast()
        st.session_state[self.k("plot_event")] = False

    # -- state -------------------------------------------------------------------------------------------------

    def init(self) -> None:
        """On this page's first run in a session: points, view, step and the page's options from the URL."""
        ss = st.session_state
        init_settings()
        if ss.get(self.k("_init")):
            self.keep_widgets()
            return
        # The link describes the page it was opened on. A lesson first shown later in the session starts from its
        # own defaults: the address bar then still holds the previous lesson's points.
        params = st.query_params.to_dict() if not ss.get("_lesson_shown") else {}
        ss["_lesson_shown"] = True
        values, problems = S.read_params(params, self.options)
        for key, value in values.items():
            ss[self.k(key)] = value
        pts, view, notes, ss[self.k("from_preset")] = self._points_from_params(params)
        ss[self.k("pts")], ss[self.k("view")] = pts, view
        try:
            ss[self.k("t")] = S.parse_step(params.get("t", "0"))
        except ValueError as e:
            ss[self.k("t")] = 0
            problems.append(f"`t={params.get('t', '')[:20]}` {e}; starting at step 0.")
        ss[self.k("seq")], ss[self.k("playing")], ss[self.k("undo")], ss[self.k("cls")] = 0, False, [], "+1"
        ss[self.k("msgs")] = ss.pop("set.msgs", []) + problems + notes
        self.init_extra(params)
        ss[self.k("_init")] = True
        self.keep_widgets()

    def keep_widgets(self) -> None:
        """Copy this page's widget values aside, or put them back when Streamlit dropped them (a run that did not
        draw them). Runs in init and at the top of the lesson's fragment (widgets drawn there change in between)."""
        ss = st.session_state
        keep = ss.setdefault(self.k("_kept"), {})
        for name in self.widget_keys:
            if self.k(name) in ss:
                keep[name] = ss[self.k(name)]
            elif name in keep:
                ss[self.k(name)] = keep[name]

    def init_extra(self, params: dict) -> None:
        """Page-specific state read from the link (after the points)."""

    def _points_from_params(self, params):
        """(points, view, notes, whether the default example stands in for missing or damaged points)."""
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
                notes.append(f"{str(e).capitalize()}; showing the {self.presets[self.default_preset]} example "
                             "instead.")
        if pts is None:
            pts, preset_view = self.preset(self.default_preset)
            return pts, preset_view, notes, True
        view = view or model.fit_view(pts)
        if not all(view[0] <= x <= view[1] and view[2] <= y <= view[3] for x, y, _ in pts):
            fit = model.fit_view(pts)
            view = (min(view[0], fit[0]), max(view[1], fit[1]), min(view[2], fit[2]), max(view[3], fit[3]))
            notes.append("Some points in the link lie outside its view, so the view was widened to show them.")
        return pts, view, notes, False

    def option_values(self) -> dict:
        ss = st.session_state
        return {s.key: ss[self.k(s.key)] for s in self.options}

    def points_code(self) -> str:
        """The page's points, encoded as in the link (kept with the points so each run encodes them once)."""
        ss = st.session_state
        pts = ss[self.k("pts")]
        cached = ss.get(self.k("code"))
        if cached is None or cached[0] is not pts:
            cached = (pts, S.encode_points(pts))
            ss[self.k("code")] = cached
        return cached[1]

    # -- the run -----------------------------------------------------------------------------------------------

    def compute(self, pts, kwargs: dict, options: dict) -> tuple:
        """(trace, extras) for the points; runs once per run id. The PLA page: plain PLA, to the cap."""
        return self.pla(*model.arrays(pts), kwargs), {}

    @staticmethod
    def pla(X, y, kwargs: dict) -> pla_core.Trace:
        """PLA to the cap (a cycle is played, not stopped at), its mistake counts computed once here, in the
        cached run, rather than on some later rerun."""
        trace = pla_core.pla(X, y, stop_on_cycle=False, **kwargs)
        trace.errors  # noqa: B018 - computed on first use, then kept with the trace
        return trace

    def option(self, key: str) -> S.Setting:
        """This page's option ``key`` from its settings table (label and help for its widget)."""
        return next(s for s in self.options if s.key == key)

    def run(self) -> Run:
        """The run for the page's points, the sidebar settings and the page's options (cached by run id)."""
        pts = st.session_state[self.k("pts")]
        kwargs = tuple(sorted(S.pla_kwargs(settings_values()).items()))
        options = tuple(sorted((k, v) for k, v in self.option_values().items()
                               if self.run_options is None or k in self.run_options))
        code = self.points_code()
        tid = hashlib.blake2b(repr((self.ns, code, kwargs, options)).encode(), digest_size=8).hexdigest()
        if not pts:
            return Run(None, "There are no points yet: click in the plane to add some.", tid)
        try:
            trace, extras = _compute(tid, self, code, kwargs, options)
        except ValueError as e:
            return Run(None, str(e), tid)
        return Run(trace, None, tid, extras)

    def clamp_step(self, trace) -> int:
        ss = st.session_state
        T = 0 if trace is None else len(trace)
        if ss[self.k("t")] > T:
            ss[self.k("msgs")].append(f"Step {ss[self.k('t')]} is past the end of this run ({T} updates): "
                                      f"showing step {T}.")
            ss[self.k("t")] = T
        return ss[self.k("t")]

    # -- callbacks (they run before the script, so they may change widget values) -------------------------------

    def _goto(self, t: int, *, play_to: int | None = None) -> None:
        """Show step t: the browser animates there (a new seq); stopped, or playing on to ``play_to``."""
        ss = st.session_state
        ss[self.k("t")] = t
        ss[self.k("seq")] += 1
        ss[self.k("playing")] = play_to is not None
        ss[self.k("stop_at")] = play_to

    def _move(self, target_fn) -> None:
        trace = self.run().trace
        if trace is None:
            return
        self._goto(max(0, min(len(trace), int(target_fn(trace, st.session_state[self.k("t")])))))

    def step(self):
        self._move(lambda tr, t: t + 1)

    def back(self):
        self._move(lambda tr, t: t - 1)

    def epoch(self):
        self._move(model.epoch_end)

    def run_to_end(self):
        self._move(lambda tr, t: len(tr))

    def reset(self):
        self._move(lambda tr, t: 0)

    def forward(self, n: int):
        self._move(lambda tr, t: t + n)

    def toggle_play(self) -> None:
        trace = self.run().trace
        ss = st.session_state
        if trace is None or len(trace) == 0:
            return
        if not ss[self.k("playing")] and ss[self.k("t")] >= len(trace):
            ss[self.k("t")] = 0  # Play at the end starts again from the beginning
            ss[self.k("seq")] += 1
        ss[self.k("playing")] = not ss[self.k("playing")]
        ss[self.k("stop_at")] = None

    def play_between(self, start: int, stop: int) -> None:
        """Jump to ``start`` and play to ``stop`` (replaying one period of a cycle)."""
        self._goto(start, play_to=stop)

    def scrubbed(self) -> None:
        # A slider change that comes with an event from the plot is the browser sending back a value the server
        # wrote a rerun earlier (it had not drawn the newer one yet), not the learner dragging: the plot's step
        # stands.
        if self._plot_events_now():
            return
        self._goto(st.session_state[self.k("scrub")])

    def _plot_events_now(self) -> bool:
        """Whether this rerun carries events from the plot (handled already, or about to be)."""
        if st.session_state.get(self.k("plot_event")):
            return True
        batch = self._event_batch()
        return batch is not None and any(True for _ in self._new_events(batch))

    def _event_batch(self) -> dict | None:
        """The plot's latest batch of events ({"nonce", "events": [...]}), or None."""
        state = st.session_state.get(self.k("plot"))
        batch = state.get("events") if state else None
        return batch if isinstance(batch, dict) and isinstance(batch.get("events"), list) else None

    def _new_events(self, batch: dict):
        """(id, event) for each event of the batch the server has not handled yet, in order. A batch from a new
        page load (another nonce) numbers its events from 1 again."""
        ss = st.session_state
        ack = ss.get(self.k("ack"), 0) if batch.get("nonce") == ss.get(self.k("nonce")) else 0
        for ev in batch["events"][:200]:
            try:
                eid = int(ev["id"])
            except (KeyError, TypeError, ValueError):
                continue
            if eid > ack:
                ack = eid
                yield eid, ev

    def push_undo(self) -> None:
        """Remember the page's data as it is now, for Undo (the last 100 changes)."""
        ss = st.session_state
        ss[self.k("undo")] = (ss[self.k("undo")] + [self.snapshot()])[-100:]

    def set_points(self, pts, view=None) -> None:
        self.push_undo()
        self.show_points(pts, st.session_state[self.k("view")] if view is None else view)

    def snapshot(self) -> tuple:
        """What Undo restores: the points and the view (pages with more data add to it)."""
        ss = st.session_state
        return ss[self.k("pts")], ss[self.k("view")]

    def restore(self, snap) -> None:
        self.show_points(*snap[:2])

    def show_points(self, pts, view) -> None:
        """New points make a new run, shown from step 0."""
        ss = st.session_state
        ss[self.k("pts")], ss[self.k("view")] = pts, view
        self.restart()

    def keep_step(self) -> None:
        """A changed option that makes a new run of the same points: stay at the same step (or the run's end),
        so the two can be compared, and stop playing."""
        trace = self.run().trace
        self._goto(min(st.session_state[self.k("t")], 0 if trace is None else len(trace)))

    def restart(self) -> None:
        self._goto(0)

    def on_events(self) -> None:
        """Events from the plot: clicks and ticks, each numbered by the browser.

        The browser resends every event the server has not yet acknowledged (``ack`` in the plot's data),
        because two events sent before one rerun starts would otherwise overwrite each other (a click lost to a
        tick).
        """
        ss = st.session_state
        batch = self._event_batch()
        if batch is None:
            return
        ss[self.k("plot_event")] = True  # until the end of this run (see scrubbed)
        if batch.get("nonce") != ss.get(self.k("nonce")):  # a new page load: its numbering starts again
            ss[self.k("nonce")], ss[self.k("ack")] = batch.get("nonce"), 0
        for eid, ev in self._new_events(batch):
            ss[self.k("ack")] = eid
            if ev.get("event") == "click":
                self._on_click(ev.get("value"))
            elif ev.get("event") == "tick":
                self._on_tick(ev.get("value"))

    def _on_click(self, event) -> None:
        ss = st.session_state
        cls = 1.0 if ss[self.k("cls")] == "+1" else -1.0
        pts, why = model.apply_click(ss[self.k("pts")], event, cls, ss[self.k("view")])
        if why:
            ss[self.k("toast")] = why
        if pts is not ss[self.k("pts")]:
            self.set_points(pts)

    def _on_tick(self, tick) -> None:
        ss = st.session_state
        run = self.run()
        trace = run.trace
        if not isinstance(tick, dict) or trace is None or tick.get("tid", run.tid) != run.tid:
            return  # a tick about a run that has since been replaced (new points or settings)
        try:
            t = int(tick.get("t", ss[self.k("t")]))
        except (TypeError, ValueError):
            return
        ss[self.k("t")] = max(0, min(len(trace), t))
        ss[self.k("playing")] = bool(tick.get("playing")) and ss[self.k("t")] < len(trace)
        if tick.get("jump"):  # the browser asked to go to a step whose weights it does not have: send them
            ss[self.k("seq")] += 1
        if not ss[self.k("playing")]:
            ss[self.k("stop_at")] = None

    def undo(self) -> None:
        ss = st.session_state
        if ss[self.k("undo")]:
            self.restore(ss[self.k("undo")].pop())

    def clear(self) -> None:
        self.set_points([])

    def preset(self, name: str) -> tuple[list, tuple]:
        return model.preset(name, int(st.session_state["set.seed"]))

    def load_preset(self, name: str) -> None:
        self.set_points(*self.preset(name))

    def _preset_chosen(self) -> None:
        name = st.session_state.get(self.k("preset"))
        if name:
            self.load_preset(name)
        st.session_state[self.k("preset")] = None  # a menu of actions, not a setting: back to "Examples…"

    # -- drawing -----------------------------------------------------------------------------------------------

    def show_messages(self) -> None:
        ss = st.session_state
        for m in ss[self.k("msgs")]:
            st.warning(m, icon="⚠️")
        ss[self.k("msgs")] = []

    def show_toast(self) -> None:
        """Why a click did nothing (a cap, a click outside the plot…), as a toast."""
        why = st.session_state.pop(self.k("toast"), None)
        if why:
            st.toast(why, icon="ℹ️")

    def point_tools(self) -> None:
        c = st.columns([2.1, 0.95, 0.95, 1.4], vertical_alignment="bottom")
        c[0].radio("Clicks add", ["+1", "-1"], key=self.k("cls"), horizontal=True,
                   format_func=lambda v: "○ +1" if v == "+1" else "× −1",
                   help="Click empty space to add a point of this class (Shift-click: the other class); "
                        "click a point to remove it.")
        c[1].button("Undo", on_click=self.undo, use_container_width=True, key=self.k("undo_btn"),
                    help="Undo the last change to the points")
        c[2].button("Clear", on_click=self.clear, use_container_width=True, key=self.k("clear_btn"),
                    help="Remove every point (Undo brings them back)")
        c[3].selectbox("Examples", list(self.presets), index=None, placeholder="Examples…", key=self.k("preset"),
                       format_func=self.presets.get, on_change=self._preset_chosen, label_visibility="collapsed",
                       help="Replace the points with an example (Undo brings yours back)")

    def shown_points(self, run: Run) -> list:
        """The points as drawn, with the labels the run learned from (the Pocket page's are noisy)."""
        return st.session_state[self.k("pts")]

    def payload(self, run: Run, settings: dict, height: int) -> dict:
        """The plot's data for this rerun (pages add their own layers)."""
        ss = st.session_state
        trace, t, pts, view = run.trace, ss[self.k("t")], self.shown_points(run), ss[self.k("view")]
        payload = figures.plot_payload(trace, t, pts, view, seq=ss[self.k("seq")], playing=ss[self.k("playing")],
                                       speed_ms=S.SPEEDS[settings["speed"]], eta=settings["eta"], height=height,
                                       plotly_url=plotly_url(), theme=theme())
        payload.update(tid=run.tid, grid=model.grid_step(view), cls=1 if ss[self.k("cls")] == "+1" else -1,
                       alt=figures.describe(pts, trace, t), stopAt=ss.get(self.k("stop_at")))
        return payload

    def plot(self, run: Run, settings: dict, *, height: int = 470) -> None:
        payload = self.payload(run, settings, height)
        payload["ack"] = st.session_state.get(self.k("ack"), 0)
        # Wrapped in a list: Streamlit checks each value of a dict passed as data for a data frame, and that
        # check imports pandas (2 s on a process's first plot) and costs ~1 ms a rerun; nothing here is one.
        _plot_component(key=self.k("plot"), data=[payload], on_events_change=self.on_events)

    def transport(self, trace) -> None:
        """Back / Step / Play (with → ← Space) and the scrubber, under the plot."""
        ss = st.session_state
        T = 0 if trace is None else len(trace)
        t = ss[self.k("t")]
        none = trace is None
        c = st.columns(3)
        # The keys name the buttons for the plot's script, which starts animating as soon as they are pressed.
        c[0].button("Back", icon=":material/arrow_back:", on_click=self.back, disabled=none or t == 0,
                    use_container_width=True, shortcut="Left", key="pla_back")
        c[1].button("Step", icon=":material/arrow_forward:", on_click=self.step, disabled=none or t >= T,
                    use_container_width=True, shortcut="Right", type="primary", key="pla_step")
        playing = ss[self.k("playing")]
        c[2].button("Pause" if playing else "Play", icon=":material/pause:" if playing else ":material/play_arrow:",
                    on_click=self.toggle_play, disabled=none or T == 0, use_container_width=True,
                    shortcut="Space", key=self.k("play_btn"))
        if T > 0:
            # The scrubber has its own key: t must outlive it (a widget's value is dropped when it is not drawn).
            ss[self.k("scrub")] = t
            st.slider("Step t", 0, T, key=self.k("scrub"), on_change=self.scrubbed, label_visibility="collapsed")

    def jumps(self) -> None:
        """Epoch / Run to the end / Reset. They sit outside the lesson fragment, so they are never disabled (at
        the end of a run, or with no points, they do nothing) rather than showing a state a fragment rerun left."""
        c = st.columns(3)
        c[0].button("Epoch", icon=":material/skip_next:", on_click=self.epoch, use_container_width=True,
                    key=self.k("epoch_btn"), help="Finish the current pass over the data")
        c[1].button("Run", icon=":material/fast_forward:", on_click=self.run_to_end, use_container_width=True,
                    key=self.k("run_btn"),
                    help=f"Run to the end: until PLA halts, or the cap of {st.session_state['set.cap']:,} updates")
        c[2].button("Reset", icon=":material/first_page:", on_click=self.reset, use_container_width=True,
                    key=self.k("reset_btn"), help="Back to w₀, before any update")

    def url_params(self) -> dict:
        ss = st.session_state
        return {"v": URL_VERSION, **S.write_params(settings_values()),
                **S.write_params(self.option_values(), self.options), "pts": self.points_code(),
                "view": S.dump_view(ss[self.k("view")]), "t": str(ss[self.k("t")])}

    def sync_url(self) -> None:
        """Write every setting, the points, the view and the step into the address bar (only when they changed)."""
        if st.session_state[self.k("playing")]:
            return  # written when Play stops: a link per second of Play would fill the browser's history
        params = self.url_params()
        if st.query_params.to_dict() != params:
            st.query_params.from_dict(params)

    def share_link(self) -> None:
        """The current link, with a copy button (st.code has one), under a small expander.

        The expander runs its content only while it is open: st.code's syntax highlighter costs ~0.3 s of the
        browser's time on a cold load, even inside a closed expander.
        """
        box = st.expander("Share this demo: the address bar holds it all, or copy it here",
                          key=self.k("share"), on_change="rerun")
        if box.open:
            base = st.context.url or ""
            params = urlencode(st.query_params.to_dict())
            box.code(f"{base}?{params}" if base else "?" + params, language=None, wrap_lines=True)
