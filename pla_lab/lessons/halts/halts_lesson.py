"""Why PLA halts (all five notes): the convergence proof's numbers and inequalities live, the maximum-margin line,
the hyperplane's geometry, and the bias as a weight in 3-D."""

from pla_lab.api import (CREDIT_VIEW, DEFAULT_VIEW, ChartSpec, Preset, Recipe, ReplayLesson, button, linked, links,
                         model, runs, shared, st, widgets)
from pla_lab.lessons.halts import halts_notebook
from pla_lab.lessons.halts import halts_checks
from pla_lab.lessons.halts import halts_figures as proof_figures
from pla_lab.lessons.halts import halts_proof as proof
from pla_lab.lessons.halts import halts_words as proof_words
from pla_lab.lessons.halts.halts_options import OPTIONS, PICK

_BOX = dict(box=(-1.0, 1.0, -1.0, 1.0), target=True, view=DEFAULT_VIEW)


class HaltsLesson(ReplayLesson):
    slug, title, icon, heading = "halts", "Why PLA halts", "🎯", "Why PLA halts: the proof, live"
    # On the path (the registry's order): one line, what to have seen first, about how long, the goal
    summary = ("The convergence proof, live with this run's numbers: why the updates are bounded when a line "
               "separates the points.")
    needs, minutes = 'PLA step by step', 15
    goal = "See, with this run's numbers, why PLA must halt when a line separates the points."
    look = ("Chart ① climbs at least as fast as its dashed line, ② stays under its own; so ③, a cosine, would "
            "pass 1 after R²/ρ*² updates: PLA halts by then.")
    presets = {
        "wide": Preset("Separable, wide margin", "separable", dict(n=16, margin=0.3), **_BOX),
        "narrow": Preset("Separable, narrow margin", "separable", dict(n=30, margin=0.02), **_BOX),
        "credit": Preset("Credit card, 30 applicants", "credit", dict(n=30), view=CREDIT_VIEW,
                         box=(0.0, 10.0, 0.0, 10.0), target=True),
    }
    default_preset = "wide"
    options = OPTIONS
    run_options = ("wf", "xs", "f")
    fields = (linked(links.TARGET, undo=True), linked(PICK, widget=True), button("plot3d"))
    moving = ("shade", "ghost", "boundary", "w", "update", "circle", "normal", "distance")
    labels = {"boundary": "PLA's wₜ"}
    chart = ChartSpec("", y_title="")
    wide, plot_height = True, 410
    legend = dict(font={"size": 14}, itemwidth=30, tracegroupgap=0)
    guide, guide_open = proof_words.GUIDE, False

    def compute(self, points, settings, options):
        trace = runs.pla(points, settings)
        facts = proof.facts(trace, f=options["f"], use_f=options["wf"] == "f")
        extras = {"proof": facts}
        if facts.series is not None:
            extras["chart"] = proof_figures.proof_chart(facts.series, eta=settings["eta"], which=facts.which,
                                                        to_bound=options["xs"] == "bound")
        return trace, extras

    def notebook(self, page):
        return Recipe(halts_notebook.NOTEBOOK_RUN, halts_notebook.NOTEBOOK_STEP,
                      tries=halts_notebook.NOTEBOOK_TRIES,
                      about="Why PLA halts: the proof's R, ρ* and the bound R²/ρ*², and the margins of wₜ and w*.")

    def option_values(self):
        return {**super().option_values(), "f": self.state["f"]}

    def moving_layers(self, page):
        return tuple(m for m in self.moving if m != "normal" or page.options["geo"])

    def pick(self, page):
        return page.state["pick"]

    def layers(self, page):
        p, view = page.run.extras.get("proof"), page.state["view"]
        if p is None:
            return {}
        out = {"below": [], "above": []}
        if p.w_star is not None:
            out = proof_figures.street_traces(p.w_star, p.rho_star, view, page.points, p.support, theme=page.theme)
        if page.state["f"] is not None and p.which == "f":
            out["below"].append(proof_figures.f_trace(page.state["f"][:3], view, theme=page.theme))
        return out

    def under_transport(self, page):
        widgets.option_widgets(self, columns=True, only=("wf", "xs"))
        pts, s = page.points, self.state
        if s["pick"] is not None and s["pick"] >= len(pts):
            s["pick"] = None
        st.selectbox("Distance of a point to wₜ", list(range(len(pts))), index=None, key=s.key("pick"),
                     placeholder="Pick a point…", format_func=lambda i: f"#{i}  ({pts[i][0]:g}, {pts[i][1]:g})  "
                     f"{'○' if pts[i][2] > 0 else '×'}", help="Draws its perpendicular to the current line, with "
                     "its signed distance (wᵀx̃)/‖(w₁, w₂)‖.")
        # Two switches beside each other, one under the other in presenter mode's narrow column (their labels whole)
        widgets.option_widgets(self, columns=not shared.SHARED["present"], only=("geo", "d3"))
        if page.options["d3"] and page.trace is not None:
            w = page.trace.weights[page.t]
            st.plotly_chart(proof_figures.augmented_figure(page.points, w, page.state["view"],
                                                           axes=model.axis_titles(s["ax"]), theme=page.theme,
                                                           classes=model.class_legend(s["ax"])),
                            width="stretch", config={"displayModeBar": False}, key=s.key("plot3d"))
            st.caption(f"Step {page.t}: the sheet x₀ = 1 holds the points; the plane wᵀx̃ = 0 passes through the "
                       "origin; where they cross is the line of the 2-D plot. " + proof_words.CREDIT)

    def panel(self, page):
        if page.trace is None:
            st.info(page.run.reason)
            return
        p = page.run.extras["proof"]
        st.markdown(proof_words.numbers(p, page.trace, page.t, go=self.to_end))
        st.markdown(proof_words.margins(p, page.trace, page.t))
        st.markdown(proof_words.geometry(page.trace.weights[page.t], page.t, page.points, page.state["pick"]))

    def present_panel(self, page):
        if page.trace is None:
            st.info(page.run.reason)
            return
        st.markdown(proof_words.present(page.run.extras["proof"], page.trace, page.t, go=self.to_end))

    def questions(self, page):
        p = page.run.extras.get("proof")
        return [] if p is None else halts_checks.halts_steps(page.trace, p, page.t, go=self.to_end)


HALTS = HaltsLesson()
