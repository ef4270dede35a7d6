"""Benchmark of a PLA Lab lesson in headless Chromium on loopback, against its references measured in the same run
(a script that prints figures, not a test).

Run:  python benchmarks/bench_ui.py [--cold 8] [--phone-cold 6] [--clicks 60] [--steps 30] [--reruns 60] [--loads-only]

Starts the app and a bare one-line Streamlit page (bench_floor.start_app_and_bare) and serves a bare Plotly page
(bench_floor.BARE_PLOTLY, with the app's own plotly.min.js). Every time is taken inside the page
(performance.now(), on the navigation-start clock), every reference is measured in the same run, interleaved, and
each figure is printed with its ratio to its reference (issue 34's targets):
  * load → the plot takes clicks (window.__plaLab.stats.interactiveAt), /pla and /halts (--lessons), against the
    bare page until its text is drawn: medians of --cold fresh browser profiles per page, the pages interleaved,
    first visit (≤ 1.5×) and repeat visit (same profile, ≤ 1.8×); and at 390×844 with the CPU throttled 4×
    (Emulation.setCPUThrottlingRate), first visit, --phone-cold profiles (≤ 1.8×); beside them the first picture
    (its image decoded, or the plot drawn on it if sooner) and when Streamlit mounted the plot's component (which takes
    over the plot drawn on the picture: stats.adoptedAt); --loads-only times these alone;
  * click → mark drawn, p95: a mousedown at a uniformly random spot of the plot area, --gap ms apart, → the first
    animation frame after the points drawn changed (.pla-pt, or the trace `pending`; a MutationObserver on .pla-svg,
    then requestAnimationFrame), against the bare Plotly page adding a point on a click (Plotly.extendTraces) timed
    the same way; blocks of clicks on each page in turn (≤ 1.0×);
  * Step → first drawn change, p95: mousedown on Step → the first animation frame after the plot's SVG changed,
    against Plotly.animate of a line on the bare Plotly page (≤ 1.0×); frames per second during a step on the
    desktop ((frames − 1) / (last frame − first frame), stats.transitions; ≥ 55 fps); on the throttled phone the
    longest frame (the gap between two animation frames) during a step's animation (≤ 50 ms);
  * JavaScript a lesson page downloads beyond Streamlit's own on a first visit: the plot's code (/pla-lab/…),
    anything named plotly, and the script the app puts in the page's head (≤ 200 KB), each file's size as served
    and on the wire; Streamlit's own static/js apart; plotly.min.js's size (the old design) for reference;
  * server CPU time per rerun with 200 points (utime+stime of the server process over many reruns, net of idle).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_floor import (APP_READY, PHONE, bare_plotly_setup, cold_loads, medians, pages,  # noqa: E402
                                    serve_bare_plotly, start_app_and_bare)
from pla_core import datasets  # noqa: E402
from pla_lab.framework import codec as C  # noqa: E402
from pla_lab.framework import server as S  # noqa: E402
from tests.browser import ARGS, CHROMIUM, FRAME_CLOCK, READY, TEST_HOOKS, Plot  # noqa: E402

#: Mousedown → the first animation frame after the drawing under ``root`` changed, in ms (window.__bench.drawn:
#: [ms, change, ms from the click event]: a page's own work on mousedown delays the mouseup, and with it the click
#: that both pages draw on; both listened for on the window, before any of the page's own listeners). ``kind`` says
#: what counts as a change: "any" mutation; on the lesson plot, "ours", the number of points drawn (.pla-pt and the
#: trace `pending`: a rerun's echo of an earlier click, which turns a pending point into a point, is not one); on the
#: bare Plotly page, "plotly", the number of its scatter's points.
WATCH = """([sel, kind]) => {
  const root = document.querySelector(sel);
  const count = {
    any: () => 0,
    ours: () => { const p = document.querySelector('.pla-plot .pla-mark[data-meta=pending]');
      const n = p && p.dataset.x ? JSON.parse(p.dataset.x).filter((v) => v !== null).length : 0;
      return document.querySelectorAll('.pla-plot .pla-pt').length + n; },
    plotly: () => root.querySelectorAll('.scatterlayer .trace:first-child .point').length,
  }[kind];
  const b = window.__bench = { drawn: [], armed: null, downs: 0 };
  addEventListener('mousedown', () => {
    b.downs += 1;
    b.armed = { at: performance.now(), n: count(), click: null };
  }, true);
  addEventListener('click', () => { if (b.armed) b.armed.click = performance.now(); }, true);
  new MutationObserver(() => {
    const a = b.armed, n = count();
    if (!a || (kind !== 'any' && n === a.n)) return;
    b.armed = null;
    requestAnimationFrame(() => { const now = performance.now();
      b.drawn.push([now - a.at, n - a.n, a.click === null ? null : now - a.click]); });
  }).observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
}"""
RESET = "() => { window.__bench.drawn = []; window.__bench.armed = null; window.__bench.downs = 0; }"
AREA = """() => { const s = document.querySelector('.pla-plot .pla-svg');
  const [l, t, w, h] = s.dataset.area.split(' ').map(Number);
  return { width: +s.getAttribute('width'), height: +s.getAttribute('height'), l, t, w, h }; }"""
URL_T = "(t) => new URL(location.href).searchParams.get('t') === String(t)"


def pct(values, q):
    return float(np.percentile(values, q)) if values else float("nan")


def cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def link_with_points(base: str, n: int) -> str:
    d = datasets.separable(n, margin=0.02, seed=1)
    pts = [(C.q(x), C.q(y), float(lab)) for (x, y), lab in zip(d.X, d.y)]
    return f"{base}/pla?pts={C.encode_points(pts)}&view=-1.25,1.25,-1.25,1.25"


def bare_plotly_like(plot: Plot, page, ms: int) -> None:
    """The bare Plotly page drawn with the lesson's points, view and plot area."""
    a, data = plot.js(AREA), plot.js("() => window.__plaLab.data")
    margins = [a["l"], a["width"] - a["l"] - a["w"], a["t"], a["height"] - a["t"] - a["h"]]
    bare_plotly_setup(page, {"points": data["points"], "view": data["view"], "width": a["width"],
                             "height": a["height"], "margins": margins, "ms": ms})


