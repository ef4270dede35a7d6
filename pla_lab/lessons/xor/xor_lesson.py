"""XOR never halts (the handwritten and Press notes): the weights cycle, a certificate shows no line works, a lift fixes
it."""

import pla_core
from pla_core import facts
from pla_lab.api import (DEFAULT_VIEW, Field, Preset, ReplayLesson, actions, button, explain, figures,
                         count, halt_words, model, runs, st, text, widgets)
from pla_lab.lessons.xor import xor_notebook
from pla_lab.lessons.xor import xor_checks, xor_words
from pla_lab.lessons.xor import xor_lift as lift_arrows
from pla_lab.lessons.xor.xor_options import OPTIONS

# Grid data no line separates cycle (a tie counted as a mistake), and on a 0.1 grid within a few hundred updates;
# snapping can land two points on one spot, so 40 extra points are drawn and the first n distinct ones kept.
_NOISY = dict(noise=0.1, spread=0.2)


class XorLesson(ReplayLesson):
    slug, title, icon, heading = "xor", "XOR: never halts", "🔁", "XOR: the data set on which PLA never halts"
    # On the path (the registry's order): one line, what to have seen first, about how long, the goal
    summary = ("Four points no line separates: PLA never halts, its weights cycle; one more feature, x₁x₂, makes "
               "them separable.")
    needs, minutes = 'PLA step by step; Why PLA halts (the one thing its guarantee assumes)', 10
    goal = "No line separates these points: see PLA never halt, and a new feature fix it."
    look = ("On XOR, with a tie counted as a mistake, no update leaves every point right: one is circled next. "
            "**Run**, then **Replay one period**: w comes back.")
    presets = {
        "xor4": Preset("XOR, the 4 points", "xor4", view=(-1.6, 1.6, -1.6, 1.6)),
        "xor20": Preset("Noisy XOR, 20 points", "xor", dict(n=60, **_NOISY), grid=0.1, keep=20),
        "xor40": Preset("Noisy XOR, 40 points", "xor", dict(n=80, **_NOISY), grid=0.1, keep=40),
        "separable": Preset("Separable (for contrast)", "separable", dict(n=20, margin=0.1), view=DEFAULT_VIEW),
    }
    default_preset = "xor4"
    options = OPTIONS
    run_options = ("lift",)
    on_option_change = "restart"
    fields = (Field("view3d", False, widget=True), button("replay"))
    guide = xor_words.GUIDE

    def compute(self, points, settings, options):
        X, y = model.arrays(points)
        sep = pla_core.separability(X, y, bias=settings["bias"])
        exact = facts.separable(X, y, bias=settings["bias"])  # the LP's λ draws the certificate; this decides
        trace = runs.pla(points, settings, lift=options["lift"])
        return trace, {"sep": sep, "meet": sep.meeting_point(X, y) if settings["bias"] else None,
                       "exact": sep.separable if exact is None else exact}

    def notebook(self, page):
        return xor_notebook.recipe()

    def export_notes(self, page):
        return (["the run learned from the lift (x1, x2, x1*x2): its weights are b, w1, w2, w3."]
                if page.options["lift"] else [])

    def layers(self, page):
        sep, meet = page.run.extras.get("sep"), page.run.extras.get("meet")
        if not page.options["cert"] or page.options["lift"] or sep is None or sep.certificate is None or meet is None:
            return {}
        return {"above": figures.certificate_traces(page.points, sep.certificate, meet, theme=page.theme)}

    def present_panel(self, page):
        """The options and Replay one period, then the verdict, t and wₜ, and the next mistake, in short."""
        self._controls(page)
        if page.trace is None:
            st.info(page.run.reason)
            return
        st.markdown(xor_words.present(page.trace, page.t, separable=page.run.extras.get("separable"), go=self.to_end))

    def _controls(self, page):
        """The lesson's options and Replay one period."""
        widgets.option_widgets(self, columns=False)
        cycle = page.trace.weight_cycle if page.trace is not None and not page.options["lift"] else None
        st.button(f"Replay one period ({count(cycle[1], 'update')})" if cycle else "Replay one period",
                  icon=":material/replay:", on_click=actions.play_cycle, args=(self,), disabled=cycle is None,
                  key=self.state.key("replay"), help="Jump to where the weights start repeating and play one full "
                                                     "period: the boundary comes back to where it was.")

    def panel(self, page):
        lift = page.options["lift"]
        self._controls(page)
        if page.trace is None:
            st.info(page.run.reason)
            return
        t, sep, go = page.t, page.run.extras.get("separable"), self.to_end
        st.markdown(xor_words.lift_text(page.trace, t, separable=sep, go=go) if lift else
                    xor_words.cycle_text(page.trace, t, separable=sep, go=go))
        st.caption(f"Every run stops at the cap of {count(page.settings['cap'], 'update')} (sidebar: *Stop after*); "
                   f"this one has {page.run.T:,}.")
        if lift:
            self.lifted_view(page)
        with st.expander("Step by step: the numbers", expanded=False):
            st.markdown(explain.step_numbers(page.trace, page.t))
        if not lift:
            ex = page.run.extras
            st.markdown(xor_words.certificate_text(ex["sep"], page.points, ex["meet"], page.trace.halted,
                                                   seen=explain.reached(page.trace, t), go=go,
                                                   separable=ex.get("exact"),
                                                   end=halt_words.end(page.trace) if page.trace.halted else None))

    def lifted_view(self, page):
        """On demand, the lift in 3-D: the points at (x₁, x₂, x₁x₂) and the plane of wₜ there."""
        if st.toggle("Show the lifted points in 3-D", key=self.state.key("view3d"),
                     help="Each point raised to height x₁x₂: the ○ and × corners end up on opposite sides of a "
                          "plane. Drag to turn it."):
            tr, step = page.trace, page.t
            w = tr.weights[step]
            fig = figures.lifted_figure(page.points, w, self.state["view"], theme=page.theme)
            i = int(tr.mistakes[step]) if step < len(tr) else None  # the next update's point, as the plot circles
            u = None if i is None else tr.settings["eta"] * float(tr.y[i]) * tr.X[i]
            scene, pal = fig["layout"]["scene"], figures.palette(page.theme)
            arrows = lift_arrows.place(w, u, [scene[a]["range"] for a in ("xaxis", "yaxis", "zaxis")])
            fig["data"] += lift_arrows.traces(arrows, fg=pal["fg"], color=pal["pos" if u is None or tr.y[i] > 0
                                                                              else "neg"])
            st.plotly_chart(fig, width="stretch", config={"displayModeBar": False})
            t = text.sub(step)
            st.caption("○ +1 and ◆ −1 raised to height x₁x₂, onto the saddle z = x₁x₂; "
                       + (f"the pink plane is w{t}ᵀ(1, x₁, x₂, x₁x₂) = 0. Where it cuts the saddle, seen from "
                          f"above, is w{t}'s boundary in the plot. " + xor_words.arrow_words(arrows, u, step, i)
                          if w[1:].any() else
                          f"w{t} has no plane yet (its weights on x₁, x₂ and x₁x₂ are all 0), and the plot no "
                          "boundary."))

    def questions(self, page):
        extras = page.run.extras  # the exact LP's answer: on the points (no lift), or on the lift at the cap
        sep = extras.get("separable") if page.options["lift"] else extras.get("exact", extras["sep"].separable)
        return xor_checks.xor_steps(page.trace, page.t, separable=sep, go=self.to_end)


XOR = XorLesson()
