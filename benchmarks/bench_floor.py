"""The references a PLA Lab page is measured against, and its cold loads (bench_ui.py uses all of it).

Run:  python benchmarks/bench_floor.py [--trials 6] [--lessons pla halts] [--phone] [--floor] [--baseline-rev REV]

Issue 34 judges a lesson's load against a bare one-line Streamlit page, and its clicks and steps against a bare
Plotly page. This script times cold loads, its pages interleaved, each trial in a fresh real browser profile visited
VISITS times (``cold_loads``, which bench_ui.py's load rows use too):

  * app   — a PLA Lab lesson (``--lessons``, /pla and /halts by default), until its plot takes clicks
    (``window.__plaLab.stats.interactiveAt``), and until its first picture is on screen; with ``--baseline-rev REV``
    the same lessons served by the code at REV too (a git worktree), interleaved;
  * bare  — ``st.write("A bare page")``, until its text is drawn;
  * floor (``--floor``, the old design's reference, issue 25) — the same bare page plus plotly.min.js (the very URL
    and caching headers the app serves) and a one-trace ``Plotly.newPlot``: done when both are drawn.

``BARE_PLOTLY`` is the bare Plotly page (``serve_bare_plotly``): a static page with the app's plotly.min.js, a
scatter of the lesson's points that adds a point where it is clicked (``Plotly.extendTraces``) and a line that a
Step button moves (``Plotly.animate``): what a click and a step cost a page that plotly.js draws, and nothing else.

``--phone``: the same at 390×844 with Chromium's CPU throttled 4× (DevTools' Emulation.setCPUThrottlingRate), a
phone's view of it.
"""

from __future__ import annotations

import argparse
import http.server
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pla_lab.framework import server  # noqa: E402
from tests.browser import ARGS, CHROMIUM, TEST_HOOKS, start_server  # noqa: E402

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


#: The old design's floor (issue 25): the bare page plus plotly.js and one chart.
FLOOR = """(() => {
  const s = document.createElement('script');
  s.src = %r;
  s.onload = () => {
    const d = document.createElement('div');
    d.style.cssText = 'position:fixed;right:0;bottom:0;width:600px;height:420px';
    document.body.appendChild(d);
    Plotly.newPlot(d, [{x: [0, 1, 2], y: [1, 0, 2], mode: 'markers+lines'}], {}).then(() => {
      window.__plotAt = performance.now();
    });
  };
  const add = () => { if (document.documentElement) { document.documentElement.appendChild(s); return true; } };
  if (!add()) new MutationObserver((_, obs) => add() && obs.disconnect()).observe(document, { childList: true });
})();"""

READY = {
    "bare": "window.__bareAt",
    "floor": "window.__bareAt && window.__plotAt && Math.max(window.__bareAt, window.__plotAt)",
}
APP_READY = "window.__plaLab && window.__plaLab.stats.interactiveAt"
#: When the server's first picture of the step (pla_lab/drawing/picture.py) is on screen: its image decoded.
PICTURE_AT = """new MutationObserver((_, obs) => {
  const img = document.querySelector('.st-key-plot-stack img');
  if (!img) return;
  obs.disconnect();
  img.decode().then(() => { window.__pictureAt = performance.now(); }, () => {});
}).observe(document, { childList: true, subtree: true });"""
#: When Streamlit mounted the lesson plot's component: at once where the plot was not drawn on its picture.
MOUNTED = ("window.__plaLab && (window.__plaLab.stats.early ? window.__plaLab.stats.adoptedAt"
           " : window.__plaLab.stats.mountedAt)")
VISITS = 3
PHONE = {"width": 390, "height": 844}

