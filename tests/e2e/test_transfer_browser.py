"""Save or load points in real headless Chromium: save the points as CSV, the run as JSON and the demo as a notebook
(it opens as one: valid, linking back to the same demo, at its step, with its points), Clear, load the CSV
back (the same points are drawn), replay the JSON with pla_core; a malformed CSV says which line is wrong and the
points stay; a screenshot of the open box."""

from __future__ import annotations

import pathlib
import re
import time
from urllib.parse import parse_qs, urlparse

import nbformat

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"
BOX = "Save or load points (CSV), save the run (JSON) or a notebook"


def params(url: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}


def drawn(plot) -> list:
    return sorted(map(tuple, plot.points()))


def wait_drawn(plot, expected: list, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while drawn(plot) != expected:
        assert time.monotonic() < end, f"drawn {drawn(plot)[:3]}…, expected {expected[:3]}…"
        time.sleep(0.1)


def open_box(plot):
    page = plot.page
    page.get_by_text(BOX).click()
    page.locator("[data-testid=stFileUploaderDropzoneInput]").wait_for(state="attached", timeout=30_000)
    return page


def download(page, label: str, folder: pathlib.Path) -> pathlib.Path:
    with page.expect_download(timeout=30_000) as info:
        page.get_by_role("button", name=label).click()
    d = info.value
    path = folder / d.suggested_filename
    d.save_as(path)
    return path


def test_save_clear_load_draws_the_same_points_and_the_json_replays(server, plot, tmp_path):
    plot.open(server + "/pla")
    plot.page.get_by_role("button", name="Run", exact=True).click()  # to the end, so the link holds the whole run's t
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') !== '0'", timeout=30_000)
    before, q = drawn(plot), params(plot.page.url)
    page = open_box(plot)
    csv = download(page, "Points (CSV)", tmp_path)
    assert csv.name == "pla-lab-pla-points.csv"
    run = download(page, "Run (JSON)", tmp_path)
    assert run.name == "pla-lab-pla-run.json"

    saved = pla_core.load_run(run)
    pts, _ = C.decode_points(q["pts"])
    X, y = model.arrays(pts)
    values, _ = S.read_params(q)
    trace = pla_core.pla(X, y, stop_on_cycle=False, **S.pla_kwargs(values))
    assert saved.replay().w.tobytes() == saved.w.tobytes() == trace.w.tobytes()
    assert saved.weights.tobytes() == trace.weights.tobytes() and q["t"] == str(len(saved))

    nb = download(page, "Notebook (.ipynb)", tmp_path)  # the demo as a notebook (issue 36): it opens as one
    assert nb.name == "pla-lab-pla-demo.ipynb"
    book = nbformat.read(nb, as_version=4)
    nbformat.validate(book)
    link = re.search(r"\[the demo\]\((\S+)\)", book.cells[0].source).group(1)
    assert urlparse(link).path == "/pla" and params(link) == {k: v for k, v in q.items() if k != "embed_options"}
    step = next(c.source for c in book.cells if c.cell_type == "code" and c.source.startswith("t = "))
    assert step.startswith(f"t = {q['t']}\n")
    data = next(c.source for c in book.cells if c.cell_type == "code" and c.source.startswith("X = np.array("))
    assert [tuple(map(float, row.split(","))) for row in re.findall(r"\[([^\[\]]+)\],", data)] == [
        (x1, x2) for x1, x2, _ in C.decode_points(q["pts"])[0]]

    page.get_by_role("button", name="Clear").click()
    wait_drawn(plot, [])
    page.locator("[data-testid=stFileUploaderDropzoneInput]").set_input_files(str(csv))
    page.get_by_text("Loaded 20 points from pla-lab-pla-points.csv.").wait_for(timeout=30_000)
    wait_drawn(plot, before)
    plot.page.wait_for_function("(p) => new URL(location.href).searchParams.get('pts') === p", arg=q["pts"],
                                timeout=30_000)  # the link holds them again, the same bytes


def test_a_malformed_csv_names_the_line_and_the_points_stay(server, plot):
    plot.open(server + "/pla")
    before, pts = drawn(plot), params(plot.page.url)["pts"]
    page = open_box(plot)
    page.locator("[data-testid=stFileUploaderDropzoneInput]").set_input_files(files=[{
        "name": "bad.csv", "mimeType": "text/csv", "buffer": b"x1,x2,y\n0.1,0.2,1\n0.3,abc,-1\n"}])
    page.get_by_text("bad.csv was not loaded (the points on screen stay): Line 3: 'abc' is not a number.").wait_for(
        timeout=30_000)
    assert drawn(plot) == before and params(page.url)["pts"] == pts


def test_screenshot_of_the_open_box(server, plot):
    ARTIFACTS.mkdir(exist_ok=True)
    plot.open(server + "/pocket")
    page = open_box(plot)
    page.locator("[data-testid=stFileUploaderDropzoneInput]").set_input_files(files=[{
        "name": "points.csv", "mimeType": "text/csv", "buffer": b"x1,x2,y\n0.5,0.5,1\n-0.5,-0.5,0\n0.25,-0.75,0\n"}])
    page.get_by_text("Loaded 3 points from points.csv.").wait_for(timeout=30_000)
    plot.idle()
    page.get_by_text("Loaded 3 points from points.csv.").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "transfer-box.png"))


def test_the_html_animation_plays_offline(server, plot, browser, tmp_path):
    """The saved animation is one file: opened with every request refused, plotly.js is there (inside it), it has a
    frame per step, and Play moves the slider."""
    plot.open(server + "/pla")
    q = params(plot.page.url)
    page = open_box(plot)
    path = download(page, "Animation (HTML)", tmp_path)
    assert path.name == "pla-lab-pla-animation.html"
    pts, _ = C.decode_points(q["pts"])
    X, y = model.arrays(pts)
    trace = pla_core.pla(X, y, stop_on_cycle=False, **S.pla_kwargs(S.read_params(q)[0]))
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    asked = []
    ctx.set_offline(True)

    def refuse(route):
        if route.request.url.startswith("file:"):
            return route.continue_()
        asked.append(route.request.url)
        return route.abort()

    ctx.route("**/*", refuse)
    try:
        offline = ctx.new_page()
        offline.goto(path.as_uri())  # offline, and any http(s) request it made would be refused and recorded
        offline.wait_for_function("() => window.Plotly && document.querySelector('.js-plotly-plot')", timeout=30_000)
        frames = offline.evaluate("() => document.querySelector('.js-plotly-plot')._transitionData._frames.length")
        assert frames == len(trace) + 1 >= 2
        offline.get_by_text("▶ Play").click()
        offline.wait_for_function("() => document.querySelector('.js-plotly-plot').layout.sliders[0].active >= 2",
                                  timeout=30_000)
        assert asked == []
    finally:
        ctx.close()


def test_the_plot_saves_as_a_png_at_twice_its_size(server, plot, tmp_path):
    import struct

    plot.open(server + "/pla")
    box = plot.page.locator(".pla-plot").bounding_box()
    plot.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # the button shows on hover
    with plot.page.expect_download(timeout=30_000) as info:
        plot.page.locator(".pla-plot .pla-png").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and path.suffix == ".png"
    width, height = struct.unpack(">II", head[16:24])
    assert abs(width - 2 * box["width"]) <= 4 and abs(height - 2 * box["height"]) <= 4
