"""What a reader sees of a Markdown text: its inline marks read as CommonMark 0.31 reads them (backslash escapes,
``*``/``_`` emphasis by delimiter runs and the rule of 3), plus what Streamlit's Markdown adds (``$…$`` math,
``~`` strikethrough) and what app words never mean (code spans, HTML tags). Written from the spec, independently of
pla_lab.words.text.md, so the tests can hold md's output against it. Blocks: paragraphs (blank lines apart), and every
list item, heading and table row alone (a table's cells apart)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

ASCII_PUNCT = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
OPEN_BOUNDARY = set(" \n([{|\"'“‘—–")   # what may stand before a mark around whole words
CLOSE_BOUNDARY = set(" \n.,;:!?)]}|\"'”’—–-/…")  # and after it
_ITEM = re.compile(r"^\s*(?:[-+] |\d+\. |#{1,6} )")
#: An inline link [text](target) whose "[" is not escaped: a reader sees its text (pla_lab.words.text.term writes them).
LINK = re.compile(r"(?<![\\!])\[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)")
IMAGE = re.compile(r"(?<!\\)!\[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)")  # an image: a reader meets its alt text


@dataclass
class Span:
    kind: str        # "em" or "strong"
    before: str      # the source character before the opening delimiter run ("" at the start)
    after: str       # the source character after the closing one ("" at the end)
    text: str        # what it shows

    @property
    def whole_words(self) -> bool:
        return self.before in OPEN_BOUNDARY | {""} and self.after in CLOSE_BOUNDARY | {""}


@dataclass
class Read:
    text: str
    spans: list[Span] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _punct(c: str) -> bool:
    return c in ASCII_PUNCT or unicodedata.category(c)[0] in "PS"


def _space(c: str) -> bool:
    return c == "" or c.isspace()


def blocks(md: str) -> list[str]:
    out: list[str] = []
    for para in re.split(r"\n\s*\n", md):
        open_ = False  # whether the next plain line continues the block before it (a paragraph or a list item)
        for line in para.split("\n"):
            if line.lstrip().startswith("|"):
                out += [c for c in re.split(r"(?<!\\)\|", line) if c.strip() and not re.fullmatch(r"\s*:?-+:?\s*", c)]
                open_ = False
            elif _ITEM.match(line) or not open_:
                out.append(_ITEM.sub("", line))
                open_ = True
            else:
                out[-1] += "\n" + line
    return [b for b in out if b.strip()]


def read(md: str) -> Read:
    """The text a reader sees (blocks joined by newlines), the emphasis spans and anything shown as other than
    words."""
    parts = [read_inline(b) for b in blocks(md)]
    return Read("\n".join(p.text for p in parts), [s for p in parts for s in p.spans],
                [q for p in parts for q in p.problems])


def read_inline(s: str) -> Read:
    s = LINK.sub(r"\1", IMAGE.sub(r"\1", s))
    items: list = []  # str pieces and delimiter dicts, in order
    problems, i, n = [], 0, len(s)
    dollars = tildes = 0
    while i < n:
        c = s[i]
        if c == "\\" and i + 1 < n and s[i + 1] in ASCII_PUNCT:
            items.append(s[i + 1])
            i += 2
            continue
        if c in "*_":
            j = i
            while j < n and s[j] == c:
                j += 1
            before, after = s[i - 1] if i else "", s[j] if j < n else ""
            left = not _space(after) and (not _punct(after) or _space(before) or _punct(before))
            right = not _space(before) and (not _punct(before) or _space(after) or _punct(after))
            if c == "*":
                can_open, can_close = left, right
            else:
                can_open = left and (not right or _punct(before))
                can_close = right and (not left or _punct(after))
            items.append({"c": c, "n": j - i, "orig": j - i, "open": can_open, "close": can_close,
                          "before": before, "after": after, "marks": []})
            i = j
            continue
        if c == "`":
            problems.append("a backtick (code)")
        elif c == "$":
            dollars += 1
        elif c == "~":
            tildes += 1
        elif c == "<" and re.match(r"</?[A-Za-z]", s[i:]):
            problems.append(f"an HTML tag at {s[i:i + 12]!r}")
        items.append(c)
        i += 1
    problems += ["$…$ (math)"] * (dollars >= 2) + ["~…~ (strikethrough)"] * (tildes >= 2)
    spans = _emphasis(items)
    text = "".join(x if isinstance(x, str) else x["c"] * x["n"] for x in items)
    return Read(text, spans, problems)


def _emphasis(items: list) -> list[Span]:
    """CommonMark's "process emphasis": each closer, left to right, takes the nearest opener it may pair with."""
    delims = [x for x in items if isinstance(x, dict)]
    spans, k = [], 0
    while k < len(delims):
        d = delims[k]
        if not d["close"] or d["n"] == 0:
            k += 1
            continue
        j = k - 1
        while j >= 0:
            o = delims[j]
            odd = (o["close"] or d["open"]) and (o["orig"] + d["orig"]) % 3 == 0 and not (
                o["orig"] % 3 == 0 and d["orig"] % 3 == 0)
            if o["c"] == d["c"] and o["open"] and o["n"] > 0 and not odd:
                break
            j -= 1
        if j < 0:
            k += 1
            continue
        o = delims[j]
        use = 2 if o["n"] >= 2 and d["n"] >= 2 else 1
        o["n"] -= use
        d["n"] -= use
        a, b = items.index(o), items.index(d)
        inner = "".join(x if isinstance(x, str) else x["c"] * x["n"] for x in items[a + 1:b])
        spans.append(Span("strong" if use == 2 else "em", o["before"], d["after"], inner))
        for x in delims[j + 1:k]:  # delimiters between them are left as text
            x["close"] = x["open"] = False
        if d["n"] == 0:
            k += 1
    return spans


# A closing mark is the end of a run of stars that follows a non-space (CommonMark's delimiter runs are maximal):
# the run's extra stars, before the mark, are a formula's (2ρ*** is 2ρ* and a closing **), and in "*: **" the
# run ** follows a space, so it closes nothing. A written escape (ρ\\*) is a character, not part of a run.
_INTENDED = re.compile(r"(?<![^\s(\[{|\"'“‘—–])(\*\*|\*)(?=[^\s*])(.+?)(?:(?<=[^\s\\*])|(?<=\\\*))(\**?)\1"
                       r"(?![^\s.,;:!?)\]}|\"'”’—–/…-])", re.M)


def intended(words: str) -> str:
    """What the app's own words mean a reader to see (its convention, pla_lab.words.text.md): ``**bold**`` and
    ``*italics*`` around whole words are marks, every other character is shown, a written backslash escape shows
    the character it escapes. The blocks as :func:`read` splits them."""
    words = LINK.sub(r"\1", IMAGE.sub(r"\1", words))
    plain = [_INTENDED.sub(lambda m: _INTENDED.sub(r"\2\3", m.group(2)) + m.group(3), b) for b in blocks(words)]
    return re.sub(r"\\([" + re.escape(ASCII_PUNCT) + "])", r"\1", "\n".join(plain))
