"""Noise & Pocket (the credit-card notes): a target f makes the labels, noise flips some, PLA wanders, Pocket keeps
ŵ."""

import numpy as np

import pla_core
from pla_core import datasets, geometry
from pla_lab.api import (CREDIT_VIEW, DEFAULT_VIEW, ChartSpec, Field, Preset, ReplayLesson, button, figures,
                         linked, links, model, st, widgets)
from pla_lab.lessons.pocket import pocket_notebook
from pla_lab.lessons.pocket import pocket_checks, pocket_words
from pla_lab.lessons.pocket.pocket_options import OPTIONS

# A margin of 0.005 > the largest move of rounding to 0.001 (0.0005·√2 across a unit normal): the stored points keep
# f's labels.
_LINE = dict(margin=0.005)


class PocketLesson(ReplayLesson):
    slug, title, icon, heading = "pocket", "Noise & Pocket", "👝", "Noise and the Pocket algorithm"
    # On the path (the registry's order): one line, what to have seen first, about how long, the goal
    summary = "Noisy labels: PLA wanders, while Pocket keeps the best line seen so far."
    needs, minutes = 'XOR (data no line separates)', 15
    goal = "On noisy data, see Pocket keep the best line so far, and how it does on new points."
    look = ("The chart: PLA's error (grey) can rise after an update, the pocket's (pink) never does. The pink "
            "dash-dot line ŵ is the best line so far.")
    presets = {
        "line50": Preset("Noisy line, 50 points", "separable", dict(n=50, **_LINE), view=DEFAULT_VIEW,
                         box=(-1.0, 1.0, -1.0, 1.0), target=True),
        "line150": Preset("Noisy line, 150 points", "separable", dict(n=150, **_LINE), view=DEFAULT_VIEW,
                          box=(-1.0, 1.0, -1.0, 1.0), target=True),
        "credit": Preset("Credit card, 60 applicants", "credit", dict(n=60), view=CREDIT_VIEW,
                         box=(0.0, 10.0, 0.0, 10.0), target=True),
    }
    default_preset = "line50"
    options = OPTIONS
    fields = (linked(links.TARGET, undo=True), Field("n", 50, widget=True), button("run_n"))
    moving = ("disagree", "boundary", "pocket", "w", "update", "circle")
    labels = {"boundary": "w (PLA)", "pocket": "ŵ (pocket)", "disagree": "ŵ ≠ f"}
    chart = ChartSpec("", y_title="error", y_format=".0%", hover_format=".1%")
    wide, plot_height = True, 400
    legend = dict(font={"size": 14}, itemwidth=30, tracegroupgap=0)
    guide = pocket_words.GUIDE
    to_end = "To cap"

    def compute(self, points, settings, options):
        X, y_clean = model.arrays(points)
        flipped = np.zeros(len(y_clean), dtype=bool)
        y = y_clean
        if options["noisy"] and options["noise"] > 0:
            y, flipped = datasets.flip_by_point(X, y_clean, options["noise"] / 100, settings["seed"])
        trace = pla_core.pocket(X, y, **settings)
        extras = {"y": y, "flipped": flipped, "eout": None, "f_errors": None, "labels_separable": None}
        if options["noisy"] and options["noise"] > 0:
            extras["labels_separable"] = pla_core.is_separable(X, y, bias=settings["bias"])
        f = options["f"]
        if f is not None:
            w_f, box, sz = np.array(f[:3]), f[3:], settings["sign_zero"]
            extras["eout"] = geometry.disagreement_path(trace.pocket_weights, w_f, box, sign_zero=sz)
            extras["f_errors"] = int(pla_core.count_mistakes(w_f, X, y, sign_zero=sz))
        extras["chart"] = figures.error_curves(trace, extras["eout"])  # once per run, not once per rerun
        return trace, extras

    def notebook(self, page):
        return pocket_notebook.recipe()

    def option_values(self):
        return {**super().option_values(), "f": self.state["f"]}

    def moving_layers(self, page):
        return self.moving if page.state["f"] is not None else ("shade",) + self.moving[1:]

    def shown_points(self, page):
        if page.trace is None:
            return page.points
        return [(p[0], p[1], float(lab)) for p, lab in zip(page.points, page.run.extras["y"])]

    def export_notes(self, page):
        if page.trace is None:
            return []
        flipped, p = page.run.extras["flipped"], page.options["noise"]
        if not (page.options["noisy"] and p > 0):
            return ["labels: as the run learned them, with the noise off (the labels of the points themselves)."]
        return [f"labels: as the run learned them, noisy: noise {p:g}% on (seed {page.settings['seed']}) flipped "
                f"{int(flipped.sum())} of {len(flipped)}; loaded back with the noise on, the same points flip again."]

    def layers(self, page):
        f, view = page.state["f"], page.state["view"]
        below = [] if f is None else [figures.box_trace(f[3:], theme=page.theme),
                                      figures.target_trace(f[:3], view, theme=page.theme)]
        # Always drawn (empty when nothing is flipped), so the legend, and with it the plot, keeps its size.
        above = [] if page.trace is None else [figures.flipped_trace(page.points, page.run.extras["flipped"],
                                                                     theme=page.theme)]
        return {"below": below, "above": above}

    def target(self, page):
        f = page.state["f"]
        return None if f is None else {"w": list(f[:3]), "box": list(f[3:])}

    def toolbar(self):
        widgets.option_widgets(self, only=("noisy", "noise"))

    def under_transport(self, page):
        widgets.run_n(self, page)
        widgets.option_widgets(self, only=("order",))

    def panel(self, page):
        self._numbers(page, pocket_words.numbers)

    def present_panel(self, page):
        self._numbers(page, pocket_words.present)  # the same numbers, fewer words: a projector's

    def _numbers(self, page, words):
        if page.trace is None:
            st.markdown(page.run.reason)
        else:
            st.markdown(words(page.trace, page.t, page.run.extras, noise=page.options["noise"],
                              noisy=page.options["noisy"], go=self.to_end))

    def questions(self, page):
        extras = page.run.extras  # the exact LP's answer on the noisy labels, or at the cap
        sep = extras["labels_separable"] if extras["labels_separable"] is not None else extras.get("separable")
        return pocket_checks.pocket_steps(page.trace, page.t, separable=sep, go=self.to_end)


POCKET = PocketLesson()
