"""The lessons after the first: Noise & Pocket, and XOR. Each is a :class:`ui.Lesson` with its own run and
options; the plot, the controls, the links and the events are the PLA page's, shared."""

from __future__ import annotations

import numpy as np
import streamlit as st

import pla_core
from pla_core import datasets, geometry

from . import explain, figures, model
from . import settings as S
from .ui import Lesson, Run, theme


class PocketLesson(Lesson):
    """Noise & Pocket (seed 000): a target f makes the labels, noise flips some, PLA wanders, Pocket keeps ŵ."""

    presets = model.POCKET_PRESETS
    default_preset = "line50"
    options = S.POCKET
    widget_keys = ("cls", "noisy", "noise", "n")

    def preset(self, name):
        pts, view, _ = model.target_preset(name, int(st.session_state["set.seed"]))
        return pts, view

    def load_preset(self, name):
        pts, view, f = model.target_preset(name, int(st.session_state["set.seed"]))
        self.push_undo()
        st.session_state[self.k("f")] = f
        self.show_points(pts, view)

    def snapshot(self):
        ss = st.session_state
        return ss[self.k("pts")], ss[self.k("view")], ss[self.k("f")]

    def restore(self, snap):
        st.session_state[self.k("f")] = snap[2]
        self.show_points(snap[0], snap[1])

    def clear(self):
        self.set_points([])
        st.session_state[self.k("f")] = None  # your own points: there is no known target

    def compute(self, pts, kwargs, options):
        X, y_clean = model.arrays(pts)
        if options["noisy"] and options["noise"] > 0:
            y, flipped = datasets.flip_by_point(X, y_clean, options["noise"] / 100, kwargs["seed"])
        else:
            y, flipped = y_clean, np.zeros(len(y_clean), dtype=bool)
        trace = pla_core.pocket(X, y, **kwargs)
        extras = {"y": y, "flipped": flipped, "eout": None, "f_errors": None}
        f = options["f"]
        if f is not None:
            w_f, box = np.array(f[:3]), f[3:]
            extras["eout"] = geometry.disagreement_path(trace.pocket_weights, w_f, box,
                                                        sign_zero=kwargs["sign_zero"])
            extras["f_errors"] = int(pla_core.count_mistakes(w_f, X, y, sign_zero=kwargs["sign_zero"]))
        extras["curves"] = figures.error_curves(trace, extras["eout"])  # once per run, not once per rerun
        return trace, extras

    def shown_points(self, run):
        pts = st.session_state[self.k("pts")]
        if run.trace is None:
            return pts
        return [(p[0], p[1], float(lab)) for p, lab in zip(pts, run.extras["y"])]

    def payload(self, run, settings, height):
        payload = super().payload(run, settings, height)
        ss = st.session_state
        colours = theme()
        f = ss[self.k("f")]
        statics = []
        if f is not None:
            statics += [figures.box_trace(f[3:], theme=colours),
                        figures.target_trace(f[:3], ss[self.k("view")], theme=colours)]
            payload["wf"], payload["fbox"] = list(f[:3]), list(f[3:])
        payload["shade"] = "disagree" if f is not None else "sides"
        payload["sign0"] = S.SIGN_ZERO[settings["sign0"]]
        payload["ghost"] = False
        payload["wname"] = "w (PLA)"
        payload["base"]["layout"]["legend"].update(font={"size": 14}, itemwidth=30, tracegroupgap=0)
        above = []
        if run.trace is not None:
            # Always drawn (empty when nothing is flipped), so the legend, and with it the plot, keeps its size.
            above = [figures.flipped_trace(ss[self.k("pts")], run.extras["flipped"], theme=colours)]
            payload["curves"] = {**run.extras["curves"], "height": height, "key": run.tid}
        payload["statics"] = {"below": statics, "above": above}
        return payload

    def noise_controls(self) -> None:
        c = st.columns([1.35, 1.8], vertical_alignment="bottom")
        noisy, noise = self.option("noisy"), self.option("noise")
        c[0].toggle(noisy.label, key=self.k("noisy"), on_change=self.keep_step, help=noisy.help)
        c[1].select_slider(noise.label, options=S.NOISE_LEVELS, key=self.k("noise"), format_func=lambda v: f"{v}%",
                           on_change=self.keep_step, help=noise.help)

    def jumps(self) -> None:
        ss = st.session_state
        c = st.columns([1, 1.1, 1, 1], vertical_alignment="bottom")
        c[0].number_input("N updates", min_value=1, max_value=S.SETTINGS["cap"].extra["max_value"], step=10,
                          key=self.k("n"), label_visibility="collapsed", help="How many updates “Run N” makes")
        c[1].button(f"Run {ss.get(self.k('n'), 50)}", icon=":material/fast_forward:", use_container_width=True,
                    on_click=lambda: self.forward(int(ss[self.k("n")])), key=self.k("runn_btn"),
                    help="Make this many more updates (up to the cap)")
        c[2].button("To cap", icon=":material/last_page:", on_click=self.run_to_end, use_container_width=True,
                    key=self.k("run_btn"),
                    help=f"Run to the cap of {ss['set.cap']:,} updates (sidebar), or until PLA halts")
        c[3].button("Reset", icon=":material/first_page:", on_click=self.reset, use_container_width=True,
                    key=self.k("reset_btn"), help="Back to w₀, before any update")

    def init_extra(self, params):
        ss = st.session_state
        ss[self.k("n")] = 50
        if ss[self.k("from_preset")]:  # the default example (no points in the link, or damaged ones): its f
            ss[self.k("f")] = model.target_preset(self.default_preset, int(ss["set.seed"]))[2]

    def numbers(self, run: Run, t: int) -> str:
        ss = st.session_state
        return explain.pocket_numbers(run.trace, t, run.extras, noise=ss[self.k("noise")],
                                      noisy=ss[self.k("noisy")])


