"""The floor of cold load: how fast *any* page could be that shows a Streamlit page and a plotly.js chart.

Run:  python benchmarks/bench_floor.py [--trials 6]

Issue 9 judges cold load as a ratio to a bare one-line Streamlit page (first visit ≤ 2.3×, repeat ≤ 2.0×) and
keeps evaluating the plotly package's plotly.min.js as a floor that stays. This script measures that floor, so
the targets can be read against it. Three pages, interleaved, each trial in a fresh real browser profile visited
three times (as bench_ui.py does):

  * app   — PLA Lab's start page, until its plot takes clicks;
  * bare  — ``st.write("A bare page")``, until its text is drawn;
  * floor — the same bare page, plus plotly.min.js (the very URL and caching headers the app serves) inserted
    before any of the page's own scripts and a one-trace ``Plotly.newPlot``: done when both the text and
    the chart are drawn. No page that draws a plotly chart inside Streamlit can be faster than this one,
    so floor / bare is the best ratio reachable while plotly.js is evaluated before the chart takes clicks.
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_ui import BARE_READY, start_app_and_bare  # noqa: E402
from pla_lab.framework import server  # noqa: E402
from tests.browser import ARGS, CHROMIUM, TEST_HOOKS  # noqa: E402

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
    "app": "window.__plaLab && window.__plaLab.stats.interactiveAt",
    "bare": "window.__bareAt",
    "floor": "window.__bareAt && window.__plotAt && Math.max(window.__bareAt, window.__plotAt)",
}
VISITS = 3


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=6)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    proc, base, bare_proc, bare = start_app_and_bare()
    init = {"app": TEST_HOOKS, "bare": BARE_READY, "floor": BARE_READY + "\n" + FLOOR % (base + server.plotly_url())}
    url = {"app": base + "/", "bare": bare + "/", "floor": bare + "/"}
    out = {name: [[] for _ in range(VISITS)] for name in READY}
    names = list(READY)
    try:
        with sync_playwright() as pw:
            for k in range(args.trials):
                for name in names[k % 3:] + names[:k % 3]:
                    with tempfile.TemporaryDirectory() as profile:
                        ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                                    viewport={"width": 1280, "height": 720})
                        ctx.add_init_script(init[name])
                        page = ctx.pages[0] if ctx.pages else ctx.new_page()
                        for visit in out[name]:
                            page.goto(url[name])
                            page.wait_for_function(f"() => {READY[name]}", timeout=30_000)
                            visit.append(page.evaluate(f"() => {READY[name]}") / 1000)
                            page.goto("about:blank")
                        ctx.close()
    finally:
        for pr in (proc, bare_proc):
            pr.terminate()
            pr.wait(10)

    med = {name: [statistics.median(v) for v in visits] for name, visits in out.items()}
    print(f"| visit ({args.trials} trials each, interleaved) | app | bare page | floor: bare + plotly.js "
          "| app / bare | floor / bare | app / floor |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for v in range(VISITS):
        a, b, f = med["app"][v], med["bare"][v], med["floor"][v]
        print(f"| {v + 1} | {a:.2f} s | {b:.2f} s | {f:.2f} s | {a / b:.2f}× | {f / b:.2f}× | {a / f:.2f}× |")


if __name__ == "__main__":
    main()
