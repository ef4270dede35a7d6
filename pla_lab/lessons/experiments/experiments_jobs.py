"""The Experiments lesson's jobs as plain Python (no drawing): an experiment or a sweep asked for, what it would
cost, whether it is refused, its plan of blocks, and its blocks computed one by one (pla_core.experiment)."""

from __future__ import annotations

import time

import numpy as np

from pla_core import experiment as E
from pla_lab.api import count
from pla_lab.lessons.experiments.experiments_results import progress

#: The bound R²/ρ*² needs an LP per run (~3 ms at N = 100): it is solved for the first this many runs only.
BOUND_RUNS = 200
#: The N's of a sweep, up to the lesson's N (which is added when it is not one of them).
SWEEP_NS = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000)
#: A sweep may cost this many times one experiment's limit (10 + 20 + 50 + … up to N is under 2 N).
SWEEP_FACTOR = 2
# This server's caps on one experiment. They protect the server a class shares, so they are the app's: pla_core
# runs whatever a notebook asks (pla_many's max_updates is a bound, not work done) and only estimates the cost.
#: Point scores PLA may make at most (runs × N × cap: a few seconds here).
MAX_WORK = 10**9
#: A run cannot be cut: a block of one run may take this long at most.
RUN_SECONDS = 1.0
#: One experiment (its estimate: every run to the cap unless its runs halt) may take this long at most.
MAX_SECONDS = 30.0


def key(cfg: dict) -> str:
    return repr((cfg["n"], cfg["runs"], cfg["p"], cfg["seed"], sorted(cfg["kw"].items())))


def sweep_ns(n: int) -> list[int]:
    return sorted({m for m in SWEEP_NS if m <= n} | {n})


def cost(cfg: dict, kind: str) -> E.Cost:
    """What the job's blocks cost: the sweep measures T and P[f ≠ g] only (no bound, no Pocket)."""
    exp = kind == "exp"
    return E.Cost.of(cfg["p"], cfg["kw"], pocket=exp, bound_runs=BOUND_RUNS if exp and cfg["p"] == 0 else 0)


def refusal(cfg: dict, kind: str) -> str | None:
    """Why the job is over this server's limits, with what would fit (None: it may start)."""
    try:
        if kind == "exp":
            check_work(cfg["runs"], cfg["n"], cfg["kw"]["max_updates"], cost=cost(cfg, kind))
        else:
            check_work(cfg["runs"], sweep_ns(cfg["n"]), cfg["kw"]["max_updates"], max_work=SWEEP_FACTOR * MAX_WORK,
                       cost=cost(cfg, kind), max_seconds=SWEEP_FACTOR * MAX_SECONDS)
    except ValueError as e:
        return str(e)
    return None


def _largest(fits, top: int) -> int:
    """The largest k in 1 … top with fits(k) (fits holds up to some k, then not), or 0."""
    lo, hi = 0, top
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid - 1)
    return lo


def check_work(runs: int, ns, cap: int, *, noise: float = 0.0, max_work: int = MAX_WORK,
               cost: E.Cost | None = None, max_seconds: float = MAX_SECONDS) -> None:
    """Refuse (ValueError, a sentence saying how to make it smaller) an experiment over this server's caps:
    ``max_work`` point scores for PLA; a run (which no Stop can cut) over RUN_SECONDS; the whole experiment over
    ``max_seconds`` by ``cost``'s estimate (default: :meth:`Cost.of` ``noise`` and LFD's settings)."""
    w = E.work(runs, ns, cap)
    ns = [int(n) for n in np.atleast_1d(ns)]
    runs, cap, n = int(runs), int(cap), max(ns)
    if w > max_work:
        fit = max_work // (runs * sum(ns))
        fewer = max_work // (sum(ns) * cap)
        raise ValueError(
            f"{count(runs, 'run')} × {'the N’s up to ' if len(ns) > 1 else ''}N = {n:,} points × a cap of "
            f"{count(cap, 'update')} could take {w:,} point scores, over this server's limit of {max_work:,}: lower "
            f"the cap per run to {max(fit, 0):,}" + (f" or the runs to {fewer:,}" if fewer >= 1 else "")
            + ", or choose a smaller N.")
    cost = cost or E.Cost.of(noise, {})
    pocket = "with noise, Pocket follows each run one by one" if cost.pocket else ""
    one = cost.run_seconds(n, cap)
    if one > RUN_SECONDS:
        fit = _largest(lambda c: cost.run_seconds(n, c) <= RUN_SECONDS, cap - 1)
        raise ValueError(
            f"One run of N = {n:,} points up to a cap of {count(cap, 'update')} could hold the server for about "
            f"{one:.1f} s "
            f"({pocket + ', and ' if pocket else ''}Stop waits for a run to end): " +
            (f"lower the cap per run to {fit:,} or choose a smaller N." if fit else "choose a smaller N."))
    total = cost.seconds(runs, ns, cap)
    if total > max_seconds:
        why = pocket or ("no run halts without a bias or from w₀ ≠ 0, so each may go to the cap" if not cost.halts
                         else "")
        fit = _largest(lambda c: cost.seconds(runs, ns, c) <= max_seconds, cap - 1)
        fewer = _largest(lambda r: cost.seconds(r, ns, cap) <= max_seconds, runs - 1)
        ways = ([f"lower the cap per run to {fit:,}"] if fit else []) + ([f"the runs to {fewer:,}"] if fewer else [])
        raise ValueError(
            f"{count(runs, 'run')} × {'the N’s up to ' if len(ns) > 1 else ''}N = {n:,} points × a cap of "
            f"{count(cap, 'update')} could take about {total:.0f} s of this server's CPU"
            + (f" ({why})" if why else "") +
            f", over its limit of {max_seconds:.0f} s for one experiment: " +
            (" or ".join(ways) + ", or choose a smaller N." if ways else "choose a smaller N."))


def new_job(cfg: dict, kind: str) -> dict:
    """A fresh job, its blocks each sized to take about E.BLOCK_SECONDS so that Stop answers soon."""
    ns = [cfg["n"]] if kind == "exp" else sweep_ns(cfg["n"])
    plan = cost(cfg, kind).plan(cfg["runs"], ns, cfg["kw"]["max_updates"])
    return dict(key=key(cfg), cfg=cfg, plan=plan, parts=[], running=True, elapsed=0.0, started=time.monotonic())


def advance(job: dict, kind: str, bar) -> None:
    """Compute the job's remaining blocks, keeping each in the job as it comes and moving the bar."""
    cfg = job["cfg"]
    bound_runs = cost(cfg, kind).bound_runs
    while job["running"] and len(job["parts"]) < len(job["plan"]):
        n, a, b = job["plan"][len(job["parts"])]
        t0 = time.perf_counter()
        part = E.experiment(n, a, b, noise=cfg["p"], seed=cfg["seed"], bound_runs=bound_runs,
                            pocket=kind == "exp", **cfg["kw"])
        part["N"] = np.full(b - a, n)
        job["parts"].append(part)
        job["elapsed"] += time.perf_counter() - t0
        bar.progress(*progress(job))
    job["running"] = False
