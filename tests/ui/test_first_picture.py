"""The first picture the server draws (pla_lab.drawing.picture) and the script it puts first in every page's head
(pla_lab.framework.server.HeadScript): what each lesson's first run sends, and what the middleware does to a page."""

from __future__ import annotations

import asyncio
import base64
import gzip
import json
import re
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from pla_core.geometry import arrow_start, clip_line
from pla_lab.course.path import server_pages
from pla_lab.drawing import numbers, picture
from pla_lab.framework import server
from pla_lab.lessons import LESSONS

from .helpers import plot, start

STEPPING = [lesson.slug for lesson in LESSONS if hasattr(lesson, "plot_height")]
SVG = "{http://www.w3.org/2000/svg}"
IMAGE = re.compile(r"!\[((?:\\.|[^\]\\])*)\]\((data:image/svg\+xml;base64,[A-Za-z0-9+/=]+)\)")


def sent_picture(at):
    """(alt text, SVG root) of the picture image the page sends, or None."""
    found = [m for e in at.markdown for m in [IMAGE.fullmatch(e.value)] if m]
    assert len(found) <= 1
    if not found:
        return None
    alt, uri = found[0].groups()
    return re.sub(r"\\(.)", r"\1", alt), ET.fromstring(base64.b64decode(uri.split(",", 1)[1]))


@pytest.mark.parametrize("slug", STEPPING)
def test_each_lesson_s_first_run_sends_its_step_as_a_picture_with_the_plot_s_alt_text_and_payload(slug):
    at = start(page=f"../pages/{slug}.py")
    data = plot(at)
    alt, svg = sent_picture(at)
    assert alt == " ".join(data["alt"].split())
    # it carries the very payload the component is sent: the plot is drawn on it before the component mounts
    carried = svg.findall(f"{SVG}metadata[@id='pla-payload']")
    assert len(carried) == 1 and json.loads(carried[0].text) == data
    v = data["view"]
    assert [float(x) for x in svg.get("viewBox").split()] == pytest.approx([v[0], -v[3], v[1] - v[0], v[3] - v[2]],
                                                                           abs=1e-3)
    pos = svg.findall(f".//{SVG}circle[@class='pt pos']")
    neg = svg.findall(f".//{SVG}path[@class='pt neg']")
    assert len(pos) == sum(1 for p in data["points"] if p[2] > 0) and len(neg) == len(data["points"]) - len(pos)
    # each mark at its point (y flipped: the SVG's y grows downwards), to a thousandth of the view
    tol = 1e-3 * (v[1] - v[0])
    for c in pos:
        x, y = float(c.get("cx")), -float(c.get("cy"))
        assert any(abs(x - p[0]) <= tol and abs(y - p[1]) <= tol for p in data["points"] if p[2] > 0), (x, y)


def test_the_boundary_and_w_s_arrow_are_pla_core_s_geometry():
    """/pla one step in: w₁ ≠ 0, so the picture draws its boundary clipped to the view (pla_core.geometry.clip_line)
    and w's arrow from pla_core.geometry.arrow_start, 22 % of the view's shorter side or shorter."""
    at = start({"t": "1"}, page="../pages/pla.py")
    data = plot(at)
    _, svg = sent_picture(at)
    w = data["win"]["W"][1 - data["win"]["t0"]]
    seg = clip_line(np.asarray(w), data["view"])
    paths = [p.get("d") for p in svg.findall(f".//{SVG}path") if p.get("class") is None]
    numbers = [[float(x) for x in re.findall(r"-?[\d.]+(?:e-?\d+)?", d)] for d in paths]
    want = [seg[0][0], -seg[0][1], seg[1][0], -seg[1][1]]
    assert any(len(n) == 4 and (n == pytest.approx(want, abs=1e-3) or n == pytest.approx(want[2:] + want[:2], abs=1e-3))
               for n in numbers), (want, numbers)
    u = data["win"]["U"][1 - data["win"]["t0"]]
    v = data["view"]
    scale = 0.22 * min(v[1] - v[0], v[3] - v[2]) / max(np.hypot(w[1], w[2]), np.hypot(w[1] + u[1], w[2] + u[2]))
    tips = np.array([[w[1] * scale, w[2] * scale], [(w[1] + u[1]) * scale, (w[2] + u[2]) * scale]])
    start_at = arrow_start(np.asarray(w), v, tips)
    assert any(len(n) >= 2 and n[:2] == pytest.approx([start_at[0], -start_at[1]], abs=1e-3) for n in numbers)


