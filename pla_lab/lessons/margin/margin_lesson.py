"""The margin perceptron (the handwritten notes): a point is a mistake when y·wᵀx̃/‖w‖ < γ/2; the band that counts moves
with the line, the run is held against 8R²/(γρ*) + 4R/ρ* (γ ≤ ρ*) and the bound with ln M (γ < 2ρ*, its proof in a
folded box), and its final margin against plain PLA's on the same points."""

import math
from fractions import Fraction

import pla_core
from pla_core.geometry import clip_line
from pla_lab.api import (DEFAULT_VIEW, Preset, ReplayLesson, Setting, actions, button, dump12, figures, model,
                         st, widgets)
from pla_lab.lessons.margin import margin_notebook
from pla_lab.lessons.margin import margin_checks, margin_facts, margin_present, margin_words

GAMMA_MIN, GAMMA_MAX = 0.001, 100.0


def parse_gamma(s: str) -> float:
    """γ from a link: a number from 0.001 to 100 (γ = 0 is plain PLA, which the page draws beside it anyway)."""
    try:
        v = float(s)
    except ValueError:
        raise ValueError("is not a number") from None
    if not math.isfinite(v):
        raise ValueError("is not a finite number")
    if v <= 0:
        raise ValueError("must be greater than 0 (γ = 0 is plain PLA, drawn here for comparison)")
    if not GAMMA_MIN <= v <= GAMMA_MAX:
        raise ValueError(f"must be between {GAMMA_MIN:g} and {GAMMA_MAX:g}")
    return float(dump12(v))


GAMMA = Setting("gamma", 0.15, parse_gamma, dump12, label="Margin γ",
                help="A point counts as a mistake when y·wᵀx̃/‖w‖ < γ/2: on the wrong side, or on the right side but "
                     "inside the yellow band.", widget="number",
                extra=dict(min_value=GAMMA_MIN, max_value=GAMMA_MAX, step=0.01, format="%.4g"))


def plain_trace(w, view, *, theme: str) -> dict:
    """Plain PLA's final line (γ = 0, the same points and settings), dashed: it does not move."""
    seg = None if not any(w[1:]) else clip_line(w, view)
    xs, ys = ([seg[0][0], seg[1][0]], [seg[0][1], seg[1][1]]) if seg is not None else ([], [])
    return {"type": "scatter", "mode": "lines", "x": xs, "y": ys, "name": "PLA, γ = 0",
            "line": {"color": figures.palette(theme)["pocket"], "width": 3, "dash": "dash"}, "hoverinfo": "skip",
            "meta": "plain"}


def _floor3(f, times: Fraction) -> float:
    """times·ρ* rounded down to 3 significant digits (a γ typed as a person would, still ≤ times·ρ*: exactly so on
    grid data, from ρ*²)."""
    square = None if f.exact is None else times * times * f.exact[2]
    return margin_facts.floor3(float(times) * f.rho_star, square)


