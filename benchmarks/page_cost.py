"""Server CPU per page load of a link, and the worst link it can find (prints figures, not a test).

Run:  python benchmarks/page_cost.py [--trials 3] [--random 30] [--lesson xor] [--apptest]

Issue 14 asks that no link cost more than 1 s of server CPU to open. This starts a real ``streamlit run app.py``
and a bare one-line Streamlit page (``st.write``, the reference) on their own servers, opens each lesson once to
pay the imports, then for each link opens it in one simulated session (benchmarks/load.py's ``Student``: the
browser's own ``rerun_script`` with the link's query string and the page's name), waits for ``script_finished``,
closes the session and lets the server settle; the server is otherwise idle. A page load's cost is the server
process's CPU time (utime+stime from /proc) over that visit: the session's set-up and teardown included.

Only the first load of a link computes its run (later ones share the cached run), so every trial opens a link the
server has not seen: the same link with a fresh sidebar seed (``seed=``, a key of every run's cache id; on /compare
it is also the order strip's first seed). Each link is opened ``--trials`` times, each time with a bare page load
interleaved; the table gives the median and the max.

The links searched: for every lesson a hand-picked list of what makes a page expensive (the caps: 500 points,
20,000 updates; 500 points on one spot with both labels; XOR-like, noisy and barely separable data; random order,
η = 0.01, w₀ far from 0, sign(0) readings; each lesson's options at their extremes), then ``--random K`` links
drawn from those ingredients, each opened once, the worst three opened ``--trials`` times more. /experiments
computes on Start, not on a page load: what one of its blocks costs is timed apart, in this process (``--blocks``).
``--apptest`` also times a few links through AppTest (this process's CPU), the way earlier figures were taken.
"""

from __future__ import annotations

import argparse
import asyncio
import pathlib
import random
import statistics
import sys
import time
from urllib.parse import urlencode

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_ui import start_app_and_bare  # noqa: E402
from benchmarks.load import Student, cpu_seconds, loadavg  # noqa: E402
from pla_core import datasets  # noqa: E402
from pla_lab.course.path import BY_SLUG  # noqa: E402
from pla_lab.framework import codec as C  # noqa: E402
from pla_lab.lessons import LESSONS  # noqa: E402

#: Seconds the server is left alone after a session closes, before its CPU time is read.
SETTLE = 0.3
LIMIT = 1.0  # s of server CPU per page load (issue 14)
NO_PLOT = ("experiments", "")  # pages that draw no plot component: /experiments and the bare page
SLUGS = tuple(lesson.slug for lesson in LESSONS)  # the registry's order


def _pts(ds) -> str:
    return C.encode_points([(C.q(x), C.q(y), float(lab)) for (x, y), lab in zip(ds.X, ds.y)])


def point_sets() -> dict[str, str]:
    """The expensive point sets, 500 points each (the cap), as a link holds them."""
    spot = C.encode_points([(0.5, 0.5, 1.0 if i % 2 else -1.0) for i in range(C.MAX_POINTS)])
    many = C.encode_points([(0.5, 0.5, 1.0 if i % 2 else -1.0) for i in range(8_000)])  # 8,000 in the link
    return {
        "spot": spot,                                                               # one spot, both labels
        "xor": _pts(datasets.xor(C.MAX_POINTS, noise=0.1, spread=0.2, seed=3)),     # noisy XOR
        "noisy": _pts(datasets.separable(C.MAX_POINTS, margin=0.0, noise=0.2, seed=4)),  # a line, 20 % flipped
        "narrow": _pts(datasets.separable(C.MAX_POINTS, margin=0.003, seed=5)),     # separable, barely
        "8000": many,                                                               # over the cap: 500 kept
    }


CAP = {"cap": "20000"}
FAR = {"eta": "0.01", "w0": "100,-100,100"}