def _numbers(svg) -> dict[int, tuple[float, float, str, float]]:
    """The picture's numbers: {number: (x, baseline y in data units, text-anchor, font size in data units)}."""
    return {int(t.text): (float(t.get("x")), -float(t.get("y")), t.get("text-anchor"), float(t.get("font-size")))
            for t in svg.findall(f".//{SVG}text[@class='num']")}


def test_the_picture_numbers_each_point_beside_its_marker_on_the_side_the_live_plot_takes():
    """/pla's words name points "#k": the picture writes each point's index beside it where the live plot will (on
    the payload's side for it, offset as plotly offsets a marker's text, the circled point's outside its ring); above
    numbers.CAP points, only the circled one."""
    at = start(page="../pages/pla.py")
    data = plot(at)
    _, svg = sent_picture(at)
    sides, found = data["numbers"], _numbers(svg)
    assert sorted(found) == list(range(len(data["points"]))) and len(sides) == len(data["points"])
    assert len(set(sides)) > 1 and set(sides) <= set(numbers.SIDES)
    circled = data["win"]["I"][0]  # update 1's point, ringed: its number goes outside the 34 px ring
    for i, (x, y, anchor, size) in found.items():
        p = data["points"][i]
        dx, dy, want = numbers.offset(sides[i], numbers.FONT, 34 if i in circled else numbers.MARKER)
        s = numbers.FONT / size  # px per data unit
        assert anchor == want and (x - p[0]) * s == pytest.approx(dx, abs=0.1) and (p[1] - y) * s == pytest.approx(
            dy, abs=0.1), (i, sides[i])  # y up in data units, down on screen
    many = [[x / 25 - 0.9, (x % 7) / 5 - 0.6, 1.0 if x % 2 else -1.0] for x in range(numbers.CAP + 1)]
    assert numbers.places(many, data["view"]) is None
    crowd = picture.svg({**data, "points": many, "numbers": None})
    assert sorted(_numbers(ET.fromstring(crowd))) == circled


