"""Check yourself through AppTest: each question is answered right and wrong as a student would (a choice, then
Check), and the verdict's reason is compared with what pla_core computes for the same link, on several data sets."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.lessons.pla.pla_lesson import PLA
from pla_lab.words.text import exact, num, sub

from tests.core.test_exact_runs import dec

from .helpers import LESSONS, button, start, url

PAGES = {"pla": "../pages/pla.py", "halts": "../pages/halts.py", "xor": "../pages/xor.py",
         "pocket": "../pages/pocket.py"}


def open_page(slug: str, params: dict | None = None):
    return start(params, PAGES[slug])


def shown(text: str) -> str:
    """Text as a reader sees it: the app's Markdown escapes (ρ\\*, E\\_in) shown as the characters they keep."""
    return re.sub(r"\\(.)", r"\1", text)


def question(at, starts: str):
    """The radio of the question whose text, as read, starts so."""
    return next(r for r in at.radio if shown(r.label).startswith(starts))


def answer(at, starts: str, choice: str):
    """Pick ``choice`` and press the Check of that question's own form; the verdicts' text after the rerun."""
    r = question(at, starts)
    r.set_value([shown(o) for o in r.options].index(choice))
    next(b for b in at.button if b.label == "Check" and b.proto.form_id == r.form_id).click()
    at.run()
    assert not at.exception, at.exception
    return verdicts(at)


def verdicts(at) -> list[str]:
    said = [shown(e.value) for e in (*at.success, *at.warning)]
    return [v for v in said if v.startswith(("**Right:**", "**Not quite:**"))]


def run_of(at, *, lift: bool = False):
    """(X, y, trace) from the page's link alone, with pla_core (as a notebook would); ``lift``: on (x₁, x₂, x₁x₂)."""
    q = url(at)
    values, problems = S.read_params(q)
    assert not problems
    X, y = model.arrays(C.decode_points(q["pts"])[0])
    kw = S.pla_kwargs(values)
    if lift:
        X, kw = pla_core.datasets.with_product(X), {**kw, "w0": (*kw["w0"], 0.0)}
    return X, y, pla_core.pla(X, y, stop_on_cycle=False, **kw)


def wrong_choice(r, right: str) -> str:
    return next(shown(o) for o in r.options if shown(o) != right)


#: /pla on its examples (chosen as a student would) and on the default one with other settings.
PLA_CASES = [({}, None), ({}, "credit"), ({}, "xor"), ({"order": "permuted", "seed": "3"}, None),
             ({"eta": "0.5", "bias": "0"}, None)]


def pla_page(params: dict, preset: str | None):
    at = open_page("pla", params)
    if preset:
        at.selectbox(key=PLA.state.key("preset")).set_value(preset).run()
    return at


@pytest.mark.parametrize("params, preset", PLA_CASES)
def test_pla_next_point_right_and_wrong_reason_is_pla_core_s(params, preset):
    """At step 2 the plot circles update 3's point; the question is update 4's, the next one PLA meets."""
    at = pla_page(params, preset)
    button(at, "Step").click().run()
    button(at, "Step").click().run()
    X, y, tr = run_of(at)
    c, i = int(tr.mistakes[2]), int(tr.mistakes[3])
    xt = np.concatenate([[1.0 if tr.settings["bias"] else 0.0], X[i]])
    ask = f"Update 3 corrects the circled point #{c}. Which point will update 4 correct?"
    r = question(at, ask)
    right = next(o for o in r.options if o.startswith(f"point #{i}:"))
    assert right == f"point #{i}: {'○' if y[i] > 0 else '×'} at ({num(X[i, 0])}, {num(X[i, 1])})"
    said = answer(at, ask, right)
    assert len(said) == 1 and said[0].startswith(f"**Right:** {right}.")
    assert f"the first wrong one it meets is point #{i}, with y·w₃ᵀx̃ = {num(y[i] * (tr.weights[3] @ xt))}" \
        in said[0]
    wrong = pla_core.predict(tr.weights[3], X, bias=tr.settings["bias"]) != y
    assert f"w₃ gets {int(wrong.sum())} point" in said[0]
    said = answer(at, ask, wrong_choice(r, right))
    assert said[0].startswith(f"**Not quite:** {right}.")


@pytest.mark.parametrize("params, preset", PLA_CASES)
def test_pla_score_moves_by_eta_x_squared(params, preset):
    at = pla_page(params, preset)
    button(at, "Step").click().run()
    X, y, tr = run_of(at)
    t, i = 1, int(tr.mistakes[1])
    # the scores in exact decimals (grid data), recomputed here from the run's weights and points
    xt = [Fraction(1 if tr.settings['bias'] else 0)] + [dec(v) for v in X[i]]
    before, after = (int(y[i]) * sum(dec(a) * b for a, b in zip(tr.weights[k], xt)) for k in (t, t + 1))
    assert after > before
    ask = f"Update {t + 1} corrects point #{i}."
    said = answer(at, ask, "Smaller")
    assert said[0].startswith("**Not quite:** Larger.")
    assert f"y·w{sub(t)}ᵀx̃ = {exact(before)} and y·w{sub(t + 1)}ᵀx̃ = {exact(after)}" in said[0]
    eta, norm2 = dec(tr.settings["eta"]), sum(b * b for b in xt)
    assert f"η‖x̃‖² = {exact(eta)}·{exact(norm2)} = {exact(eta * norm2)}" in said[0]
    assert answer(at, ask, "Larger")[0].startswith("**Right:** Larger.")


