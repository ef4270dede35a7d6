"""The lesson "Runs compared" through Streamlit's AppTest: each view's numbers and drawings against pla_core for
the same points (as a notebook computes them), each view reopened from its link, and bad link values."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.lessons.compare import compare_words
from pla_lab.lessons.compare.compare_lesson import COMPARE, TIES
from pla_lab.words.text import num

from tests.ui.helpers import button, markdown, plot, points, url, warnings
from tests.ui.helpers import start as _start

PAGE = "../pages/compare.py"
BASE = dict(order="cyclic", bias=True, sign_zero=None, seed=0, max_updates=1000)


def start(params: dict | None = None):
    return _start(params, PAGE)


def run(pts, **kw):
    X, y = model.arrays(pts)
    return pla_core.pla(X, y, stop_on_cycle=False, **{**BASE, "w0": (0.0, 0.0, 0.0), "eta": 1.0, **kw})


def unit(W):
    W = np.asarray(W, dtype=float)
    return W / np.linalg.norm(W, axis=1, keepdims=True).clip(1e-300)


def strip(at) -> dict:
    """The strip chart's figure as the browser gets it."""
    return json.loads(at.get("plotly_chart")[0].proto.spec)


# -- η and w₀ --------------------------------------------------------------------------------------------------------


def test_from_w0_zero_both_lines_are_the_same_at_every_step_only_w_stretches():
    at = start()
    pts = points(at)
    one, ten = run(pts), run(pts, eta=10.0)
    data = plot(at)
    assert "companion" in data["moving"] and data["T"] == len(one) == len(ten)
    comp = data["companion"]
    assert comp["T"] == len(ten) and comp["label"].startswith("η = 10")
    np.testing.assert_allclose(data["win"]["W"], one.weights, atol=1e-9)
    np.testing.assert_allclose(comp["W"], ten.weights, atol=1e-9)
    np.testing.assert_allclose(unit(comp["W"][1:]), unit(data["win"]["W"][1:]), atol=1e-12)  # the same line
    md = markdown(at)
    assert f"| η = 1 (solid) | {len(one)} ✓ |" in md and f"| η = 10 (dashed) | {len(ten)} ✓ |" in md
    assert "**from w₀ = 0 it does not**" in md
    button(at, "Step").click().run()
    md = markdown(at)
    assert f"{num(np.linalg.norm(one.weights[1]))} |" in md and f"{num(np.linalg.norm(ten.weights[1]))} |" in md


def test_from_w0_not_zero_the_lines_part_and_the_counts_are_pla_core_s():
    w0 = (0.0, -3.0, 3.0)
    at = start()
    pts = points(at)
    at = start({"pts": C.encode_points(pts), "w0": "0,-3,3", "eta": "10"})
    one, ten, zero = run(pts, w0=w0), run(pts, w0=w0, eta=10.0), run(pts)
    assert len(one) != len(ten)  # the example parts them
    data = plot(at)
    main, other = (one, ten) if len(one) >= len(ten) else (ten, one)
    assert data["T"] == len(main) and data["companion"]["T"] == len(other)
    np.testing.assert_allclose(data["companion"]["last"], other.weights[-1], atol=1e-9)
    assert not np.allclose(unit(data["win"]["W"][1:2]), unit(data["companion"]["W"][1:2]))  # the lines part
    md = markdown(at)
    assert f"| η = 1 ({'solid' if main is one else 'dashed'}) | {len(one)} ✓ |" in md
    assert f"| η = 10 ({'solid' if main is ten else 'dashed'}) | {len(ten)} ✓ |" in md
    # "can part": the words speak of every w₀ ≠ 0 (the plot shows whether these part); the η = 10 run against the
    # run from w₀ = 0 is compared point by point in tests/lessons/compare/test_compare_claims.py
    assert "lines can **part**" in md and f"which makes {len(zero)} updates" in md
    assert at.text_input[0].value == "0, -3, 3"


