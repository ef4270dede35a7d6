"""The perceptron as gradient descent (the Princeton COS 495 lecture's third example of SGD): one loop, four losses
(perceptron, hinge, logistic, squared) on the same points, four lines stepping together; the losses as curves of
the margin score; L̂ and E_in over the steps; one step's numbers for the loss a student picks."""

from pla_lab.api import (DEFAULT_VIEW, ChartSpec, FixedPreset, Preset, ReplayLesson, model, payload, shared, st,
                         sub, widgets)
from pla_lab.lessons.sgd import sgd_notebook
from pla_lab.lessons.sgd import sgd_checks, sgd_figures, sgd_present, sgd_runs, sgd_words
from pla_lab.lessons.sgd.sgd_options import OPTIONS, ORDER_WORDS

# Ten points near the origin and one far-away ○ on its right side (found by a search over random sets): the
# squared loss's line, pulled toward wᵀx̃ = +1 at the far point, ends with mistakes the perceptron's does not make
# (tests/lessons/sgd holds the example to that, with the page's defaults).
FAR = ((-0.2, -0.5, -1), (-0.55, 0.15, -1), (-0.15, 0.3, -1), (0.15, -0.3, 1), (0.15, -0.15, 1), (0.2, -0.3, 1),
       (-0.25, -0.4, -1), (-0.45, -0.1, -1), (0.15, 0.1, 1), (-0.35, -0.15, -1), (2.0, -0.5, 1))


class SgdLesson(ReplayLesson):
    slug, title, icon, heading = "sgd", "Perceptron as gradient descent", "📉", "The perceptron as gradient descent"
    # On the path (the registry's order): one line, what to have seen first, about how long, the goal
    summary = "One loop, four losses: the perceptron, hinge, logistic and squared losses step together on your points."
    needs, minutes = "PLA step by step; the margin perceptron", 15
    goal = "See PLA as stochastic gradient descent on one loss, and what another loss changes."
    look = ("One line per loss, with its w and step as arrows; each step visits the circled point. **Step**: a line "
            "that does not move had a zero gradient.")
    presets = {
        "separable": Preset("Separable", "separable", dict(n=20, margin=0.2), view=DEFAULT_VIEW),
        "far": FixedPreset("One far-away point", "grid", view=(-1.0, 2.5, -1.5, 1.5), fixed=FAR),
        "xor": Preset("XOR (4 points)", "xor4", view=(-1.6, 1.6, -1.6, 1.6)),
    }
    default_preset = "separable"
    options = OPTIONS
    setting_words = {"order": ORDER_WORDS}  # it visits points, not mistakes
    moving = ("companion", "w", "update", "circle")
    chart = ChartSpec("", y_title="", x_title="step t")
    wide, plot_height = True, 410
    legend = dict(font={"size": 14}, itemwidth=30, tracegroupgap=0)
    guide = sgd_words.GUIDE

    def compute(self, points, settings, options):
        X, y = model.arrays(points)
        runs = sgd_runs.four(X, y, settings, epochs=options["epochs"], decay=options["decay"])
        for trace in runs.values():
            trace.errors  # noqa: B018 - computed once, with the run
        return runs[options["loss"]], {"runs": runs, "ends": sgd_runs.endings(runs), "chart": sgd_figures.chart(runs)}

    def notebook(self, page):
        return sgd_notebook.recipe()

    def companion(self, page):
        if page.trace is None:  # no run (Clear, or points it cannot run on): no lines to draw
            return None
        picked = page.options["loss"]  # its arrows are the plot's own w and update; the others' come with them
        return [payload.companion(tr, page.t, sgd_words.NAMES[loss], color=sgd_figures.STYLE[loss][0],
                                  dash=sgd_figures.STYLE[loss][1], arrows=loss != picked)
                for loss, tr in page.run.extras["runs"].items()]

    def showing(self, page):
        if page.trace is None:
            return None
        t, T = page.t, len(page.trace)
        visit = f"the circle: the point step {t + 1} visits" if t < T else "the run's end"
        return (f"Showing w{sub(t)} of each loss's run, one line each; {visit}; the arrows: the "
                f"{page.options['loss']} loss's w and its step −η·∇ℓ.")

    def alt(self, page):
        if page.trace is None:
            return None
        return f"{self.showing(page)} {sgd_words.table(page.run.extras['runs'], page.t)}"

    def under_transport(self, page):
        widgets.option_widgets(self, columns=True, only=("loss", "eta"))
        widgets.option_widgets(self, columns=True, only=("epochs", "decay"))
        if page.trace is not None:
            runs = page.run.extras["runs"]
            st.plotly_chart(sgd_figures.loss_curves(runs, page.t, theme=page.theme), width="stretch",
                            config={"displayModeBar": False}, key="sgd-curves")
            if not shared.SHARED["present"]:  # presenter mode's box of numbers holds it, in short
                st.markdown(sgd_words.table(runs, page.t))

    def panel(self, page):
        if page.trace is None:
            st.info(page.run.reason)
            return
        runs = page.run.extras["runs"]
        st.markdown(sgd_words.numbers(runs, page.options["loss"], page.t))
        st.markdown("**How the four runs end**\n\n" + sgd_words.endings(page.run.extras["ends"]))

    def present_panel(self, page):
        """The four losses at the step shown and how the four runs end, one line each."""
        if page.trace is None:
            st.info(page.run.reason)
            return
        extras = page.run.extras
        st.markdown(sgd_present.numbers(extras["runs"], extras["ends"], page.t, len(page.trace)))

    def questions(self, page):
        if page.trace is None:
            return []
        return sgd_checks.questions(page.run.extras["runs"], page.t, page.run.extras["ends"])


SGD = SgdLesson()