class MarginLesson(ReplayLesson):
    # The note (the handwritten notes) is named where its rule is, in the guide: with it, the heading took two lines
    # of presenter mode's column.
    slug, title, icon, heading = "margin", "The margin perceptron", "📏", "The margin perceptron"
    # On the path (the registry's order): one line, what to have seen first, about how long, the goal
    summary = "Update also on points too close to the line: a wider street between the classes."
    needs, minutes = 'Why PLA halts (the margin ρ*)', 10
    goal = "See the margin perceptron push the line away from the points, and what it costs."
    look = ("The yellow band is where a point counts as a mistake, even on the right side. **Step**: the circled "
            "point is in it, or on the wrong side.")
    presets = {
        "gap30": Preset("Separable, PLA stops close (30 points)", "separable", dict(n=30, margin=0.15),
                        view=DEFAULT_VIEW),
        "gap12": Preset("Separable, wide gap (12 points)", "separable", dict(n=12, margin=0.2), view=DEFAULT_VIEW),
        "xor": Preset("XOR (4 points): no line at all", "xor4", view=(-1.6, 1.6, -1.6, 1.6)),
    }
    default_preset = "gap30"
    options = (GAMMA,)
    fields = (button("g_star"), button("g_over"))
    on_option_change = "restart"
    moving = ("shade", "band", "ghost", "boundary", "w", "update", "circle")
    labels = {"band": "mistake band"}
    legend = dict(font={"size": 13}, itemwidth=30, tracegroupgap=0)
    guide = margin_words.GUIDE

    def compute(self, points, settings, options):
        # Neither run's mistake counts at every step (runs.pla's): the words count the mistakes of the step shown
        # only, and plain PLA is read for its length, its end and its last w. With 500 points and 20,000 updates
        # the counts would cost about a third as much again as the two runs.
        X, y = model.arrays(points)
        trace = pla_core.pla(X, y, stop_on_cycle=False, margin=options["gamma"], **settings)
        plain = pla_core.pla(X, y, stop_on_cycle=False, **settings)
        return trace, {"facts": margin_words.facts(trace, plain, options["gamma"])}

    def notebook(self, page):
        return margin_notebook.recipe()

    def gamma(self, page):
        return page.options["gamma"]

    def layers(self, page):
        f = page.run.extras.get("facts")
        return {} if f is None else {"above": [plain_trace(f.plain_w, page.state["view"], theme=page.theme)]}

    def showing(self, page):
        line = super().showing(page)
        return None if line is None else line + " · yellow band: counts as a mistake"

    def questions(self, page):
        f = page.run.extras.get("facts")
        return [] if page.trace is None or f is None else margin_checks.questions(page.trace, page.t, f)

    def present_panel(self, page):
        """γ and its buttons, then the verdict, the step's mistakes, the next one and the bound, in short."""
        f = self._controls(page)
        if page.trace is None:
            st.info(page.run.reason)
            return
        st.markdown(margin_present.numbers(page.trace, page.t, f, separable=page.run.extras.get("separable"),
                                           go=self.to_end))

    def _controls(self, page):
        """γ and its two buttons; the run's facts."""
        s = self.state
        f = page.run.extras.get("facts")
        c = st.columns([1.3, 1, 1], vertical_alignment="bottom")
        with c[0]:
            widgets.option_widgets(self, columns=False)
        ok = f is not None and f.separable
        c[1].button("γ = ρ\\*", key=s.key("g_star"), disabled=not ok, width="stretch",
                    on_click=self._set_gamma, args=(_floor3(f, Fraction(1)) if ok else None,),
                    help="The largest γ the bound allows: the best margin ρ* (rounded down).")
        c[2].button("γ > 2ρ\\*", key=s.key("g_over"), disabled=not ok, width="stretch",
                    on_click=self._set_gamma, args=(_floor3(f, Fraction(12, 5)) if ok else None,),
                    help="More than twice the best margin: no line can clear every point by γ/2.")
        return f

    def panel(self, page):
        f = self._controls(page)
        ok = f is not None and f.separable
        if page.trace is None:
            st.info(page.run.reason)
            return
        st.markdown(margin_words.verdict(page.trace, page.t, f, separable=page.run.extras.get("separable"),
                                         go=self.to_end) + "\n\n" + margin_words.step(page.trace, page.t, f.gamma))
        st.markdown(margin_words.bound(page.trace, page.t, f))
        if ok:
            with st.expander("Why the margin perceptron halts for every γ < 2ρ\\*: the proof"):
                st.markdown(margin_words.proof(f))
        st.markdown(margin_words.margins(page.trace, f))

    def _set_gamma(self, value):
        if value is None or not GAMMA_MIN <= value <= GAMMA_MAX:
            return
        self.state["gamma"] = float(dump12(value))
        actions.option_changed(self)


MARGIN = MarginLesson()
