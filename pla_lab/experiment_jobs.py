"""The Experiments lesson's jobs as plain Python (no drawing): an experiment or a sweep asked for, what it would
cost, whether it is refused, its plan of blocks, and its blocks computed one by one (pla_core.experiment)."""

from __future__ import annotations

import time

import numpy as np

from pla_core import experiment as E

from .experiment_results import progress

#: The bound R²/ρ*² needs an LP per run (~3 ms at N = 100): it is solved for the first this many runs only.
BOUND_RUNS = 200
#: The N's of a sweep, up to the lesson's N (which is added when it is not one of them).
SWEEP_NS = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000)
#: A sweep may cost this many times one experiment's limit (10 + 20 + 50 + … up to N is under 2 N).
SWEEP_FACTOR = 2


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
            E.check_work(cfg["runs"], cfg["n"], cfg["kw"]["max_updates"], cost=cost(cfg, kind))
        else:
            E.check_work(cfg["runs"], sweep_ns(cfg["n"]), cfg["kw"]["max_updates"],
                         max_work=SWEEP_FACTOR * E.MAX_WORK, cost=cost(cfg, kind),
                         max_seconds=SWEEP_FACTOR * E.MAX_SECONDS)
    except ValueError as e:
        return str(e)
    return None


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
