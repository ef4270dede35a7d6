"""Presenter mode's numbers for /margin: the verdict, the step's t, its count of mistakes and the next one, and the
bound's number, each from the same functions and facts as the full words (:mod:`margin_words`)."""

from __future__ import annotations

import math

from pla_core import facts as pfacts
from pla_lab.api import count, num
from pla_lab.lessons.margin import margin_words
from pla_lab.lessons.margin.margin_words import Facts


def numbers(trace, t: int, f: Facts, *, separable: bool | None, go: str) -> str:
    parts = margin_words.step_parts(trace, t, f.gamma)
    lines = [parts["t"], parts["count"], *([parts["next"]] if "next" in parts else []), bound(f)]
    return margin_words.verdict(trace, t, f, separable=separable, go=go) + "\n\n" + "  \n".join(v for v in lines if v)


def bound(f: Facts) -> str:
    """ρ*, γ and the fewest updates a bound of :func:`margin_words.bound` allows from w₀ = 0 (none from a w₀ ≠ 0)."""
    if not f.separable:
        return ""
    head = f"ρ\\* = {num(f.rho_star)}, γ = {num(f.gamma)}"
    wide = f.vs_2rho < 0 and math.isfinite(f.wide)
    if not f.from_zero or not (f.vs_rho <= 0 or wide):
        return head
    if f.vs_rho <= 0 and not (wide and pfacts.compare(f.wide, f.bound) < 0):
        return f"{head}: at most {count(num(f.bound), 'update', bold=True)}"
    return f"{head}: at most {count(math.floor(f.wide), 'update', bold=True)}"