#: The bare Plotly page: the app's plotly.min.js, then ``setup(cfg)`` draws cfg.points ([x, y, ±1]) in cfg.view
#: (xmin xmax ymin ymax) on a plot area as large as the lesson's (cfg.width × cfg.height px, margins l r t b), and a
#: line; a click on the plot area adds a point there (Plotly.extendTraces), "Step" moves the line (Plotly.animate,
#: cfg.ms, eased as the lesson's plot is). Nothing but plotly.js draws it.
BARE_PLOTLY = """<!doctype html><html><head><meta charset="utf-8"><title>A bare Plotly page</title>
<script src="%s"></script></head><body style="margin:0;font-family:sans-serif">
<div id="gd" style="position:absolute;left:20px;top:20px"></div>
<button id="step" style="position:absolute;left:20px;top:640px;font-size:16px">Step</button>
<script>
window.setup = (cfg) => {
  const gd = document.getElementById('gd'), [l, r, t, b] = cfg.margins, v = cfg.view;
  const w = cfg.width - l - r, h = cfg.height - t - b;
  const sym = (p) => (p[2] > 0 ? 'circle-open' : 'x-thin-open');
  let k = 0;
  window.area = [l, t, w, h];
  const line = (a) => ({ x: [v[0], v[1]], y: [Math.tan(a) * v[0] * 0.8, Math.tan(a) * v[1] * 0.8] });
  return Plotly.newPlot(gd, [
    { type: 'scatter', mode: 'markers', x: cfg.points.map((p) => p[0]), y: cfg.points.map((p) => p[1]),
      marker: { symbol: cfg.points.map(sym), size: 10, line: { width: 2 } } },
    { type: 'scatter', mode: 'lines', ...line(0.3) },
  ], { width: cfg.width, height: cfg.height, margin: { l, r, t, b, pad: 0 }, showlegend: false, hovermode: false,
       dragmode: false, xaxis: { range: [v[0], v[1]], autorange: false, zeroline: true },
       yaxis: { range: [v[2], v[3]], autorange: false, scaleanchor: 'x' } },
     { displayModeBar: false, responsive: false }).then(() => {
    document.addEventListener('click', (e) => {
      const box = gd.getBoundingClientRect(), px = e.clientX - box.left - l, py = e.clientY - box.top - t;
      if (px < 0 || px > w || py < 0 || py > h) return;
      const x = v[0] + (px / w) * (v[1] - v[0]), y = v[3] - (py / h) * (v[3] - v[2]);
      Plotly.extendTraces(gd, { x: [[x]], y: [[y]], 'marker.symbol': [['circle-open']] }, [0]);
    }, true);
    document.getElementById('step').addEventListener('click', () => {
      k += 1;
      window.animating = true;
      const ms = cfg.ms;
      Plotly.animate(gd, { data: [line(0.3 + 0.25 * k)], traces: [1] },
                     { transition: { duration: ms, easing: 'cubic-in-out' }, frame: { duration: ms, redraw: false } })
        .then(() => { window.animating = false; });
    });
    window.ready = true;
  });
};
</script></body></html>"""


def serve_bare_plotly(plotly_src: str):
    """(server, URL) of the bare Plotly page, served by a thread of this process (stop it with .shutdown())."""
    html = (BARE_PLOTLY % plotly_src).encode()

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(html)))
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *_):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def bare_plotly_setup(page, cfg: dict) -> None:
    """Draw the bare Plotly page (``BARE_PLOTLY``'s setup) and wait until it takes clicks."""
    page.wait_for_function("() => typeof window.setup === 'function' && typeof Plotly === 'object'")
    page.evaluate(f"() => {{ window.setup({json.dumps(cfg)}); }}")
    page.wait_for_function("() => window.ready === true")


def baseline_server(rev: str):
    """(process, URL) of the app as it was at ``rev``, from a worktree of it beside this checkout."""
    where = pathlib.Path(tempfile.mkdtemp(prefix="pla-baseline-")) / "wt"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(where), rev], check=True,
                   capture_output=True)
    return start_server(cwd=str(where)), where


def pages(base: str, bare: str, lessons, apps: dict | None = None, *, floor: bool = False) -> dict:
    """name → (URL, init script, what is ready, when the picture showed) for the bare page, the floor if asked and
    each lesson of each app (``apps``: name → base URL; the app at ``base`` alone unless told)."""
    out = {"bare": (bare + "/", BARE_READY, READY["bare"], None)}
    if floor:
        out["floor"] = (bare + "/", BARE_READY + "\n" + FLOOR % (base + server.plotly_url()), READY["floor"], None)
    for who, at in (apps or {"app": base}).items():
        for slug in lessons:
            # the picture is on screen from its image's decoding, or from the plot drawn on it if that came first
            out[f"{who} /{slug}"] = (f"{at}/{slug}", TEST_HOOKS + "\n" + PICTURE_AT, APP_READY,
                                     f"Math.min(window.__pictureAt || Infinity, {APP_READY})")
    return out


