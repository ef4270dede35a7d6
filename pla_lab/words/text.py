"""How numbers, vectors and text from users are written on the page (no Streamlit, no Plotly)."""

from __future__ import annotations

import functools
import re
import unicodedata
from fractions import Fraction

import numpy as np

from pla_core import facts
from pla_lab.words.glossary import BY_NAME

_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_NOISE = 1e-9  # relative size below which a weight is rounding noise of sums that cancel exactly


def clean_weights(W, eta: float, R: float) -> np.ndarray:
    """Weights for display: entries smaller than 1e-9 of (‖w‖ + η·R) are rounding noise of sums that cancel
    exactly on grid data (e.g. 0.12 − 0.12 + …), so they are shown, and drawn, as 0."""
    W = np.array(W, dtype=float)
    scale = np.linalg.norm(W, axis=-1, keepdims=True) + eta * R
    W[np.abs(W) <= _NOISE * scale] = 0.0
    return W


_PUNCT = re.compile(r"([!-/:-@\[-`{-~])")  # every ASCII punctuation character


def literal(text: str) -> str:
    """Markdown that shows ``text`` exactly as written: every ASCII punctuation character is backslash-escaped
    (CommonMark reads ``\\x`` as a literal x), so text from a link, a file or a click (``[a](//x)``, ``![](…)``,
    a backtick, ``<img>``, ``$x$``, ``:red[…]``) can never become a link, an image, HTML, math or a directive.
    Line breaks become spaces."""
    return _PUNCT.sub(r"\\\1", " ".join(str(text).split()))


# The app's own words are Markdown with two marks only: **bold** and *italic* around whole words. Everything else
# in them is shown as written: a star in ρ*, w*ᵀx̃ or R²/ρ*², an underscore in E_in, a backslash, a dollar (math in
# Streamlit), a tilde (strikethrough), a backtick (code), and "<tag".
_SPACE_OR_NONE = frozenset(" \t\n")
_BEFORE_OPEN = frozenset("([{|\"'“‘—–") | _SPACE_OR_NONE  # what may precede a mark that opens
_AFTER_CLOSE = frozenset(".,;:!?)]}|\"'”’—–-/…") | _SPACE_OR_NONE  # what may follow a mark that closes


@functools.lru_cache(maxsize=4096)  # a page's words repeat from rerun to rerun
def md(text: str) -> str:
    """Markdown that shows the app's own words as written. ``**…**`` (bold) and ``*…*`` (italics) stay marks when
    they wrap whole words on one line: the opening mark after a space, a line start or an opening bracket, and before
    a non-space; the closing one after a non-space, and before a space, the line's end or punctuation. Every other
    ``*`` (ρ*, w*ᵀx̃, "2ρ***" is 2ρ* closing a bold), any ``_`` Markdown could read as a mark, a backslash that
    escapes nothing, ``$``, ``~``, backticks and ``<`` before a letter are escaped. A backslash escape already
    written (``ρ\\*``, or all of :func:`literal`'s) is kept, so ``md(literal(s)) == literal(s)``. Lists, headings
    and tables are untouched. Text a user controls goes through :func:`literal` instead."""
    return "\n".join(_md_line(line) for line in str(text).split("\n"))


_MARKS = re.compile(r"\\.?|\*+|[_`$~<]")  # what md looks at; the text between is copied as it is


def _md_line(s: str) -> str:
    out: list[str] = []
    opened: list[tuple[int, int]] = []  # (index in out, number of stars) of each mark still open
    end = 0
    for m in _MARKS.finditer(s):
        i, j, c = m.start(), m.end(), m.group()
        out.append(s[end:i])
        end = j
        before, after = s[i - 1] if i else " ", s[j] if j < len(s) else " "
        if c[0] == "\\":  # a written escape (\* in ρ\*) is kept; a lone backslash is shown
            out.append(c if _PUNCT.fullmatch(c[1:]) else "\\\\" + c[1:])
        elif c[0] == "*":
            _stars(out, opened, len(c), before, after)
        elif c == "_":
            out.append("_" if _wordy(before) and _wordy(after) else "\\_")
        elif c == "<":
            out.append("\\<" if after.isascii() and after.isalpha() or after in "/!?" else "<")
        else:
            out.append("\\" + c)
    out.append(s[end:])
    for at, k in opened:  # marks never closed are stars of formulas
        out[at] = "\\*" * k
    return "".join(out)


