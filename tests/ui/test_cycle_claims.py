"""Issue 44: every sentence that says how a run cycles names what repeats, and its first repeat, as the exact run has
it. "The weights repeat every p updates from update s (w_{s+p} = w_s)" (the verdict of /pla and every replay, the
step's end line, "Will this run halt?", XOR's period question and its lift, the batch perceptron's words) names the
weights' first repeat; XOR's cycle words name the state's (w at the same place in the pass), and the weights' too
where they repeat sooner. The truth is the exact run's, by brute force (tests/core/test_weight_cycle)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pla_core as pc
from pla_lab.framework import actions, questions
from pla_lab.framework.playhead import Playhead
from pla_lab.lessons.batch import batch_checks, batch_words
from pla_lab.lessons.xor import xor_checks, xor_words
from pla_lab.words import explain
from pla_lab.words.text import sub
from tests.core.test_exact_runs import exact_pla
from tests.core.test_weight_cycle import CAP, brute_weight_cycle, cyclers
from tests.examples import examples
from tests.ui.test_counts_agree import one_plurals

ISSUE = (np.array([[-1.0, -1.0], [0.0, 0.0], [1.0, 1.0]]), np.array([1.0, -1.0, 1.0]),
         dict(order="cyclic", eta=1.0, sign_zero=None, bias=True, w0=(0.0, 0.0, 0.0), seed=0))


def repeats(s: int, p: int, bold: bool = True) -> str:
    k = f"**{p}**" if bold else str(p)
    return f"from update {s} on, the weights repeat every {k} update{'s' * (p != 1)} (w{sub(s + p)} = w{sub(s)})"


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cyclers(), st.integers(0, 60))
@example(ISSUE, 7)
@example(ISSUE, 8)
def test_every_sentence_on_a_cycle_names_its_first_repeat(case, t):
    X, y, kw = case
    trace = pc.pla(X, y, max_updates=CAP, stop_on_cycle=False, **kw)  # as the pages run it: to the cap
    if trace.cycle is None or trace.halted:
        return
    W, _, _, cycle = exact_pla(X, y, updates=CAP, **kw)
    (s, p), (s0, p0) = brute_weight_cycle(W, cycle), cycle
    T = len(trace)
    t = min(t, T)
    seen = t >= s0 + p0  # told as a fact once the state has repeated: the weights' repeat is on the screen by then
    assert explain.reached(trace, t) == seen and s + p <= s0 + p0
    verdict = explain.verdict(trace, t, separable=False)
    assert verdict == (f"Never halts: {repeats(s, p)}." if seen else
                       f"This run never halts: {repeats(s, p)} {explain.ahead()}.")
    assert f"🔁 **Cycling:** {repeats(s, p, False)}; PLA never halts here." in explain.step_numbers(trace, T)
    why = questions.will_halt(trace, separable=False).why
    assert f"From update {s} on the weights repeat every {p} update{'s' * (p != 1)} (w{sub(s + p)} = w{sub(s)})" in why
    q = xor_checks.period(trace)
    assert q.choices[q.answer] == f"{p} update{'s' * (p != 1)}"
    assert f"after update {s + p} they are" in q.why and f"After update {s} the weights are" in q.why
    assert ("the whole state" in q.why) == ((s, p) != (s0, p0))
    # XOR's words: the state's repeat, and the weights' where it comes sooner
    words = xor_words.cycle_text(trace, t, separable=False)
    assert f"after update {s0 + p0} the state {'is' if seen else 'will be'} exactly what it was after update {s0}" \
        in words.replace("After", "after")
    assert f"PLA repeats the same **{p0}** update{'s' * (p0 != 1)} for ever" in words
    sooner = f"from update {s} on, every **{p}** update{'s' * (p != 1)} (w{sub(s + p)} = w{sub(s)})"
    assert (sooner in words) == ((s, p) != (s0, p0))
    assert ("The weights alone" in words) == ((s, p) != (s0, p0))
    for text in (verdict, why, q.why, words, *q.choices):
        assert not one_plurals(text)
    # what the state's repeat means: w and the next point to visit both come back; the weights' alone need not
    nxt = lambda u: 0 if u == 0 else (int(trace.mistakes[u - 1]) + 1) % len(y)  # noqa: E731 (cyclic order)
    if kw["order"] == "cyclic" and (s, p) != (s0, p0):
        assert nxt(s + p) != nxt(s)


def test_the_issue_s_sentence_names_the_weights_and_the_state_each_once():
    X, y, kw = ISSUE
    trace = pc.pla(X, y, max_updates=1000, stop_on_cycle=False, **kw)
    assert explain.verdict(trace, 8) == ("Never halts: from update 3 on, the weights repeat every **4** updates "
                                         "(w₇ = w₃).")
    words = xor_words.cycle_text(trace, 8)
    assert "After update 8 the state is exactly what it was after update 4: w₈ = w₄ = (0, 0, 0)" in words
    assert ("The weights alone repeat sooner: from update 3 on, every **4** updates (w₇ = w₃), though after update 7 "
            "PLA is at another place in its pass than after update 3.") in words
    assert "(w₈ = w₄)" not in explain.verdict(trace, 8) and "from update 4 on" not in explain.verdict(trace, 8)


def test_the_batch_perceptron_names_its_weights_first_repeat():
    xor = pc.datasets.xor4()
    for b in (None, 1, 3):
        trace = pc.batch(xor.X, xor.y, batch_size=b, max_updates=200)
        if trace.cycle is None:
            continue
        s, p = trace.weight_cycle
        assert f"🔁 **Cycling:** {repeats(s, p, False)}: the batch perceptron never halts" in \
            batch_words.end_line(trace)
        assert f"From update {s} on the weights repeat every {p} update{'s' * (p != 1)} (w{sub(s + p)} = w{sub(s)})" \
            in batch_checks.halts(trace).why


def test_replay_one_period_plays_the_weights_period(monkeypatch):
    """XOR's *Replay one period*: from w_s to w_{s+p}, the repeat the words name (here w₃ to w₇)."""
    X, y, kw = ISSUE
    trace = pc.pla(X, y, max_updates=1000, stop_on_cycle=False, **kw)
    monkeypatch.setattr(actions, "current_run", lambda _: SimpleNamespace(trace=trace, T=len(trace)))
    lesson = SimpleNamespace(state={"head": Playhead()})
    actions.play_cycle(lesson)
    head = lesson.state["head"]
    assert (head.t, head.stop_at, head.playing) == (3, 7, True)
