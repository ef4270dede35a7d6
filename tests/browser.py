"""End-to-end fixtures: a real `streamlit run app.py` server and Debian's headless Chromium via Playwright.

If Chromium is missing the browser tests are skipped locally, but with PLA_LAB_REQUIRE_BROWSER=1 (set by
.ci/run) they fail instead: CI never silently skips them.
"""

from __future__ import annotations

import os
import pathlib
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: The plot exposes its statistics and data (window.__plaLab) only when a page sets this before it loads.
TEST_HOOKS = "window.__plaLabTestHooks = true"
#: Every frame the browser paints, by its frame clock (requestAnimationFrame's time): the frames an animation could
#: have drawn on, however fast or loaded the machine is.
FRAME_CLOCK = """window.__painted = []; requestAnimationFrame(function tick(ts) { window.__painted.push(ts);
  if (window.__painted.length > 20000) window.__painted.splice(0, 10000); requestAnimationFrame(tick); });"""
#: The page connected, its run over, and every element drawn: Streamlit fetches each kind of widget's code the first
#: time a page shows one and draws a skeleton in its place until then (on a loaded machine, seconds after the words
#: around it).
READY = ("[data-testid=stApp][data-test-script-state=notRunning][data-test-connection-state=CONNECTED]"
         ":not(:has([data-testid=stSkeleton]))")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: What a server writes when the app failed where a person could see it (Streamlit's "Uncaught app execution" and the
#: red box on the page) or when anything else in it raised: no browser test passes while its server wrote one.
SERVER_ERROR = re.compile(r"Uncaught app execution|Traceback \(most recent call last\)|^\S*Error: |Exception in ",
                          re.M)


def start_server(*extra: str, script: str = "app.py", port: int | None = None,
                 cwd: str | None = None) -> tuple[subprocess.Popen, str]:
    """A `streamlit run` server on a free port (of the checkout at ``cwd``, this one unless told); what it writes
    goes to a file, ``proc.log`` (see server_errors)."""
    port = port or _free_port()
    log = tempfile.NamedTemporaryFile("w+", prefix="pla-lab-server-", suffix=".log", delete=False)
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", script, "--server.headless", "true",
         "--server.fileWatcherType", "none", "--server.port", str(port), "--server.address", "127.0.0.1", *extra],
        cwd=cwd or ROOT, stdout=log, stderr=subprocess.STDOUT, text=True)
    proc.log = log.name
    url = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            if urllib.request.urlopen(url + "/_stcore/health", timeout=1).read() == b"ok":
                return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("streamlit did not start: " + server_log(proc))


def server_log(proc: subprocess.Popen, since: int = 0) -> str:
    """What the server has written, from character ``since`` on."""
    return pathlib.Path(proc.log).read_text(errors="replace")[since:]


def server_errors(proc: subprocess.Popen, since: int = 0) -> str:
    """The server's output from ``since`` on if it holds an uncaught exception or a traceback, else ''."""
    text = server_log(proc, since)
    return text if SERVER_ERROR.search(text) else ""


def stop_server(proc: subprocess.Popen, *, check: bool = True) -> None:
    """Stop a server of start_server's; with ``check``, fail if it ever wrote an exception."""
    if proc.poll() is None:
        proc.terminate()
        proc.wait(10)
    errors = server_errors(proc) if check else ""
    pathlib.Path(proc.log).unlink(missing_ok=True)
    assert not errors, "the server logged an exception:\n" + errors[-6000:]


#: Streamlit's page at rest: no element faded while a rerun may still change it, no running-man widget.
SETTLED = ("() => !document.querySelector('[data-stale=true]')"
           " && !document.querySelector('[data-testid=stStatusWidget], [data-testid=stSkeleton]')")


def switch_page(page, slug: str) -> None:
    """Go to another page of the app as a click on its sidebar link does (the link is clicked in the page, shown or
    not): the browser keeps plotly.js and the plot's modules loaded, so a walk through every lesson costs one load."""
    page.evaluate("""(s) => [...document.querySelectorAll('[data-testid=stSidebarNav] a')]
        .find((a) => new URL(a.href).pathname === '/' + s).click()""", slug)
    page.wait_for_function("(s) => location.pathname === '/' + s", arg=slug, timeout=30_000)
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_function(SETTLED, timeout=30_000)


def walk_lessons(page, slugs, check) -> None:
    """One walk: ``check(slug)`` on the lesson already open (``slugs[0]``), then on each next one reached by
    switch_page (one page load for them all, not one each); a failure says on which lesson."""
    for k, slug in enumerate(slugs):
        if k:
            switch_page(page, slug)
        try:
            check(slug)
        except Exception as e:  # an assertion or a wait that timed out: pytest shows the note under it
            e.add_note(f"(in the walk through the lessons, on /{slug})")
            raise


@pytest.fixture(scope="session")
def server_proc():
    proc, url = start_server()
    proc.url = url
    yield proc
    stop_server(proc, check=False)  # each test that used it has been checked (no_server_errors)