def hand_picked(slug: str) -> list[tuple[str, dict]]:
    """(points' name, the link's other keys) for the lesson: what should cost most to open (a lesson without cases of
    its own here gets the common ones, which every lesson that replays a run reads)."""
    r, c, p = {"order": "random"}, {"order": "cyclic"}, {"order": "permuted"}
    base = [("spot", {**CAP, **c}), ("spot", {**CAP, **r}), ("xor", {**CAP, **r}), ("noisy", {**CAP, **p}),
            ("narrow", {**CAP, **c}), ("spot", {**CAP, **r, **FAR, "bias": "0", "sign0": "+1"}),
            ("8000", {**CAP, **r})]
    return {
        "pla": base + [("spot", {**CAP, **r, "t": "20000"}), ("spot", {**CAP, **r, "wh": "1000,-1000,1000"}),
                       ("narrow", {**CAP, **r, "sign0": "lt0"})],
        "pocket": base + [("noisy", {**CAP, **r, "noise": "40", "f": "0.1,1,-1,-1,1,-1,1"}),
                          ("spot", {**CAP, **r, "noise": "40", "f": "0,1,1,-1,1,-1,1"}),
                          ("xor", {**CAP, **c, "noisy": "0"})],
        "xor": base + [("spot", {**CAP, **c, "lift": "1"}), ("xor", {**CAP, **r, "lift": "1"}),
                       ("xor", {**CAP, **c, "cert": "1", "t": "20000"})],
        "halts": base + [("narrow", {**CAP, **c, "xs": "bound", "geo": "1", "d3": "1", "pick": "499"}),
                         ("narrow", {**CAP, **r, "wf": "f", "f": "0,1,1,-1,1,-1,1", "t": "20000"}),
                         ("noisy", {**CAP, **r, "d3": "1", "geo": "1", "pick": "0"})],
        "compare": [("", {"cmp": "order"}), ("", {"cmp": "eta"}), ("", {"cmp": "sign0"}),
                    ("spot", {**CAP, "cmp": "order", **r}), ("xor", {**CAP, "cmp": "order", **c}),
                    ("narrow", {**CAP, "cmp": "order", **p}),
                    ("spot", {**CAP, "cmp": "eta", **FAR}), ("xor", {**CAP, "cmp": "eta", **FAR}),
                    ("spot", {**CAP, "cmp": "sign0", "sign0": "lt0"}), ("xor", {**CAP, "cmp": "sign0", **c}),
                    ("narrow", {**CAP, "cmp": "sign0", "sign0": "-1"})],
        "margin": base + [("spot", {**CAP, **r, "gamma": "100"}), ("xor", {**CAP, **r, "gamma": "100"}),
                          ("narrow", {**CAP, **c, "gamma": "0.001"}), ("narrow", {**CAP, **r, "gamma": "100"})],
        "batch": base + [("xor", {**CAP, "batch": "mini", "bs": "1"}), ("spot", {**CAP, "batch": "mini", "bs": "1"}),
                         ("noisy", {**CAP, "batch": "mini", "bs": "500", "avg": "mean"}),
                         ("xor", {**CAP, "batch": "full", "avg": "sum", **FAR})],
        "online": base + [("xor", {"passes": "10", "shuffle": "1", "quiz": "1"}),
                          ("spot", {"passes": "10", "shuffle": "0", **FAR}),
                          ("noisy", {"passes": "10", "shuffle": "1", "t": "10000"})],
        "experiments": [("", {}), ("", {"n": "10000", "runs": "10000", "noise": "50", "cap": "20000"}),
                        ("", {"n": "100", "runs": "1000", "noise": "0", "cap": "10000", **r}),
                        ("", {"n": "500", "runs": "200", "noise": "10", "cap": "10000", **FAR})],
    }.get(slug, base)


def declared(slug: str, rng: random.Random) -> dict:
    """Random values of a lesson's own options, from its declaration: any choice of a select, on or off, a number's
    bounds or its default (for a lesson the hand-written table above does not know)."""
    out = {}
    for o in BY_SLUG[slug].options:
        if o.options:
            out[o.key] = o.dump(rng.choice(o.options))
        elif o.widget == "toggle":
            out[o.key] = rng.choice("01")
        elif {"min_value", "max_value"} <= set(o.extra):
            out[o.key] = str(rng.choice([o.extra["min_value"], o.extra["max_value"], o.default]))
    return out


