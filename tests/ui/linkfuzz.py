"""Generated links and what opening one must do, shared by the fuzz test (tests/ui/test_fuzz_links.py) and its
benchmark (benchmarks/fuzz_links.py).

A link is opened as the app opens it, without a Streamlit run: the sidebar's table (:data:`pla_lab.framework.shared.SHARED`)
and the lesson's table read the same parameters (:meth:`pla_lab.framework.state.PageState.setup`), a link without points
gets an example of the lesson and a view that fits it (as :func:`pla_lab.framework.frame.open_lesson` does), and the link
written back is the sidebar's part then the lesson's (:func:`pla_lab.framework.frame.close_lesson`).
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from pla_lab.framework import codec, model
from pla_lab.framework.parsers import Parsed
from pla_lab.framework.settings import about
from pla_lab.framework.shared import SHARED
from pla_lab.framework.state import PageState

#: Values that would become script, HTML, an image, a foreign link, math, a directive or a heading if any of them
#: reached Markdown or HTML unescaped. None of them is a valid value of any key.
HOSTILE = (
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))", "$$\\\\", "**",
    "![](//127.1:9/x.png)", "<iframe src=//127.1:9>", ":red[alarm]", "`code`", "# heading\nline", "$x^2$",
    "<a href=//127.1:9>click</a>", "{{7*7}}", "%3Cscript%3E", "\\`", "<style>*{display:none}</style>",
    "'; DROP TABLE x; --", "\x00\x07\x1b[31m", "\u202egnp.exe", "\r\n\r\n", "1,2,<b>3</b>", "javascript:alert(1)",
)

#: Numbers a parser may be fooled by: not finite, beyond float, spelled the ways Python's float() and int() accept.
ODD_NUMBERS = ("nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e309", "-1e309", "1e-400", "0x10", "1_000", "-0",
               "+5", " 7 ", "\t3\n", "١٢", "1e5", "99999999999999999999", "0.1", "1.2345678901234567", "½", "")


def _options(tables) -> list[str]:
    """Every value a choice or toggle of these tables writes, and spellings near them."""
    out = {"true", "false", "on", "off", "none", "None", "TRUE", "1", "0", "2", "yes"}
    for table in tables:
        for f in table.fields.values():
            if f.link is not None:
                out |= {str(o) for o in f.link.options}
                out.add(f.link.describe_default())
    return sorted(out)


@st.composite
def points_text(draw) -> str:
    """The points of a link: valid (up to 700 points, some beyond ±1e5, both labels) or damaged (cut short, a
    character changed, another format)."""
    n = draw(st.integers(0, 700))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    scale = draw(st.sampled_from((1.0, 1e3, 2e5)))
    xy = np.round(rng.uniform(-scale, scale, (n, 2)), 3)
    if draw(st.booleans()):
        xy[:] = xy[0] if n else 0.0  # all on one spot
    pts = [(float(x), float(y), float(lab)) for (x, y), lab in zip(xy, rng.choice((-1.0, 1.0), n))]
    text = codec.encode_points(pts)
    damage = draw(st.sampled_from(("none", "cut", "change", "format")))
    if damage == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif damage == "change":
        i = draw(st.integers(0, len(text) - 1))
        text = text[:i] + draw(st.sampled_from("A_-=+/2~")) + text[i + 1:]
    elif damage == "format":
        text = "2" + text[1:]
    return text


def value_text(tables):
    """Any value a link might carry: hostile text, odd numbers, lists of numbers, options, points, free unicode
    text with control characters, and very long strings."""
    number = st.one_of(st.sampled_from(ODD_NUMBERS), st.integers().map(str),
                       st.floats(allow_nan=True, allow_infinity=True).map(repr),
                       st.floats(-200, 200).map(lambda v: f"{v:.4g}"))
    # w₀, w by hand, a view, a target f: three, four or seven numbers, short or with every digit
    near = st.one_of(st.floats(-3, 3).map(lambda v: f"{v:.3g}"), st.floats(-1000, 1000).map(repr), number)
    shaped = st.sampled_from((3, 4, 7)).flatmap(lambda n: st.lists(near, min_size=n, max_size=n)).map(",".join)
    options = st.sampled_from(_options(tables))
    return st.one_of(  # a branch given twice is drawn twice as often
        st.sampled_from(HOSTILE),
        number, number,
        st.lists(number, min_size=1, max_size=8).map(",".join),
        shaped, shaped, shaped,
        options, options,
        points_text(),
        st.text(max_size=40),
        st.builds(lambda c, k: c * k, st.sampled_from("1a<*,"), st.integers(150, 25_000)),
    )


def keys_of(tables) -> list[str]:
    return sorted({f.link.key for table in tables for f in table.fields.values() if f.link is not None})


def params(lesson):
    """A link's query parameters for ``lesson``: mostly its keys and the sidebar's, some unknown ones."""
    tables = (SHARED, lesson.state)
    known = st.sampled_from(keys_of(tables))
    key = st.one_of(known, known, known, st.sampled_from(("fbclid", "utm_source", "page", "V", "t ")),
                    st.text(min_size=1, max_size=8))
    return st.dictionaries(key, value_text(tables), max_size=10)


class Opened:
    """A link opened on a lesson: the values each table holds, the problems found, the link written back."""

    def __init__(self, lesson, params: dict[str, str]):
        self.tables = (_fresh(SHARED), _fresh(lesson.state))
        self.problems = [p for table in self.tables for p in table.setup(params)]
        sidebar, s = self.tables
        self.example = "pts" in s.fields and s["pts"] is None
        if self.example:  # an example of the lesson, made with the link's seed (the app picks which; any will do)
            preset = next(iter(lesson.presets.values()))
            pts, view, f = preset.build(int(sidebar["seed"]))
            s["pts"], s["view"], s["ax"] = pts, view, preset.ax
            if "f" in s.fields:
                s["f"] = f
        elif "pts" in s.fields and s["view"] is None:
            s["view"] = model.fit_view(s["pts"])
        self.link = {**sidebar.link(), **s.link()}

    def values(self, table: PageState) -> dict:
        return {name: table[name] for name, f in table.fields.items() if f.link is not None}


#: What the lesson's first example sets when the link has no points that can be read.
_EXAMPLE = ("pts", "view", "ax", "f")


def _fresh(table: PageState) -> PageState:
    """The same table of fields in a new session of its own."""
    return PageState(table.ns, tuple(table.fields.values()), store={})


def _same(a, b) -> bool:
    """Equal values (a NaN never reaches a table: a NaN here is a failure too)."""
    if isinstance(a, float) and isinstance(b, float):
        return a == b and not math.isnan(a)
    return a == b


def failures(lesson, params: dict[str, str]) -> tuple[list[str], int]:
    """What is wrong with opening ``params`` on ``lesson`` (empty: nothing), and how many messages it gave.

    * nothing raises, and every message is one line;
    * a value its key's parser refuses gets a message naming the key; a message means the default is used; no
      message means the value used is the one the parser read;
    * the link written back opens without a message, holds the same values, and is written back unchanged.
    """
    try:
        first = Opened(lesson, params)
    except Exception as e:  # noqa: BLE001 (any exception is what is looked for)
        return [f"opening raised {type(e).__name__}: {e}"], 0
    bad = [f"a message with a line break: {p!r}" for p in first.problems if "\n" in p or "\r" in p]
    for i, table in enumerate(first.tables):
        problems = _fresh(table).setup(params)  # this table's own messages (a sidebar key may be a lesson's too)
        for name, f in table.fields.items():
            raw = None if f.link is None else params.get(f.link.key)
            if raw is None or (i == 1 and first.example and name in _EXAMPLE):
                continue
            told = any(about(p, f.link.key) for p in problems)
            try:
                v = f.link.parse(raw)
                v = v.value if isinstance(v, Parsed) else v
            except ValueError:
                v = ValueError
            except Exception as e:  # noqa: BLE001 (a parser may only refuse with ValueError, its reason)
                bad.append(f"{table.ns}: the parser of {f.link.key}={raw!r} raised {type(e).__name__}: {e}")
                continue
            held = first.values(table)[name]
            if v is ValueError and not told:
                bad.append(f"{table.ns}: {f.link.key}={raw!r} is refused by its parser without a message")
            if told and held != f.fresh() and not (i == 1 and name == "view"):  # a refused view: one that fits
                bad.append(f"{table.ns}: {f.link.key}={raw!r} has a message, yet {held!r} is used")
            if not told and not _same(held, v):
                bad.append(f"{table.ns}: {f.link.key}={raw!r} read as {v!r}, yet {held!r} is used")
    try:
        again = Opened(lesson, first.link)
    except Exception as e:  # noqa: BLE001
        return bad + [f"the link written back raised {type(e).__name__}: {e}"], len(first.problems)
    if again.problems:
        bad.append(f"the link written back gives messages: {again.problems}")
    if again.link != first.link:
        bad.append(f"the link written back changes: {first.link} → {again.link}")
    own = {f.link.key for f in first.tables[1].fields.values() if f.link is not None}
    for a, b in zip(first.tables, again.tables):
        va, vb = first.values(a), again.values(b)
        for name, f in a.fields.items():
            if name in va and not (a is first.tables[0] and f.link.key in own) and not _same(va[name], vb[name]):
                bad.append(f"{a.ns}.{name} reopens as {vb[name]!r}, not {va[name]!r}")
    return bad, len(first.problems)
