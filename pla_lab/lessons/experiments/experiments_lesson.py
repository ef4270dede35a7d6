"""Experiments (issue 13; Learning from Data, chapter 1's homework): a thousand PLA runs on random targets, as
histograms, with a progress bar, a Stop button and a sweep over N.

A study lesson without points of its own: each run makes its data (:mod:`pla_core.experiment`). Runs are computed
in blocks inside the script run, each block kept in the session as it comes, so Stop (which interrupts the script)
keeps what is done, and the next run of the script shows it.
"""

from __future__ import annotations

from functools import partial
from urllib.parse import urlencode

import numpy as np

from pla_core import experiment as E

from pla_lab.lessons.experiments import experiments_figures as F
from pla_lab.lessons.experiments import experiments_jobs as J
from pla_lab.framework import checks, frame, links, look, shared
from pla_lab.lessons.experiments import experiments_checks as experiment_checks
from pla_lab.words import notes
from pla_lab.framework import settings as S
from pla_lab.framework.codec import MAX_POINTS, encode_points
from pla_lab.framework.lesson import StudyLesson
from pla_lab.framework.parsers import Setting, choice, number
from pla_lab.framework.state import Field, button, linked
from pla_lab.words.text import literal, plural, term
from pla_lab.framework.widgets import setting_widget
from pla_lab.lessons.experiments.experiments_results import halted_line, progress, results, results_csv, stats_line
from pla_lab.framework.say import st

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
CONTROLS, RUN_LINKS = "exp-controls", "exp-run-links"
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
        return (Field("share", False, widget=True), Field("msgs", list), Field("toast"),
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
            self.show_experiment(s["exp"])
        if s["sweep"] and s["sweep"]["parts"]:
            self.show_sweep(s["sweep"])
        checks.ask(s.ns, experiment_checks.from_jobs(s["exp"], s["sweep"]), about=key)
        frame.close_lesson(self, None)

    def show_experiment(self, job) -> None:
        cfg, res = job["cfg"], results(job)
        k, n, cap = len(res["T"]), cfg["n"], cfg["kw"]["max_updates"]
        capped = int((res["stop"] == "max_updates").sum())
        st.markdown(f"**{k:,} run{plural(k)}** of N = {n:,}" + (f" (stopped after {k:,} of {cfg['runs']:,})"
                                                                 if k < cfg["runs"] else "") +
                    f", noise {cfg['p']:.0%}, {cfg['kw']['order']} order: **{capped:,}** hit the cap of "
                    f"{cap:,} updates.")
        if cfg["p"] > 0:  # with noise, whether a run halts is the question the noise help raises
            st.markdown(halted_line(res, cfg))
        left, right = st.columns(2, gap="medium")
        with left:
            st.markdown(stats_line("Updates T", res["T"], capped=capped, k=k))
            st.plotly_chart(F.histogram(res["T"], title="Updates T per run", x_title="T (updates)"),
                            width="stretch", key="exp-T")
        with right:
            st.markdown(stats_line("P[f ≠ g]", res["P"]))
            st.plotly_chart(F.histogram(res["P"], title="P[f ≠ g] per run (exact, by clipping)",
                                        x_title="P[f ≠ g]", color=F.GREEN), width="stretch", key="exp-P")
        if cfg["p"] == 0:
            self.show_bound(res, cfg)
        else:
            self.show_pocket(res)
        self.open_run(res, cfg)
        st.download_button("Results (CSV)", partial(results_csv, res, cfg), file_name="pla-lab-experiments.csv",
                           mime="text/csv", on_click="ignore", icon=":material/download:",
                           help="One row per run: its number and seed, T, how it stopped, P[f ≠ g], E_in, the "
                                "bound, the final w and the target f")

    def show_bound(self, res, cfg) -> None:
        ratio = res["T"] / res["bound"]
        ok = np.isfinite(ratio)
        left, right = st.columns(2, gap="medium")
        with left:
            if not ok.any():
                st.markdown(f"**T / bound:** no run among the first {J.BOUND_RUNS} is separable with these settings "
                            "(without a bias f's line must pass through the origin), so the proof gives no bound.")
                return
            top = float(ratio[ok].max())
            st.markdown(stats_line("T / (R²/ρ*²)", ratio[ok]) +
                        f"; largest **{top:.3g}**" + (f" ≤ 1, as {notes.CREDIT.of} proof says." if top <= 1 else "."))
            st.plotly_chart(F.histogram(ratio[ok], title=f"T against each run's own bound R²/ρ*² (first "
                                                          f"{int(ok.sum()):,} runs)", x_title="T / (R²/ρ*²)",
                                        color=F.ORANGE, log_x=False), width="stretch", key="exp-bound")
        with right:
            w0 = cfg["kw"]["w0"]
            st.markdown(
                f"The bound R²/ρ*² needs an LP per run (about 3 ms each at N = 100), so it is solved for the first "
                f"{J.BOUND_RUNS} runs only. It holds for PLA from w₀ = 0, whatever the order, η or reading of sign(0)"
                + ("." if not any(w0) else f"; here w₀ = ({', '.join(f'{v:g}' for v in w0)}), so it may not hold.")
                + " Most runs use a small part of it: the bound is a worst case over every order of visits.")

    def show_pocket(self, res) -> None:
        sides = ((term("E_in"), "E_in", "pocket_E_in", "E_in (on the noisy labels)", "E_in", "exp-ein"),
                 (term("E_out"), "P", "pocket_P", "E_out = P[f ≠ g] (against the noise-free f)", "P[f ≠ g]", "exp-eout"))
        for where, (name, pla_key, pocket_key, title, x_title, key) in zip(st.columns(2, gap="medium"), sides):
            where.markdown(stats_line(f"{name}, PLA's last w", res[pla_key]) + "  \n" +
                           stats_line(f"{name}, Pocket's ŵ", res[pocket_key]))
            where.plotly_chart(F.compare(res[pla_key], res[pocket_key], names=("PLA's last w", "Pocket's ŵ"),
                                         title=title, x_title=x_title), width="stretch", key=key)

    def open_run(self, res, cfg) -> None:
        s, k = self.state, len(res["T"])
        slow = int(np.argmax(res["T"]))
        st.markdown(f"**Open a run** in another lesson (a new tab) to watch it step by step. The slowest is run "
                    f"**{slow}** ({int(res['T'][slow]):,} updates).")
        if cfg["n"] > MAX_POINTS:
            st.caption(f"Runs of more than {MAX_POINTS} points do not fit in a link: choose N ≤ {MAX_POINTS} to open "
                       "one.")
            return
        if s["pick"] >= k:
            s["pick"] = slow
        c = st.container(key=RUN_LINKS).columns([1, 1.4, 1.6, 1.6], vertical_alignment="bottom")
        c[0].number_input("Run number", min_value=0, max_value=k - 1, step=1, key=s.key("pick"),
                          help="Any run of this experiment (0 is the first)")
        r = int(s["pick"])
        pla_link, pocket_link = run_links(cfg, r)
        c[1].link_button(f"Slowest (run {slow}) in PLA step by step", run_links(cfg, slow)[0],
                         icon=":material/open_in_new:", width="stretch")
        c[2].link_button(f"Run {r} in PLA step by step", pla_link, icon=":material/open_in_new:",
                         width="stretch", help="Its points, labels, order, seed and cap; PLA replays it")
        c[3].link_button(f"Run {r} in Noise & Pocket (f drawn)", pocket_link, icon=":material/open_in_new:",
                         width="stretch", help="The same points and labels with the target f drawn, and "
                                                        "Pocket's E_out against it")

    def show_sweep(self, job) -> None:
        cfg, res = job["cfg"], results(job)
        ns = [m for m in J.sweep_ns(cfg["n"]) if (res["N"] == m).any()]
        mT = [float(res["T"][res["N"] == m].mean()) for m in ns]
        mP = [float(res["P"][res["N"] == m].mean()) for m in ns]
        runs = [int((res["N"] == m).sum()) for m in ns]
        done = len(job["parts"]) == len(job["plan"])
        rows = " · ".join(f"N = {m:,}: T **{t:.4g}**, P **{p:.3g}**" for m, t, p in zip(ns, mT, mP))
        st.markdown(f"**Sweep** ({cfg['runs']:,} runs per N" + ("" if done else
                    f"; stopped after {sum(runs):,} of {cfg['runs'] * len(J.sweep_ns(cfg['n'])):,} runs, "
                    f"the last N with {runs[-1]:,}") + f"): {rows}")
        st.plotly_chart(F.sweep(ns, mT, mP, runs=runs), width="stretch", key="sweep-chart")


def run_links(cfg: dict, r: int) -> tuple[str, str]:
    """Links that open run r in PLA step by step and in Noise & Pocket: its points with the labels it learned from,
    the sidebar's settings with this page's order and cap, and the run's own seed (and for Pocket, f)."""
    d = E.lfd_runs(cfg["n"], r, r + 1, noise=cfg["p"], seed=cfg["seed"])
    pts = [(float(x), float(y), float(lab)) for (x, y), lab in zip(d.X[0], d.y[0])]
    common = {**shared.link(), "order": cfg["kw"]["order"], "cap": str(cfg["kw"]["max_updates"]),
              "seed": str(int(d.seeds[0])), "pts": encode_points(pts)}
    f = links.dump_target((*d.W_f[0], -1.0, 1.0, -1.0, 1.0))
    return "./pla?" + urlencode(common), "./pocket?" + urlencode({**common, "f": f, "noisy": "0"})


EXPERIMENTS = ExperimentsLesson()