def click_block(page, spots, gap_ms: int, to_px) -> list:
    """Clicks at ``spots`` (u, v in the plot area, 0..1), ``gap_ms`` apart: each one's [ms, change in the points]."""
    page.evaluate(RESET)
    for u, v in spots:
        page.mouse.click(*to_px(u, v))
        page.wait_for_timeout(gap_ms)
    page.wait_for_timeout(1000)
    b = page.evaluate("() => window.__bench")
    return b["drawn"] + [[None, 0, None]] * (b["downs"] - len(b["drawn"]))  # a click with nothing drawn: None


def bench_clicks(plot: Plot, bare, clicks: int, gap_ms: int, rounds: int = 4):
    """Blocks of clicks on the lesson and on the bare Plotly page in turn, at the same random spots of each plot
    area: (ours, bare), each a list of [ms or None, change in the number of points]."""
    rng = np.random.default_rng(0)
    view = plot.view()
    ours_px = lambda u, v: plot.to_px(view[0] + u * (view[1] - view[0]), view[2] + v * (view[3] - view[2]))  # noqa
    box = bare.evaluate("() => { const r = document.getElementById('gd').getBoundingClientRect(), a = window.area;"
                        " return [r.left + a[0], r.top + a[1], a[2], a[3]]; }")
    bare_px = lambda u, v: (box[0] + u * box[2], box[1] + (1 - v) * box[3])  # noqa: E731
    plot.js(WATCH, [".pla-plot .pla-svg", "ours"])
    bare.evaluate(WATCH, ["#gd", "plotly"])
    ours, ref = [], []
    for r in range(rounds):
        spots = rng.uniform(0, 1, size=(clicks // rounds, 2))
        for who in (("ours", "bare") if r % 2 == 0 else ("bare", "ours")):
            if who == "ours":
                plot.page.wait_for_selector(READY)
                ours += click_block(plot.page, spots, gap_ms, ours_px)
            else:
                ref += click_block(bare, spots, gap_ms, bare_px)
    return ours, ref


def step_ours(plot: Plot, button) -> tuple[list, dict]:
    """One Step from rest: ([mousedown → first drawn change in ms, 0, from the click], its transition's record)."""
    if plot.t() >= plot.js("() => window.__plaLab.data.T"):  # at the end of the run: back to the start
        plot.page.get_by_role("button", name="Reset").click()
        plot.wait_t(0)
        plot.page.wait_for_function(URL_T, arg=0)
        plot.page.wait_for_timeout(500)  # the reruns settle: a step is timed from a page at rest
    t = plot.t()
    last = plot.js("() => (window.__plaLab.stats.transitions.at(-1) || {start: 0}).start")
    plot.js(RESET)
    button.click()
    plot.wait_t(t + 1)
    # the step reaches the server (its tick, 150 ms later) before the next press: each is timed from rest, once the
    # rerun it asked for has ended and the page has drawn it (Streamlit's rendering of a rerun takes 0.25–0.4 s on
    # the throttled phone: a press made while it runs has its first frames wait for it)
    plot.page.wait_for_function(URL_T, arg=t + 1)
    plot.page.wait_for_selector(READY, timeout=30_000)
    plot.page.wait_for_timeout(300)
    # (the stats keep the last 50 transitions: wait for a newer one, not for a longer list)
    plot.page.wait_for_function("(s) => (window.__plaLab.stats.transitions.at(-1) || {start: 0}).start > s",
                                arg=last)
    rec = plot.js("""() => { const r = window.__plaLab.stats.transitions.at(-1), p = window.__painted || [];
      const f = p.filter((ts) => ts >= r.first && ts <= r.last), gaps = f.slice(1).map((ts, i) => ts - f[i]);
      return { ...r, longest: gaps.length ? Math.max(...gaps) : null }; }""")
    return plot.js("() => window.__bench.drawn[0]"), rec


def step_bare(bare) -> list:
    bare.evaluate(RESET)
    bare.click("#step")
    bare.wait_for_function("() => window.animating === false && window.__bench.drawn.length > 0")
    bare.wait_for_timeout(200)
    return bare.evaluate("() => window.__bench.drawn[0]")


def bench_steps(plot: Plot, bare, steps: int):
    """Steps on the lesson and on the bare Plotly page in turn: (ours, bare, ours' transitions), each step's
    [ms from mousedown, 0, ms from the click]."""
    plot.js(WATCH, [".pla-plot .pla-svg", "any"])
    bare.evaluate(WATCH, ["#gd", "any"])
    button = plot.page.get_by_role("button", name="Step")
    ours, ref, recs = [], [], []
    for _ in range(steps):
        ms, rec = step_ours(plot, button)
        ours.append(ms)
        recs.append(rec)
        ref.append(step_bare(bare))
    return ours, ref, recs


def fps(rec: dict) -> float:
    return (rec["frames"] - 1) / ((rec["last"] - rec["first"]) / 1000)


def bench_server_cpu(plot: Plot, pid: int, reruns: int):
    """CPU seconds of the server per rerun: Step/Back clicks, each one rerun, with 200 points on the page.

    Returns (gross, net, wall, idle rate) per rerun. Gross is all the server's CPU time over the reruns; but each
    Step/Back rerun comes about 0.9 s after the last (the animation, then the report), and an idle Streamlit server
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
        plot.page.wait_for_function(URL_T, arg=(k + 1) % 2)
    cpu, wall = cpu_seconds(pid) - c0, time.perf_counter() - w0
    return cpu / reruns, (cpu - idle_rate * wall) / reruns, wall / reruns, idle_rate


def inline_scripts(url: str) -> int:
    html = urllib.request.urlopen(url, timeout=30).read().decode()
    return sum(len(s.encode()) for s in re.findall(r"<script>(.*?)</script>", html, flags=re.S))


def js_bytes(pw, url: str, bare: str) -> dict:
    """Bytes of JavaScript a first visit to ``url`` fetches (a fresh profile, until 3 s after its plot takes clicks
    and the page is drawn), by whose it is, as served (the file) and on the wire: {kind: [served, wire, files]}."""
    out = {k: [0, 0, 0] for k in ("ours", "plotly", "streamlit")}
    with tempfile.TemporaryDirectory() as profile:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                    viewport={"width": 1280, "height": 720})
        ctx.add_init_script(TEST_HOOKS)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        finished = []
        page.on("requestfinished", lambda r: finished.append(r))
        page.goto(url)
        page.wait_for_function(f"() => {APP_READY}", timeout=120_000)
        page.wait_for_selector(READY, timeout=120_000)
        page.wait_for_timeout(3000)
        for r in finished:
            path = urllib.parse.urlparse(r.url).path
            if not r.url.startswith("http") or not (r.resource_type == "script" or path.endswith(".js")):
                continue
            kind = "plotly" if "plotly" in path.lower() else "ours" if path.startswith(S.PREFIX + "/") else "streamlit"
            out[kind][0] += len(r.response().body())
            out[kind][1] += r.sizes()["responseBodySize"]
            out[kind][2] += 1
        ctx.close()
    head = inline_scripts(url) - inline_scripts(bare + "/")  # the app's script first in the head
    out["ours"][0] += head
    out["ours"][1] += head
    out["head"] = [head, head, 1]
    return out


def ok(value: float, limit: float, above: bool = False) -> str:
    return "✔" if (value >= limit if above else value <= limit) else "✘"


def load_rows(med: dict, screen: str, first_only: bool) -> list[tuple]:
    """Rows of the load → takes clicks times against the bare page, each visit; the first picture beside them."""
    rows, limits = [], ([1.8] if first_only else [1.5, 1.8])
    for v, limit in enumerate(limits):
        b = med["bare"]["ready"][v]
        rows.append((f"{screen}, {'first' if v == 0 else 'repeat'} visit: bare page (its text drawn)", f"{b:.2f} s",
                     "", ""))
        for name in (n for n in med if n.startswith("app ")):
            a, p = med[name]["ready"][v], med[name]["picture"][v]
            rows.append((f"— {name[4:]}: load → plot takes clicks", f"{a:.2f} s", f"{a / b:.2f}× bare",
                         f"≤ {limit}× {ok(a / b, limit)}"))
            rows.append((f"— {name[4:]}: load → first picture", f"{p:.2f} s", f"{p / b:.2f}× bare", ""))
            m = med[name]["mounted"][v]
            rows.append((f"— {name[4:]}: load → Streamlit mounts the plot's component", f"{m:.2f} s",
                         f"{m / b:.2f}× bare", ""))
    return rows


def click_rows(ours, ref) -> list[tuple]:
    o, r = [c[0] for c in ours if c[0] is not None], [c[0] for c in ref if c[0] is not None]
    adds = [c[0] for c in ours if c[0] is not None and c[1] > 0]
    rems = [c[0] for c in ours if c[0] is not None and c[1] < 0]
    missed = sum(c[0] is None for c in ours), sum(c[0] is None for c in ref)
    ratio = pct(o, 95) / pct(r, 95)
    return [
        (f"click → mark drawn, p95: ours ({len(adds)} adding, {len(rems)} removing) · bare Plotly ({len(r)} adding)",
         f"{pct(o, 95):.0f} ms · {pct(r, 95):.0f} ms", f"{ratio:.2f}×", f"≤ 1.0× {ok(ratio, 1.0)}"),
        ("— the same, median", f"{pct(o, 50):.0f} ms · {pct(r, 50):.0f} ms", f"{pct(o, 50) / pct(r, 50):.2f}×", ""),
        ("— ours adding · removing, p95", f"{pct(adds, 95):.0f} ms · {pct(rems, 95):.0f} ms", "", ""),
        *since_click(ours, ref),
        ("— clicks with nothing drawn: ours · bare", f"{missed[0]} · {missed[1]}", "", ""),
    ]


def since_click(ours, ref) -> list[tuple]:
    """The same from the click event (after the mouseup a page's mousedown work may have delayed), p95."""
    o, r = ([c[2] for c in x if c[2] is not None] for x in (ours, ref))
    return [("— the same from the click event, p95", f"{pct(o, 95):.0f} ms · {pct(r, 95):.0f} ms",
             f"{pct(o, 95) / pct(r, 95):.2f}×", "")]


def step_rows(ours_at, ref_at, recs, phone) -> list[tuple]:
    ours, ref = [e[0] for e in ours_at], [e[0] for e in ref_at]
    ratio, f = pct(ours, 95) / pct(ref, 95), [fps(r) for r in recs]
    rows = [("Step → first drawn change, p95: ours · bare Plotly.animate", f"{pct(ours, 95):.0f} ms · "
             f"{pct(ref, 95):.0f} ms", f"{ratio:.2f}×", f"≤ 1.0× {ok(ratio, 1.0)}"),
            ("— the same, median", f"{pct(ours, 50):.0f} ms · {pct(ref, 50):.0f} ms",
             f"{pct(ours, 50) / pct(ref, 50):.2f}×", ""),
            *since_click(ours_at, ref_at),
            (f"frames per second during a step, desktop ({len(f)} steps): median · lowest",
             f"{statistics.median(f):.0f} · {min(f):.0f} fps", "", f"≥ 55 fps {ok(min(f), 55, above=True)}")]
    if phone:
        p_ms, p_recs = [e[0] for e in phone[0]], phone[1]
        longest = [r["longest"] for r in p_recs if r["longest"] is not None]
        rows += [(f"390×844, CPU 4× slower: longest frame during a step ({len(longest)} steps): median · worst",
                  f"{statistics.median(longest):.0f} · {max(longest):.0f} ms", "",
                  f"≤ 50 ms {ok(max(longest), 50)}"),
                 ("— Step → first drawn change, p95 · fps median", f"{pct(p_ms, 95):.0f} ms · "
                  f"{statistics.median(fps(r) for r in p_recs):.0f} fps", "", "")]
    return rows


def byte_rows(sizes: dict) -> list[tuple]:
    rows = []
    for slug, s in sizes.items():
        beyond = s["ours"][0] + s["plotly"][0]
        rows += [(f"/{slug}, first visit: JavaScript beyond Streamlit's own (as served · on the wire)",
                  f"{beyond / 1000:.0f} KB · {(s['ours'][1] + s['plotly'][1]) / 1000:.0f} KB", "",
                  f"≤ 200 KB {ok(beyond, 200_000)}"),
                 (f"— the plot's code ({s['ours'][2]} file: its modules in one, framework/bundle.py) · the head's "
                  f"script · plotly ({s['plotly'][2]} files)",
                  f"{(s['ours'][0] - s['head'][0]) / 1000:.0f} KB · {s['head'][0] / 1000:.1f} KB · "
                  f"{s['plotly'][0] / 1000:.0f} KB", "", ""),
                 (f"— Streamlit's own static/js ({s['streamlit'][2]} files)",
                  f"{s['streamlit'][0] / 1000:.0f} KB · {s['streamlit'][1] / 1000:.0f} KB", "", "")]
    return rows + [("— the old design: plotly.min.js (the installed package's)",
                    f"{S.plotly_file().stat().st_size / 1e6:.2f} MB", "", "")]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=60, help="clicks on each page")
    ap.add_argument("--gap", type=int, default=150, help="ms between clicks")
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--phone-steps", type=int, default=12)
    ap.add_argument("--cold", type=int, default=8, help="fresh profiles of each page (desktop)")
    ap.add_argument("--phone-cold", type=int, default=6, help="fresh profiles on a 390×844 phone, CPU 4× slower")
    ap.add_argument("--lessons", nargs="+", default=["pla", "halts"], help="the lessons whose load is timed")
    ap.add_argument("--reruns", type=int, default=60, help="reruns for the server's CPU (0: none)")
    ap.add_argument("--loads-only", action="store_true", help="time the loads alone (no clicks, steps, bytes, CPU)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    proc, server, bare_proc, bare = start_app_and_bare()
    httpd, bare_plotly = serve_bare_plotly(server + S.plotly_url())
    base = server + "/pla"
    phone, cpu = None, None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)

            def page(viewport=None, throttle=1):
                ctx = browser.new_context(viewport=viewport or {"width": 1280, "height": 720})
                ctx.add_init_script(TEST_HOOKS)
                pg = ctx.new_page()
                if throttle != 1:
                    ctx.new_cdp_session(pg).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
                return pg

            for slug in args.lessons:  # warm the server's caches
                Plot(page()).open(f"{server}/{slug}").page.context.close()
            loads = pages(server, bare, args.lessons)
            cold = medians(cold_loads(p, loads, args.cold, visits=2))
            phone_cold = medians(cold_loads(p, loads, args.phone_cold, viewport=PHONE, throttle=4, visits=1))
            if args.loads_only:
                browser.close()
                rows = [*load_rows(cold, "1280×720", False), *load_rows(phone_cold, "390×844, CPU 4× slower", True)]
                print(f"Loads: medians of {args.cold} fresh profiles of each page ({args.phone_cold} on the phone).")
                print("| measure | figure | ratio | target |\n|---|---:|---:|---|")
                print("\n".join("| " + " | ".join(r) + " |" for r in rows))
                return
            sizes = {slug: js_bytes(p, f"{server}/{slug}", bare) for slug in args.lessons}
            plot, ref = Plot(page()).open(base), page()
            ref.goto(bare_plotly)
            ms = 500  # a step's planned time on the lesson (stats.transitions' ms), checked below
            bare_plotly_like(plot, ref, ms)
            clicks = bench_clicks(plot, ref, args.clicks, args.gap)
            plot.page.context.close()
            plot = Plot(page()).open(base)
            steps = bench_steps(plot, ref, args.steps)
            assert {r["ms"] for r in steps[2]} == {ms}, {r["ms"] for r in steps[2]}
            plot.page.context.close()
            if args.phone_steps:
                pp = Plot(page(PHONE, 4)).open(base)
                pp.js(f"() => {{ {FRAME_CLOCK} }}")
                pp.js(WATCH, [".pla-plot .pla-svg", "any"])
                button = pp.page.get_by_role("button", name="Step")
                phone = list(zip(*(step_ours(pp, button) for _ in range(args.phone_steps))))
                pp.page.context.close()
            if args.reruns:
                big = Plot(page()).open(link_with_points(server, 200))
                assert len(big.points()) == 200
                cpu = bench_server_cpu(big, proc.pid, args.reruns)
            browser.close()
    finally:
        httpd.shutdown()
        for pr in (proc, bare_proc):
            pr.terminate()
            pr.wait(10)

    rows = [*load_rows(cold, "1280×720", False), *load_rows(phone_cold, "390×844, CPU 4× slower", True),
            *click_rows(*clicks), *step_rows(*steps, phone), *byte_rows(sizes)]
    if cpu:
        gross, net, wall, idle = cpu
        rows += [("server CPU per rerun, 200 points: net of idle (gross)", f"{net * 1000:.1f} ms",
                  f"gross {gross * 1000:.1f} ms", f"≤ 12 ms {ok(net * 1000, 12)}"),
                 ("— idle server CPU (subtracted above)", f"{idle * 1000:.1f} ms/s", f"× {wall * 1000:.0f} ms/rerun",
                  "")]
    print(f"Loads: medians of {args.cold} fresh profiles of each page ({args.phone_cold} on the phone), interleaved; "
          f"{args.clicks} clicks {args.gap} ms apart on each page, {args.steps} steps on each ({args.phone_steps} on "
          f"the phone), {args.reruns} reruns.")
    print("| measure | figure | ratio | target |")
    print("|---|---:|---:|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
