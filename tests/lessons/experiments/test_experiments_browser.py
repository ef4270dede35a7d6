"""The Experiments lesson in real headless Chromium at 1280×720: a thousand runs with the progress bar moving and
the histograms drawn, a long sweep stopped midway keeping what it computed, and a run opened in the PLA lesson."""

from __future__ import annotations

import pathlib
import re

from axe_playwright_python.sync_playwright import Axe

from tests.browser import READY

ARTIFACTS = pathlib.Path(__file__).resolve().parents[3] / "test-artifacts"

# Every value the progress bar shows, recorded as it changes (Streamlit replaces the bar's element as it moves).
WATCH_BAR = """() => { window.__bar = [];
  const seen = () => document.querySelectorAll('[data-testid=stMain] [role=progressbar]').forEach(
      (b) => window.__bar.push(Number(b.getAttribute('aria-valuenow'))));
  new MutationObserver(seen).observe(document.body, {subtree: true, childList: true, attributes: true,
                                                     attributeFilter: ['aria-valuenow']}); }"""
HISTOGRAMS = """() => [...document.querySelectorAll('[data-testid=stMain] .js-plotly-plot')].map((g) =>
  g.data.filter((t) => t.meta === 'histogram').reduce((n, t) => n + t.y.reduce((a, b) => a + b, 0), 0))"""


def open_page(page, url):
    page.goto(url)
    page.wait_for_selector(READY, timeout=30_000)
    page.get_by_role("button", name=re.compile("^Start")).wait_for(timeout=30_000)


def test_a_thousand_runs_move_the_bar_draw_the_histograms_and_open_in_the_pla_lesson(server, plot):
    page = plot.page
    open_page(page, server + "/experiments?n=100&runs=200")
    runs = page.get_by_label("Runs", exact=True)
    runs.fill("1000")
    runs.press("Enter")
    start = page.get_by_role("button", name="Start 1,000 runs")
    start.wait_for(timeout=30_000)
    page.wait_for_function("() => new URL(location.href).searchParams.get('runs') === '1000'", timeout=30_000)
    page.evaluate(WATCH_BAR)
    start.click()
    page.get_by_text("1,000 of 1,000 runs, done in").wait_for(timeout=60_000)
    moving = page.evaluate("() => window.__bar")
    assert any(0 < v < 100 for v in moving) and max(moving) == 100, moving
    page.wait_for_function(f"() => ({HISTOGRAMS})().filter((n) => n > 0).length >= 3", timeout=30_000)
    counts = page.evaluate(HISTOGRAMS)
    assert counts[:2] == [1000, 1000] and counts[2] == 200, counts  # T and P[f ≠ g] of every run; the bound's 200
    page.wait_for_timeout(500)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "experiments-1000.png"))
    found = [(v["id"], n["target"]) for v in Axe().run(page).response["violations"]
             if v["impact"] in ("serious", "critical") for n in v["nodes"]]
    assert found == []  # axe-core on the results: charts, numbers, run links
    # The slowest run opens in the PLA lesson (a new tab: here, the same page) with its 100 points.
    link = page.get_by_role("link", name=re.compile(r"^Slowest \(run \d+\) in PLA step by step"))
    href = link.evaluate("(a) => a.href")
    plot.open(href)
    assert len(plot.points()) == 100
    assert "/pla?" in page.url


def test_stopping_a_long_sweep_keeps_what_it_computed(server, plot):
    page = plot.page
    open_page(page, server + "/experiments?n=1000&runs=200&cap=5000&embed_options=dark_theme")
    page.evaluate(WATCH_BAR)
    page.get_by_role("button", name="Sweep N ≤ 1,000").click()
    page.wait_for_function("() => window.__bar.some((v) => v >= 45)", timeout=120_000)
    page.get_by_role("button", name="Stop").click()
    stopped = page.get_by_text(re.compile(r"^Stopped after [\d,]+ of 1,400 runs"))
    stopped.wait_for(timeout=60_000)
    said = stopped.inner_text()
    done = int(re.search(r"after ([\d,]+)", said).group(1).replace(",", ""))
    assert 0 < done < 1400, said
    page.get_by_text(re.compile(rf"stopped after {done:,} of 1,400 runs")).wait_for(timeout=30_000)
    page.wait_for_function("() => [...document.querySelectorAll('.js-plotly-plot')].some((g) => "
                           "g.data.some((t) => t.meta === 'mean T' && t.x.length >= 3))", timeout=30_000)
    page.wait_for_timeout(2000)  # nothing carries on in the background
    assert stopped.inner_text() == said
    page.screenshot(path=str(ARTIFACTS / "experiments-sweep-stopped-dark.png"))
