"""Issue 21 on /margin: the bound the page states for γ below ρ*, between ρ* and 2ρ* (where it used to say "there is no
bound"), and at or beyond 2ρ*, each against pla_core for the points the link holds; the folded proof with this
run's numbers; and the words for γ = 2ρ* exactly and without a bias, from margin_words on runs of pla_core."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
import pytest

import pla_core
from pla_lab.framework.parsers import dump12
from pla_lab.lessons.margin import margin_words
from pla_lab.words.text import num

from tests.ui.helpers import button, markdown, url
from .test_margin import from_link, start


def best_margin() -> float:
    X, y, *_ = from_link(url(start()))
    return pla_core.max_margin(X, y)[1]


def bound_words(at) -> str:
    """The bound's sentences and the folded proof under them (an expander's text is sent while it is closed)."""
    md = markdown(at)
    return md[md.index("**The bound**"):md.index("**Final lines**")]


def whole(v: float) -> str:
    return f"{math.floor(v):,}"


@pytest.mark.parametrize("fraction", [0.3, 1.0 - 1e-6, 1.3, 1.9])
def test_below_twice_the_best_margin_the_page_states_the_bound_that_holds_and_the_run_keeps_it(fraction):
    at = start({"gamma": dump12(fraction * best_margin())})
    X, y, trace, _, gamma = from_link(url(at))
    rho = pla_core.max_margin(X, y)[1]
    wide, old = pla_core.margin_perceptron_log_bound(X, y, gamma), pla_core.margin_perceptron_bound(X, y, gamma)
    words = bound_words(at)
    assert "no bound" not in words and "may still halt" not in words
    if gamma <= rho:
        assert f"γ ≤ ρ\\*, so from w₀ = 0 at most 8R²/(γρ\\*) + 4R/ρ\\* = **{num(old)}** updates" in words
        assert (f"is smaller here: at most **{whole(wide)}** updates" in words) == (wide < old)
    else:
        assert math.isinf(old) and f"ρ\\* < γ < 2ρ\\* = {num(2 * rho)}" in words
        assert f"From w₀ = 0 at most **{whole(wide)}** updates, the largest M with" in words
    assert f"holds up to M = {num(wide)}: at most **{whole(wide)}** updates" in words
    assert f"M·{num(rho - gamma / 2)} ≤ {num(pla_core.radius(X))} + {num(pla_core.radius(X) ** 2 / (2 * rho))}" in words
    button(at, "Run").click().run()
    made = f"this run made **{len(trace)}** update{'s' if len(trace) != 1 else ''} ✅"
    assert trace.halted and len(trace) <= min(wide, old) and made in bound_words(at)


def test_the_issue_s_link_gamma_0_25_gives_a_bound_where_the_page_said_there_was_none():
    at = start({"gamma": "0.25"})
    X, y, trace, _, gamma = from_link(url(at))
    rho = pla_core.max_margin(X, y)[1]
    assert rho < gamma < 2 * rho
    wide = pla_core.margin_perceptron_log_bound(X, y, gamma)
    words = bound_words(at)
    assert "there is no bound" not in words and f"at most **{whole(wide)}** updates" in words
    assert len(trace) <= wide
    assert any(e.label == "Why the margin perceptron halts for every γ < 2ρ\\*: the proof" for e in at.expander)


def test_at_the_cap_the_verdict_gives_the_bound_it_will_halt_within():
    at = start({"gamma": dump12(1.3 * best_margin()), "cap": "3"})
    X, y, trace, _, gamma = from_link(url(at))
    assert not trace.halted and len(trace) == 3
    button(at, "Run").click().run()
    wide = pla_core.margin_perceptron_log_bound(X, y, gamma)
    assert f"the bound below says it halts within {whole(wide)} updates: raise the cap" in markdown(at)


def test_beyond_twice_the_best_margin_no_bound_and_the_run_never_halts():
    at = start({"cap": "200"})
    button(at, "γ > 2ρ\\*").click().run()
    X, y, trace, _, gamma = from_link(url(at))
    rho = pla_core.max_margin(X, y)[1]
    assert gamma > 2 * rho and math.isinf(pla_core.margin_perceptron_log_bound(X, y, gamma)) and not trace.halted
    words = bound_words(at)
    assert "**it can never halt**" in words and f"ρ\\* − γ/2 = {num(rho - gamma / 2)} ≤ 0" in words
    assert "at most" not in words.split("**Here:**")[1]


def _words(X, y, gamma, *, bias=True, cap=300):
    trace = pla_core.pla(X, y, margin=gamma, bias=bias, max_updates=cap)
    plain = pla_core.pla(X, y, bias=bias, max_updates=cap)
    f = margin_words.facts(trace, plain, gamma)
    return trace, margin_words.bound(trace, len(trace), f) + "\n" + margin_words.proof(f)


def test_at_exactly_twice_the_best_margin_the_words_follow_the_run():
    """γ = 2ρ*: only w*'s direction clears every point by γ/2. Two points on a line without a bias reach it at once
    (w₁ ∥ w*); four grid points with ρ* = 1 (a mirrored pair ○(0.6, 0.8), ×(−0.6, −0.8) and two points farther out)
    do not, within the cap. The page's 30 points have an irrational ρ*: γ = 2ρ* typed to 12 digits is not 2ρ*,
    and the words say on which side of it γ is, decided exactly (γ² against 4ρ*²)."""
    X, y = np.array([[2.0], [-1.0]]), np.array([1.0, -1.0])
    trace, words = _words(X, y, 2 * pla_core.max_margin(X, y, bias=False)[1], bias=False)
    assert trace.halted and "x̃ = (0, x₁, x₂): no bias" in words
    assert f"this one halts there after **{len(trace)}** update." in words and "never halt" not in words
    X, y = np.array([[0.5, -1.7], [1.3, 1.1], [-0.6, -0.8], [0.6, 0.8]]), np.array([-1.0, 1.0, -1.0, 1.0])
    assert pla_core.facts.best_margin2(X, y) == 1
    trace, words = _words(X, y, 2.0)
    assert not trace.halted and f"this one has not found it in {len(trace):,}." in words
    assert "no proof bounds the run" in words and "never halt" not in words and "ρ\\* − γ/2 = 0 (γ = 2ρ\\*)" in words
    X, y, *_ = from_link(url(start()))
    rho2 = pla_core.facts.best_margin2(X, y)
    gamma = float(dump12(2 * pla_core.max_margin(X, y)[1]))
    trace, words = _words(X, y, gamma)
    above = Fraction(repr(gamma)) ** 2 > 4 * rho2
    assert ("**it can never halt**" in words) == above and ("ρ\\* < γ < 2ρ\\*" in words) == (not above)
    assert "no proof bounds the run" not in words


def test_the_formulas_reach_the_reader_as_written():
    """Every * of the bound's words and the proof is an escaped ρ\\* or w\\* or a ** of bold: none starts italics."""
    X, y, *_ = from_link(url(start()))
    rho = pla_core.max_margin(X, y)[1]
    for fraction in (0.5, 1.5, 2.5):
        _, words = _words(X, y, fraction * rho)
        assert "*" not in re.sub(r"\\\*|\*\*", "", words) and "_" not in words
        seen = re.sub(r"\*\*", "", words).replace("\\*", "*")
        assert "M(ρ* − γ/2) ≤ R + (R²/2ρ*)(1 + ln M)" in seen and "‖w*‖ = 1" in seen
