"""Links: the ones saved from earlier versions of the app reopen the same demo, link versions are checked, and no
value in a link ever reaches Markdown or HTML."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .helpers import markdown, start, url, warnings
from .reader import read

SAVED = json.loads((Path(__file__).parent / "data" / "links_v1.json").read_text(encoding="utf-8"))
PAGES = {"pla": None, "pocket": "../pages/pocket.py", "xor": "../pages/xor.py"}


@pytest.mark.parametrize("saved", SAVED, ids=lambda s: f"{s['page']}: {s['note']}")
def test_links_saved_from_the_version_1_app_reopen_the_same_demo(saved):
    """Each link was copied from the app as it was before the lesson framework (v=1), with a few lines it showed."""
    at = start(saved["params"], PAGES[saved["page"]])
    assert url(at) == saved["params"]  # nothing in the link was dropped or rewritten
    assert not at.warning
    shown = read(markdown(at)).text  # as a reader sees it: a glossary link added since shows its words
    for line in saved["shows"]:
        assert read(line).text in shown


@pytest.mark.parametrize("v", ["2", "banana", "1.0", ""])
def test_an_unknown_link_version_is_reported_and_the_rest_is_read(v):
    saved = SAVED[0]
    at = start({**saved["params"], "v": v})
    assert f"v={v}" in warnings(at) and "does not know" in warnings(at)
    assert url(at)["t"] == saved["params"]["t"] and url(at)["v"] == "1"


def test_a_link_without_a_version_is_read_as_version_1():
    saved = SAVED[1]
    params = {k: v for k, v in saved["params"].items() if k != "v"}
    at = start(params)
    assert not at.warning and url(at) == saved["params"]


# Each would render as an image fetched from another host, a foreign link, HTML, math, a coloured directive or a
# line break if it reached Markdown.
PAYLOADS = ["`![](//127.1:9/x.png)", "`[click me](//127.1:9/)", "<img src=//127.1:9/y.png>", "$x^2$",
            ":red[alarm]", "**bold**\n# heading", "\\`"]
KEYS = {"pla": ["v", "order", "eta", "w0", "bias", "sign0", "seed", "cap", "speed", "t", "pts", "view"],
        "pocket": ["noise", "noisy", "f"], "xor": ["lift", "cert"]}


def _literal(shown: str) -> bool:
    """Whether every ASCII punctuation character in Markdown text is escaped (so all of it is shown as text)."""
    return re.search(r"[!-/:-@\[-`{-~]", re.sub(r"\\[!-/:-@\[-`{-~]", "", shown)) is None


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("page", KEYS)
def test_every_link_value_is_shown_as_text_never_markdown(page, payload):
    at = start({key: payload for key in KEYS[page]}, PAGES[page])
    for key in KEYS[page]:
        shown = [w.value for w in at.warning if f"{key}=" in re.sub(r"\\(.)", r"\1", w.value)]
        assert shown, (key, payload, warnings(at))
        for text in shown:
            assert _literal(text) and "\n" not in text, text
    quoted = "".join(c if c.isprintable() else "�" for c in payload)  # a line break is shown as �
    assert quoted[:20] in warnings(at)


def test_a_link_keeps_every_digit_the_run_used():
    """η is read, used and written with the same 12 significant digits, so the link replays the very same run."""
    at = start({"eta": "1.2345678", "w0": "0.5,1,0", "t": "3"})
    assert url(at)["eta"] == "1.2345678"
    again = start(url(at))
    assert url(again) == url(at) and markdown(again) == markdown(at)


@pytest.mark.parametrize("f", ["0,1,0,0,1e-300,0,1e-300", "0,1,0,0,0.001,0,1", "0,1,0,1,1,0,1"])
def test_a_target_box_too_small_to_measure_is_refused_not_a_traceback(f):
    at = start({"f": f}, PAGES["pocket"])
    assert "f=" in warnings(at) and "box" in warnings(at)
    assert url(at)["f"] != f
