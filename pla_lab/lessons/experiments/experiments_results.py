"""The Experiments lesson's results as plain Python (no Streamlit): its progress, the blocks joined, the summary
lines and the results table as CSV."""

from __future__ import annotations

import csv
import io

import numpy as np

from pla_core import words
from pla_lab.api import count, plural


def progress(job) -> tuple[float, str]:
    """The bar's value and words: runs done of all, and the time left (from the time per point so far)."""
    plan, parts = job["plan"], job["parts"]
    done = sum(b - a for _, a, b in plan[:len(parts)])
    total = sum(b - a for _, a, b in plan)
    units = [(b - a) * n for n, a, b in plan]
    did = sum(units[:len(parts)])
    left = job["elapsed"] / did * (sum(units) - did) if did else None
    text = f"{done:,} of {count(total, 'run')}"
    if len(parts) == len(plan):
        text += f", done in {job['elapsed']:.1f} s"
    elif not job["running"]:
        text = f"Stopped after {done:,} of {count(total, 'run')} ({job['elapsed']:.1f} s)"
    elif left is not None:
        text += f", about {left:.0f} s left" if left >= 1 else ", under a second left"
    return done / total, text


def results(job) -> dict:
    return {k: np.concatenate([p[k] for p in job["parts"]]) for k in job["parts"][0]}


def stats_line(name: str, x, *, capped: int | None = None, k: int | None = None) -> str:
    """Mean, median and 90th percentile of ``x``, and how many of k runs hit the cap, in bold
    (:func:`pla_core.words.summary_line`, the line a notebook prints)."""
    return words.summary_line(name, x, capped=capped, k=k, bold=True)


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
    return (line + f". {'The other ' if h else ''}{rest:,} hit the cap of {count(cap, 'update')}: on labels no line "
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