@pytest.mark.parametrize("params, preset", PLA_CASES)
def test_pla_will_it_halt_is_the_run_s_end(params, preset):
    at = pla_page(params, preset)
    X, y, tr = run_of(at)
    ask = "Will this run halt"
    right, wrong = ("Yes, it halts", "No, it never gets every point right")[::1 if tr.halted else -1]
    said = answer(at, ask, wrong)
    assert said[0].startswith(f"**Not quite:** {right}.")
    if tr.halted:
        assert f"It halts after {len(tr)} update" in said[0]
    elif tr.cycle:
        s, p = tr.weight_cycle  # the weights' first repeat (issue 44)
        assert f"From update {s} on the weights repeat every {p} updates (w{sub(s + p)} = w{sub(s)})" in said[0]
        assert f"still gets {int(tr.errors[-1])} of {len(y)} points wrong" in said[0]
    else:
        assert f"It stops at the cap of {len(tr):,} updates with {int(tr.errors[-1])} of {len(y)}" in said[0]
        sep = pla_core.is_separable(X, y, bias=tr.settings["bias"])
        assert sep or "more updates would halt it" not in said[0]
        assert not sep or "separates them, so no number" not in said[0]
        if not tr.settings["bias"]:  # the LP tested lines through the origin only, and the words say so
            assert "no line through the origin separates them" in said[0] or "more updates" in said[0]
    assert answer(at, ask, right)[0].startswith(f"**Right:** {right}.")


def test_a_verdict_about_one_step_is_gone_at_the_next_and_a_run_s_stays():
    """The step's questions change with the step: their verdicts go; "Will this run halt?" is the same question at
    every step of the run, so its verdict stays while the student steps."""
    at = open_page("pla")
    ask = "Update 1 corrects the circled point"
    answer(at, ask, question(at, ask).options[0])
    answer(at, "Will this run halt", "Yes, it halts")
    assert len(verdicts(at)) == 2
    button(at, "Step").click().run()
    said = verdicts(at)
    assert len(said) == 1 and "halts after" in said[0]
    assert question(at, "Update 2 corrects the circled point").value is None  # a new question, nothing chosen
    at.selectbox(key=PLA.state.key("preset")).set_value("xor").run()  # new data: a new run, nothing answered
    assert verdicts(at) == []


def test_no_choice_is_made_before_the_student_makes_one():
    at = open_page("pla")
    qs = [r for r in at.radio if r.proto.form_id]
    assert len(qs) >= 2 and all(r.value is None for r in qs)
    assert any(m.value == "#### Check yourself" for m in at.markdown)


def lesson_page(slug: str, preset: str | None, params: dict | None = None):
    at = open_page(slug, params)
    if preset:
        at.selectbox(key=LESSONS[slug].state.key("preset")).set_value(preset).run()
    return at


@pytest.mark.parametrize("preset", ["wide", "narrow", "credit"])
def test_halts_bound_and_alignment_are_pla_core_s(preset):
    at = lesson_page("halts", preset)
    button(at, "Step").click().run()
    X, y, tr = run_of(at)
    bias, eta = tr.settings["bias"], tr.settings["eta"]
    w_star, rho = pla_core.max_margin(X, y, bias=bias)
    R, bound = pla_core.radius(X, bias=bias), pla_core.mistake_bound(X, y, bias=bias, w_f=w_star)
    assert tr.halted
    ask = "Is T, the number of updates this run makes, within the bound R²/ρ*² here (T ≤ R²/ρ*²)?"
    right = "Yes: T ≤ R²/ρ*²" if len(tr) <= bound else "No: T > R²/ρ*²"
    said = answer(at, ask, wrong_choice(question(at, ask), right))
    assert said[0].startswith(f"**Not quite:** {right}.")
    assert f"T = {len(tr)} update" in said[0] and f"R = {num(R)} (the largest ‖x̃‖) and ρ* = {num(rho)}" in said[0]
    assert f"R²/ρ*² = {num(bound)}" in said[0]
    i = int(tr.mistakes[1])
    a, b = w_star @ tr.weights[1], w_star @ tr.weights[2]
    assert b - a >= eta * rho * (1 - 1e-9)  # the proof's inequality, on pla_core's own numbers
    ask = f"Update 2 corrects point #{i}. How much does w*ᵀw grow"
    said = answer(at, ask, "By at least ηρ*")
    assert said[0].startswith("**Right:** By at least ηρ*.")
    assert f"w*ᵀw₁ = {num(a)} and w*ᵀw₂ = {num(b)}: it grew by {num(b - a)}" in said[0]
    assert f"ηρ* = {num(eta)}·{num(rho)} = {num(eta * rho)}" in said[0]
    assert answer(at, ask, "It shrinks")[0].startswith("**Not quite:** By at least ηρ*.")