def test_a_typed_w0_starts_both_runs_and_a_bad_one_is_refused_with_a_message():
    at = start()
    pts = points(at)
    box = next(t for t in at.text_input if t.label.startswith("Start w₀"))
    box.set_value("0, -3, 3").run()
    assert url(at)["w0"] == "0,-3,3"
    assert plot(at)["companion"]["T"] in (len(run(pts, w0=(0, -3, 3))), len(run(pts, w0=(0, -3, 3), eta=10.0)))
    box = next(t for t in at.text_input if t.label.startswith("Start w₀"))
    box.set_value("1, nan, 2").run()
    assert not at.exception
    assert url(at)["w0"] == "0,-3,3"  # nothing lost
    toasts = [re.sub(r"\\(.)", r"\1", t.value) for t in at.toast]  # shown literally: punctuation escaped
    assert any(t.startswith("w₀ ") and "still using 0,-3,3" in t for t in toasts), toasts


# -- the order of visits ----------------------------------------------------------------------------------------------


def test_the_strip_chart_is_20_runs_of_each_order_against_the_bound():
    at = start({"cmp": "order"})
    pts = points(at)
    assert pts == COMPARE.presets["sep30"].build(0)[0]
    X, y = model.arrays(pts)
    fig = strip(at)
    dots = {tr["meta"]: tr["y"] for tr in fig["data"] if tr["meta"].startswith("strip-") and tr["meta"] != "strip-shown"}
    for order in ("cyclic", "permuted", "random"):
        assert dots[f"strip-{order}"] == [len(run(pts, order=order, seed=s)) for s in range(20)]
    bound = pla_core.mistake_bound(X, y)
    line = next(tr for tr in fig["data"] if tr["meta"] == "bound")
    assert line["y"] == pytest.approx([bound, bound])
    assert max(max(v) for v in dots.values()) <= bound
    md = markdown(at)
    assert f"R²/ρ\\*² = {num(bound)}" in md and "all 60 runs halted within it" in md
    assert plot(at)["T"] == len(run(pts))


def test_the_order_and_seed_on_the_plot_reopen_from_the_link():
    at = start({"cmp": "order"})
    pts = points(at)
    next(s for s in at.selectbox if s.label == "Order on the plot").set_value("random").run()
    next(n for n in at.number_input if n.label.startswith("Seed on the plot")).set_value(7).run()
    q = url(at)
    assert (q["cmp"], q["order"], q["seed"]) == ("order", "random", "7")
    T = len(run(pts, order="random", seed=7))
    assert plot(at)["T"] == T
    again = start(q)
    assert plot(again)["T"] == T and plot(again)["win"]["W"] == plot(at)["win"]["W"]
    fig = strip(again)
    assert next(tr for tr in fig["data"] if tr["meta"] == "strip-random")["y"][0] == T
    assert next(tr for tr in fig["data"] if tr["meta"] == "strip-shown")["y"] == [T]


# -- sign(0) ---------------------------------------------------------------------------------------------------------


def test_the_sign0_table_runs_every_reading_and_highlights_where_each_parts():
    at = start({"cmp": "sign0"})
    pts = points(at)
    assert pts == [tuple(float(v) for v in p) for p in TIES]
    runs = {k: run(pts, sign_zero=v) for k, v in S.SIGN_ZERO.items()}
    assert plot(at)["T"] == len(runs["le0"])
    md = markdown(at)
    table = [line for line in md.splitlines() if line.startswith("| ")][1:]
    for k in ("+1", "-1", "lt0"):
        a, b = runs["le0"], runs[k]
        d = next((t for t in range(1, min(len(a), len(b)) + 1) if a.mistakes[t - 1] != b.mistakes[t - 1]),
                 min(len(a), len(b)) + 1)
        col = 1 + list(S.SIGN_ZERO).index(k)
        cells = [row.split(" | ")[col] for row in table]
        assert [i + 1 for i, c in enumerate(cells) if "◆" in c] == [d], k
        assert cells[d - 1].startswith(":orange-background[")
    # Seed 002's −1 agrees with seed 001's ≤ 0 until w₃'s line passes through the × at (1, 0).
    assert "parts at update **4**" in md and "#4 (×)" in md
    assert len(runs["lt0"]) == 0