def cold_loads(pw, pages: dict, trials: int, *, viewport=None, throttle: float = 1, visits: int = VISITS) -> dict:
    """Seconds from navigation to ready (and to the first picture) per page and visit: each trial a fresh real
    browser profile (Chromium keeps compiled code only outside incognito contexts, and reuses it from a script's third
    visit), visited ``visits`` times in a row; the pages' trials interleaved, in a rotating order. ``throttle``: the
    CPU slowed that many times (DevTools' Emulation.setCPUThrottlingRate, as its phone presets do).
    Returns {name: {"ready": [[visit 1 times], …], "picture": [[…], …]}}."""
    out = {name: {what: [[] for _ in range(visits)] for what in ("ready", "picture", "mounted")} for name in pages}
    names = list(pages)
    for k in range(trials):
        for name in names[k % len(names):] + names[:k % len(names)]:
            url, init, ready, picture = pages[name]
            with tempfile.TemporaryDirectory() as profile:
                ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                            viewport=viewport or {"width": 1280, "height": 720})
                ctx.add_init_script(init)
                page = ctx.pages[0] if ctx.pages else ctx.new_page()
                if throttle != 1:
                    ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
                for v in range(visits):
                    page.goto(url)
                    page.wait_for_function(f"() => {ready}", timeout=120_000)
                    out[name]["ready"][v].append(page.evaluate(f"() => {ready}") / 1000)
                    if picture:
                        at = page.evaluate(f"() => {picture}")
                        out[name]["picture"][v].append(at / 1000 if at else out[name]["ready"][v][-1])
                        # when Streamlit mounted the plot's component (which takes over a plot drawn on the picture)
                        page.wait_for_function(f"() => {MOUNTED}", timeout=120_000)
                        out[name]["mounted"][v].append(page.evaluate(f"() => {MOUNTED}") / 1000)
                    page.goto("about:blank")
                ctx.close()
    return out


def medians(times: dict) -> dict:
    return {name: {what: [statistics.median(v) if v else None for v in visits] for what, visits in t.items()}
            for name, t in times.items()}


def table(med: dict, title: str) -> list[str]:
    """Markdown rows: each lesson's time to taking clicks against the bare page (and the floor, if measured), and
    its first picture's."""
    floor = "floor" in med
    lines = [f"| {title} | visit | to taking clicks | app / bare |{' app / floor |' if floor else ''} first picture "
             "| picture / bare |", "|---|---|---:|---:|" + ("---:|" if floor else "") + "---:|---:|"]
    visits = len(med["bare"]["ready"])
    for v in range(visits):
        b = med["bare"]["ready"][v]
        if floor:
            f = med["floor"]["ready"][v]
            lines.append(f"| bare page · floor (bare + plotly.js) | {v + 1} | {b:.2f} s · {f:.2f} s | | "
                         f"{f / b:.2f}× (floor / bare) | | |")
        else:
            lines.append(f"| bare page | {v + 1} | {b:.2f} s | | | |")
    for name in med:
        if name in READY:
            continue
        for v in range(visits):
            a, p, b = med[name]["ready"][v], med[name]["picture"][v], med["bare"]["ready"][v]
            vs_floor = f" {a / med['floor']['ready'][v]:.2f}× |" if floor else ""
            lines.append(f"| {name} | {v + 1} | {a:.2f} s | {a / b:.2f}× |{vs_floor} {p:.2f} s | {p / b:.2f}× |")
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=6)
    ap.add_argument("--lessons", nargs="+", default=["pla", "halts"])
    ap.add_argument("--baseline-rev", help="also time the app at this git revision (a worktree), interleaved")
    ap.add_argument("--phone", action="store_true", help="at 390×844 with the CPU throttled 4×")
    ap.add_argument("--floor", action="store_true", help="also the old design's floor: the bare page + plotly.js")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    proc, base, bare_proc, bare = start_app_and_bare()
    procs, worktree, apps = [proc, bare_proc], None, {"app": base}
    try:
        if args.baseline_rev:
            (old_proc, old), worktree = baseline_server(args.baseline_rev)
            procs.append(old_proc)
            apps[f"at {args.baseline_rev}"] = old
        with sync_playwright() as pw:
            times = cold_loads(pw, pages(base, bare, args.lessons, apps, floor=args.floor), args.trials,
                               viewport=PHONE if args.phone else None, throttle=4 if args.phone else 1)
    finally:
        for pr in procs:
            pr.terminate()
            pr.wait(10)
        if worktree is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)], check=False)
    where = "390×844, CPU 4× slower" if args.phone else "1280×720"
    print(f"Medians of {args.trials} trials each, interleaved, each a fresh browser profile visited {VISITS} times.")
    print("\n".join(table(medians(times), where)))


if __name__ == "__main__":
    main()
