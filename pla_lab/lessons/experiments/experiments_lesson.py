"""Experiments (issue 13; Learning from Data, chapter 1's homework): a thousand PLA runs on random targets, as
histograms, with a progress bar, a Stop button and a sweep over N.

A study lesson without points of its own: each run makes its data (:mod:`pla_core.experiment`). Runs are computed
in blocks inside the script run, each block kept in the session as it comes, so Stop (which interrupts the script)
keeps what is done, and the next run of the script shows it.
"""

from __future__ import annotations

from functools import partial

from pla_lab.api import (
    Field,
    S,
    Setting,
    StudyLesson,
    button,
    checks,
    choice,
    frame,
    linked,
    literal,
    look,
    notebook,
    number,
    plural,
    setting_widget,
    shared,
    st,
    term,
)
from pla_lab.lessons.experiments import experiments_checks as experiment_checks
from pla_lab.lessons.experiments import experiments_jobs as J
from pla_lab.lessons.experiments import experiments_notebook as R
from pla_lab.lessons.experiments import experiments_show
from pla_lab.lessons.experiments.experiments_results import progress
from pla_lab.lessons.experiments.experiments_show import RUN_LINKS

OPTIONS = (
    Setting("n", 100, number(2, 10_000, int), str, label="Points per run N",
            help="Each run draws N points uniform in [−1, 1]² and a target f through two more such points.",
            widget="number", extra=dict(min_value=2, max_value=10_000, step=10)),
    Setting("runs", 1000, number(1, 10_000, int), str, label="Runs",
            help="How many independent runs (each its own f, points and seed).", widget="number",
            extra=dict(min_value=1, max_value=10_000, step=100)),
    Setting("noise", 0, number(0, 50, int), str, label="Label noise p (%)",
            help="Each label is flipped with probability p. Flips may leave labels that no line separates, and on "
                 "those PLA never halts; with few points they often stay separable, and PLA halts. With p > 0, "
                 "Pocket is run too.",
            widget="number", extra=dict(min_value=0, max_value=50, step=5)),
    Setting("order", "random", choice(tuple(S.ORDER_LABELS)), label="Order of visits",
            help="LFD's homework picks a misclassified point at random (the default here). On this page it "
                 "replaces the sidebar's order.",
            widget="select", options=tuple(S.ORDER_LABELS), option_label=S.ORDER_LABELS.get),
    Setting("cap", 10_000, number(1, 20_000, int), str, label="Cap per run (updates)",
            help="A run that reaches it stops there and is counted as capped. On this page it replaces the "
                 "sidebar's cap.", widget="number", extra=dict(min_value=1, max_value=20_000, step=1000)),
)


# The rows of buttons whose labels say which run or how many: a label too long for its column wraps (Streamlit cuts
# it with "…" otherwise: "Slowest (run 358) in P…" at 1280×720).
CONTROLS = "exp-controls"
WRAP_LABELS = "".join(f".st-key-{k} :is(a,button) :is([data-testid=stMarkdownContainer],p)"
                      "{white-space:normal;overflow:visible;text-overflow:clip}" for k in (CONTROLS, RUN_LINKS))


