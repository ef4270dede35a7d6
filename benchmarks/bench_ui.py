"""Benchmark of the PLA page in headless Chromium on loopback (a script that prints figures, not a test).

Run:  python benchmarks/bench_ui.py [--clicks 60] [--steps 30]

Starts `streamlit run app.py` on a free port, opens it in Debian's Chromium (/usr/bin/chromium) and measures,
with timestamps taken inside the page (performance.now()):
  * click → point drawn: mousedown on empty plot space → the plot redrawn with the new point, both the
    immediate local echo and the redraw with the server's confirmed points (p50/p95 over --clicks clicks);
  * Step → animation start: mousedown on "Step" → first animation frame (p50/p95 over --steps steps);
  * frames per second during a transition (frames / transition time);
  * cold load → chart interactive: navigation start → plot drawn and click handler bound (fresh context each);
  * server CPU time per rerun with 200 points (utime+stime of the server process over many reruns).
Targets (issue 3): click p95 ≤ 120 ms, Step → animation start p95 ≤ 120 ms, ≥ 50 fps, cold load ≤ 3 s,
server CPU ≤ 15 ms per rerun with 200 points.
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

from pla_core import datasets  # noqa: E402
from pla_lab import settings as S  # noqa: E402
from tests.e2e.conftest import ARGS, CHROMIUM, READY, Plot, start_server  # noqa: E402

HOOKS = """() => {
  const gd = document.querySelector('.pla-plot');
  window.__bench = { down: [], plots: [] };
  document.addEventListener('mousedown', () => window.__bench.down.push(performance.now()), true);
  gd.on('plotly_afterplot', () => {
    const n = gd.data.filter(t => t.meta === 'points').reduce((a, t) => a + t.x.length, 0);
    const p = (gd.data.find(t => t.meta === 'pending') || { x: [] }).x.length;
    window.__bench.plots.push([performance.now(), n, p]);
  });
}"""


def pct(values, q):
    return float(np.percentile(values, q))


def cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def link_with_points(base: str, n: int) -> str:
    d = datasets.separable(n, margin=0.02, seed=1)
    pts = [(S.q(x), S.q(y), float(lab)) for (x, y), lab in zip(d.X, d.y)]
    return f"{base}/?pts={S.encode_points(pts)}&view=-1.25,1.25,-1.25,1.25"


def bench_clicks(plot: Plot, clicks: int):
    plot.js(HOOKS)
    view = plot.view()
    rng = np.random.default_rng(0)
    local, confirmed, arrived = [], [], []
    for _ in range(clicks):
        n = len(plot.points())
        P = np.array([p[:2] for p in plot.points()])
        while True:  # an empty spot, well inside the view
            x, y = rng.uniform(view[0] + 0.1, view[1] - 0.1), rng.uniform(view[2] + 0.1, view[3] - 0.1)
            if np.hypot(P[:, 0] - x, P[:, 1] - y).min() > 0.12:
                break
        plot.page.wait_for_selector(READY)
        plot.js("() => { window.__bench.down = []; window.__bench.plots = []; }")
        plot.click_data(x, y)
        try:
            plot.page.wait_for_function(
                "(n) => window.__bench.plots.some(p => p[1] === n)", arg=n + 1, timeout=10_000)
        except Exception:
            print("stuck", n, x, y, plot.js("() => window.__bench"), len(plot.points()),
                  plot.js("() => window.__plaLab.stats.clicks.slice(-3)"), file=sys.stderr)
            raise
        b = plot.js("() => window.__bench")
        t0 = b["down"][0]
        local.append(next(p[0] for p in b["plots"] if p[2] > 0 or p[1] == n + 1) - t0)
        confirmed.append(next(p[0] for p in b["plots"] if p[1] == n + 1) - t0)
        arrived.append(plot.js("() => window.__plaLab.stats.dataAt") - t0)  # the rerun's data reaches the plot
    return local, confirmed, arrived


def bench_steps(plot: Plot, steps: int):
    starts, fps = [], []
    step = plot.page.get_by_role("button", name="Step")
    for k in range(steps):
        if step.is_disabled():
            plot.page.get_by_role("button", name="Reset").click()
            plot.wait_t(0)
        t = plot.t()
        plot.js("() => { window.__bench.down = []; }")
        n0 = plot.js("() => window.__plaLab.stats.transitions.length")
        step.click()
        plot.wait_t(t + 1)
        plot.page.wait_for_function("(n) => window.__plaLab.stats.transitions.length > n", arg=n0)
        r = plot.js("() => window.__plaLab.stats.transitions.at(-1)")
        down = plot.js("() => window.__bench.down[0]")
        starts.append(r["start"] - down)
        fps.append(r["frames"] / ((r["end"] - r["start"]) / 1000))
    return starts, fps


def bench_cold(browser, url: str, runs: int):
    out = []
    for _ in range(runs):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function("() => window.__plaLab && window.__plaLab.stats.interactiveAt", timeout=30_000)
        out.append(page.evaluate("() => window.__plaLab.stats.interactiveAt") / 1000)
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
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--cold", type=int, default=5)
    ap.add_argument("--reruns", type=int, default=60)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    proc, base = start_server()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            warm = Plot(browser.new_page(viewport={"width": 1280, "height": 720})).open(base)  # warm caches
            warm.page.close()
            cold = bench_cold(browser, base, args.cold)
            plot = Plot(browser.new_page(viewport={"width": 1280, "height": 720})).open(base)
            local, confirmed, arrived = bench_clicks(plot, args.clicks)
            starts, fps = bench_steps(plot, args.steps)
            plot.page.close()
            big = Plot(browser.new_page(viewport={"width": 1280, "height": 720})).open(link_with_points(base, 200))
            assert len(big.points()) == 200
            cpu, net, wall, idle = bench_server_cpu(big, proc.pid, args.reruns)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)

    rows = [
        ("click → point drawn (local echo)", f"{pct(local, 50):.0f} ms", f"{pct(local, 95):.0f} ms", "p95 ≤ 120 ms"),
        ("click → point redrawn from the server's rerun", f"{pct(confirmed, 50):.0f} ms",
         f"{pct(confirmed, 95):.0f} ms", "(the point is already drawn)"),
        ("  of which: click → the rerun's data reaches the plot", f"{pct(arrived, 50):.0f} ms",
         f"{pct(arrived, 95):.0f} ms", ""),
        ("Step → animation start", f"{pct(starts, 50):.0f} ms", f"{pct(starts, 95):.0f} ms", "p95 ≤ 120 ms"),
        ("frames per second in a transition", f"{statistics.median(fps):.0f} fps", f"min {min(fps):.0f} fps",
         "≥ 50 fps"),
        ("cold load → chart interactive", f"{statistics.median(cold):.2f} s", f"max {max(cold):.2f} s", "≤ 3 s"),
        ("server CPU per rerun, 200 points (net of idle)", f"{net * 1000:.1f} ms",
         f"gross {cpu * 1000:.1f} ms", "≤ 15 ms"),
        ("  idle server CPU (subtracted above)", f"{idle * 1000:.1f} ms/s", f"× {wall * 1000:.0f} ms/rerun", ""),
    ]
    print(f"| measure ({args.clicks} clicks, {args.steps} steps, {args.cold} cold loads, {args.reruns} reruns) "
          "| median | p95 / other | target |")
    print("|---|---:|---:|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
