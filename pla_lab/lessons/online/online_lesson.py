"""Online perceptron (the COS 495 and step-function notes): points arrive one at a time; predict, then reveal the label,
then learn."""

from functools import partial

import pla_core
from pla_lab.api import (CREDIT_VIEW, DEFAULT_VIEW, ChartSpec, Field, Preset, ReplayLesson, Setting, actions,
                         button, count, dump_bool, model, number, parse_bool, st, widgets)
from pla_lab.lessons.online import online_notebook
from pla_lab.lessons.online import online_checks, online_words
from pla_lab.lessons.online import online_runs as online

#: The lesson's own options, kept in its link: the stream (which makes the run) and the quiz (which does not).
OPTIONS = (
    Setting("shuffle", True, parse_bool, dump_bool, label="Shuffle",
            help="Each pass shows the points in a new random order (the sidebar's seed fixes it); off: in the "
                 "order of the list, every pass.", widget="toggle"),
    Setting("passes", 3, number(1, online.PASSES_MAX, int), str, label="Passes",
            help=f"How many times the stream goes through the points (1 to {online.PASSES_MAX}).", widget="number",
            extra=dict(min_value=1, max_value=online.PASSES_MAX, step=1)),
    Setting("quiz", False, parse_bool, dump_bool, label="Quiz",
            help="You predict first: before each label is revealed, say what it is (○ +1 or × −1, or the keys O and X); the page keeps "
                 "your score against the perceptron's.", widget="toggle"),
)


