"""The floor of cold load: how fast *any* page could be that shows a Streamlit page and a plotly.js chart.

Run:  python benchmarks/bench_floor.py [--trials 6] [--lessons pla halts] [--baseline-rev REV] [--phone]

Issue 9 judged cold load as a ratio to a bare one-line Streamlit page and kept evaluating the plotly package's
plotly.min.js as a floor that stays; issue 25 judges the app against that floor (first visit ≤ 1.25×, repeat
≤ 1.3×) and the server's first picture against the bare page (≤ 1.4× on a first visit). This script measures them,
its pages interleaved, each trial in a fresh real browser profile visited three times (``cold_loads``, which
bench_ui.py's cold-load rows use too):

  * app   — a PLA Lab lesson (``--lessons``, /pla and /halts by default), until its plot takes clicks, and until
    its first picture is on screen; with ``--baseline-rev REV`` the same lessons served by the code at REV too
    (a git worktree), interleaved;
  * bare  — ``st.write("A bare page")``, until its text is drawn;
  * floor — the same bare page, plus plotly.min.js (the very URL and caching headers the app serves) inserted
    before any of the page's own scripts and a one-trace ``Plotly.newPlot``: done when both the text and
    the chart are drawn. No page that draws a plotly chart inside Streamlit can be faster than this one,
    so floor / bare is the best ratio reachable while plotly.js is evaluated before the chart takes clicks.

``--phone``: the same at 390×844 with Chromium's CPU throttled 4× (DevTools' Emulation.setCPUThrottlingRate), a
phone's view of it.
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
APP_READY = "window.__plaLab && window.__plaLab.stats.interactiveAt"
#: When the server's first picture of the step (pla_lab/drawing/picture.py) is on screen: its image decoded.
PICTURE_AT = """new MutationObserver((_, obs) => {
  const img = document.querySelector('.st-key-plot-stack img');
  if (!img) return;
  obs.disconnect();
  img.decode().then(() => { window.__pictureAt = performance.now(); }, () => {});
}).observe(document, { childList: true, subtree: true });"""
VISITS = 3
PHONE = {"width": 390, "height": 844}


def baseline_server(rev: str):
    """(process, URL) of the app as it was at ``rev``, from a worktree of it beside this checkout."""
    where = pathlib.Path(tempfile.mkdtemp(prefix="pla-baseline-")) / "wt"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(where), rev], check=True,
                   capture_output=True)
    return start_server(cwd=str(where)), where


def pages(base: str, bare: str, lessons, apps: dict | None = None) -> dict:
    """name → (URL, init script, what is ready, when the picture showed) for the bare page, the floor and each
    lesson of each app (``apps``: name → base URL; the app at ``base`` alone unless told)."""
    out = {"bare": (bare + "/", BARE_READY, READY["bare"], None),
           "floor": (bare + "/", BARE_READY + "\n" + FLOOR % (base + server.plotly_url()), READY["floor"], None)}
    for who, at in (apps or {"app": base}).items():
        for slug in lessons:
            out[f"{who} /{slug}"] = (f"{at}/{slug}", TEST_HOOKS + "\n" + PICTURE_AT, APP_READY, "window.__pictureAt")
    return out


def cold_loads(pw, pages: dict, trials: int, *, viewport=None, throttle: float = 1) -> dict:
    """Seconds from navigation to ready (and to the first picture) per page and visit: each trial a fresh real
    browser profile (Chromium keeps compiled code only outside incognito contexts, and reuses it from a script's third
    visit), visited VISITS times in a row; the pages' trials interleaved, in a rotating order. ``throttle``: the CPU
    slowed that many times (DevTools' Emulation.setCPUThrottlingRate, as its phone presets do).
    Returns {name: {"ready": [[visit 1 times], …], "picture": [[…], …]}}."""
    out = {name: {"ready": [[] for _ in range(VISITS)], "picture": [[] for _ in range(VISITS)]} for name in pages}
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
                for v in range(VISITS):
                    page.goto(url)
                    page.wait_for_function(f"() => {ready}", timeout=120_000)
                    out[name]["ready"][v].append(page.evaluate(f"() => {ready}") / 1000)
                    if picture:
                        at = page.evaluate(f"() => {picture}")
                        out[name]["picture"][v].append(at / 1000 if at else out[name]["ready"][v][-1])
                    page.goto("about:blank")
                ctx.close()
    return out


def medians(times: dict) -> dict:
    return {name: {what: [statistics.median(v) if v else None for v in visits] for what, visits in t.items()}
            for name, t in times.items()}


def table(med: dict, title: str) -> list[str]:
    """Markdown rows: each lesson's time to taking clicks against the bare page and the floor, and its picture's."""
    lines = [f"| {title} | visit | to taking clicks | app / bare | app / floor | first picture | picture / bare |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for v in range(VISITS):
        b, f = med["bare"]["ready"][v], med["floor"]["ready"][v]
        lines.append(f"| bare page · floor (bare + plotly.js) | {v + 1} | {b:.2f} s · {f:.2f} s | | {f / b:.2f}× "
                     "(floor / bare) | | |")
    for name in med:
        if name in READY:
            continue
        for v in range(VISITS):
            a, p = med[name]["ready"][v], med[name]["picture"][v]
            b, f = med["bare"]["ready"][v], med["floor"]["ready"][v]
            lines.append(f"| {name} | {v + 1} | {a:.2f} s | {a / b:.2f}× | {a / f:.2f}× | {p:.2f} s | {p / b:.2f}× |")
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=6)
    ap.add_argument("--lessons", nargs="+", default=["pla", "halts"])
    ap.add_argument("--baseline-rev", help="also time the app at this git revision (a worktree), interleaved")
    ap.add_argument("--phone", action="store_true", help="at 390×844 with the CPU throttled 4×")
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
            times = cold_loads(pw, pages(base, bare, args.lessons, apps), args.trials,
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
