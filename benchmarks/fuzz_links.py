"""Fuzz every lesson's link reader at length (a script that prints figures, not a test).

Run:  python benchmarks/fuzz_links.py [--cases 10000] [--lesson pla]

The generators and the checks are the fuzz test's (tests/ui/linkfuzz.py, run in CI with 200 cases a lesson): a
link's query string with hostile Markdown and HTML, odd numbers (NaN, inf, 1e309, 0x10, unicode digits), lists of
three, four or seven numbers, options, valid and damaged points (up to 700, some beyond ±1e5), free unicode text
with control characters, strings up to 25,000 characters, unknown keys and wrong versions, opened on each lesson
as the app opens it. A case fails if opening it raises, a refused value gets no message, or the link written back
does not reopen unchanged. Prints per lesson: cases, messages, failures (with the first one), and the slowest case
with its CPU time (reading the link, writing it back, reading that again; best of 3 among the 10 slowest).
"""

from __future__ import annotations

import argparse
import logging
import pathlib
import sys
import time

from hypothesis import HealthCheck, Phase, given, settings

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pla_lab.lessons import LESSONS  # noqa: E402
from tests.ui import linkfuzz as F  # noqa: E402


def cpu(lesson, params) -> float:
    t0 = time.thread_time()  # CPU time: a case is not charged for the moments the machine ran something else
    F.failures(lesson, params)
    return time.thread_time() - t0


def fuzz(lesson, cases: int) -> dict:
    """Counts, the first failure, and the slowest case: the 10 slowest timed again (best of 3), so a pause of the
    garbage collector or of hypothesis's bookkeeping during one case is not taken for a slow link."""
    out = {"cases": 0, "messages": 0, "failures": 0, "first": None, "slow": []}

    @settings(max_examples=cases, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(F.params(lesson))
    def one(params):
        t0 = time.thread_time()
        bad, n = F.failures(lesson, params)
        dt = time.thread_time() - t0
        out["cases"] += 1
        out["messages"] += n
        if bad:
            out["failures"] += 1
            out["first"] = out["first"] or (params, bad)
        out["slow"] = sorted([*out["slow"], (dt, params)], key=lambda c: -c[0])[:10]

    one()
    out["slowest"] = max(((min(cpu(lesson, p) for _ in range(3)), p) for _, p in out["slow"]), key=lambda c: c[0])
    return out


def shown(params: dict) -> str:
    return "{" + ", ".join(f"{k!r}: {v[:40]!r}{'…' if len(v) > 40 else ''} ({len(v):,} chars)"
                           for k, v in params.items()) + "}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=10_000, help="cases per lesson")
    ap.add_argument("--lesson", help="one lesson's slug (default: every lesson)")
    args = ap.parse_args()
    for name in logging.root.manager.loggerDict:  # outside a Streamlit run, st.cache_data warns at every call
        if name.startswith("streamlit"):
            logging.getLogger(name).setLevel(logging.ERROR)
    total = {"cases": 0, "messages": 0, "failures": 0}
    worst = (0.0, None, None)
    print(f"{'lesson':<12}{'cases':>8}{'messages':>10}{'failures':>10}{'slowest (CPU)':>16}")
    for lesson in LESSONS:
        if args.lesson and lesson.slug != args.lesson:
            continue
        t0 = time.perf_counter()
        r = fuzz(lesson, args.cases)
        for k in total:
            total[k] += r[k]
        dt, params = r["slowest"]
        if dt > worst[0]:
            worst = (dt, lesson.slug, params)
        print(f"{lesson.slug:<12}{r['cases']:>8,}{r['messages']:>10,}{r['failures']:>10,}{1000 * dt:>14.1f} ms"
              f"   ({time.perf_counter() - t0:.0f} s)", flush=True)
        if r["first"]:
            print(f"   first failure: {shown(r['first'][0])}\n   {r['first'][1]}")
    print(f"{'all':<12}{total['cases']:>8,}{total['messages']:>10,}{total['failures']:>10,}")
    dt, slug, params = worst
    print(f"slowest case: {1000 * dt:.1f} ms of CPU on {slug}: {shown(params)}")


if __name__ == "__main__":
    main()
