"""Check yourself through AppTest: each question is answered right and wrong as a student would (a choice, then
Check), and the verdict's reason is compared with what pla_core computes for the same link, on several data sets."""

from __future__ import annotations

import numpy as np
import pytest

import pla_core
from pla_lab import codec as C
from pla_lab import model
from pla_lab import settings as S
from pla_lab.lessons.pla import PLA
from pla_lab.text import num, sub

from .helpers import button, start, url

PAGES = {"pla": "../pages/pla.py", "halts": "../pages/halts.py", "xor": "../pages/xor.py",
         "pocket": "../pages/pocket.py"}


def open_page(slug: str, params: dict | None = None):
    return start(params, PAGES[slug])


def question(at, starts: str):
    """The radio of the question whose text starts so (AppTest shows a radio's label as the app wrote it)."""
    return next(r for r in at.radio if r.label.startswith(starts))


def answer(at, starts: str, choice: str):
    """Pick ``choice`` and press the Check of that question's own form; the verdicts' text after the rerun."""
    r = question(at, starts)
    r.set_value(r.options.index(choice))
    next(b for b in at.button if b.label == "Check" and b.proto.form_id == r.form_id).click()
    at.run()
    assert not at.exception, at.exception
    return verdicts(at)


def verdicts(at) -> list[str]:
    return [e.value for e in (*at.success, *at.warning) if e.value.startswith(("**Right:**", "**Not quite:**"))]


def run_of(at, **run):
    """(X, y, trace) from the page's link alone, with pla_core (as a notebook would)."""
    q = url(at)
    values, problems = S.read_params(q)
    assert not problems
    X, y = model.arrays(C.decode_points(q["pts"])[0])
    return X, y, pla_core.pla(X, y, stop_on_cycle=False, **S.pla_kwargs(values), **run)


def wrong_choice(r, right: str) -> str:
    return next(o for o in r.options if o != right)


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
    shown = answer(at, ask, right)
    assert len(shown) == 1 and shown[0].startswith(f"**Right:** {right}.")
    assert f"the first wrong one it meets is point #{i}, with y·w₃ᵀx̃ = {num(y[i] * (tr.weights[3] @ xt))}" \
        in shown[0]
    wrong = pla_core.predict(tr.weights[3], X, bias=tr.settings["bias"]) != y
    assert f"w₃ gets {int(wrong.sum())} point" in shown[0]
    shown = answer(at, ask, wrong_choice(r, right))
    assert shown[0].startswith(f"**Not quite:** {right}.")


@pytest.mark.parametrize("params, preset", PLA_CASES)
def test_pla_score_moves_by_eta_x_squared(params, preset):
    at = pla_page(params, preset)
    button(at, "Step").click().run()
    X, y, tr = run_of(at)
    t, i = 1, int(tr.mistakes[1])
    xt = np.concatenate([[1.0 if tr.settings['bias'] else 0.0], X[i]])
    before, after = y[i] * (tr.weights[t] @ xt), y[i] * (tr.weights[t + 1] @ xt)
    assert after > before
    ask = f"Update {t + 1} corrects point #{i}."
    shown = answer(at, ask, "Smaller")
    assert shown[0].startswith("**Not quite:** Larger.")
    assert f"y·w{sub(t)}ᵀx̃ = {num(before)} and y·w{sub(t + 1)}ᵀx̃ = {num(after)}" in shown[0]
    eta = tr.settings["eta"]
    assert f"η‖x̃‖² = {num(eta)}·{num(xt @ xt)} = {num(eta * (xt @ xt))}" in shown[0]
    assert answer(at, ask, "Larger")[0].startswith("**Right:** Larger.")


@pytest.mark.parametrize("params, preset", PLA_CASES)
def test_pla_will_it_halt_is_the_run_s_end(params, preset):
    at = pla_page(params, preset)
    X, y, tr = run_of(at)
    ask = "Will this run halt"
    right, wrong = ("Yes, it halts", "No, it never gets every point right")[::1 if tr.halted else -1]
    shown = answer(at, ask, wrong)
    assert shown[0].startswith(f"**Not quite:** {right}.")
    if tr.halted:
        assert f"It halts after {len(tr)} update" in shown[0]
    elif tr.cycle:
        s, p = tr.cycle
        assert f"From update {s} the weights repeat every {p} updates" in shown[0]
        assert f"still gets {int(tr.errors[-1])} of {len(y)} points wrong" in shown[0]
    else:
        assert f"It stops at the cap of {len(tr):,} updates with {int(tr.errors[-1])} of {len(y)}" in shown[0]
        sep = pla_core.is_separable(X, y, bias=tr.settings["bias"])
        assert sep or "more updates would halt it" not in shown[0]
        assert not sep or "separates them, so no number" not in shown[0]
        if not tr.settings["bias"]:  # the LP tested lines through the origin only, and the words say so
            assert "no line through the origin separates them" in shown[0] or "more updates" in shown[0]
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
    shown = verdicts(at)
    assert len(shown) == 1 and "halts after" in shown[0]
    assert question(at, "Update 2 corrects the circled point").value is None  # a new question, nothing chosen
    at.selectbox(key=PLA.state.key("preset")).set_value("xor").run()  # new data: a new run, nothing answered
    assert verdicts(at) == []


def test_no_choice_is_made_before_the_student_makes_one():
    at = open_page("pla")
    qs = [r for r in at.radio if r.proto.form_id]
    assert len(qs) >= 2 and all(r.value is None for r in qs)
    assert any(m.value == "#### Check yourself" for m in at.markdown)