class XorLesson(Lesson):
    """XOR never halts (seeds 001, 003): the cycle, the certificate that no line separates, and the lift."""

    presets = model.XOR_PRESETS
    default_preset = "xor4"
    options = S.XOR
    run_options = ("lift",)
    widget_keys = ("cls", "lift", "cert", "view3d")

    def preset(self, name):
        return model.xor_preset(name, int(st.session_state["set.seed"]))

    def compute(self, pts, kwargs, options):
        X, y = model.arrays(pts)
        sep = pla_core.separability(X, y, bias=kwargs["bias"])
        if options["lift"]:
            trace = self.pla(datasets.with_product(X), y, dict(kwargs, w0=(*kwargs["w0"], 0.0)))
        else:
            trace = self.pla(X, y, kwargs)
        return trace, {"sep": sep, "meet": sep.meeting_point(X, y) if kwargs["bias"] else None}

    def payload(self, run, settings, height):
        payload = super().payload(run, settings, height)
        ss = st.session_state
        above = []
        if run.trace is not None and ss[self.k("cert")] and not ss[self.k("lift")]:
            sep, meet = run.extras["sep"], run.extras["meet"]
            if sep.certificate is not None and meet is not None:
                above = figures.certificate_traces(ss[self.k("pts")], sep.certificate, meet, theme=theme())
        payload["statics"] = {"below": [], "above": above}
        return payload

    def replay(self) -> None:
        trace = self.run().trace
        if trace is not None and trace.cycle is not None:
            start, period = trace.cycle
            self.play_between(start, start + period)

    def options_row(self, run: Run) -> None:
        """The lift and certificate switches, and Replay one period (enabled once a cycle is known)."""
        lift, cert = self.option("lift"), self.option("cert")
        st.toggle(lift.label, key=self.k("lift"), on_change=self.restart, help=lift.help)
        st.toggle(cert.label, key=self.k("cert"), help=cert.help)
        cycle = run.trace.cycle if run.trace is not None and not st.session_state[self.k("lift")] else None
        st.button(f"Replay one period ({cycle[1]} updates)" if cycle else "Replay one period", icon=":material/replay:",
                  on_click=self.replay, disabled=cycle is None, key=self.k("replay_btn"),
                  help="Jump to where the weights start repeating and play one full period: the boundary comes "
                       "back to where it was.")

    def why(self, run: Run, t: int, settings: dict) -> None:
        """Beside the plot: the cycle (or, lifted, the curve), the cap, the step's numbers, the certificate."""
        lift = st.session_state[self.k("lift")]
        st.markdown(explain.lift_text(run.trace) if lift else explain.cycle_text(run.trace))
        st.caption(f"Every run stops at the cap of {settings['cap']:,} updates (sidebar: *Stop after*); "
                   f"this one has {len(run.trace):,}.")
        if lift:
            self.lifted_view(run, t)
        with st.expander("Step by step: the numbers", expanded=False):
            st.markdown(explain.step_numbers(run.trace, t))
        if not lift:
            st.markdown(explain.certificate_text(run.extras["sep"], st.session_state[self.k("pts")],
                                                 run.extras["meet"], run.trace.halted))

    def lifted_view(self, run: Run, t: int) -> None:
        """On demand, the lift in 3-D: the points at (x₁, x₂, x₁x₂) and the plane of wₜ there."""
        if st.toggle("Show the lifted points in 3-D", key=self.k("view3d"),
                     help="Each point raised to height x₁x₂: the ○ and × corners end up on opposite sides of a "
                          "plane. Drag to turn it."):
            ss = st.session_state
            fig = figures.lifted_figure(ss[self.k("pts")], run.trace.weights[t], ss[self.k("view")], theme=theme())
            st.plotly_chart(fig, use_container_width=True, config={"displayModeBar": False})
            w = run.trace.weights[t]
            st.caption("○ +1 and ◆ −1 raised to height x₁x₂; "
                       + (f"the pink plane is w{explain.sub(t)}ᵀ(1, x₁, x₂, x₁x₂) = 0, whose trace in the plane is the "
                          "curve in the plot." if w[1:].any() else
                          f"w{explain.sub(t)} has no plane yet (its feature weights are all 0)."))