def random_links(k: int, rng: random.Random, slugs) -> list[tuple[str, str, dict]]:
    """K links drawn from the expensive ingredients: (slug, points' name, keys)."""
    own = {
        "pocket": lambda: {"noise": rng.choice(["0", "20", "40"]), "noisy": rng.choice("01"),
                           "f": rng.choice(["", "0.1,1,-1,-1,1,-1,1"])},
        "xor": lambda: {"lift": rng.choice("01"), "cert": rng.choice("01")},
        "halts": lambda: {"xs": rng.choice(["bound", "run"]), "geo": rng.choice("01"), "d3": rng.choice("01"),
                          "wf": rng.choice(["star", "f"]), "f": rng.choice(["", "0,1,1,-1,1,-1,1"]),
                          "pick": rng.choice(["", "0", "499"])},
        "compare": lambda: {"cmp": rng.choice(["eta", "order", "sign0"]),
                            "sign0": rng.choice(["le0", "+1", "-1", "lt0"])},
        "margin": lambda: {"gamma": rng.choice(["0.001", "0.15", "1", "100"])},
        "batch": lambda: {"batch": rng.choice(["full", "mini"]), "bs": rng.choice(["1", "2", "50", "500"]),
                          "avg": rng.choice(["note", "sum", "mean"])},
        "online": lambda: {"passes": rng.choice(["5", "10"]), "shuffle": rng.choice("01"), "quiz": rng.choice("01")},
        "experiments": lambda: {"n": rng.choice(["2", "100", "500", "10000"]), "runs": rng.choice(["1", "1000", "10000"]),
                                "noise": rng.choice(["0", "10", "50"])},
    }
    out = []
    for _ in range(k):
        slug = rng.choice(slugs)
        keys = {"cap": rng.choice(["20000", "20000", "10000", "5000"]),
                "order": rng.choice(["cyclic", "permuted", "random"]),
                "eta": rng.choice(["1", "0.01", "10"]), "w0": rng.choice(["0,0,0", "100,-100,100", "-3,1,1"]),
                "bias": rng.choice("0111"), "sign0": rng.choice(["le0", "+1", "-1", "lt0"]),
                "t": rng.choice(["", "", "20000"])}
        keys.update(own[slug]() if slug in own else declared(slug, rng))
        keys = {a: v for a, v in keys.items() if v != ""}
        pts = "" if slug == "experiments" else rng.choice(["spot", "spot", "xor", "xor", "noisy", "narrow"])
        out.append((slug, pts, keys))
    return out


def query(pts: str, keys: dict, seed: int, sets: dict) -> str:
    return urlencode({**({"pts": sets[pts]} if pts else {}), **keys, "seed": str(seed)})


def shown(slug: str, pts: str, keys: dict) -> str:
    """The link, short: its points named, the seed left out (each trial has its own)."""
    words = ([f"pts=<{pts}>"] if pts else []) + [f"{k}={v}" for k, v in keys.items()]
    return f"/{slug}?" + "&".join(words)


async def _visit(base: str, pid: int, page: str, q: str) -> tuple[float, float, list[str]]:
    """(server CPU s, wall s, errors) of one session opening the page with query string q."""
    s = Student(base, page, q, random.Random(0))
    c0, w0 = cpu_seconds(pid), time.perf_counter()
    errors = []
    try:
        await s.open()
    except RuntimeError as e:  # the page finished without a plot: expected only where there is none
        if page not in NO_PLOT:
            errors.append(str(e))
    except asyncio.TimeoutError:
        errors.append("the page did not finish within 30 s")
    wall = time.perf_counter() - w0
    await s.close()
    await asyncio.sleep(SETTLE)
    return cpu_seconds(pid) - c0, wall, errors + s.errors


def visit(base, pid, page, q):
    return asyncio.run(_visit(base, pid, page, q))


class Bench:
    """The two servers and the figures measured on them."""

    def __init__(self):
        self.proc, self.base, self.bare_proc, self.bare = start_app_and_bare()
        self.sets = point_sets()
        self.seed = random.Random().randrange(10**6, 10**9)  # never seen by this fresh server
        self.bare_cpu: list[float] = []

    def fresh(self) -> int:
        self.seed += 1
        return self.seed

    def load(self, slug: str, pts: str, keys: dict) -> tuple[float, float, list[str]]:
        """One page load of a fresh variant of the link, and a bare page load after it."""
        out = visit(self.base, self.proc.pid, slug, query(pts, keys, self.fresh(), self.sets))
        self.bare_cpu.append(visit(self.bare, self.bare_proc.pid, "", "")[0])
        return out

    def warm(self) -> None:
        for slug in SLUGS:
            visit(self.base, self.proc.pid, slug, "")
        for _ in range(3):
            visit(self.bare, self.bare_proc.pid, "", "")

    def idle_rate(self, seconds: float = 3.0) -> float:
        c0 = cpu_seconds(self.proc.pid)
        time.sleep(seconds)
        return (cpu_seconds(self.proc.pid) - c0) / seconds

    def close(self) -> None:
        for p in (self.proc, self.bare_proc):
            p.terminate()
            p.wait(10)


