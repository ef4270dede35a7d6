"""What a new user sees before and while a run plays (issue 11): a verdict is what is coming until the replay gets
there, the words say which w each drawn line is, the lift's words are true at every step, and a run stopped at
the cap says why (from the exact LP, computed once per run)."""

from __future__ import annotations

import numpy as np
import pytest

import pla_core
from pla_core import datasets
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.words.text import sub, term

from .helpers import button, key, markdown, plot, start, url

PAGES = {"pla": "../pages/pla.py", "pocket": "../pages/pocket.py", "xor": "../pages/xor.py", "halts": "../pages/halts.py"}
XOR4 = C.encode_points([(-1.0, 1.0, 1.0), (1.0, -1.0, 1.0), (-1.0, -1.0, -1.0), (1.0, 1.0, -1.0)])


def trace_of(at, *, lift=False):
    """The run the page shows, from its link alone (pla_core, as a notebook would)."""
    q = url(at)
    pts, _ = C.decode_points(q["pts"])
    values, _ = S.read_params(q)
    X, y = model.arrays(pts)
    kw = S.pla_kwargs(values)
    if lift:
        X, kw = datasets.with_product(X), {**kw, "w0": (*kw["w0"], 0.0)}
    return pla_core.pla(X, y, stop_on_cycle=False, **kw)


def captions(at) -> str:
    return "\n".join(c.value for c in at.caption)


def goto(at, page: str, t: int):
    at.slider(key=key(page, "scrub")).set_value(t).run()
    assert url(at)["t"] == str(t)


# ---------------------------------------------------------------------------------------------------------------
# 1. The verdict is told as what is coming until the replay gets there


@pytest.mark.parametrize("page, params, coming, done, go", [
    ("pla", {}, "This run halts after **{T}** updates (press **Run** to see it).",
     "Halts after **{T}** updates: a full pass finds no mistake.", "Run"),
    ("pla", {"pts": XOR4}, "This run never halts: from update 0 on, the weights repeat every **4** updates (w₄ = w₀) "
     "(press **Run** to see it).", "Never halts: from update 0 on, the weights repeat every **4** updates", "Run"),
    ("pocket", {"noisy": "0"}, "This run halts after {T} updates (press **To cap** to see it)",
     "✅ PLA halted after {T} updates", "To cap"),
    ("xor", {}, "🔁 **This run cycles** (press **Run** to see it)", "🔁 **The weights cycle.**", "Run"),
    ("halts", {}, "This run halts after **{T}** updates (press **Run** to see it)", "✅ **Halted after {T} updates",
     "Run"),
], ids=["pla", "pla-cycle", "pocket", "xor", "halts"])
def test_a_verdict_is_what_is_coming_until_the_replay_gets_there(page, params, coming, done, go):
    at = start(params, PAGES[page])
    assert url(at)["t"] == "0"
    T = plot(at)["T"]
    coming, done = coming.format(T=T), done.format(T=T)
    assert coming in markdown(at) and done not in markdown(at)
    button(at, "Step").click().run()
    assert coming in markdown(at) and done not in markdown(at)
    button(at, go).click().run()
    assert url(at)["t"] == str(T)
    assert done in markdown(at) and coming not in markdown(at)


def test_a_cycle_is_told_as_a_fact_from_its_first_repeat_on():
    at = start({"pts": XOR4})
    trace = trace_of(at)
    s, p = trace.cycle
    goto(at, "pla", s + p - 1)
    assert "This run never halts" in markdown(at)
    goto(at, "pla", s + p)  # w_{s+p} = w_s is on the screen: the repeat has been seen
    assert "Never halts: from update" in markdown(at) and "This run never halts" not in markdown(at)


# ---------------------------------------------------------------------------------------------------------------
# 2. The lift's words and its 3-D caption are true at every step


