"""Runs compared (the handwritten, COS 495, Press and step-function notes): runs on the same points that differ in one
setting — η and the start w₀ (two runs drawn together, the second as the "companion" layer), the order of visits (20
seeds each, a strip chart against the bound), and the reading of sign(0) (a tie example under every convention of the
notes)."""

from __future__ import annotations

from functools import partial

import numpy as np

from pla_lab.api import (DEFAULT_VIEW, Field, FixedPreset, Preset, Recipe, ReplayLesson, S, Setting, actions, button,
                         choice, digits, dump12, dump_w0, literal, model, number, parse_w0, payload, st, vec, widgets)
from pla_lab.lessons.compare import compare_notebook
from pla_lab.lessons.compare import compare_checks, compare_figures, compare_words
from pla_lab.lessons.compare import compare_runs as compare

# On the integer grid from w₀ = 0: the handwritten notes' ≤ 0 and the COS 495 lecture's sign(0) = −1 agree for three
# updates, then w₃'s
# line passes through the × at (1, 0): one corrects it, the other halts (found by a search over small grid sets).
TIES = ((0, 2, 1), (-2, -2, -1), (-2, 0, -1), (0, -2, -1), (1, 0, -1))

#: Each view's example, loaded when the view is picked.
VIEW_PRESET = {"eta": "sep20", "order": "sep30", "sign0": "ties"}

OPTIONS = (
    Setting("cmp", "eta", choice(tuple(compare_words.VIEWS)), label="Compare",
            help="Which setting the runs differ in.", widget="radio", options=tuple(compare_words.VIEWS),
            option_label=compare_words.VIEWS.get),
    Setting("eta", 10.0, digits(number(0.01, 10.0)), dump12, label="Second run's η",
            help="The first run has η = 1; this one the η set here (the notes' η, 0.01 to 10).",
            widget="number", extra=dict(min_value=0.01, max_value=10.0, step=0.5, format="%.2f")),
    Setting("w0", (0.0, 0.0, 0.0), parse_w0, dump_w0),  # typed in its own box (w0_text), checked there
    Setting("order", "cyclic", choice(tuple(S.ORDER_LABELS)), label="Order on the plot",
            help="The run drawn on the plot; the strip chart shows all three.", widget="select",
            options=tuple(S.ORDER_LABELS), option_label=S.ORDER_LABELS.get),
    Setting("seed", 0, number(0, 2**31 - 1, int), str, label="Seed on the plot (first of 20)",
            help="The run drawn uses this seed; the strip chart runs this seed and the 19 after it.",
            widget="number", extra=dict(min_value=0, max_value=2**31 - 20, step=1)),
    Setting("sign0", "le0", choice(tuple(S.SIGN_ZERO)), label="Reading on the plot",
            help="Which reading of a tie the plot's run uses; the table runs all four.", widget="select",
            options=tuple(S.SIGN_ZERO), option_label=S.SIGN_ZERO_LABELS.get),
)