def _stars(out: list[str], opened: list[tuple[int, int]], k: int, before: str, after: str) -> None:
    """A run of k stars between the characters ``before`` and ``after``: it closes the last open mark if it can,
    else opens one (one or two stars), else is shown; stars beyond the mark are a formula's, before it."""
    if opened and before not in _SPACE_OR_NONE and after in _AFTER_CLOSE and k >= opened[-1][1]:
        _, m = opened.pop()
        out.append("\\*" * (k - m) + "*" * m)
    elif before in _BEFORE_OPEN and after not in _SPACE_OR_NONE and k <= 2:
        opened.append((len(out), k))
        out.append("*" * k)
    else:
        out.append("\\*" * k)


def _wordy(c: str) -> bool:
    """A letter, digit or mark inside a word: Markdown never reads an underscore between two of these as a mark."""
    return not (c.isspace() or _PUNCT.fullmatch(c) or unicodedata.category(c)[0] in "PS")


def plural(k: int) -> str:
    """The "s" of "k updates" ("" for one)."""
    return "" if k == 1 else "s"


def count(k, noun: str, many: str | None = None, *, bold: bool = False) -> str:
    """k and its noun, agreeing: ``count(1, "update")`` is "1 update", ``count(1000, "update")`` "1,000 updates"
    (thousands with a comma). ``k`` may be a number already written (:func:`num`'s "1", "1.5", "2.75e+04"): only
    "1" takes the singular. ``many``: the plural when it is not the noun and an "s" ("pass", "passes").
    ``bold``: the number in bold, "**1** update"."""
    n = k if isinstance(k, str) else f"{int(k):,}"
    return f"{f'**{n}**' if bold else n} {noun if n == '1' else many or noun + 's'}"


def sub(t: int) -> str:
    return str(t).translate(_SUB)


def num(v) -> str:
    """A number about a run, as every page writes it: the one rule for the digits shown.

    - An exact value (a :class:`~fractions.Fraction`: a run on grid data, :mod:`pla_core.facts`) in full, every decimal
      of it, so a sum shown adds up digit for digit: ``−0.914894 + 1.874385 = 0.959491``. (One with more than 12
      decimals, 1/3, is not a decimal of the grid: it is written as a float.)
    - Any other number (a run made in floating point, a square root, a mean, a loss) to 4 significant digits:
      ``−0.9149``, ``0.1187``, ``1.235e+04`` (past 4 digits before the point).
    - 0 is "0" and a minus is the true minus sign "−".

    A quantity of an exact run is passed as its Fraction wherever it is shown, never as its float: one number is then
    never written at two precisions on one page (``−0.9149`` in one line, ``−0.914894`` in the next)."""
    if isinstance(v, Fraction):
        return exact(v)
    v = float(v)
    if v == 0:
        return "0"
    s = f"{v:.4g}"
    return s.replace("-", "−")


def par(v: float) -> str:
    """A number, in parentheses when negative (so '2·(−0.5)', not '2·−0.5')."""
    return f"({num(v)})" if v < 0 else num(v)


def vec(w) -> str:
    return "(" + ", ".join(num(v) for v in w) + ")"


def cls(label: float) -> str:
    return "○ +1" if label > 0 else "× −1"


def pct(k: int, n: int) -> str:
    return f"{k}/{n} = {100 * k / n:.1f}%" if n else "—"


def exact(v) -> str:
    """A Fraction of the decimal grid in full (its denominator divides a power of 10, at most 12 decimals); anything
    else as :func:`num` writes a float. :func:`num` applies this rule to every number: call that."""
    if not isinstance(v, Fraction):
        return num(v)
    d = 0
    while (v * 10 ** d).denominator != 1:
        d += 1
        if d > 12:
            return num(float(v))
    text = f"{abs(v.numerator * 10 ** d // v.denominator):0{d + 1}d}"
    text = (text[:-d] + "." + text[-d:]).rstrip("0").rstrip(".") if d else text
    return ("−" if v < 0 else "") + text


def exactly(values) -> list:
    """Decimals of the grid as Fractions, so :func:`num` writes them in full as the exact sums beside them; all
    floats when one of them is not such a decimal."""
    q = [facts.rational(v) for v in values]
    return q if all(v is not None for v in q) else [float(v) for v in values]


def term(name: str, shown: str | None = None) -> str:
    """A Markdown link to the glossary's entry for ``name`` (the app's own words: a term of
    :data:`pla_lab.words.glossary.TERMS`; anything else is a KeyError, so text a user controls can never become a link).
    The words shown (``shown``, e.g. a plural, or the term's name) pass through :func:`literal`, which :func:`md`
    keeps, and the target is the entry's anchor, relative to the page (Streamlit opens it in a new tab, so the lesson
    stays as it was)."""
    return f"[{literal(shown or BY_NAME[name].name)}](glossary#{BY_NAME[name].key})"
