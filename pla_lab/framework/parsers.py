"""The machinery of a link's settings (no Streamlit): :class:`Setting` (a URL key, a default, a parser that turns
the URL's text into a value, raising ValueError with a reason a person can read, and a dumper for the way back)
and the parsers the tables in :mod:`pla_lab.framework.settings` and :mod:`pla_lab.framework.links` are built from."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from pla_lab.framework.codec import MAX_COORD


def choice(options):
    def parse(s: str):
        if s not in options:
            raise ValueError(f"must be one of {', '.join(options)}")
        return s
    return parse


def number(lo, hi, kind=float):
    def parse(s: str):
        try:
            v = kind(s)
        except (TypeError, ValueError):
            raise ValueError(f"is not a {'whole ' if kind is int else ''}number") from None
        if isinstance(v, float) and not math.isfinite(v):  # (an int is finite, and may be too large for a float)
            raise ValueError("is not a finite number")
        if not lo <= v <= hi:
            raise ValueError(f"must be between {lo:g} and {hi:g}")
        return v
    return parse


#: The step t of a link (checked against the run's length once the run is known).
parse_step = number(0, 10**7, int)


def parse_bool(s: str) -> bool:
    """'1', 'true', 'on' or '0', 'false', 'off'."""
    if s in ("1", "true", "on"):
        return True
    if s in ("0", "false", "off"):
        return False
    raise ValueError("must be 1 or 0")




def dump12(v: float) -> str:
    return f"{v:.12g}"


def digits(parse):
    """A number kept to the 12 significant digits a link writes, so the run and its link use the same value."""
    return lambda s: float(dump12(parse(s)))


def dump_bool(v: bool) -> str:
    return "1" if v else "0"


def parse_w0(s: str) -> tuple[float, float, float]:
    """'b, w1, w2' → three finite numbers, each within ±100."""
    parts = [p for p in s.replace(";", ",").replace(" ", ",").split(",") if p]
    if len(parts) != 3:
        raise ValueError("needs three numbers: b, w₁, w₂")
    try:
        w = tuple(float(p) for p in parts)
    except ValueError:
        raise ValueError("needs three numbers: b, w₁, w₂") from None
    if not all(math.isfinite(v) and abs(v) <= 100 for v in w):
        raise ValueError("needs finite numbers within ±100: b, w₁, w₂")
    return tuple(float(dump12(v)) for v in w)  # the 12 digits the link keeps, so a reopened link runs the same


def dump_w0(w) -> str:
    return ",".join(f"{v:.12g}" for v in w)


def parse_view(s: str) -> tuple[float, float, float, float]:
    try:
        v = tuple(float(p) for p in s.split(","))
    except ValueError:
        raise ValueError("needs four numbers: xmin, xmax, ymin, ymax") from None
    if len(v) != 4 or not all(math.isfinite(a) and abs(a) <= 10 * MAX_COORD for a in v):
        raise ValueError("needs four finite numbers: xmin, xmax, ymin, ymax")
    if not (v[1] - v[0] >= 0.5 and v[3] - v[2] >= 0.5):
        raise ValueError("must be at least 0.5 wide and tall")
    return tuple(float(dump12(a)) for a in v)  # as the link writes it, so a reopened link shows the same view


def dump_view(v) -> str:
    return ",".join(dump12(a) for a in v)


@dataclass(frozen=True)
class Setting:
    """A setting: URL key, default, parse (URL text → value), dump (value → URL text), and how to show it."""

    key: str
    default: Any
    parse: Callable[[str], Any]
    dump: Callable[[Any], str] = str
    label: str = ""
    help: str = ""
    widget: str | None = None           # "select", "number", "toggle", "text", "select_slider"; None: not a widget
    options: tuple = ()
    option_label: Callable[[Any], str] = str
    extra: dict = field(default_factory=dict)  # widget keyword arguments (min, max, step, format)
    fallback: str = ""                  # how the default is named in a message ("" : its dumped value)

    def describe_default(self) -> str:
        return self.fallback or self.dump(self.default)


@dataclass(frozen=True)
class Parsed:
    """A parser's value together with notes for the reader (e.g. "500 of 700 points kept")."""

    value: Any
    notes: tuple[str, ...] = ()


def short(raw: str) -> str:
    raw = "".join(c if c.isprintable() else "�" for c in raw)  # no line breaks or control characters
    return raw if len(raw) <= 24 else raw[:21] + "…"
