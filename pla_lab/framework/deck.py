"""A lecture: demos in order, each the link of one lesson's demo with a caption the lecturer typed. Pure: no
Streamlit.

A deck travels in one link parameter (``deck``): its slides as JSON, compressed and base64url-encoded, as the points
are. While a deck is presented every demo's link carries it, with the slide shown (``slide``), so each demo opens
exactly as its own link would and knows the demos before and after it. Each demo has a last step (``last``; None:
the default, :func:`pla_lab.framework.demos.default_last`): a clicker's PageDown past it opens the next demo. A deck that would make a link longer than
:data:`MAX_LINK` characters (proxies cut longer addresses) is refused with the reason; it can still be kept as a
file (:func:`to_json`, :func:`from_json`).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass, field
from urllib.parse import urlencode

MAX_LINK = 8000        # characters of a link: about what proxies let through
MAX_SLIDES = 40
MAX_CAPTION = 300      # characters of a caption
MAX_LAST = 20_000      # a demo's last step: at most the longest run (the sidebar's cap)
DECK_KEYS = ("deck", "slide")  # a demo's own link never keeps these: they say where it is in a lecture
FORMAT = "pla-lab-lecture"
SLUG = re.compile(r"[a-z][a-z0-9_-]{0,30}")


@dataclass(frozen=True)
class Slide:
    """One demo: the lesson's page (its slug), its link's parameters (step, points, settings, presenter mode…), the
    caption shown with it, and the last step a clicker shows (None: the default for its run)."""

    page: str
    params: dict = field(default_factory=dict)
    caption: str = ""
    last: int | None = None

    def link(self) -> str:
        """The demo's own link, relative to the app: /<page>?<its parameters>."""
        query = urlencode(self.params)
        return f"/{self.page}" + (f"?{query}" if query else "")


def _clean(page, params, caption, pages, last=None) -> Slide:
    if not isinstance(page, str) or not SLUG.fullmatch(page) or (pages is not None and page not in pages):
        raise ValueError(f"has a demo of no lesson ({str(page)[:20]!r})")
    if not isinstance(params, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in params.items()):
        raise ValueError("has a demo whose link is not a list of names and values")
    if not isinstance(caption, str):
        raise ValueError("has a caption that is not text")
    if last is not None and (isinstance(last, bool) or not isinstance(last, int) or not 0 <= last <= MAX_LAST):
        raise ValueError(f"has a demo whose last step is not a step ({str(last)[:20]!r})")
    params = {k: v for k, v in params.items() if k not in DECK_KEYS}
    return Slide(page, params, caption[:MAX_CAPTION], last)


def pack(slides) -> str:
    """The ``deck`` parameter for these slides."""
    # A demo with its default last step is written as before the last step existed (three items): old links and
    # new ones of the same lecture are the same text.
    rows = [[s.page, s.params, s.caption] + ([s.last] if s.last is not None else []) for s in slides]
    raw = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
    return base64.urlsafe_b64encode(zlib.compress(raw.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def unpack(text: str, pages=None) -> tuple[Slide, ...]:
    """The slides of a ``deck`` parameter (``pages``: the lessons' slugs a slide may name; None: any name a lesson
    could have). ValueError says, in words, what is wrong with it."""
    try:
        raw = zlib.decompressobj().decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)), 200_000)
        rows = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise ValueError("is not a lecture this app wrote") from None
    if not isinstance(rows, list) or not all(isinstance(r, list) and len(r) in (3, 4) for r in rows):
        raise ValueError("is not a lecture this app wrote")
    if len(rows) > MAX_SLIDES:
        raise ValueError(f"has {len(rows)} demos, more than {MAX_SLIDES}")
    return tuple(_clean(*r[:3], pages, *r[3:]) for r in rows)


def refusal(slides, base_link_chars: int = 200) -> str | None:
    """Why these slides cannot be one lecture link (None: they can): too many demos, or a link over MAX_LINK
    characters once the demo's own parameters (about ``base_link_chars``) are added."""
    if len(slides) > MAX_SLIDES:
        return f"A lecture holds at most {MAX_SLIDES} demos."
    size = len(pack(slides)) + base_link_chars
    if size > MAX_LINK:
        return (f"The lecture's link would be about {size:,} characters, over the {MAX_LINK:,} that links can safely "
                "carry: remove a demo (demos with many points take the most room), or save the lecture as a file.")
    return None


def to_json(slides) -> str:
    """The lecture as a small JSON file."""
    return json.dumps({"format": FORMAT, "version": 1,
                       "demos": [{"page": s.page, "link": s.params, "caption": s.caption,
                                  **({"last": s.last} if s.last is not None else {})} for s in slides]},
                      ensure_ascii=False, indent=1)


def from_json(text: str, pages=None) -> tuple[Slide, ...]:
    """The slides of a lecture file; ValueError says what is wrong with it."""
    try:
        doc = json.loads(text)
    except ValueError:
        raise ValueError("This file is not JSON.") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("demos"), list):
        raise ValueError("This file is not a PLA Lab lecture.")
    if len(doc["demos"]) > MAX_SLIDES:
        raise ValueError(f"This lecture has {len(doc['demos'])} demos, more than {MAX_SLIDES}.")
    try:
        return tuple(_clean(d.get("page"), d.get("link", {}), d.get("caption", ""), pages, d.get("last"))
                     if isinstance(d, dict) else _clean(None, {}, "", pages) for d in doc["demos"])
    except ValueError as e:
        raise ValueError(f"This lecture {e}.") from None