@pytest.mark.parametrize("preset, lift", [("xor4", False), ("xor20", False), ("xor40", False), ("xor4", True),
                                          ("separable", False)])
def test_xor_period_and_halting_are_pla_core_s(preset, lift):
    at = lesson_page("xor", preset)
    if lift:
        at.toggle(key=LESSONS["xor"].state.key("lift")).set_value(True).run()
    X, y, tr = run_of(at)
    if lift:
        X, (_, _, tr) = pla_core.datasets.with_product(X), run_of(at, lift=True)
    ask = "Once PLA's weights start repeating"
    if tr.cycle is None:
        assert not any(shown(r.label).startswith(ask) for r in at.radio)
    else:
        s, p = tr.weight_cycle  # the weights' least period and first repeat (issue 44); the state's: tr.cycle
        assert np.allclose(tr.state_at(s), tr.state_at(s + p))
        right = f"{p} update{'s' if p != 1 else ''}"
        said = answer(at, ask, wrong_choice(question(at, ask), right))
        assert said[0].startswith(f"**Not quite:** {right}.")
        assert f"from there they repeat every {right}, no fewer" in said[0]
        s0, p0 = tr.cycle
        assert (f"from there the run repeats every {right}" in said[0]) == ((s, p) == (s0, p0))
        assert (f"repeats from update {s0}, every {p0} updates" in said[0]) == ((s, p) != (s0, p0))
    right = "Yes, it halts" if tr.halted else "No, it never gets every point right"
    said = answer(at, "Will this run halt", right)
    assert said[0].startswith(f"**Right:** {right}.")
    if tr.cycle and not lift:
        assert ("The exact LP proves no line separates these points." in said[0]) == \
            (not pla_core.is_separable(X, y))


def pocket_run(at):
    """(X, noisy y, trace) from the Pocket page's link alone: the noise's coins, then pla_core.pocket."""
    q = url(at)
    values, _ = S.read_params(q)
    X, y = model.arrays(C.decode_points(q["pts"])[0])
    if q["noisy"] == "1" and float(q["noise"]) > 0:
        y, _ = pla_core.datasets.flip_by_point(X, y, float(q["noise"]) / 100, int(values["seed"]))
    return X, y, pla_core.pocket(X, y, **S.pla_kwargs(values))


@pytest.mark.parametrize("preset, params", [("line50", None), ("credit", None), (None, {"noise": "20", "seed": "4"}),
                                            (None, {"noisy": "0"})])
def test_pocket_questions_are_pla_core_s(preset, params):
    at = lesson_page("pocket", preset, params)
    for _ in range(5):
        button(at, "Step").click().run()
    X, y, tr = pocket_run(at)
    t = 5
    a, b = pla_core.count_mistakes(tr.weights[t], X, y), pla_core.count_mistakes(tr.pocket_weights[t], X, y)
    assert b == min(pla_core.count_mistakes(tr.weights[:t + 1], X, y))  # ŵ is the best so far
    right = "Fewer" if b < a else "As many"
    ask = "At step 5, how many points does the pocket ŵ₅ get wrong"
    said = answer(at, ask, "More")
    assert said[0].startswith(f"**Not quite:** {right}.")
    assert f"w₅ gets {a} of {len(y)} points wrong and ŵ₅ gets {b}" in said[0]
    best = np.minimum.accumulate(pla_core.count_mistakes(tr.weights, X, y))
    worse = int(np.sum(np.diff(pla_core.count_mistakes(tr.weights, X, y)) > 0))
    said = answer(at, "Over the whole run, does Pocket's ŵ ever get worse", "No, never")
    assert said[0].startswith("**Right:** No, never.")
    assert f"go from {best[0]} (update 0) to {best[-1]} (update {len(tr)}), up 0 times" in said[0]
    assert f"after {worse} of its {len(tr)} updates" in said[0]


def _a_page_of_its_own():
    """A page drawn without the lesson frame (as Experiments draws its own): one question about a made-up result."""
    from pla_lab.framework import checks

    checks.ask("study", [checks.Question("runs", "How many runs?", ("3", "4"), 0, "It made 3 runs.")], about="job")


def test_a_page_that_draws_itself_shows_questions_the_same_way():
    at = AppTest.from_function(_a_page_of_its_own, default_timeout=30).run()
    assert [r.value for r in at.radio] == [None]
    assert answer(at, "How many runs?", "4") == ["**Not quite:** 3. It made 3 runs."]
    assert answer(at, "How many runs?", "3") == ["**Right:** 3. It made 3 runs."]