def test_another_reading_on_the_plot_reopens_from_its_link():
    at = start({"cmp": "sign0"})
    pts = points(at)
    next(s for s in at.selectbox if s.label == "Reading on the plot").set_value("-1").run()
    q = url(at)
    assert q["sign0"] == "-1"
    again = start(q)
    assert plot(again)["T"] == len(run(pts, sign_zero=-1))
    assert f"{compare_words.SHORT['-1']} · plot" in markdown(again)


# -- the picker, links, bad input -------------------------------------------------------------------------------------


def test_picking_a_view_loads_its_example_and_undo_brings_the_points_back():
    at = start()
    before = points(at)
    next(r for r in at.radio if r.label == "Compare").set_value("sign0").run()
    assert url(at)["cmp"] == "sign0" and points(at) == [tuple(float(v) for v in p) for p in TIES]
    button(at, "Undo").click().run()
    assert points(at) == before and url(at)["cmp"] == "sign0"


@pytest.mark.parametrize("view", ["eta", "order", "sign0"])
def test_each_view_reopens_from_its_link_at_its_step(view):
    at = start({"cmp": view})
    button(at, "Step").click().run()
    button(at, "Step").click().run()
    q = url(at)
    assert q["t"] == "2" and q["cmp"] == view
    again = start(q)
    a, b = plot(at), plot(again)
    assert (b["t"], b["T"], b["win"], b["companion"], b["moving"]) == (a["t"], a["T"], a["win"], a["companion"],
                                                                        a["moving"])
    assert markdown(again) == markdown(at)


@pytest.mark.parametrize("key, value", [("cmp", "nope"), ("eta", "-1"), ("eta", "nan"), ("w0", "1,2"),
                                        ("w0", "nan,0,0"), ("seed", "abc"), ("order", "zigzag"), ("sign0", "0")])
def test_bad_link_values_give_a_message_and_the_default(key, value):
    at = start({key: value})
    assert not at.exception
    assert f"The link's {key}=" in warnings(at)
    assert plot(at)["T"] > 0


def test_the_strip_of_a_large_unseparable_set_stops_sooner_and_says_so():
    """500 points on one spot with both labels and the cap at 20,000: 60 runs to the cap would cost the server
    about 12 s for one page; the strip's runs stop at SIDE_WORK's share and the words say so. At 1,000 updates
    the page cost 1.7 s of server CPU (benchmarks/page_cost.py), over issue 14's 1 s."""
    from pla_lab.lessons.compare import compare_runs as compare
    from pla_lab.lessons.compare import compare_words

    X = np.full((500, 2), 0.5)
    y = np.where(np.arange(500) % 2 == 0, -1.0, 1.0)
    kwargs = dict(order="cyclic", eta=1.0, w0=(0.0, 0.0, 0.0), bias=True, sign_zero=None, seed=7, max_updates=20_000)
    strip = compare.order_strip(X, y, kwargs)
    cap = compare.SIDE_WORK // (3 * 20 * 500)
    assert strip.cap == cap < 20_000
    assert all(c == cap for counts in strip.counts.values() for c in counts)
    words = compare_words.order_numbers(strip, compare.run(X, y, kwargs), "cyclic", 7)
    assert f"stop at **{cap:,}** updates, not at the cap of 20,000" in words


