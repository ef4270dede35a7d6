"""What the AppTests of every page share: open the app (on a page, with a link's parameters) and read it."""

from __future__ import annotations

import pathlib

from streamlit.testing.v1 import AppTest

APP = str(pathlib.Path(__file__).resolve().parents[2] / "app.py")


def start(params: dict | None = None, page: str | None = None) -> AppTest:
    """The app as a fresh session opening a link: its query parameters, and the page it points to."""
    at = AppTest.from_file(APP, default_timeout=30)
    for k, v in (params or {}).items():
        at.query_params[k] = v
    if page:
        at.switch_page(page)
    at.run()
    assert not at.exception, at.exception
    return at


def button(at, label):
    return next(b for b in at.button if b.label == label)


def url(at) -> dict:
    """The address bar's parameters, one value each."""
    return {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}


def markdown(at) -> str:
    return "\n".join(m.value for m in at.markdown)
