"""The lesson Experiments' results as they are drawn: the histograms of one experiment with its bound or its
Pocket, the links that open one of its runs in a lesson, and the sweep over N."""

from __future__ import annotations

from functools import partial
from urllib.parse import urlencode

import numpy as np

from pla_core import experiment as E
from pla_core import words
from pla_lab.api import (MAX_POINTS, count, encode_points, links, notes, plural, shared, st, term)
from pla_lab.lessons.experiments import experiments_checks as C
from pla_lab.lessons.experiments import experiments_figures as F
from pla_lab.lessons.experiments import experiments_jobs as J
from pla_lab.lessons.experiments.experiments_results import halted_line, results, results_csv, stats_line


RUN_LINKS = "exp-run-links"  # the row of links that open one run in a lesson (its style: experiments_lesson)


def show_experiment(s, job, notebook=None) -> None:
    cfg, res = job["cfg"], results(job)
    k, n, cap = len(res["T"]), cfg["n"], cfg["kw"]["max_updates"]
    capped = int((res["stop"] == "max_updates").sum())
    st.markdown(words.experiment_head(res, n, cfg["runs"], cfg["p"], cfg["kw"]["order"], cap, bold=True))
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
        show_bound(res, cfg)
    else:
        show_pocket(res)
    open_run(s, res, cfg)
    csv_col, nb_col = st.columns(2)
    csv_col.download_button("Results (CSV)", partial(results_csv, res, cfg), file_name="pla-lab-experiments.csv",
                            mime="text/csv", on_click="ignore", icon=":material/download:",
                            help="One row per run: its number and seed, T, how it stopped, P[f ≠ g], Eᵢₙ, the "
                                 "bound, the final w and the target f")
    if notebook is not None:
        nb_col.download_button("Notebook (.ipynb)", notebook, file_name="pla-lab-experiments.ipynb",
                               mime="application/x-ipynb+json", on_click="ignore", icon=":material/code:",
                               help="This experiment as a Jupyter notebook: the same runs with pla_core, the same "
                                    "summary, the histograms, and things to try")

def show_bound(res, cfg) -> None:
    """T against each run's own bound: whether any run went past it is decided exactly near a tie
    (:func:`~pla_lab.lessons.experiments.experiments_checks.bound_check`)."""
    b = C.bound_check(res, cfg)
    left, right = st.columns(2, gap="medium")
    with left:
        if b is None:
            st.markdown(f"**T / bound:** no run among the first {J.BOUND_RUNS} is separable with these settings "
                        "(without a bias f's line must pass through the origin), so the proof gives no bound.")
            return
        st.markdown(bound_text(b))
        st.plotly_chart(F.histogram(b.ratio, title=f"T against each run's own bound R²/ρ*² ({b.k:,} of the first "
                                                   f"{J.BOUND_RUNS} runs)", x_title="T / (R²/ρ*²)",
                                    color=F.ORANGE, log_x=False), width="stretch", key="exp-bound")
    with right:
        w0 = cfg["kw"]["w0"]
        st.markdown(
            f"The bound R²/ρ*² needs an LP per run (about 3 ms each at N = 100), so it is solved for the first "
            f"{J.BOUND_RUNS} runs only. It holds for PLA from w₀ = 0, whatever the order, η or reading of sign(0)"
            + ("." if not any(w0) else f"; here w₀ = ({', '.join(f'{v:g}' for v in w0)}), so it may not hold.")
            + " Most runs use a small part of it: the bound is a worst case over every order of visits.")

def bound_text(b: C.BoundCheck) -> str:
    """T / (R²/ρ*²) over the runs with a bound, and whether any went past it (decided exactly near a tie)."""
    if b.over:
        tail = f": {b.over:,} run{plural(b.over)} past {'its' if b.over == 1 else 'their'} bound."
    else:
        tail = f" ≤ 1, as {notes.CREDIT.of} proof says" + (
            f" ({b.met:,} made exactly as many updates as the bound)." if b.met else ".")
    return stats_line("T / (R²/ρ*²)", b.ratio) + f"; largest **{b.top:.3g}**" + tail


def show_pocket(res) -> None:
    sides = ((term("Eᵢₙ"), "E_in", "pocket_E_in", "Eᵢₙ (on the noisy labels)", "Eᵢₙ", "exp-ein"),
             (term("Eₒᵤₜ"), "P", "pocket_P", "Eₒᵤₜ = P[f ≠ g] (against the noise-free f)", "P[f ≠ g]", "exp-eout"))
    for where, (name, pla_key, pocket_key, title, x_title, key) in zip(st.columns(2, gap="medium"), sides):
        where.markdown(stats_line(f"{name}, PLA's last w", res[pla_key]) + "  \n" +
                       stats_line(f"{name}, Pocket's ŵ", res[pocket_key]))
        where.plotly_chart(F.compare(res[pla_key], res[pocket_key], names=("PLA's last w", "Pocket's ŵ"),
                                     title=title, x_title=x_title), width="stretch", key=key)

def open_run(s, res, cfg) -> None:
    k = len(res["T"])
    slow = int(np.argmax(res["T"]))
    st.markdown(f"**Open a run** in another lesson (a new tab) to watch it step by step. The slowest is run "
                f"**{slow}** ({count(res['T'][slow], 'update')}).")
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
                                                    "Pocket's Eₒᵤₜ against it")

def show_sweep(job) -> None:
    cfg, res = job["cfg"], results(job)
    ns = [m for m in J.sweep_ns(cfg["n"]) if (res["N"] == m).any()]
    mT = [float(res["T"][res["N"] == m].mean()) for m in ns]
    mP = [float(res["P"][res["N"] == m].mean()) for m in ns]
    runs = [int((res["N"] == m).sum()) for m in ns]
    done = len(job["parts"]) == len(job["plan"])
    rows = " · ".join(f"N = {m:,}: T **{t:.4g}**, P **{p:.3g}**" for m, t, p in zip(ns, mT, mP))
    st.markdown(f"**Sweep** ({count(cfg['runs'], 'run')} per N" + ("" if done else
                f"; stopped after {sum(runs):,} of {count(cfg['runs'] * len(J.sweep_ns(cfg['n'])), 'run')}, "
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


