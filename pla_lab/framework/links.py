"""The parts of a lesson's link beyond its settings: the link's version, the points, the view, the step and
the target f of an example."""

from __future__ import annotations

import math

from pla_lab.framework import deck
from pla_lab.framework.codec import MAX_COORD, RESOLUTION, decode_points, encode_points
from pla_lab.framework.parsers import Parsed, Setting, dump12, dump_view, parse_bool, parse_step, parse_view

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
    from pla_lab.framework.playhead import Playhead

    return Playhead(t=parse_step(s))


VERSION = Setting("v", LINK_VERSION, _parse_version, fallback="what this version understands")
POINTS = Setting("pts", None, _parse_points, lambda p: encode_points(p or []), fallback="the lesson's first example")
VIEW = Setting("view", None, parse_view, lambda v: "" if v is None else dump_view(v),
               fallback="a view that fits the points")
STEP = Setting("t", None, _parse_step, lambda h: str(h.t), fallback="step 0")


def parse_target(s: str):
    """'b,w1,w2,xmin,xmax,ymin,ymax' (the target f and the box its points were drawn from) or 'none'."""
    if s == "none":
        return None
    try:
        v = tuple(float(p) for p in s.split(","))
    except ValueError:
        raise ValueError("needs seven numbers: b, w₁, w₂ of f and the box xmin, xmax, ymin, ymax") from None
    if len(v) != 7 or not all(math.isfinite(a) and abs(a) <= MAX_COORD for a in v):
        raise ValueError("needs seven finite numbers: b, w₁, w₂ of f and the box xmin, xmax, ymin, ymax")
    if v[1] == 0 and v[2] == 0:
        raise ValueError("is not a line (w₁ = w₂ = 0)")
    if not (v[4] - v[3] >= 10 * RESOLUTION and v[6] - v[5] >= 10 * RESOLUTION):
        raise ValueError(f"has a box narrower or lower than {10 * RESOLUTION:g} (or xmin ≥ xmax, ymin ≥ ymax)")
    return tuple(float(dump12(a)) for a in v)  # as the link writes it


def dump_target(v) -> str:
    return "none" if v is None else ",".join(dump12(a) for a in v)


def _parse_axes(s: str) -> str:
    from pla_lab.framework.model import named_datasets

    if s not in named_datasets():
        raise ValueError(f"names no data set whose axes PLA Lab knows (it knows {', '.join(named_datasets())})")
    return s


#: Which example's features name the axes (the credit-card story's): the link says "ax=credit", never the names.
AXES = Setting("ax", None, _parse_axes, lambda v: v or "", fallback="x₁ and x₂")

def parse_hand(s: str):
    """'b,w1,w2': a w set by hand (typed, or the arrow's tip dragged), each within ±1000; 'none' or '' for none."""
    if s in ("", "none"):
        return None
    try:
        w = tuple(float(p) for p in s.replace(";", ",").replace(" ", ",").split(",") if p)
    except ValueError:
        raise ValueError("needs three numbers: b, w₁, w₂") from None
    if len(w) != 3 or not all(math.isfinite(v) and abs(v) <= 1000 for v in w):
        raise ValueError("needs three finite numbers within ±1000: b, w₁, w₂")
    return tuple(float(dump_hand(v)) for v in w)  # the 6 digits the link keeps, so a reopened link runs the same


def dump_hand(v: float) -> str:
    return f"{v:.6g}"


def hand_text(w) -> str:
    """A hand-set w as the page writes it: 'b, w₁, w₂' with 4 significant digits ('' for none)."""
    return "" if w is None else ", ".join(f"{v:.4g}" for v in w)


#: A w set by hand on a lesson: its run starts there (it replaces the sidebar's w₀ on that lesson).
HAND = Setting("wh", None, parse_hand, lambda w: "" if w is None else ",".join(dump_hand(v) for v in w),
               fallback="the sidebar's w₀")

#: Presenter mode (the sidebar closed, the plot as large as the screen allows): in a link only when on.
PRESENT = Setting("present", False, parse_bool, lambda v: "1" if v else "", fallback="off")

#: View only: a tap or click on the plot steps (as Step does) instead of adding or removing a point, so a class can
#: follow a shared link on their phones without editing the demo by accident. In a link only when on (viewonly=1).
VIEW_ONLY = Setting("viewonly", False, parse_bool, lambda v: "1" if v else "", fallback="off",
                    label="View only: taps step",
                    help="On: a tap or click on the plot steps, like Step, and adds or removes no point. The link "
                         "keeps it (viewonly=1), so a class can follow a shared demo without editing it by accident. "
                         "Switch it off to edit the points again.")


#: The target f of the Noise & Pocket examples, and the box their points come from.
TARGET = Setting("f", None, parse_target, dump_target, fallback="no known target")


def _parse_slide(s: str) -> int:
    if not s.isdigit() or len(s) > 3:
        raise ValueError("is not a demo's number")
    return int(s)


#: A lecture being presented (pla_lab/framework/deck.py): every demo's link carries the lecture and its number in it
#: (from 0), so PageDown at the end of a run opens the next demo. Neither is in a demo's link otherwise.
DECK = Setting("deck", None, deck.unpack, lambda v: "" if v is None else deck.pack(v), fallback="no lecture")
SLIDE = Setting("slide", None, _parse_slide, lambda v: "" if v is None else str(v), fallback="no lecture")