class ExperimentsLesson(StudyLesson):
    slug, title, icon, heading = "experiments", "Experiments", "📊", "Experiments: a thousand PLA runs at once"
    # On the path (the registry's order): one line, what to have seen first, about how long, the goal
    summary = "A thousand PLA runs on random data at once, as histograms, and a sweep over N."
    needs, minutes = 'Why PLA halts; Runs compared', 10
    goal = "Run PLA a thousand times at once: how the number of updates spreads and grows with N."
    look = ("Press **Start**: one histogram counts the updates T each run needed, the other how often its g "
            "disagrees with f. Compare the mean with the slowest run.")
    options = OPTIONS

    def all_fields(self):
        """No points, view or tools: only the options, the two jobs (experiment, sweep) and the run to open."""
        return (Field("share", False, widget=True), *StudyLesson.LECTURE_FIELDS, Field("msgs", list), Field("toast"),
                *(linked(o, widget=True) for o in self.options),
                Field("exp"), Field("sweep"), Field("pick", 0, widget=True),
                button("start"), button("stop"), button("sweep_go"))

    def toolbar(self):
        st.caption(f"{term('LFD', 'Learning from Data')}'s homework: N random points labelled by a random line f; "
                   f"how many updates T does PLA make, and how often does its {term('g')} disagree with f? The "
                   "sidebar's η, w₀, bias, sign(0) and seed apply here too.")
        look.show(self)
        for where, o in zip(st.columns(len(self.options), vertical_alignment="bottom"), self.options):
            with where:
                setting_widget(o, self.state.key(o.key))

    # -- what is asked ------------------------------------------------------------------------------------------

    def config(self) -> dict:
        """The experiment the page's settings ask for: N, runs, p, seed and pla_many's keyword arguments."""
        s, v = self.state, shared.values()
        kw = S.pla_kwargs({**v, "order": s["order"], "cap": s["cap"]})
        seed = kw.pop("seed")
        return dict(n=int(s["n"]), runs=int(s["runs"]), p=s["noise"] / 100, seed=seed, kw=kw)

    def notebook(self, page, cfg: dict | None = None):
        """The experiment the page asks for (or ``cfg``, one that ran) as a notebook's recipe."""
        return R.notebook_recipe(cfg or self.config())

    # -- the jobs -----------------------------------------------------------------------------------------------

    def start(self, kind: str) -> None:
        """Start button: a fresh job (the other kind's running job stops); its blocks are computed in the script."""
        cfg = self.config()
        if J.refusal(cfg, kind):
            return
        self.stop()
        self.state[kind] = J.new_job(cfg, kind)

    def stop(self) -> None:
        for kind in ("exp", "sweep"):
            job = self.state[kind]
            if job and job["running"]:
                job["running"] = False

    # -- the page -----------------------------------------------------------------------------------------------

    def render(self) -> None:
        frame.open_lesson(self)
        s = self.state
        cfg = self.config()
        key = J.key(cfg)
        for kind in ("exp", "sweep"):  # results of other settings are dropped; a job they interrupted stops
            if s[kind] and s[kind]["key"] != key:
                s[kind] = None
        refuse = J.refusal(cfg, "exp")
        st.html(f"<style>{WRAP_LABELS}</style>")  # style only: Streamlit gives it no place on the page
        c = st.container(key=CONTROLS).columns([1.3, 0.75, 1.25, 3.2], vertical_alignment="center")
        c[0].button(f"Start {cfg['runs']:,} run{plural(cfg['runs'])}", icon=":material/play_arrow:", type="primary",
                    key=s.key("start"), on_click=self.start, args=("exp",), disabled=refuse is not None,
                    width="stretch", help="Run the experiment with these settings")
        running = any(s[k] and s[k]["running"] for k in ("exp", "sweep"))
        c[1].button("Stop", icon=":material/stop:", key=s.key("stop"), on_click=self.stop, disabled=not running,
                    width="stretch", help="Stop after the block of runs being computed; what is done stays")
        ns = J.sweep_ns(cfg["n"])
        sweep_refuse = J.refusal(cfg, "sweep")
        c[2].button(f"Sweep N ≤ {ns[-1]:,}", icon=":material/trending_up:", key=s.key("sweep_go"),
                    on_click=self.start, args=("sweep",), disabled=sweep_refuse is not None or len(ns) < 2,
                    width="stretch",
                    help=f"The same experiment at N = {', '.join(f'{m:,}' for m in ns)}: mean T and mean P[f ≠ g] "
                         "against N on log axes")
        bar = c[3].empty()
        if refuse or sweep_refuse:
            st.warning(literal(refuse or sweep_refuse), icon=":material/block:")
        shown = next((k for k in ("exp", "sweep") if s[k] and s[k]["running"]), None)
        shown = shown or max((k for k in ("exp", "sweep") if s[k]), key=lambda k: s[k]["started"], default=None)
        if shown:
            bar.progress(*progress(s[shown]))
        else:
            bar.caption("Press **Start** to run the experiment.")
        for kind in ("exp", "sweep"):
            if s[kind] and s[kind]["running"]:
                J.advance(s[kind], kind, bar)
        if s["exp"] and s["exp"]["parts"]:
            made = notebook.inputs(self, None, self.notebook(None, s["exp"]["cfg"]), shared.demo_link(self))
            experiments_show.show_experiment(s, s["exp"], partial(notebook.build, **made))
        if s["sweep"] and s["sweep"]["parts"]:
            experiments_show.show_sweep(s["sweep"])
        checks.ask(s.ns, experiment_checks.from_jobs(s["exp"], s["sweep"]), about=key,
                   asking=checks.class_asking(self))
        frame.close_lesson(self, None)


EXPERIMENTS = ExperimentsLesson()
