"""How numbers, vectors and text from users are written on the page (no Streamlit, no Plotly)."""

from __future__ import annotations

import re

import numpy as np

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


def plural(k: int) -> str:
    """The "s" of "k updates" ("" for one)."""
    return "" if k == 1 else "s"


def sub(t: int) -> str:
    return str(t).translate(_SUB)


def num(v: float) -> str:
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
