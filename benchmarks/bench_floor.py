"""The floor of cold load: how fast *any* page could be that shows a Streamlit page and a plotly.js chart.

Run:  python benchmarks/bench_floor.py [--trials 6]

Issue 9 judges cold load as a ratio to a bare one-line Streamlit page (first visit ≤ 2.3×, repeat ≤ 2.0×) and
keeps evaluating the plotly package's plotly.min.js as a floor that stays. This script measures that floor, so
the targets can be read against it. Three pages, interleaved, each trial in a fresh real browser profile visited
three times (as bench_ui.py does):

  * app   — a PLA Lab lesson (``--lessons``, /pla and /halts by default), until its plot takes clicks; with
    ``--baseline-rev REV`` the same lessons served by the code at REV too (a git worktree), interleaved;
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
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_ui import BARE_READY, start_app_and_bare  # noqa: E402
from pla_lab.framework import server  # noqa: E402
from tests.browser import ARGS, CHROMIUM, TEST_HOOKS, start_server  # noqa: E402

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

APP_READY = "window.__plaLab && window.__plaLab.stats.interactiveAt"
READY = {
    "bare": "window.__bareAt",
    "floor": "window.__bareAt && window.__plotAt && Math.max(window.__bareAt, window.__plotAt)",
}
VISITS = 3


def baseline_server(rev: str):
    """(process, URL) of the app as it was at ``rev``, from a worktree of it beside this checkout."""
    where = pathlib.Path(tempfile.mkdtemp(prefix="pla-baseline-")) / "wt"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(where), rev], check=True,
                   capture_output=True)
    return start_server(cwd=str(where)), where


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=6)
    ap.add_argument("--lessons", nargs="+", default=["pla", "halts"])
    ap.add_argument("--baseline-rev", help="also time the app at this git revision (a worktree), interleaved")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    proc, base, bare_proc, bare = start_app_and_bare()
    procs, worktree = [proc, bare_proc], None
    ready, init = dict(READY), {"bare": BARE_READY, "floor": BARE_READY + "\n" + FLOOR % (base + server.plotly_url())}
    url = {"bare": bare + "/", "floor": bare + "/"}
    apps = {"app": base}
    if args.baseline_rev:
        (old_proc, old), worktree = baseline_server(args.baseline_rev)
        procs.append(old_proc)
        apps[f"at {args.baseline_rev}"] = old
    for who, at in apps.items():
        for slug in args.lessons:
            name = f"{who} /{slug}"
            ready[name], init[name], url[name] = APP_READY, TEST_HOOKS, f"{at}/{slug}"
    out = {name: [[] for _ in range(VISITS)] for name in ready}
    names = list(ready)
    try:
        with sync_playwright() as pw:
            for k in range(args.trials):
                for name in names[k % len(names):] + names[:k % len(names)]:
                    with tempfile.TemporaryDirectory() as profile:
                        ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                                    viewport={"width": 1280, "height": 720})
                        ctx.add_init_script(init[name])
                        page = ctx.pages[0] if ctx.pages else ctx.new_page()
                        for visit in out[name]:
                            page.goto(url[name])
                            page.wait_for_function(f"() => {ready[name]}", timeout=30_000)
                            visit.append(page.evaluate(f"() => {ready[name]}") / 1000)
                            page.goto("about:blank")
                        ctx.close()
    finally:
        for pr in procs:
            pr.terminate()
            pr.wait(10)
        if worktree is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)], check=False)

    med = {name: [statistics.median(v) for v in visits] for name, visits in out.items()}
    print(f"Medians of {args.trials} trials each, interleaved, each in a fresh browser profile visited {VISITS} times.")
    print("| visit | bare page | floor: bare + plotly.js | floor / bare |")
    print("|---|---:|---:|---:|")
    for v in range(VISITS):
        b, f = med["bare"][v], med["floor"][v]
        print(f"| {v + 1} | {b:.2f} s | {f:.2f} s | {f / b:.2f}× |")
    print("\n| page | visit | to taking clicks | / bare | / floor (target ≤ 1.25× first, ≤ 1.3× repeat) |")
    print("|---|---|---:|---:|---:|")
    for name in names:
        if name in READY:
            continue
        for v in range(VISITS):
            a, b, f = med[name][v], med["bare"][v], med["floor"][v]
            print(f"| {name} | {v + 1} | {a:.2f} s | {a / b:.2f}× | {f and a / f:.2f}× |")


if __name__ == "__main__":
    main()
