"""The parts of a lesson's link beyond its settings: the link's version, the points, the view and the step."""

from __future__ import annotations

from .codec import decode_points, encode_points
from .settings import Parsed, Setting, dump_view, parse_step, parse_view

#: Link versions this code reads. A link has always been read field by field with defaults for what is missing,
#: so version 1 (every link written so far) is read as it is.
LINK_VERSIONS = ("1",)
LINK_VERSION = "1"


def _parse_version(s: str) -> str:
    if s not in LINK_VERSIONS:
        raise ValueError(f"is a link version this PLA Lab does not know (it reads {', '.join(LINK_VERSIONS)}): "
                         "the link may come from a newer PLA Lab, so some of it may be read differently")
    return s


def _parse_points(s: str) -> Parsed:
    try:
        pts, notes = decode_points(s)
    except ValueError as e:
        raise ValueError(str(e).replace("the points in the link are", "is")) from None
    return Parsed(pts, tuple(notes))


def _parse_step(s: str):
    from .playhead import Playhead

    return Playhead(t=parse_step(s))


VERSION = Setting("v", LINK_VERSION, _parse_version, fallback="what this version understands")
POINTS = Setting("pts", None, _parse_points, lambda p: encode_points(p or []), fallback="the lesson's first example")
VIEW = Setting("view", None, parse_view, lambda v: "" if v is None else dump_view(v),
               fallback="a view that fits the points")
STEP = Setting("t", None, _parse_step, lambda h: str(h.t), fallback="step 0")