class CompareLesson(ReplayLesson):
    slug, title, icon, heading = "compare", "Runs compared", "⚖️", "Runs compared: η, w₀, order, sign(0)"
    # On the path (the registry's order): one line, what to have seen first, about how long, the goal
    summary = "Two runs on the same points, one setting changed: η, the start w₀, the order, sign(0)."
    needs, minutes = 'PLA step by step; Why PLA halts (the bound)', 10
    goal = "Change one setting of PLA and see what it changes: the lines, the updates, the bound."
    look = ("Two runs on the same points, one setting changed: solid is one, dashed the other. **Step** and watch "
            "where they part; the table counts their updates.")
    presets = {
        "sep20": Preset("Separable, 20 points", "separable", dict(n=20, margin=0.1), view=DEFAULT_VIEW),
        "sep30": Preset("Separable, 30 points, narrow margin", "separable", dict(n=30, margin=0.03),
                        view=DEFAULT_VIEW),
        "ties": FixedPreset("Ties on a grid, 5 points", "grid", view=(-3.0, 3.0, -3.0, 3.0), fixed=TIES),
    }
    options = OPTIONS
    fields = (Field("w0_text", "0, 0, 0", widget=True), button("strip"))
    guide = compare_words.GUIDE

    def view(self) -> str:
        return self.state["cmp"]

    @property
    def default_preset(self) -> str:
        """The example of the view a link opens (a link without points opens its view's example)."""
        return VIEW_PRESET[self.view()]

    def run_settings(self, values):
        """η and w₀ are the first view's: the order and sign(0) views run from w₀ = 0 with η = 1 (the bound and
        the ties need w₀ = 0)."""
        values = super().run_settings(values)
        return values if self.view() == "eta" else {**values, "eta": 1.0, "w0": (0.0, 0.0, 0.0)}

    def notebook(self, page):
        return Recipe(compare_notebook.NOTEBOOK_RUN, compare_notebook.NOTEBOOK_STEP,
                      picture=compare_notebook.PICTURE, tries=compare_notebook.NOTEBOOK_TRIES,
                      about="PLA run twice or more on the same points, one setting changed: η, the order of visits "
                            "or the reading of sign(0).")

    def compute(self, points, settings, options):
        X, y = model.arrays(points)
        view = options["cmp"]
        if view == "eta":
            pair = compare.eta_pair(X, y, settings)
            start_zero = not np.any(pair.base.weights[0])
            from_zero = None if start_zero else compare.from_zero(X, y, settings)
            return pair.main, {"pair": pair, "start_zero": start_zero, "from_zero": from_zero}
        if view == "order":
            strip = compare.order_strip(X, y, settings)
            return compare.run(X, y, settings), {"strip": strip}
        sr = compare.sign_runs(X, y, settings, options["sign0"])
        return sr.runs[options["sign0"]], {"signs": sr}

    # -- what the plot draws -------------------------------------------------------------------------------------

    def moving_layers(self, page):
        if self.view() == "eta":
            return ("shade", "boundary", "companion", "w", "update", "circle")
        return self.moving

    def _names(self, page):
        """(the plot's run, the companion) as the legend names them."""
        pair = page.run.extras["pair"]
        a, b = (1.0, pair.eta) if pair.main_is_base else (pair.eta, 1.0)
        other = pair.other
        return (f"{compare_words.eta_label(a)} (solid)",
                f"{compare_words.eta_label(b)} (dashed), T = {len(other)}")

    def legend_names(self, page):
        if self.view() != "eta" or page.trace is None:
            return {"boundary": "the plot's run"} if page.trace is not None else {}
        return {"boundary": self._names(page)[0]}

    def companion(self, page):
        if self.view() != "eta" or page.trace is None:
            return None
        return payload.companion(page.run.extras["pair"].other, page.t, self._names(page)[1])

    def showing(self, page):
        line = super().showing(page)
        if line and self.view() == "eta":
            pair = page.run.extras["pair"]
            solid, dashed = (1.0, pair.eta) if pair.main_is_base else (pair.eta, 1.0)
            held = f" (it ended at update {len(pair.other)}: held there)" if page.t > len(pair.other) else ""
            line = (line.replace("Showing", f"Solid: the {compare_words.eta_label(solid)} run's", 1)
                    + f" · dashed: the {compare_words.eta_label(dashed)} run's w at the same t{held}")
        return line

    def questions(self, page):
        return [] if page.trace is None else compare_checks.questions(page.options["cmp"], page.run.extras, page.t)

    # -- beside the plot -----------------------------------------------------------------------------------------

    def panel(self, page, *, short: bool = False):
        s = self.state
        st.radio("Compare", tuple(compare_words.VIEWS), format_func=compare_words.VIEWS.get, horizontal=True,
                 key=s.key("cmp"), on_change=partial(_view_picked, self), label_visibility="collapsed")
        if page.trace is None:
            st.info(page.run.reason)
            return
        getattr(self, "_" + self.view())(page, short)

    def present_panel(self, page):
        """The view's controls, then its numbers in short: the two runs' table, the order's range and bound, or the
        readings' table."""
        self.panel(page, short=True)

    def _eta(self, page, short):
        s = self.state
        try:
            typed = parse_w0(s["w0_text"])
        except ValueError:
            typed = None
        if typed != s["w0"]:  # the box shows the w₀ in use (from a link, or after a typo was refused)
            s["w0_text"] = dump_w0(s["w0"]).replace(",", ", ")
        left, right = st.columns(2, vertical_alignment="bottom")
        with left:
            widgets.setting_widget(self._option("eta"), s.key("eta"), partial(actions.option_changed, self))
        right.text_input("Start w₀ = (b, w₁, w₂)", key=s.key("w0_text"), on_change=partial(_w0_typed, self),
                         help="Both runs start here. From 0 (the notes' start) the lines are the same; try 0, −3, 3.")
        if s["wh"] is not None:
            st.caption(f"w set by hand: both runs start from {literal(vec(s['wh']))} (Set w by hand, under the plot).")
        ex = page.run.extras
        st.markdown(compare_words.eta_table(ex["pair"], page.t) if short else
                    compare_words.eta_numbers(ex["pair"], page.t, ex["start_zero"], ex["from_zero"]))

    def _order(self, page, short):
        s = self.state
        widgets.option_widgets(self, only=("order", "seed"))
        strip = page.run.extras["strip"]
        if not short:  # presenter mode: its numbers only (with the controls, the chart would not fit at 1280×720)
            st.plotly_chart(compare_figures.strip_figure(strip, page.options["order"], theme=page.theme),
                            width="stretch", config={"displayModeBar": False}, key=s.key("strip"))
        st.markdown(compare_words.order_numbers(strip, page.trace, page.options["order"], page.options["seed"],
                                                short=short))
        self._from_zero_note()

    def _sign0(self, page, short):
        widgets.option_widgets(self, only=("sign0",))
        sr = page.run.extras["signs"]
        st.markdown(compare_words.sign_table(sr, 2, upto=page.t) if short else compare_words.sign_table(sr))
        if not short:
            st.markdown(compare_words.sign_words(sr))
        self._from_zero_note()

    def _from_zero_note(self):
        if self.state["wh"] is not None:
            st.caption("This view starts from w₀ = 0 with η = 1 (the bound and the ties need it): the w set by hand "
                       "is used by the η and w₀ view.")

    def _option(self, key: str) -> Setting:
        return next(o for o in self.options if o.key == key)


def _view_picked(lesson) -> None:
    """Another view: its own example (Undo brings the points back), from step 0."""
    actions.load_preset(lesson, VIEW_PRESET[lesson.state["cmp"]])


def _w0_typed(lesson) -> None:
    s = lesson.state
    try:
        w0 = parse_w0(s["w0_text"])
    except ValueError as e:
        s["toast"] = f"w₀ {e}; still using {dump_w0(s['w0'])}."
        return
    s["w0"] = w0
    actions.option_changed(lesson)


COMPARE = CompareLesson()
