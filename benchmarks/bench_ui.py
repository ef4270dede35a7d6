"""Benchmark of the PLA page in headless Chromium on loopback (a script that prints figures, not a test).

Run:  python benchmarks/bench_ui.py [--clicks 60] [--steps 30]

Starts `streamlit run app.py` on a free port, opens it in Debian's Chromium (/usr/bin/chromium) and measures,
with timestamps taken inside the page (performance.now()):
  * click → drawn: mousedown at a uniformly random spot of the plot, --gap ms between clicks (so some land on
    earlier points and remove them) → the plot redrawn with the click's echo (p50/p95, adds and removals apart);
  * Step → animation start: mousedown on "Step" → first animation frame (p50/p95 over --steps steps);
  * frames per second during a transition (frames / transition time);
  * cold load → chart interactive: navigation start → plot drawn and click handler bound, on a first visit (fresh
    browser context) and a repeat visit (the same context again), as a ratio to a bare one-line Streamlit page
    (st.write) measured in the same run, interleaved, until its text is drawn;
  * cold load → first picture: navigation start → the step drawn as a plain SVG before plotly.js is ready
    (picture.js), as a ratio to the same bare page (issue 25's target: ≤ 1.4× on a first visit);
  * server CPU time per rerun with 200 points (utime+stime of the server process over many reruns).
Targets (issue 9): click p95 ≤ 100 ms, Step → animation start p95 ≤ 120 ms, ≥ 50 fps, cold load ≤ 2.3× the bare
page on a first visit and ≤ 2.0× on a repeat visit, server CPU ≤ 12 ms net per rerun with 200 points.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import sys
import tempfile
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pla_core import datasets  # noqa: E402
from pla_lab.framework import codec as C  # noqa: E402
from tests.browser import ARGS, CHROMIUM, READY, TEST_HOOKS, Plot, start_server  # noqa: E402


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
#: On the bare page: when its one line of text is first drawn (a mutation observer, timed inside the page).
BARE_READY = """new MutationObserver((_, obs) => {
  if (document.querySelector('[data-testid=stMarkdown]')?.textContent.includes('bare')) {
    window.__bareAt = performance.now(); obs.disconnect();
  }
}).observe(document, { childList: true, subtree: true });"""
BARE_APP = 'import streamlit as st\nst.write("A bare page")\n'


def start_app_and_bare():
    """(app process, its URL, bare page process, its URL): the app and the bare one-line page, each on its own
    server."""
    bare_dir = tempfile.mkdtemp()
    pathlib.Path(bare_dir, "bare.py").write_text(BARE_APP, encoding="utf-8")
    proc, base = start_server()
    bare_proc, bare = start_server(script=str(pathlib.Path(bare_dir, "bare.py")))
    return proc, base, bare_proc, bare


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


VISITS = 3


def bench_cold(pw, app: str, bare: str, runs: int):
    """Visit times of the app and the bare page: each trial a fresh browser profile (a real one, not incognito:
    Chromium keeps compiled code only there, and reuses it from the third visit of a script on), visited VISITS
    times in a row; the two pages' trials interleaved. Returns {page: [times of visit 1, of visit 2, …]}."""
    out = {"app": [[] for _ in range(VISITS)], "bare": [[] for _ in range(VISITS)],
           "picture": [[] for _ in range(VISITS)]}
    for k in range(runs):
        for name in (("app", "bare") if k % 2 == 0 else ("bare", "app")):
            with tempfile.TemporaryDirectory() as profile:
                ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                            viewport={"width": 1280, "height": 720})
                ctx.add_init_script(TEST_HOOKS if name == "app" else BARE_READY)
                page = ctx.pages[0] if ctx.pages else ctx.new_page()
                ready = "window.__plaLab && window.__plaLab.stats.interactiveAt" if name == "app" else "window.__bareAt"
                for v, visit in enumerate(out[name]):
                    page.goto(app if name == "app" else bare)
                    page.wait_for_function(f"() => {ready}", timeout=30_000)
                    visit.append(page.evaluate(f"() => {ready}") / 1000)
                    if name == "app":  # the first picture, if plotly.js was not ready before the plot's first data
                        at = page.evaluate("() => window.__plaLab.stats.pictureAt")
                        out["picture"][v].append(at / 1000 if at is not None else visit[-1])
                    page.goto("about:blank")
                ctx.close()
    return out


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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=60)
    ap.add_argument("--gap", type=int, default=150, help="ms between clicks")
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--cold", type=int, default=8)
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
            cold = bench_cold(p, base, bare + "/", args.cold)
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
    med = {name: [statistics.median(v) for v in visits] for name, visits in cold.items()}
    ratio = [a / b for a, b in zip(med["app"], med["bare"])]
    rows = [
        ("click → drawn, every click", f"{pct(clicks, 50):.0f} ms", f"{pct(clicks, 95):.0f} ms", "p95 ≤ 100 ms"),
        (f"  {len(adds)} adding a point", f"{pct(adds, 50):.0f} ms", f"{pct(adds, 95):.0f} ms", ""),
        (f"  {len(removals)} removing one", f"{pct(removals, 50):.0f} ms" if removals else "—",
         f"{pct(removals, 95):.0f} ms" if removals else "—", ""),
        ("Step → animation start", f"{pct(starts, 50):.0f} ms", f"{pct(starts, 95):.0f} ms", "p95 ≤ 120 ms"),
        ("frames per second in a transition", f"{statistics.median(fps):.0f} fps", f"min {min(fps):.0f} fps",
         "≥ 50 fps"),
        *((f"load → plot takes clicks, visit {v + 1}: app / bare page",
           f"{med['app'][v]:.2f} s / {med['bare'][v]:.2f} s", f"{ratio[v]:.2f}×",
           "≤ 2.3×" if v == 0 else "≤ 2.0×") for v in range(VISITS)),
        *((f"load → first picture, visit {v + 1}: picture / bare page",
           f"{med['picture'][v]:.2f} s / {med['bare'][v]:.2f} s", f"{med['picture'][v] / med['bare'][v]:.2f}×",
           "≤ 1.4×" if v == 0 else "") for v in range(VISITS)),
        ("server CPU per rerun, 200 points (net of idle)", f"{net * 1000:.1f} ms",
         f"gross {cpu * 1000:.1f} ms", "≤ 12 ms"),
        ("  idle server CPU (subtracted above)", f"{idle * 1000:.1f} ms/s", f"× {wall * 1000:.0f} ms/rerun", ""),
    ]
    print(f"| measure ({args.clicks} clicks {args.gap} ms apart, {args.steps} steps, {args.cold} cold loads of each "
          f"page, {args.reruns} reruns) | median | p95 / ratio | target |")
    print("|---|---:|---:|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
