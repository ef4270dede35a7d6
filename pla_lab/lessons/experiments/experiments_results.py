"""The Experiments lesson's results as plain Python (no Streamlit): its progress, the blocks joined, the summary
lines and the results table as CSV."""

from __future__ import annotations

import csv
import io

import numpy as np

from pla_core.experiment import summary
from pla_lab.api import plural


def progress(job) -> tuple[float, str]:
    """The bar's value and words: runs done of all, and the time left (from the time per point so far)."""
    plan, parts = job["plan"], job["parts"]
    done = sum(b - a for _, a, b in plan[:len(parts)])
    total = sum(b - a for _, a, b in plan)
    units = [(b - a) * n for n, a, b in plan]
    did = sum(units[:len(parts)])
    left = job["elapsed"] / did * (sum(units) - did) if did else None
    text = f"{done:,} of {total:,} runs"
    if len(parts) == len(plan):
        text += f", done in {job['elapsed']:.1f} s"
    elif not job["running"]:
        text = f"Stopped after {done:,} of {total:,} runs ({job['elapsed']:.1f} s)"
    elif left is not None:
        text += f", about {left:.0f} s left" if left >= 1 else ", under a second left"
    return done / total, text


def results(job) -> dict:
    return {k: np.concatenate([p[k] for p in job["parts"]]) for k in job["parts"][0]}


def stats_line(name: str, x, *, capped: int | None = None, k: int | None = None) -> str:
    m = summary(x)
    line = (f"**{name}:** mean **{m['mean']:.4g}**, median **{m['median']:.4g}**, "
            f"90th percentile **{m['p90']:.4g}**")
    return line + (f", **{capped:,}** of {k:,} hit the cap" if capped is not None else "")


def halted_line(res: dict, cfg: dict) -> str:
    """With label noise, how many runs halted and why that can happen: flips need not leave the labels non-separable.
    With a bias and ties read as mistakes or as sign(0) = ±1, a run halts only on labels some line separates."""
    k, cap = len(res["T"]), cfg["kw"]["max_updates"]
    h = int((res["stop"] == "halted").sum())
    strict = cfg["kw"]["bias"] and cfg["kw"]["sign_zero"] in (None, 1, -1)
    line = (f"**{h:,}** of {k:,} run{plural(k)} halted" +
            (f": flipping each label with probability p = {cfg['p']:.0%} left {'their' if h != 1 else 'its'} "
             "labels separable by a line" if strict and h else
             " (a full pass without a mistake)" if h else ""))
    if h == k:
        return line + "."
    rest = k - h
    return (line + f". {'The other ' if h else ''}{rest:,} hit the cap of {cap:,} updates: on labels no line "
            "separates PLA never halts, and the cap stops it (it also stops a separable run slower than the cap).")


def results_csv(res: dict, cfg: dict) -> str:
    """The results table: one row per run."""
    out = io.StringIO()
    out.write(f"# PLA Lab experiments: N={cfg['n']}, noise p={cfg['p']:g}, seed={cfg['seed']}, "
              f"{', '.join(f'{k}={v}' for k, v in cfg['kw'].items())}\n")
    cols = ["run", "N", "seed", "T", "stop", "P_f_ne_g", "E_in", "bound", "T_over_bound"]
    pocket = "pocket_P" in res
    cols += ["pocket_E_in", "pocket_P_f_ne_g"] if pocket else []
    cols += ["w_b", "w_1", "w_2", "f_b", "f_1", "f_2"]
    w = csv.writer(out, lineterminator="\n")
    w.writerow(cols)
    for i in range(len(res["T"])):
        b = res["bound"][i]
        row = [int(res["run"][i]), int(res["N"][i]), int(res["seed"][i]), int(res["T"][i]), res["stop"][i],
               f"{res['P'][i]:.6g}", f"{res['E_in'][i]:.6g}", "" if np.isnan(b) else f"{b:.6g}",
               "" if np.isnan(b) or np.isinf(b) else f"{res['T'][i] / b:.6g}"]
        row += [f"{res['pocket_E_in'][i]:.6g}", f"{res['pocket_P'][i]:.6g}"] if pocket else []
        row += [f"{v:.12g}" for v in (*res["w"][i], *res["W_f"][i])]
        w.writerow(row)
    return out.getvalue()


#: Download as a notebook: the experiment in code (pla_core.experiment, the same runs and seeds), its summary as
#: the page says it, tries
NOTEBOOK_RUN = """from pla_core import experiment

res = experiment.experiment(n, 0, runs, noise=p, seed=seed, bound_runs=min(runs, 200), **kw)
len(res["T"])"""
NOTEBOOK_STEP = """def stats(name, x):
    m = experiment.summary(x)
    return f"{name}: mean {m['mean']:.4g}, median {m['median']:.4g}, 90th percentile {m['p90']:.4g}"


k, cap = len(res["T"]), kw["max_updates"]
capped = int((res["stop"] == "max_updates").sum())
print(f"{k:,} runs of N = {n:,}, noise {p:.0%}, {kw['order']} order: {capped:,} hit the cap of {cap:,} updates.")
print(stats("Updates T", res["T"]) + f", {capped:,} of {k:,} hit the cap")
print(stats("P[f ≠ g]", res["P"]))"""
NOTEBOOK_PICTURE = """%matplotlib inline
import matplotlib.pyplot as plt

fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.5))
left.hist(res["T"], bins=30, color="#0072B2")
left.set_xlabel("T (updates)")
left.set_title("Updates T per run")
right.hist(res["P"], bins=30, color="#009E73")
right.set_xlabel("P[f ≠ g]")
right.set_title("P[f ≠ g] per run (exact)")
plt.show()"""
NOTEBOOK_TRIES = (
    ("Learning from Data's exercise 1.4: how T grows with N. Run a smaller experiment at a few N:",
     "for size in (10, 20, 40, 80):\n"
     "    r = experiment.experiment(size, 0, 100, seed=seed, **kw)\n"
     "    print(f'N = {size}: mean T {r[\"T\"].mean():.4g}, mean P[f ≠ g] {r[\"P\"].mean():.4g}')"),
    ("Each run's T against its own bound R²/ρ*² (the first 200 runs): never past it.",
     "ratio = res['T'] / res['bound']\n"
     "ok = np.isfinite(ratio)\n"
     "print(f'{ok.sum()} runs with a bound; the largest T / bound is {np.nanmax(ratio) if ok.any() else float(\"nan\"):.4g}')"),
)


def notebook_recipe(cfg: dict):
    """The notebook of the experiment ``cfg`` (N, runs, p, seed, pla_many's keyword arguments)."""
    from pla_lab.api import notebook

    data = (f"n, runs, p, seed = {cfg['n']!r}, {cfg['runs']!r}, {cfg['p']!r}, {cfg['seed']!r}  # N, runs, noise, seed\n"
            f"kw = {cfg['kw']!r}  # pla_many's keyword arguments (the sidebar's and the page's settings)")
    return notebook.Recipe(NOTEBOOK_RUN, NOTEBOOK_STEP, picture=NOTEBOOK_PICTURE, tries=NOTEBOOK_TRIES, data=data,
                           about="A thousand PLA runs on random targets (Learning from Data, chapter 1's homework): "
                                 "each run draws its own points and target f.")