def measure(bench: Bench, links, trials: int) -> list[dict]:
    """Each link opened ``trials`` times (fresh seeds), the links' trials interleaved."""
    rows = [{"slug": s, "pts": p, "keys": k, "cpu": [], "wall": [], "errors": []} for s, p, k in links]
    for _ in range(trials):
        for r in rows:
            cpu, wall, errors = bench.load(r["slug"], r["pts"], r["keys"])
            r["cpu"].append(cpu)
            r["wall"].append(wall)
            r["errors"] += errors
    return rows


def line(r: dict, bare: float) -> str:
    med = statistics.median(r["cpu"])
    flag = " **over**" if med > LIMIT else ""
    err = f" ({len(r['errors'])} errors: {r['errors'][0][:80]})" if r["errors"] else ""
    return (f"| {med:.2f} s{flag} | {max(r['cpu']):.2f} s | {med / bare:.0f}× | {statistics.median(r['wall']):.2f} s "
            f"| `{shown(r['slug'], r['pts'], r['keys'])}`{err} |")


HEAD = "| median CPU | max | × bare | wall (median) | link (seed fresh each trial) |\n|---:|---:|---:|---:|---|"


def blocks() -> list[str]:
    """What one /experiments block costs (CPU s in this process): pla_core.experiment on the page's first block
    (``Cost.plan``), beside the estimate that sized it, for settings the page accepts; the others' refusal."""
    from pla_core import experiment as E
    from pla_lab.lessons.experiments import experiments_jobs as J
    from pla_lab.lessons.experiments.experiments_jobs import BOUND_RUNS

    base = dict(order="random", eta=1.0, w0=(0.0, 0.0, 0.0), bias=True, sign_zero=None)
    cases = [(100, 1000, 10_000, 0.0, {}), (100, 1000, 10_000, 0.0, {"bias": False}), (100, 1000, 1000, 0.1, {}),
             (100, 100, 20_000, 0.5, {}), (100, 70, 10_000, 0.5, {}), (10_000, 5, 20_000, 0.5, {}),
             (10_000, 5, 3000, 0.5, {}), (500, 40, 20_000, 0.1, {}), (500, 40, 10_000, 0.1, {}),
             (10_000, 5, 20_000, 0.0, {}), (10_000, 5, 10_000, 0.0, {}), (2, 100, 20_000, 0.5, {}),
             (100, 500, 20_000, 0.0, {"eta": 0.01, "w0": (100.0, -100.0, 100.0)})]
    out = ["| N | runs | cap | noise | other | runs in a block | block: estimate | block: CPU | blocks | experiment: "
           "estimate |", "|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|"]
    for n, runs, cap, p, other in cases:
        kw = {**base, **other}
        cost = E.Cost.of(p, kw, bound_runs=BOUND_RUNS if p == 0 else 0)
        head = f"| {n:,} | {runs:,} | {cap:,} | {p:.0%} | {' '.join(f'{k}={v}' for k, v in other.items())} |"
        try:
            J.check_work(runs, n, cap, cost=cost)
        except ValueError as e:
            out.append(f"{head} refused: {str(e)[:150]}… |||||")
            continue
        plan = cost.plan(runs, n, cap)
        _, a, b = plan[0]
        t0 = time.process_time()
        E.experiment(n, a, b, noise=p, seed=1, bound_runs=cost.bound_runs, max_updates=cap, **kw)
        dt = time.process_time() - t0
        est = cost.block(b - a, n, cap, bound=cost.bound_runs > a)
        out.append(f"{head} {b - a} | {est:.2f} s | {dt:.2f} s | {len(plan):,} | {cost.seconds(runs, n, cap):.0f} s |")
    return out