@pytest.mark.parametrize("points", ["ties", "xor", "spot"])
def test_first_difference_is_the_first_update_where_two_readings_part(points):
    """Against the loop that defines it: the first t whose corrected point or wₜ differs, or where one run ends."""
    from pla_core import datasets
    from pla_lab.lessons.compare import compare_runs as compare

    if points == "ties":
        P = np.array(TIES, dtype=float)
        X, y = P[:, :2], P[:, 2]
    elif points == "xor":
        d = datasets.xor(60, noise=0.1, spread=0.2, seed=1)
        X, y = np.round(d.X, 3), d.y
    else:
        X, y = np.full((40, 2), 0.5), np.where(np.arange(40) % 2 == 0, -1.0, 1.0)
    kwargs = dict(order="cyclic", eta=1.0, w0=(0.0, 0.0, 0.0), bias=True, sign_zero=None, seed=0, max_updates=300)
    runs = compare.sign_runs(X, y, kwargs, "le0").runs

    def loop(a, b):
        for t in range(1, min(len(a), len(b)) + 1):
            if a.mistakes[t - 1] != b.mistakes[t - 1] or not np.array_equal(a.weights[t], b.weights[t]):
                return t
        return None if len(a) == len(b) else min(len(a), len(b)) + 1

    found = {(a, b): compare.first_difference(runs[a], runs[b]) for a in runs for b in runs}
    assert found == {(a, b): loop(runs[a], runs[b]) for a in runs for b in runs}
    assert found[("le0", "le0")] is None


def _xor500():
    """500 XOR-like points as a link holds them, and the link's points."""
    from pla_core import datasets

    d = datasets.xor(C.MAX_POINTS, noise=0.1, spread=0.2, seed=3)
    return C.encode_points([(C.q(a), C.q(b), float(lab)) for (a, b), lab in zip(d.X, d.y)])


def test_with_500_points_the_eta_views_run_from_w0_zero_is_followed_for_its_share_and_the_words_say_so():
    from pla_lab.lessons.compare import compare_runs as compare

    at = start({"pts": _xor500(), "cap": "20000", "cmp": "eta", "eta": "0.01", "w0": "100,-100,100"})
    pts = points(at)
    far = dict(max_updates=20_000, w0=(100.0, -100.0, 100.0))
    one, small = run(pts, **far), run(pts, **far, eta=0.01)
    data = plot(at)
    assert {data["T"], data["companion"]["T"]} == {len(one), len(small)}  # both drawn runs go to the cap
    side = compare.SIDE_WORK // len(pts)
    zero = run(pts, max_updates=side)
    assert len(zero) == side < 20_000 and not zero.halted
    assert (f"which makes more than **{side:,}** updates: it is followed no further, not to the cap of 20,000, so "
            "that one page costs the server well under a second") in markdown(at)


def test_with_500_points_the_other_readings_of_sign0_are_followed_for_their_share_and_the_words_say_so():
    from pla_lab.lessons.compare import compare_runs as compare
    from pla_lab.lessons.compare import compare_words

    at = start({"pts": _xor500(), "cap": "20000", "cmp": "sign0"})
    pts = points(at)
    shown = run(pts, max_updates=20_000)
    assert plot(at)["T"] == len(shown)
    side = compare.SIDE_WORK // (3 * len(pts))
    runs = {c: run(pts, max_updates=side, sign_zero=S.SIGN_ZERO[c]) for c in ("+1", "-1", "lt0")}
    parts = {c: compare.first_difference(shown, r) for c, r in runs.items()}
    expected = compare.SignRuns({"le0": shown, **runs}, "le0",
                                {c: None if d == len(runs[c]) + 1 and not runs[c].halted else d
                                 for c, d in parts.items()}, 20_000)
    md = markdown(at)
    assert compare_words.sign_table(expected) in md and compare_words.sign_words(expected) in md
    assert f"With 500 points the other readings' runs stop at **{side:,}** updates, not at the cap of 20,000" in md
    followed = [c for c, r in runs.items() if not r.halted]
    assert followed and all(len(runs[c]) == side for c in followed)
    assert f"is followed for **{side:,}** updates only, not to the cap of 20,000" in md
