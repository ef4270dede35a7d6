"""The batch perceptron (the step-function notes), and the COS 495 lecture's mini-batches: every mistake of w summed in
one update, drawn tip to tail, with the zero-one loss and the perceptron criterion it descends charted beside the
plot."""

import pla_core
from pla_lab.api import (CREDIT_VIEW, ChartSpec, Preset, ReplayLesson, explain, model, shared, st,
                         widgets)
from pla_lab.lessons.batch import batch_notebook
from pla_lab.lessons.batch import batch_checks, batch_figures, batch_words
from pla_lab.lessons.batch.batch_options import AVERAGE, OPTIONS


class BatchLesson(ReplayLesson):
    slug, title, icon, heading = "batch", "Batch perceptron", "🧺", "Batch perceptron: all mistakes at once"
    # On the path (the registry's order): one line, what to have seen first, about how long, the goal
    summary = "All the mistakes at once: one update sums the corrections of every misclassified point."
    needs, minutes = 'PLA step by step', 10
    goal = "One mistake at a time or all at once: see the batch perceptron's summed update."
    look = ("Every mistake of w is circled; the chain of small arrows adds them up into one update. In the chart, "
            "a red stroke marks a step where J went up.")
    presets = {
        # Points away from the origin: the bias learns slowly, so several mistakes are summed at each step.
        "sep30": Preset("Separable, 30 points", "separable", dict(n=30, margin=0.1, box=(0.0, 2.0))),
        "far30": Preset("Separable, far from the origin", "separable", dict(n=30, margin=0.1, box=(0.5, 2.5))),
        "credit": Preset("Credit card, 20 applicants", "credit", dict(n=20), view=CREDIT_VIEW),
        "xor20": Preset("Noisy XOR, 20 points", "xor", dict(n=60, noise=0.1, spread=0.2), grid=0.1, keep=20),
    }
    default_preset = "sep30"
    options = OPTIONS
    on_option_change = "restart"
    moving = ("shade", "ghost", "boundary", "w", "update", "circle", "chain")
    chart = ChartSpec("", y_title="", x_title="update t")
    wide, plot_height = True, 410
    legend = dict(font={"size": 14}, itemwidth=30, tracegroupgap=0)
    guide = batch_words.GUIDE

    def compute(self, points, settings, options):
        X, y = model.arrays(points)
        b = min(options["bs"], len(y)) if options["batch"] == "mini" else None
        trace = pla_core.batch(X, y, eta=settings["eta"], w0=settings["w0"], bias=settings["bias"],
                               sign_zero=settings["sign_zero"], max_updates=settings["max_updates"], batch_size=b,
                               average=AVERAGE[options["avg"]])
        trace.errors  # noqa: B018 - computed once, with the run
        up = batch_figures.rises(trace)  # exact on grid data
        return trace, {"chart": batch_figures.batch_chart(trace, up), "rises": up}

    def notebook(self, page):
        return batch_notebook.recipe()

    def showing(self, page):
        if page.trace is None:
            return None
        marks = explain.mark_words(page.trace, page.t, self.moving_layers(page), page.state["view"])
        return " · ".join([batch_words.showing(page.trace, page.t), *marks])

    def under_transport(self, page):
        mini = page.options["batch"] == "mini"
        widgets.option_widgets(self, columns=True, only=("batch", "bs", "avg") if mini else ("batch", "avg"))
        if page.trace is None:
            return
        asked = page.options["bs"] if mini else None
        if shared.SHARED["present"]:  # the narrow column beside the plot: what this run adds, the lecturer says why
            st.markdown(f"This run adds {batch_words.this_run(page.trace)}." + batch_words.too_big(page.trace, asked))
        else:
            st.markdown(batch_words.rule(page.trace, asked))

    def questions(self, page):
        if page.trace is None:
            return []
        return batch_checks.questions(page.trace, page.t, page.run.extras.get("separable"), page.run.extras["rises"])

    def panel(self, page):
        self._numbers(page, batch_words.numbers)

    def present_panel(self, page):
        self._numbers(page, batch_words.present)  # the same numbers, fewer words: a projector's

    def _numbers(self, page, words):
        if page.trace is None:
            st.info(page.run.reason)
            return
        extras = page.run.extras
        st.markdown(words(page.trace, page.t, extras["rises"], separable=extras.get("separable"), go=self.to_end,
                          with_bias=extras.get("with_bias")))


BATCH = BatchLesson()
