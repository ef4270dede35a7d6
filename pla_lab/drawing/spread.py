"""The spread of a class's answers as a bar chart (issue 35): one row per choice, a bar per vote (the first vote, and
after *Ask again* the second beside it), the count and share at each bar's end, and once revealed the right choice
marked. Pure: counts and the question's own choices in, SVG text out, drawn dark on a white card so it reads on a
projector in either theme. Its alt text says the same numbers (:func:`alt`)."""

from __future__ import annotations

import base64
from xml.sax.saxutils import escape

WIDTH = 760
LABEL, BAR, GAP, LEFT = 28, 26, 14, 8  # px: a choice's line of words, a bar, between choices, the left edge
ROUNDS = (("First vote", "#4c78a8"), ("Second vote", "#e45756"))
RIGHT = "#1a7f37"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _share(n: int, total: int) -> str:
    return f"{n} ({round(100 * n / total)} %)" if total else "0"


def svg(choices: list[str], rounds: list[list[int]], right: int | None = None) -> str:
    """The chart: ``rounds`` holds each vote's counts, one per choice (one vote, or two side by side); ``right``: the
    right choice's index once revealed (None: nothing marked)."""
    room = WIDTH - LEFT - 170  # the longest bar, leaving its count room at its end
    top = max(1, *(max(r) for r in rounds))
    totals = [sum(r) for r in rounds]
    per = LABEL + BAR * len(rounds) + GAP
    height = 36 + per * len(choices)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
           f'height="{height}" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif">',
           f'<rect width="{WIDTH}" height="{height}" rx="10" fill="#ffffff"/>']
    x = LEFT
    for k, (name, colour) in enumerate(ROUNDS[:len(rounds)]):  # the key, when there are two votes
        if len(rounds) > 1:
            out.append(f'<rect x="{x}" y="8" width="18" height="18" fill="{colour}"/>'
                       f'<text x="{x + 24}" y="23" font-size="18" fill="#222">{name} ({totals[k]})</text>')
            x += 220
    for i, choice in enumerate(choices):
        y = 36 + per * i
        mark = i == right
        words = f"{LETTERS[i]}. {choice}" + ("  ✓ right" if mark else "")
        bold = ' font-weight="700"' if mark else ""
        out.append(f'<text x="{LEFT}" y="{y + 22}" font-size="21" fill="{RIGHT if mark else "#111"}"{bold}>'
                   f'{escape(words)}</text>')
        for k, counts in enumerate(rounds):
            by = y + LABEL + k * BAR
            w = room * counts[i] / top
            colour = RIGHT if mark and len(rounds) == 1 else ROUNDS[k][1]
            out.append(f'<rect x="{LEFT}" y="{by + 3}" width="{w:.1f}" height="{BAR - 6}" rx="3" fill="{colour}"'
                       + (f' stroke="{RIGHT}" stroke-width="3"' if mark else "") + "/>")
            out.append(f'<text x="{LEFT + w + 8:.1f}" y="{by + BAR - 9}" font-size="19" fill="#222">'
                       f'{_share(counts[i], totals[k])}</text>')
    out.append("</svg>")
    return "".join(out)


def alt(choices: list[str], rounds: list[list[int]], right: int | None = None) -> str:
    """The chart in words, for a screen reader (and the tests): each vote's counts per choice, the right one named."""
    parts = []
    for k, counts in enumerate(rounds):
        name = ROUNDS[k][0] if len(rounds) > 1 else "Answers"
        parts.append(f"{name}: " + ", ".join(f"{LETTERS[i]} {n}" for i, n in enumerate(counts)) + ".")
    if right is not None:
        parts.append(f"The right answer is {LETTERS[right]}.")
    return " ".join(parts)


def data_uri(text: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(text.encode()).decode()