def test_the_online_picture_numbers_only_the_points_arrived_and_the_arrival():
    """/online at step 0: one point has arrived (the grey ?, its number above or below it) and the rest are faint
    and unnumbered, as the live plot draws them; two steps on, the first is revealed and the second arrives."""
    for t in (0, 2):
        at = start({"t": str(t)}, page="../pages/online.py")
        data = plot(at)
        _, svg = sent_picture(at)
        a = data["stream"]
        arrived = a["shown"][:t // 2 + 1]
        assert sorted(_numbers(svg)) == sorted(set(arrived))
        faint = [e for e in svg.iter() if e.get("class", "").startswith("pt") and e.get("opacity") == "0.35"]
        assert len(faint) == sum(1 for k in a["first"] if k > t // 2)


def test_no_picture_past_the_cap_nor_without_points():
    at = start(page="../pages/pla.py")
    assert sent_picture(at) is not None
    data = plot(at)
    assert picture.data_uri({**data, "points": []}) is None
    many = [[x / 100, 0.5, 1.0] for x in range(picture.MAX_POINTS + 1)]
    assert picture.data_uri({**data, "points": many}) is None
    assert picture.data_uri({**data, "points": many[:picture.MAX_POINTS]}) is not None


def test_the_legend_rows_are_read_from_the_plot_s_own_entries():
    data = plot(start(page="../pages/pla.py"))
    assert picture.legend_names(data) == ["y = +1", "y = −1", "w (×0.72)"] and picture.legend_rows(data) == 1
    halts = plot(start(page="../pages/halts.py"))
    assert picture.legend_rows(halts) == 3  # six entries, two to a row (measured: 3 rows at 1280×720)


# The head script --------------------------------------------------------------------------------------------------

PAGE = b"<!DOCTYPE html><html><head><title>Streamlit</title></head><body></body></html>"


def serve(path: str, body: bytes = PAGE, headers: dict | None = None) -> tuple[dict, bytes]:
    """What the middleware sends for a GET of ``path`` answered by an app sending ``body`` (HTML unless told)."""
    headers = {"content-type": "text/html; charset=utf-8", "content-length": str(len(body)), "etag": '"x"',
               **(headers or {})}

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(k.encode(), v.encode()) for k, v in headers.items()]})
        await send({"type": "http.response.body", "body": body[:10], "more_body": True})
        await send({"type": "http.response.body", "body": body[10:]})

    sent = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request"}

    middleware = server.middleware(server_pages)[0]
    wrapped = middleware.cls(app, *middleware.args, **middleware.kwargs)
    call = wrapped({"type": "http", "method": "GET", "path": path, "headers": []}, receive, send)
    with ThreadPoolExecutor(1) as pool:  # its own event loop (a browser test's may be running in this thread)
        pool.submit(asyncio.run, call).result()
    start_ = next(m for m in sent if m["type"] == "http.response.start")
    out = {k.decode(): v.decode() for k, v in start_["headers"]}
    return out, b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


def test_every_page_gets_the_script_first_in_its_head_plain_or_gzipped_and_nothing_else_changes():
    home = serve("/")
    zipped = serve("/pla", gzip.compress(PAGE), {"content-encoding": "gzip"})
    lesson = (zipped[0], gzip.decompress(zipped[1]))
    for headers, body in (home, zipped):
        assert int(headers["content-length"]) == len(body)
        assert "etag" not in headers  # the page's script changes with the app: never revalidated as the file was
    for _, body in (home, lesson):
        head = body.decode().split("<head>", 1)[1]
        assert head.startswith("<script>(() => {") and "listen(window, " in head and head.count("<title>") == 1
    text = lesson[1].decode()
    assert json.loads(re.search(r"listen\(window, (\[.*?\])\)", text).group(1)) == STEPPING
    # the server's address: the lesson's page drops its last part, the home page none; an unknown page says nothing
    assert "parts.splice(parts.length - 1, 1)" in text and "parts.splice(parts.length - 0, 0)" in home[1].decode()
    assert b"BACKEND_BASE_URL" not in serve("/nowhere")[1]
    data = b'{"<head>": 1}'
    assert serve("/data", data, {"content-type": "application/json"}) == (
        {"content-type": "application/json", "content-length": str(len(data)), "etag": '"x"'}, data)
    for url in server.plot_modules():
        assert url in text  # asked for ahead (on a lesson's page at once, for the plot drawn on its picture)
    # on a lesson's page: the plot's style, and the watch that draws the plot on its first picture
    assert server.plot_css_url() in text and "watchPicture(document, " in text


def test_the_server_s_address_is_found_under_any_base_path():
    pages = ["", "pla", "halts", "glossary"]
    assert server._strip("/pla", "", pages) == 1 and server._strip("/", "", pages) == 0
    assert server._strip("/course/pla", "course", pages) == 1 and server._strip("/course", "/course/", pages) == 0
    assert server._strip("/course/pla/", "course", pages) == 1
    assert server._strip("/pla", "pla", pages) == 0  # an app served under /pla: its home page
    assert server._strip("/nowhere", "", pages) is None and server._strip("/other/pla", "course", pages) is None


def test_streamlit_s_components_chunk_is_found_with_what_it_imports():
    chunks = server.streamlit_chunks(server.LAZY_CHUNKS)
    assert chunks and re.fullmatch(r"\./static/js/BidiComponent\.[\w-]+\.js", chunks[0])
    assert len(set(chunks)) == len(chunks)