@pytest.fixture(scope="session")
def server(server_proc):
    return server_proc.url


@pytest.fixture(autouse=True)
def no_server_errors(request):
    """A browser test fails if the shared server logged an uncaught exception or a traceback while it ran."""
    if "server" not in request.fixturenames:
        yield
        return
    proc = request.getfixturevalue("server_proc")
    since = len(server_log(proc))
    yield
    time.sleep(0.3)  # a run the test's last click started may still be writing
    errors = server_errors(proc, since)
    assert not errors, "the server logged an exception during this test:\n" + errors[-6000:]


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("PLA_LAB_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing but browser tests are required (PLA_LAB_REQUIRE_BROWSER=1)")
        pytest.skip(f"{CHROMIUM} not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture()
def context(browser, request):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(TEST_HOOKS)
    if request.node.get_closest_marker("frames"):  # its loop keeps the page drawing frames: 6 % of a core, idle
        ctx.add_init_script(FRAME_CLOCK)
    yield ctx
    ctx.close()


#: The plot is drawn: its SVG (pla_lab/drawing/plot/surface.js) has laid its plot area out (the DOM contract,
#: docs/architecture.md).
DRAWN = ".pla-plot .pla-svg[data-area]"
#: Every trace the plot draws, in drawing order, as the DOM contract gives it: {meta, name, kind, x, y, text}.
MARKS = """(root) => [...(root || document).querySelectorAll('.pla-plot .pla-mark')].map((g) => ({
  meta: g.dataset.meta, name: g.dataset.name, kind: g.dataset.kind,
  x: g.dataset.x ? JSON.parse(g.dataset.x) : null, y: g.dataset.y ? JSON.parse(g.dataset.y) : null,
  text: g.dataset.text ? JSON.parse(g.dataset.text) : null }))"""
#: Each drawn point [x, y, label], ○ (+1) and × (−1).
POINTS = """() => [...document.querySelectorAll('.pla-plot .pla-pt')].map((e) =>
  [Number(e.dataset.x), Number(e.dataset.y), Number(e.dataset.label)])"""


#: A data point [x, y] as the page's px: the plot area's place in the SVG (data-area: left, top, width, height) and
#: the view it shows (data-view: xmin, xmax, ymin, ymax), equal scales.
TO_PX = """([x, y]) => { const s = document.querySelector('.pla-plot .pla-svg'), r = s.getBoundingClientRect();
  const [l, t, w] = s.dataset.area.split(' ').map(Number), v = s.dataset.view.split(' ').map(Number), k = w / (v[1] - v[0]);
  return [r.left + l + (x - v[0]) * k, r.top + t + (v[3] - y) * k]; }"""

#: The chart beside the plot is drawn (pla_lab/drawing/plot/chartsvg.js; its DOM contract, docs/architecture.md).
CHART = ".pla-chart .pla-chart-svg"
#: A data point of the chart's panel k as the page's px: [x, y, k] (y null: the panel's middle).
CHART_PX = """([x, y, k]) => { const s = document.querySelector('.pla-chart .pla-chart-svg');
  const r = s.getBoundingClientRect(), p = s.querySelectorAll('.pla-panel')[k || 0];
  const [x0, x1] = s.dataset.xrange.split(' ').map(Number), [l, w] = s.dataset.xpx.split(' ').map(Number);
  const [lo, hi] = p.dataset.range.split(' ').map(Number), [top, h] = p.dataset.ypx.split(' ').map(Number);
  return [r.left + l + (x - x0) / (x1 - x0) * w, r.top + top + (y === null ? h / 2 : (hi - y) / (hi - lo) * h)]; }"""
#: The chart's series as drawn, in the chart's order: {name, x, y} (a live series: null past the step shown).
CHART_SERIES = """() => [...document.querySelectorAll('.pla-chart .pla-series')]
  .sort((a, b) => a.dataset.i - b.dataset.i)
  .map((g) => ({ name: g.dataset.name, x: JSON.parse(g.dataset.x), y: JSON.parse(g.dataset.y) }))"""
#: The chart's step marker's x (the step shown, in the chart's x units).
CHART_MARKER = "() => +document.querySelector('.pla-chart .pla-marker').dataset.x"


class Plot:
    """Helpers to read and click the PLA plot like a person would."""

    def __init__(self, page):
        self.page = page

    def open(self, url: str):
        self.page.goto(url)
        self.page.wait_for_selector(READY, timeout=30_000)
        self.page.wait_for_selector(DRAWN, state="attached", timeout=30_000)
        self.idle()
        return self

    def idle(self, timeout=30_000):
        self.page.wait_for_function(
            "() => { const g = document.querySelector('.pla-plot');"
            " return g && g.dataset.animating !== '1' && g.dataset.playing !== '1' && g.querySelector('.pla-svg[data-area]'); }",
            timeout=timeout)

    def wait_t(self, t: int, timeout=30_000):
        """Wait until the plot shows step t at rest (the URL may change before the browser has animated)."""
        self.page.wait_for_function(
            "(t) => { const g = document.querySelector('.pla-plot');"
            " return g && g.dataset.t === String(t) && g.dataset.animating !== '1'; }", arg=t, timeout=timeout)

    def settled(self, timeout=30_000):
        """Wait until the fonts have loaded, every widget is drawn (no skeleton) and no element of the page has moved or
        changed size for 0.5 s (a loaded machine lays a page out late): what a person reads once the page is at rest."""
        self.page.wait_for_function("() => document.fonts.status === 'loaded'", timeout=timeout)
        self.page.evaluate("() => { window.__layout = {key: '', since: 0}; }")
        self.page.wait_for_function("""() => {
            const key = [...document.querySelectorAll('[data-testid=stElementContainer], .pla-plot')].map((e) => {
              const r = e.getBoundingClientRect(); return [r.top, r.left, r.width, r.height].join(','); }).join(';');
            const now = performance.now(), s = window.__layout;
            if (document.querySelector('[data-testid=stSkeleton]')) { s.key = ''; return false; }  // a widget to come
            if (key !== s.key) { s.key = key; s.since = now; return false; }
            return now - s.since >= 500; }""", polling=100, timeout=timeout)

    def transitions(self) -> list[dict]:
        """The plot's animations (start, end, planned ms, frames drawn, first and last frame's time), each with
        ``painted``: how many frames the browser painted from its first frame to its last."""
        assert self.js("() => Array.isArray(window.__painted)"), "mark the test @pytest.mark.frames (FRAME_CLOCK)"
        return self.js("""() => window.__plaLab.stats.transitions.map((r) => ({ ...r,
            painted: window.__painted.filter((ts) => ts >= r.first && ts <= r.last).length }))""")

    def preset(self, slug: str, name: str, *, points_over: int = 0):
        """Choose the lesson's example ``name`` in its Examples box, as a person would, and wait until the plot has
        more than ``points_over`` points."""
        self.page.locator(f".st-key-{slug}-preset").click()
        self.page.get_by_role("option", name=name).click()
        self.page.wait_for_function("(n) => document.querySelectorAll('.pla-plot .pla-pt').length > n",
                                    arg=points_over, timeout=30_000)

    def js(self, code: str, arg=None):
        return self.page.evaluate(code, arg)

    def points(self) -> list[tuple[float, float, float]]:
        return self.js(POINTS)

    def marks(self) -> list[dict]:
        """Every trace drawn, in order: {meta, name, kind, x, y, text} (MARKS)."""
        return self.js(MARKS)

    def mark(self, meta: str) -> dict:
        """The first trace drawn with this meta (KeyError if none is)."""
        found = [m for m in self.marks() if m["meta"] == meta]
        if not found:
            raise KeyError(meta)
        return found[0]

    def trace_xy(self, meta: str):
        m = self.mark(meta)
        return [m["x"], m["y"]]

    def t(self) -> int:
        return int(self.js("() => document.querySelector('.pla-plot').dataset.t"))

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        return tuple(self.js(TO_PX, [x, y]))

    def click_data(self, x: float, y: float, **kw):
        self.page.mouse.click(*self.to_px(x, y), **kw)

    def view(self):
        return self.js("() => window.__plaLab.data.view")


def choose(plot: Plot, label: str, option: str):
    """Pick an option of a select box, as a person does: open it, click the option (again if a rerun closed it)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(3):
        plot.page.wait_for_selector(READY, timeout=30_000)
        plot.page.get_by_role("combobox", name=label).click()
        try:
            plot.page.locator("[role=option]", has_text=option).click(timeout=15_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"could not choose {option!r} in {label!r}")


def hold_server_messages(plot: Plot):
    """Route the page's websocket through a relay that holds the server's messages back while relay["hold"] is true
    (the browser's own messages still go out, and relay["held"] lists those held); release() sends what was held, in
    order, and stops holding."""
    held = []
    relay = {"hold": False, "held": held}

    def connect(ws):
        relay["ws"] = ws
        srv = ws.connect_to_server()
        srv.on_message(lambda m: held.append(m) if relay["hold"] else ws.send(m))
        ws.on_message(lambda m: srv.send(m))

    def release():
        relay["hold"] = False
        while held:
            relay["ws"].send(held.pop(0))

    plot.page.route_web_socket("**/_stcore/stream", connect)
    return relay, release


@pytest.fixture()
def plot(context):
    return Plot(context.new_page())


def assert_animated(rec: dict) -> None:
    """One update drawn as an animation, never a jump cut: from its first frame to its last it took its planned time
    (less at most one frame at 60 Hz, where its clock starts), and it drew on every frame the browser painted
    meanwhile, at least two (a loaded machine paints fewer frames; a jump cut draws one)."""
    assert rec["last"] - rec["first"] >= rec["ms"] - 1000 / 60 - 1 and rec["frames"] >= max(2, rec["painted"] - 1), rec
