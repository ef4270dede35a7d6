"""Benchmark of the PLA page in headless Chromium on loopback (a script that prints figures, not a test).

Run:  python benchmarks/bench_ui.py [--clicks 60] [--steps 30]

Starts `streamlit run app.py` on a free port, opens it in Debian's Chromium (/usr/bin/chromium) and measures,
with timestamps taken inside the page (performance.now()):
  * click → drawn: mousedown at a uniformly random spot of the plot, --gap ms between clicks (so some land on
    earlier points and remove them) → the plot redrawn with the click's echo (p50/p95, adds and removals apart);
  * Step → animation start: mousedown on "Step" → first animation frame (p50/p95 over --steps steps);
  * frames per second during a transition (frames / transition time);
  * cold load of each of --lessons (bench_floor.cold_loads, fresh real browser profiles, three visits each, the
    pages interleaved): navigation start → plot drawn and click handler bound, as a ratio to a bare one-line
    Streamlit page (st.write, until its text is drawn) and to the floor (that page plus plotly.js and one chart);
    navigation start → the server's first picture of the step on screen, as a ratio to the bare page; at 1280×720
    and on a 390×844 phone with the CPU throttled 4×;
  * server CPU time per rerun with 200 points (utime+stime of the server process over many reruns).
Targets (issue 9): click p95 ≤ 100 ms, Step → animation start p95 ≤ 120 ms, ≥ 50 fps, server CPU ≤ 12 ms net per
rerun with 200 points; (issue 25) cold load ≤ 1.25× the floor on a first visit and ≤ 1.3× on a repeat visit, the
first picture ≤ 1.4× the bare page on a first visit.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_floor import PHONE, VISITS, cold_loads, medians, pages, start_app_and_bare  # noqa: E402
from pla_core import datasets  # noqa: E402
from pla_lab.framework import codec as C  # noqa: E402
from tests.browser import ARGS, CHROMIUM, READY, TEST_HOOKS, Plot  # noqa: E402


def context(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(TEST_HOOKS)
    return ctx

HOOKS = """() => {
  const gd = document.querySelector('.pla-plot');
  window.__bench = { down: [], plots: [] };
  document.addEventListener('mousedown', () => window.__bench.down.push(performance.now()), true);
  gd.on('plotly_afterplot', () => window.__bench.plots.push(performance.now()));
}"""
def pct(values, q):
    return float(np.percentile(values, q))


def cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def link_with_points(base: str, n: int) -> str:
    d = datasets.separable(n, margin=0.02, seed=1)
    pts = [(C.q(x), C.q(y), float(lab)) for (x, y), lab in zip(d.X, d.y)]
    return f"{base}/pla?pts={C.encode_points(pts)}&view=-1.25,1.25,-1.25,1.25"


def bench_clicks(plot: Plot, clicks: int, gap_ms: int):
    """Clicks at uniformly random spots, ``gap_ms`` apart: each one's echo is the plot's first redraw after it."""
    plot.js(HOOKS)
    view = plot.view()
    rng = np.random.default_rng(0)
    plot.page.wait_for_selector(READY)
    n0 = len(plot.js("() => window.__plaLab.stats.clicks"))
    for _ in range(clicks):
        x, y = rng.uniform(view[0], view[1]), rng.uniform(view[2], view[3])
        plot.click_data(x, y)
        plot.page.wait_for_timeout(gap_ms)
    plot.page.wait_for_timeout(1000)
    plot.page.wait_for_selector(READY)
    b = plot.js("() => window.__bench")
    hits = [c["hit"] is not None for c in plot.js("() => window.__plaLab.stats.clicks")[n0:]]
    assert len(b["down"]) == clicks == len(hits), (len(b["down"]), len(hits))
    adds, removals = [], []
    for t0, hit in zip(b["down"], hits):
        drawn = min(p for p in b["plots"] if p > t0)
        (removals if hit else adds).append(drawn - t0)
    return adds, removals


def bench_steps(plot: Plot, steps: int):
    plot.js(HOOKS)
    starts, fps = [], []
    step = plot.page.get_by_role("button", name="Step")
    for k in range(steps):
        if plot.t() >= plot.js("() => window.__plaLab.data.T"):  # at the end of the run: back to the start
            plot.page.get_by_role("button", name="Reset").click()
            plot.wait_t(0)
            plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '0'")
            plot.page.wait_for_timeout(500)  # the reruns settle: a step is timed from a page at rest
        t = plot.t()
        plot.js("() => { window.__bench.down = []; }")
        last = plot.js("() => (window.__plaLab.stats.transitions.at(-1) || {start: 0}).start")
        step.click()
        plot.wait_t(t + 1)
        # the step reaches the server (its tick, 150 ms later) before the next press: each is timed from rest
        plot.page.wait_for_function("(t) => new URL(location.href).searchParams.get('t') === String(t)", arg=t + 1)
        # (the stats keep the last 50 transitions: wait for a newer one, not for a longer list)
        plot.page.wait_for_function("(s) => (window.__plaLab.stats.transitions.at(-1) || {start: 0}).start > s",
                                    arg=last)
        r = plot.js("() => window.__plaLab.stats.transitions.at(-1)")
        down = plot.js("() => window.__bench.down[0]")
        starts.append(r["start"] - down)
        fps.append(r["frames"] / ((r["end"] - r["start"]) / 1000))
    return starts, fps


def bench_server_cpu(plot: Plot, pid: int, reruns: int):
    """CPU seconds of the server per rerun: Step/Back clicks, each one rerun, with 200 points on the page.

    Returns (gross, net, wall) per rerun. Gross is all the server's CPU time over the reruns; but each Step/Back
    rerun comes about 0.9 s after the last (the animation, then the report), and an idle Streamlit server
    spends CPU time of its own (its config-file poller and event loop), so ``net`` subtracts the idle rate,
    measured on the same server just before, over the same wall time.
    """
    step, back = (plot.page.get_by_role("button", name=n) for n in ("Step", "Back"))
    plot.idle()
    time.sleep(0.5)
    i0, iw = cpu_seconds(pid), time.perf_counter()
    time.sleep(10)
    idle_rate = (cpu_seconds(pid) - i0) / (time.perf_counter() - iw)
    c0, w0 = cpu_seconds(pid), time.perf_counter()
    for k in range(reruns):
        (step if k % 2 == 0 else back).click()
        plot.page.wait_for_function("(t) => new URL(location.href).searchParams.get('t') === String(t)",
                                    arg=(k + 1) % 2)
    cpu, wall = cpu_seconds(pid) - c0, time.perf_counter() - w0
    return cpu / reruns, (cpu - idle_rate * wall) / reruns, wall / reruns, idle_rate


def cold_rows(cold: dict) -> list[tuple[str, str, str, str]]:
    """Issue 25's rows: each lesson to taking clicks against the bare page and the floor (bare + plotly.js), and to
    its first picture against the bare page, per screen and visit."""
    rows = []
    for screen, med in cold.items():
        for v in range(VISITS):
            b, f = med["bare"]["ready"][v], med["floor"]["ready"][v]
            rows.append((f"{screen}, visit {v + 1}: bare page · floor (bare + plotly.js)", f"{b:.2f} s · {f:.2f} s",
                         f"{f / b:.2f}× floor / bare", ""))
            for name in (n for n in med if n.startswith("app ")):
                a, p = med[name]["ready"][v], med[name]["picture"][v]
                target = "≤ 1.25× floor" if v == 0 else "≤ 1.3× floor"
                rows.append((f"  {name[4:]}: load → plot takes clicks", f"{a:.2f} s",
                             f"{a / b:.2f}× bare · {a / f:.2f}× floor", target if screen.startswith("1280") else ""))
                rows.append((f"  {name[4:]}: load → first picture", f"{p:.2f} s", f"{p / b:.2f}× bare",
                             "≤ 1.4× bare" if v == 0 and screen.startswith("1280") else ""))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=60)
    ap.add_argument("--gap", type=int, default=150, help="ms between clicks")
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--cold", type=int, default=8, help="trials of each page's cold loads (desktop)")
    ap.add_argument("--phone-cold", type=int, default=6, help="trials on a 390×844 phone, CPU 4× slower (0: none)")
    ap.add_argument("--lessons", nargs="+", default=["pla", "halts"], help="the lessons whose cold load is timed")
    ap.add_argument("--reruns", type=int, default=60)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    proc, server, bare_proc, bare = start_app_and_bare()
    base = server + "/pla"  # the PLA lesson ("/" is the home page since issue 22: it has no plot)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = lambda: Plot(context(browser).new_page())  # noqa: E731
            warm = page().open(base)  # warm the server's caches
            warm.page.context.close()
            loads = pages(server, bare, args.lessons)
            cold = {"1280×720": medians(cold_loads(p, loads, args.cold))}
            if args.phone_cold:
                cold["390×844, CPU 4× slower"] = medians(cold_loads(p, loads, args.phone_cold, viewport=PHONE,
                                                                    throttle=4))
            plot = page().open(base)
            adds, removals = bench_clicks(plot, args.clicks, args.gap)
            plot.page.context.close()
            plot = page().open(base)
            starts, fps = bench_steps(plot, args.steps)
            plot.page.context.close()
            big = page().open(link_with_points(server, 200))
            assert len(big.points()) == 200
            cpu, net, wall, idle = bench_server_cpu(big, proc.pid, args.reruns)
            browser.close()
    finally:
        for pr in (proc, bare_proc):
            pr.terminate()
            pr.wait(10)

    clicks = adds + removals
    rows = [
        ("click → drawn, every click", f"{pct(clicks, 50):.0f} ms", f"{pct(clicks, 95):.0f} ms", "p95 ≤ 100 ms"),
        (f"  {len(adds)} adding a point", f"{pct(adds, 50):.0f} ms", f"{pct(adds, 95):.0f} ms", ""),
        (f"  {len(removals)} removing one", f"{pct(removals, 50):.0f} ms" if removals else "—",
         f"{pct(removals, 95):.0f} ms" if removals else "—", ""),
        ("Step → animation start", f"{pct(starts, 50):.0f} ms", f"{pct(starts, 95):.0f} ms", "p95 ≤ 120 ms"),
        ("frames per second in a transition", f"{statistics.median(fps):.0f} fps", f"min {min(fps):.0f} fps",
         "≥ 50 fps"),
        *cold_rows(cold),
        ("server CPU per rerun, 200 points (net of idle)", f"{net * 1000:.1f} ms",
         f"gross {cpu * 1000:.1f} ms", "≤ 12 ms"),
        ("  idle server CPU (subtracted above)", f"{idle * 1000:.1f} ms/s", f"× {wall * 1000:.0f} ms/rerun", ""),
    ]
    print(f"| measure ({args.clicks} clicks {args.gap} ms apart, {args.steps} steps, {args.cold} cold loads of each "
          f"page ({args.phone_cold} on the phone), {args.reruns} reruns) | median | p95 / ratio | target |")
    print("|---|---:|---:|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