class OnlineLesson(ReplayLesson):
    slug, title, icon, heading = "online", "Online perceptron", "📨", "Online perceptron: predict, then reveal"
    # On the path (the registry's order): one line, what to have seen first, about how long, the goal
    summary = "Points arrive one by one: predict each label, then see it, and count the mistakes."
    needs, minutes = 'Why PLA halts (the mistake bound)', 10
    goal = "Learn as the points arrive: predict, then reveal, and count the mistakes."
    look = ("A point arrives as a grey **?** with the prediction beside it; **Step** reveals its label. The chart "
            "counts the mistakes under the dashed bound.")
    presets = {
        "wide": Preset("Separable, 12 points", "separable", dict(n=12, margin=0.25), view=DEFAULT_VIEW),
        "many": Preset("Separable, 30 points", "separable", dict(n=30, margin=0.1), view=DEFAULT_VIEW),
        "credit": Preset("Credit card, 20 applicants", "credit", dict(n=20), view=CREDIT_VIEW),
    }
    default_preset = "wide"
    options = OPTIONS
    run_options = ("shuffle", "passes")
    on_option_change = "restart"  # a new stream starts from its first arrival
    fields = (Field("answers", dict), button("say_pos"), button("say_neg"), button("to_end"))
    moving = ("shade", "ghost", "boundary", "w", "circle", "stream")
    labels = {"boundary": "w's boundary"}
    chart = ChartSpec("", y_title="mistakes", y_format=".0f", hover_format=".0f", x_title="points arrived (t/2)")
    wide, plot_height = True, 400
    legend = dict(font={"size": 14}, itemwidth=30, tracegroupgap=0)
    guide = online_words.GUIDE

    def compute(self, points, settings, options):
        X, y = model.arrays(points)
        run = pla_core.online(X, y, eta=settings["eta"], w0=settings["w0"], bias=settings["bias"],
                              sign_zero=settings["sign_zero"], passes=options["passes"], shuffle=options["shuffle"],
                              seed=settings["seed"])
        steps = online.steps(run)
        return steps, {"chart": online.chart(steps), "bound": online.deciding_bound(run)}

    def notebook(self, page):
        return online_notebook.recipe()

    def own_settings(self):
        return ("order", "cap")  # the stream's order and length are this lesson's options

    def saved_trace(self, page):
        return None if page.trace is None else page.trace.run  # the online run itself, as pla_core returns it

    def arrivals(self, page):
        return None if page.trace is None else online.arrivals(page.trace, page.t)

    def showing(self, page):
        """The line above the numbers; in the quiz the ○ / × buttons take its place, in view at 1280×720 (the plot's
        alt text still says it)."""
        return None if page.trace is None or page.options["quiz"] else online_words.showing(page.trace, page.t)

    def alt(self, page):
        pos = sum(1 for p in page.points if p[2] > 0)
        head = f"{count(pos, 'point')} labelled +1 and {len(page.points) - pos} labelled −1."
        return head if page.trace is None else f"{head} {online_words.showing(page.trace, page.t)}."

    def questions(self, page):
        if page.trace is None:
            return []
        return online_checks.questions(page.trace, page.t, page.run.extras["bound"], ask_next=not page.options["quiz"])

    def toolbar(self):
        """Shuffle and Passes (a new stream, from its first arrival) and the quiz switch, each wide enough for its
        label."""
        c = st.columns([1.2, 0.8, 1], vertical_alignment="bottom")
        for where, o in zip(c, self.options):
            with where:
                widgets.setting_widget(o, self.state.key(o.key), on_change=None if o.key == "quiz" else
                                       partial(actions.option_changed, self))

    def under_transport(self, page):
        c = st.columns(2)
        c[0].button("To the end", icon=":material/last_page:", on_click=actions.move, args=(self, "to_end"),
                    width="stretch", key=self.state.key("to_end"),
                    help="The whole stream at once: every prediction made and every label revealed")
        widgets.reset_button(self, c[1])

    def panel(self, page):
        if page.trace is None:
            st.info(page.run.reason)
            return
        steps, t = page.trace, page.t
        if page.options["quiz"]:
            self.quiz(page)
        st.markdown(online_words.step_text(steps, t))
        st.markdown(online_words.tally(steps, t))
        st.caption(online_words.reading(steps.run.settings["sign_zero"]))

    def present_panel(self, page):
        """The arrival shown, its prediction or label, and the mistakes so far against the bound, in short."""
        if page.trace is None:
            st.info(page.run.reason)
            return
        if page.options["quiz"]:
            self.quiz(page)
        short = dict(short=True)
        st.markdown(online_words.step_text(page.trace, page.t, **short) + "  \n"
                    + online_words.tally(page.trace, page.t, **short))

    def quiz(self, page):
        """○ / × (keys O and X) while a label is hidden, and the score so far."""
        steps, s = page.trace, self.state
        k, phase = online.where(steps, page.t)
        answers = self.answers(page)
        if phase == "predict" and k not in answers:
            c = st.columns([1.2, 1, 1], vertical_alignment="center")
            c[0].markdown(f"**Your turn:** point #{int(steps.run.stream.shown[k])} is…")
            c[1].button("○ +1", on_click=answer, args=(self, 1), shortcut="O", width="stretch",
                        key=s.key("say_pos"), help="Predict ○ +1, then see the label")
            c[2].button("× −1", on_click=answer, args=(self, -1), shortcut="X", width="stretch",
                        key=s.key("say_neg"), help="Predict × −1, then see the label")
        elif phase != "end" and k in answers:
            st.markdown(f"You said **{online_words.cls(answers[k])}** for this point (first answers count).")
        st.markdown(online_words.score(steps, answers))

    def answers(self, page) -> dict:
        """The quiz's answers for this run's stream, {arrival: ±1} (a new stream starts a new quiz)."""
        kept = self.state["answers"]
        return kept["a"] if kept.get("run") == page.run.id else {}


def answer(lesson: OnlineLesson, y: int) -> None:
    """The student's prediction for the arriving point (the first one counts), then its label is revealed."""
    s, run = lesson.state, actions.current_run(lesson)
    if run.trace is None:
        return
    k, phase = online.where(run.trace, s["head"].t)
    if phase != "predict":
        return
    kept = s["answers"] if s["answers"].get("run") == run.id else {"run": run.id, "a": {}}
    kept["a"].setdefault(k, y)
    s["answers"] = kept
    s["head"] = s["head"].step(run.T)


ONLINE = OnlineLesson()