def test_the_lift_s_words_and_3d_caption_say_what_is_drawn_at_every_step():
    at = start({"lift": "1"}, PAGES["xor"])
    trace = trace_of(at, lift=True)
    assert trace.halted
    at.toggle(key=key("xor", "view3d")).set_value(True).run()
    for t in range(len(trace) + 1):
        goto(at, "xor", t)
        win = plot(at)["win"]
        w = win["W"][t - win["t0"]]  # what the plot draws at step t
        md, cap = markdown(at), captions(at)
        if any(w[1:]):
            assert f"w{sub(t)}'s boundary" in md or (t == len(trace) and "drawn here" in md)
            assert f"is w{sub(t)}'s boundary in the plot" in cap
        else:
            assert "drawn here" not in md and f"w{sub(t)} = " in md and "has no boundary to draw yet" in md
            assert f"w{sub(t)} has no plane yet" in cap
    assert not any(trace.weights[0][1:])  # the case the issue found: t = 0, where nothing is drawn


# ---------------------------------------------------------------------------------------------------------------
# 3. One line says which w each drawn line is, and which update the circle and the dashed arrow belong to


def test_a_line_above_the_numbers_says_what_the_plot_draws_and_the_alt_text_says_it_too():
    at = start()
    trace = trace_of(at)
    goto(at, "pla", 3)
    i = int(trace.mistakes[3])
    line = f"Showing w₃ (after update 3) · dashed grey: w₂ · next: update 4 corrects point #{i} (circled, dashed arrow)"
    assert line in captions(at) and line in plot(at)["alt"]
    p = plot(at)
    assert {"ghost", "circle", "update"} <= set(p["moving"])
    assert p["win"]["I"][3 - p["win"]["t0"]] == [i]  # the plot circles the point the line names
    goto(at, "pla", 0)
    assert "Showing w₀ (the start, before any update) · next: update 1 corrects point" in captions(at)
    assert "dashed grey" not in captions(at)
    button(at, "Run").click().run()
    T = len(trace)
    assert f"Showing w{sub(T)} (after update {T}, the last) · dashed grey: w{sub(T - 1)} · no mistake left, nothing " \
           "circled" in captions(at)


@pytest.mark.parametrize("page", ["pla", "pocket", "xor", "halts"])
def test_every_replay_lesson_says_what_its_plot_draws(page):
    at = start(None, PAGES[page])
    goto(at, page, 2)
    p = plot(at)
    line = next(c.value for c in at.caption if c.value.startswith("Showing w₂ (after update 2)"))
    assert line in p["alt"]
    assert ("dashed grey: w₁" in line) == ("ghost" in p["moving"])
    assert ("the pocket ŵ₂" in line) == ("pocket" in p["moving"])
    assert ("circled" in line) == ("circle" in p["moving"])
    used = p["win"]["I"][2 - p["win"]["t0"]]
    assert f"update 3 corrects point #{used[0]}" in line


# ---------------------------------------------------------------------------------------------------------------
# 4. A run stopped at the cap says why, from the exact LP


def test_a_run_stopped_at_the_cap_says_whether_a_line_separates_the_points():
    at = start({"cap": "3"})
    assert "This run stops at the cap of 3 updates with mistakes left (press **Run** to see it): a line separates " \
           "them, PLA needs more than the cap: raise it in the sidebar." in markdown(at)
    button(at, "Run").click().run()
    md = markdown(at)
    assert "Stopped at the cap of 3 updates with mistakes left: a line separates them, PLA needs more than the cap: " \
           "raise it in the sidebar." in md and "either" not in md
    at = start({"pts": XOR4, "order": "random", "cap": "50"})  # random order: no exact cycle to report
    button(at, "Run").click().run()
    md = markdown(at)
    assert ("Stopped at the cap of 50 updates with mistakes left: no line separates these points (an "
            f"{term('exact LP')} says so): PLA would never halt.") in md and "either" not in md


def test_the_lp_behind_the_cap_message_runs_once_per_run_not_once_per_rerun(monkeypatch):
    calls = []
    real = pla_core.separability
    monkeypatch.setattr(pla_core, "separability", lambda *a, **k: calls.append(1) or real(*a, **k))
    rng = np.random.default_rng(11)  # points no other test uses: a run not in the cache yet
    pts = [(C.q(x), C.q(y), 1.0 if x + y > 0 else -1.0) for x, y in rng.uniform(-1, 1, (25, 2)) if abs(x + y) > 0.1]
    at = start({"pts": C.encode_points(pts), "cap": "2"})
    for _ in range(2):
        button(at, "Step").click().run()
    button(at, "Back").click().run()
    at.run()
    assert "a line separates them" in markdown(at)
    assert len(calls) == 1
