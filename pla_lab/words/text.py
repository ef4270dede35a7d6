"""How numbers, vectors and text from users are written on the page (no Streamlit, no Plotly).

The numbers (:func:`num`, :func:`vec`, :func:`par`, :func:`exact`, :func:`exactly`, :func:`count`, …) are
:mod:`pla_core.words`' own functions, imported here, so a page and a notebook write every number by one rule, one
copy; this module adds what is Markdown: :func:`md`, :func:`literal` and :func:`term`."""

from __future__ import annotations

import functools
import re
import unicodedata

from pla_core.words import clean_weights, cls, count, exact, exactly, num, par, pct, plural, sub, vec
from pla_lab.words.glossary import BY_NAME

__all__ = ["clean_weights", "cls", "count", "exact", "exactly", "literal", "md", "num", "par", "pct", "plural", "sub",
           "term", "vec"]

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


def term(name: str, shown: str | None = None) -> str:
    """A Markdown link to the glossary's entry for ``name`` (the app's own words: a term of
    :data:`pla_lab.words.glossary.TERMS`; anything else is a KeyError, so text a user controls can never become a link).
    The words shown (``shown``, e.g. a plural, or the term's name) pass through :func:`literal`, which :func:`md`
    keeps, and the target is the entry's anchor, relative to the page (Streamlit opens it in a new tab, so the lesson
    stays as it was)."""
    return f"[{literal(shown or BY_NAME[name].name)}](glossary#{BY_NAME[name].key})"
