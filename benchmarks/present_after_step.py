"""Present pressed a moment after Step, in real headless Chromium (a script that prints figures, not a test).

Run:  python benchmarks/present_after_step.py [--trials 3] [--gaps 0,100,200,300,400,500,700]

For each trial and gap, a fresh page opens /pla?t=2, presses Step, waits `gap` ms (the Step still animating for
about 0.5 s), presses Present, and after 5 s counts: a blank page (Streamlit's page failed; no plot), and
presenter mode showing step 3 on the plot and in the link (the step kept). A page where the step is lost is
described: the step on the plot, in the link, and Streamlit's script state.
The browser test (tests/e2e/test_present_browser.py::test_present_pressed_right_after_step_keeps_the_step_and_the_page)
asserts the same for gaps of 0 and 0.3 s.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys
from urllib.parse import parse_qs, urlparse

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser import ARGS, CHROMIUM, TEST_HOOKS, Plot, start_server  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=3)
    ap.add_argument("--gaps", default="0,100,200,300,400,500,700", help="ms between Step and Present")
    a = ap.parse_args()
    gaps = [int(g) for g in a.gaps.split(",")]
    proc, url = start_server()
    seen = collections.defaultdict(lambda: [0, 0, 0])  # presses, blank pages, step kept
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for trial in range(a.trials):
                for gap in gaps:
                    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
                    ctx.add_init_script(TEST_HOOKS)
                    page = ctx.new_page()
                    plot = Plot(page).open(url + "/pla?t=2")
                    page.get_by_role("button", name="Step").click()
                    page.wait_for_timeout(gap)
                    page.get_by_role("button", name="Present").click()
                    page.wait_for_timeout(5000)
                    row = seen[gap]
                    row[0] += 1
                    if not page.locator(".pla-plot").count():
                        row[1] += 1
                        print(f"trial {trial}, {gap} ms: a blank page", flush=True)
                    else:
                        q = parse_qs(urlparse(page.url).query)
                        kept = plot.t() == 3 and q.get("t") == ["3"] and q.get("present") == ["1"]
                        row[2] += kept
                        if not kept:
                            state = page.evaluate("() => document.querySelector('[data-testid=stApp]').dataset"
                                                  ".testScriptState")
                            print(f"trial {trial}, {gap} ms: step lost — plot at {plot.t()}, link t={q.get('t')}, "
                                  f"present={q.get('present')}, script {state}", flush=True)
                    ctx.close()
    finally:
        proc.kill()
    print("\n| Present after Step | presses | blank page | presenter mode, step kept |\n|---|---:|---:|---:|")
    for gap, (n, blank, kept) in sorted(seen.items()):
        print(f"| {gap} ms | {n} | {blank} | {kept} |")
    total = [sum(r[i] for r in seen.values()) for i in range(3)]
    print(f"| all | {total[0]} | {total[1]} | {total[2]} |")


if __name__ == "__main__":
    main()
