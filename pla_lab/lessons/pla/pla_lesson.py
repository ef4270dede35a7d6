"""PLA step by step: click points into the plane, then watch each update turn the boundary."""

from pla_lab.api import CREDIT_VIEW, DEFAULT_VIEW, Preset, ReplayLesson, pla_recipe, runs, st
from pla_lab.lessons.pla import pla_notebook
from pla_lab.lessons.pla import pla_checks, pla_words


class PlaLesson(ReplayLesson):
    slug, title, icon, heading = "pla", "PLA step by step", "▶️", "PLA, step by step"
    # On the path (the registry's order): one line, what to have seen first, about how long, the goal
    summary = ("Place points, press Step: each update turns the line toward the point it got wrong, until none is "
               "left.")
    needs, minutes = 'Nothing: start here', 10
    goal = "Watch PLA fix one mistake at a time, w ← w + η·y·x̃, until no point is on the wrong side."
    look = ("The circled point is a mistake: on the wrong side, or a tie (wᵀx̃ = 0). **Step** adds η·y·x̃ to w; "
            "the numbers show its score y·wᵀx̃ gain η‖x̃‖².")
    presets = {
        "separable": Preset("Separable", "separable", dict(n=20, margin=0.1), view=DEFAULT_VIEW),
        "xor": Preset("XOR (4 points)", "xor4", view=(-1.6, 1.6, -1.6, 1.6)),
        "credit": Preset("Credit card", "credit", dict(n=30), view=CREDIT_VIEW),
    }
    default_preset = "separable"
    guide, guide_open = pla_words.GUIDE, True

    def compute(self, points, settings, options):
        return runs.pla(points, settings), {}

    def present_panel(self, page):
        if page.trace is None:
            st.info(page.run.reason)
            return
        extras = page.run.extras
        st.markdown(pla_words.present(page.trace, page.t, separable=extras.get("separable"), go=self.to_end,
                                      with_bias=extras.get("with_bias")))

    def notebook(self, page):
        return pla_recipe(tries=pla_notebook.NOTEBOOK_TRIES)

    def questions(self, page):
        return pla_checks.pla_steps(page.trace, page.t, separable=page.run.extras.get("separable"), go=self.to_end)


PLA = PlaLesson()
