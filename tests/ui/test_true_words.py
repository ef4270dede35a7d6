"""Issue 21, part 2: the sentences of /pla, /halts, /pocket and /batch that were false for the run they describe,
read off the page as a user sees it and checked against pla_core for the points of the page's own link."""

from __future__ import annotations

import re

import numpy as np
import pytest

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.words.text import num, term

from .helpers import PLA, button, key, points, start, url

PAGES = {slug: f"../pages/{slug}.py" for slug in ("pla", "halts", "pocket", "batch", "xor")}


def words(at) -> str:
    """The page's Markdown without its style sheet, its emphasis and its escapes: what a reader reads."""
    text = "\n".join(m.value for m in at.markdown if not m.value.startswith("<style"))
    return re.sub(r"\\(.)", r"\1", text.replace("**", ""))


def test_the_credit_example_without_a_bias_says_which_lines_and_what_a_bias_changes():
    pts, _, _ = PLA.presets["credit"].build(0)
    at = start({"pts": C.encode_points(pts), "bias": "0"}, PAGES["pla"])
    button(at, "Run").click().run()
    said = words(at)
    X, y = model.arrays(points(at))
    assert not pla_core.pla(X, y, bias=False, max_updates=1000).halted
    assert "no line separates these points" not in said  # only lines through the origin were tested
    assert f"no line through the origin separates these points (an {term('exact LP')} says so)" in said
    with_bias = pla_core.pla(X, y, bias=True, max_updates=100_000)
    assert with_bias.halted  # 133 updates: the same points, separable once b may move
    assert "with a bias (Learn a bias b on) a line separates them" in said.replace("*", "")


@pytest.mark.parametrize("slug", ["pla", "halts", "batch", "pocket", "xor"])
def test_a_run_that_stops_at_w_0_never_says_it_separates(slug):
    """sign(0) read as "only y·wᵀx̃ < 0 is a mistake": at w₀ = 0 every point is a tie counted right."""
    at = start({"sign0": "lt0"}, PAGES[slug])
    said = words(at)
    if slug != "pocket":  # Pocket's points are noisy: its X, y are not the link's labels
        X, y = model.arrays(points(at))
        assert len(pla_core.pla(X, y, sign_zero="both")) == 0
    assert "separates ○ from ×" not in said and "✅" not in said
    assert "w = 0 draws no line and separates nothing" in said
    assert "counts a tie as right for both classes" in said


def _halts_at(preset: str, t: int):
    at = start(None, PAGES["halts"])
    at.selectbox(key=key("halts", "preset")).set_value(preset).run()
    return start({**url(at), "t": str(t), "geo": "1"}, PAGES["halts"])


def test_the_margins_are_compared_by_their_sign_as_the_narrow_example_shows_at_t_5():
    at = _halts_at("narrow", 5)
    said = words(at)
    row = re.search(r"\| PLA's w₅ \| (\S+) \| (\S+) \|", said)
    rho, d = (float(v.replace("−", "-")) for v in row.groups())
    X, y = model.arrays(points(at))
    w = pla_core.pla(X, y, max_updates=1000).weights[5]
    assert rho == pytest.approx(pla_core.margin(w, X, y), abs=1e-3) and rho < 0  # −0.2404 on this example
    assert d < rho  # −0.2863: the distance in the plane is smaller here
    assert "so the second is never smaller" not in said
    assert "both negative (a point on the wrong side), so the distance is at most ρ" in said
    # ŵ's offset names the norm it divides by, and is b over the feature part's length
    b_over = w[0] / np.hypot(w[1], w[2])
    assert w[0] != 0 and f"b/‖(w₁, w₂)‖ = {num(b_over)}" in said and "b/‖w‖ =" not in said


def test_the_pocket_s_noise_words_follow_the_run_when_plas_halts():
    at = start({"seed": "16", "noise": "5"}, PAGES["pocket"])
    button(at, "To cap").click().run()
    said = words(at).split("What you see")[0]  # the run's numbers, not the guide under them
    assert "PLA halted after 52 updates: these labels are separable" in said
    assert "never settles" not in said and "never halts" not in said and "no line does much better" not in said
    f_err = re.search(r"Even f itself gets (\d+)/50", said)
    assert f_err and int(f_err.group(1)) >= 1


@pytest.mark.parametrize("sign0, why", [
    ("le0", "counts a tie as wrong for both classes"),
    ("+1", "says +1, so ŵ is wrong wherever f says −1"),
])
def test_the_pocket_at_t_0_says_why_its_e_out_is_what_it_is(sign0, why):
    at = start({"sign0": sign0}, PAGES["pocket"])
    said = words(at)
    eout = float(re.search(r"Eₒᵤₜ\(ŵ\) against f: ([\d.]+)%", said).group(1)) / 100
    line = next(s for s in said.splitlines() if s.startswith("Eₒᵤₜ(ŵ) against f"))
    assert "ŵ = 0 draws no line, so every point of the square is a tie" in line and why in line
    f = [float(v) for v in url(at)["f"].split(",")]
    k = 400  # f's −1 share of its square, on a grid of cell centres
    xs = f[3] + (np.arange(k) + 0.5) * (f[4] - f[3]) / k
    ys = f[5] + (np.arange(k) + 0.5) * (f[6] - f[5]) / k
    gx, gy = np.meshgrid(xs, ys)
    minus = float(np.mean(f[0] + f[1] * gx + f[2] * gy < 0))
    assert eout == pytest.approx(1.0 if sign0 == "le0" else minus, abs=0.01)


def test_the_batch_page_names_the_gradient_of_what_each_mode_steps_on():
    at = start({"batch": "mini", "bs": "5"}, PAGES["batch"])
    said = words(at)
    assert "wₜ₊₁ = wₜ − η∇J(wₜ) is exactly this update" not in said
    assert "Mini-batch = stochastic gradient descent on blocks" in said and "∇(J(wₜ; B)/b)" in said
    full = words(start({"batch": "full", "avg": "sum"}, PAGES["batch"]))
    assert "wₜ₊₁ = wₜ − η∇J(wₜ) is exactly this update" in full and "; B)" not in full


def test_where_j_rises_in_mini_batch_mode_the_page_blames_the_block_not_the_step_size():
    from pla_lab.lessons.batch import batch_figures

    q = url(start({"batch": "mini", "bs": "5"}, PAGES["batch"]))
    X, y = model.arrays(C.decode_points(q["pts"])[0])
    trace = pla_core.batch(X, y, batch_size=5, average=None)
    t = next(t for t in batch_figures.rises(trace) if t > 1)  # J rose at step t (not the first step from w₀ = 0)
    assert trace.criterion[t] > trace.criterion[t - 1]
    said = words(start({**q, "t": str(t)}, PAGES["batch"]))
    assert "J rose at this step" in said and "one block's part of J, not J itself" in said
    assert "A step of fixed size η along −∇J can overshoot" not in said


@pytest.mark.parametrize("slug", ["halts", "compare", "online"])
def test_without_a_bias_a_page_with_no_bound_names_lines_through_the_origin(slug):
    pts = [(0.2, 0.2, 1.0), (0.5, 0.5, -1.0), (-0.4, -0.4, 1.0)]  # on one line through 0: + + − along it
    X, y = model.arrays(pts)
    assert not pla_core.is_separable(X, y, bias=False) and pla_core.pla(X, y, bias=True).halted
    more = {"cmp": "order"} if slug == "compare" else {}  # the orders' strip states the bound
    said = words(start({"pts": C.encode_points(pts), "bias": "0", **more}, f"../pages/{slug}.py"))
    assert "No line through the origin separates these points" in said
    assert "No line separates these points" not in said