def apptest(sets: dict, seed: int) -> list[str]:
    """The same links through AppTest (this process's CPU for one ``AppTest.run``), as earlier figures were taken."""
    import logging

    from tests.ui.helpers import start

    for name in list(logging.root.manager.loggerDict):  # outside a server, Streamlit warns at every call
        if name.startswith("streamlit"):
            logging.getLogger(name).setLevel(logging.ERROR)
    links = [("compare", "", {"cmp": "order"}), ("compare", "spot", {**CAP, "cmp": "order", "order": "random"}),
             ("xor", "spot", {**CAP, "order": "cyclic"}), ("pla", "spot", {**CAP, "order": "random"})]
    start()  # imports and the first run paid before timing
    out = []
    for slug, pts, keys in links:
        cpus = []
        for k in range(3):
            params = {**({"pts": sets[pts]} if pts else {}), **keys, "seed": str(seed + k)}
            t0 = time.process_time()
            start(params, f"../pages/{slug}.py")
            cpus.append(time.process_time() - t0)
        out.append((shown(slug, pts, keys), cpus))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=3, help="page loads per link, each with a fresh seed")
    ap.add_argument("--random", type=int, default=30, help="random links drawn from the expensive ingredients")
    ap.add_argument("--lesson", nargs="+", choices=SLUGS, default=list(SLUGS))
    ap.add_argument("--blocks", action="store_true", help="also time one /experiments block per case")
    ap.add_argument("--apptest", action="store_true", help="also time a few links through AppTest")
    ap.add_argument("--seed", type=int, default=0, help="the random search's seed")
    args = ap.parse_args(argv)

    bench = Bench()
    try:
        bench.warm()
        idle = bench.idle_rate()
        print(f"load average at start {loadavg()}; idle server {idle * 1000:.1f} ms CPU/s (included in the figures: "
              f"{SETTLE:.1f} s settle per load); {args.trials} trials a link\n")
        worst = []
        for slug in args.lesson:
            rows = measure(bench, [(slug, p, k) for p, k in hand_picked(slug)], args.trials)
            bare = statistics.median(bench.bare_cpu)
            rows.sort(key=lambda r: -statistics.median(r["cpu"]))
            print(f"### /{slug} (load average {loadavg()}; bare page so far: median {bare * 1000:.0f} ms)\n")
            print(HEAD)
            for r in rows:
                print(line(r, bare))
            print()
            worst.append(rows[0])
        if args.random:
            drawn = random_links(args.random, random.Random(args.seed), args.lesson)
            once = measure(bench, drawn, 1)
            once.sort(key=lambda r: -r["cpu"][0])
            top = measure(bench, [(r["slug"], r["pts"], r["keys"]) for r in once[:3]], args.trials)
            bare = statistics.median(bench.bare_cpu)
            print(f"### random search: {args.random} links opened once (seed {args.seed}; load average {loadavg()})\n")
            print(f"Opened once: median {statistics.median(r['cpu'][0] for r in once):.2f} s, max "
                  f"{once[0]['cpu'][0]:.2f} s; the worst three opened {args.trials} times more:\n")
            print(HEAD)
            for r in sorted(top, key=lambda r: -statistics.median(r["cpu"])):
                print(line(r, bare))
                worst.append(r)
            print()
        bare = statistics.median(bench.bare_cpu)
        worst.sort(key=lambda r: -statistics.median(r["cpu"]))
        print(f"### worst per lesson (bare page: median {bare * 1000:.0f} ms, max {max(bench.bare_cpu) * 1000:.0f} ms "
              f"over {len(bench.bare_cpu)} loads; load average {loadavg()})\n")
        print(HEAD)
        for r in worst:
            print(line(r, bare))
        w = worst[0]
        print(f"\nOverall worst: {statistics.median(w['cpu']):.2f} s median, {max(w['cpu']):.2f} s max of server CPU "
              f"for one page load of `{shown(w['slug'], w['pts'], w['keys'])}` "
              f"({'over' if statistics.median(w['cpu']) > LIMIT else 'under'} the {LIMIT:g} s limit).")
    finally:
        bench.close()
    if args.apptest:
        print("\n### through AppTest (this process's CPU for one run, fresh seeds; includes AppTest's own work)\n")
        print("| median CPU | max | link |\n|---:|---:|---|")
        for link, cpus in apptest(point_sets(), random.Random().randrange(10**6, 10**9)):
            print(f"| {statistics.median(cpus):.2f} s | {max(cpus):.2f} s | `{link}` |")
    if args.blocks:
        print("\n### /experiments: one block, timed in this process (a page load computes none)\n")
        print("\n".join(blocks()))


if __name__ == "__main__":
    main()
