"""What the AppTests of every page share: open the app (on a page, with a link's parameters) and read what a user
sees: the page's text, the address bar, and the data the plot is told to draw."""

from __future__ import annotations

import json
import pathlib
import re

from streamlit.testing.v1 import AppTest

from pla_lab.course.path import BY_SLUG as LESSONS  # the registry's lessons by slug
from pla_lab.framework import codec as C
from pla_lab.framework.parsers import parse_view
from pla_lab.framework.shared import SHARED

ROOT = pathlib.Path(__file__).resolve().parents[2]
APP = str(ROOT / "pla_lab" / "main.py")  # the app's script (see app.py)
PLA, POCKET, XOR, HALTS = (LESSONS[slug] for slug in ("pla", "pocket", "xor", "halts"))  # the tests' usual ones


PLA_PAGE = "../pages/pla.py"


def start(params: dict | None = None, page: str | None = PLA_PAGE) -> AppTest:
    """The app as a fresh session opening a link: its query parameters, and the page it points to (the PLA lesson
    unless told; None: the address "/" itself, the home page, or PLA for an old link with a lesson's keys)."""
    at = AppTest.from_file(APP, default_timeout=30)
    for k, v in (params or {}).items():
        at.query_params[k] = v
    if page:
        at.switch_page(page)
    at.run()
    assert not at.exception, at.exception
    return at


def presented(page: str, params: dict, t: int) -> tuple[AppTest, str]:
    """A lesson's link at step t in presenter mode (what the projector shows), and the page's Markdown for the same
    link without it (the full words a presenter box is read against)."""
    return start({**params, "t": str(t), "present": "1"}, page), markdown(start({**params, "t": str(t)}, page))


def key(where: str, name: str) -> str:
    """The key of a widget, as the page-state tables derive it: ``where`` is a lesson's slug or "set" (sidebar)."""
    return SHARED.key(name) if where == "set" else LESSONS[where].state.key(name)


def button(at, label):
    return next(b for b in at.button if b.label == label)


def url(at) -> dict:
    """The address bar's parameters, one value each."""
    return {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}


def points(at) -> list:
    """The points of the demo, as its link holds them."""
    return C.decode_points(url(at)["pts"])[0]


def view(at) -> tuple:
    return parse_view(url(at)["view"])


def warnings(at) -> str:
    """The warnings' text as a reader sees it (they are shown literally: every punctuation mark escaped)."""
    return " ".join(re.sub(r"\\(.)", r"\1", w.value) for w in at.warning)


def markdown(at) -> str:
    """The page's Markdown, without the first picture (an image over the plot whose alt text is the plot's)."""
    return "\n".join(m.value for m in at.markdown if not m.value.startswith("![") or "data:image/svg" not in m.value)


def plot(at) -> dict:
    """The data the plot component is sent (pla_lab.framework.protocol.Payload): what the browser draws."""
    return json.loads(next(c.proto.json for c in at.get("bidi_component")
                           if c.proto.component_name == "pla_lab.plot"))[0]


class Downloads:
    """What the download buttons would give a user: each file's name, MIME type and bytes (AppTest keeps a run's
    media only while it runs, so this records what Streamlit's media manager is handed). ``install(monkeypatch)``
    first; then ``get(at, label)`` → (file name, mime, bytes), calling a deferred button's function as a click
    would."""

    def __init__(self):
        self.files = {}

    def install(self, monkeypatch):
        from streamlit.runtime.media_file_manager import MediaFileManager

        add, add_deferred = MediaFileManager.add, MediaFileManager.add_deferred

        def record(mgr, data, mimetype, coordinates, file_name=None, *args, **kw):
            url = add(mgr, data, mimetype, coordinates, file_name, *args, **kw)
            self.files[url] = (file_name, mimetype, lambda: data)
            return url

        def record_deferred(mgr, fn, mimetype, coordinates, file_name=None, **kw):
            fid = add_deferred(mgr, fn, mimetype, coordinates, file_name, **kw)
            self.files[fid] = (file_name, mimetype, fn)
            return fid

        monkeypatch.setattr(MediaFileManager, "add", record)
        monkeypatch.setattr(MediaFileManager, "add_deferred", record_deferred)
        return self

    def get(self, at, label: str) -> tuple[str, str, bytes]:
        proto = next(b.proto for b in at.get("download_button") if b.label == label)
        name, mime, fn = self.files[proto.deferred_file_id or proto.url]
        data = fn()
        return name, mime, data.encode() if isinstance(data, str) else bytes(data)
