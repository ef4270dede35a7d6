"""Issue 22 (look): every lesson says what to look at without expanding anything; /pla shows at every step how the
update moves the corrected point's score, with the run's exact numbers; a run stopped at the cap says that PLA alone
cannot tell "no line" from "not yet", and which the exact LP answered; /pla's guide uses no R or ρ* (taught later,
in Why PLA halts); the Pocket guide says why a pocket (NP-hard) and the XOR guide gives the history."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import pla_core
from pla_core import datasets
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.lessons import LESSONS
from pla_lab.lessons import POCKET as POCKET_LESSON
from pla_lab.words.text import exact, sub

from .helpers import button, key, markdown, start, url

PAGE = {lesson.slug: f"../pages/{lesson.slug}.py" for lesson in LESSONS}
XOR4 = C.encode_points([(-1.0, 1.0, 1.0), (1.0, -1.0, 1.0), (-1.0, -1.0, -1.0), (1.0, 1.0, -1.0)])


def expander_text(at) -> str:
    return "\n".join(m.value for e in at.expander for m in [*e.markdown, *e.caption])


def looks(at) -> list[str]:
    return [c.value for c in at.caption if "Look at:" in c.value]


@pytest.mark.parametrize("slug", [lesson.slug for lesson in LESSONS])
def test_every_lesson_says_what_to_look_at_outside_any_expander(slug):
    at = start(None, PAGE[slug])
    shown = looks(at)
    assert len(shown) == 1, shown
    assert "Look at:" not in expander_text(at)
    words = shown[0].split("Look at:**", 1)[1]
    assert 40 <= len(words) <= 160  # two or three lines of the column it sits in, not a guide


@pytest.mark.parametrize("slug", ["pla", "pocket", "experiments"])
def test_presenter_mode_leaves_it_to_the_lecturer(slug):
    at = start({"present": "1"}, PAGE[slug])
    assert looks(at) == []


# ---------------------------------------------------------------------------------------------------------------
# The score rises by η‖x̃‖², at every step of /pla


def dec(v) -> Fraction:
    """The decimal a point's float stands for (a link keeps 3 decimals)."""
    return Fraction(repr(round(float(v), 6)))


def fraction_run(at):
    """The run the page shows, rebuilt from its link alone; and its weights replayed in Fractions of the decimals
    (wₜ₊₁ = wₜ + η·yₙ·x̃ₙ at the points the run chose), independent of pla_core's arithmetic."""
    q = url(at)
    pts, _ = C.decode_points(q["pts"])
    values, _ = S.read_params(q)
    X, y = model.arrays(pts)
    kw = S.pla_kwargs(values)
    trace = pla_core.pla(X, y, stop_on_cycle=False, **kw)
    eta, bias = dec(kw["eta"]), kw["bias"]
    w = [dec(v) for v in (kw["w0"] if kw.get("w0") is not None else (0, 0, 0))]
    rows = []
    for n in trace.mistakes:
        xt = [Fraction(1 if bias else 0)] + [dec(v) for v in X[int(n)]]
        yn = int(y[int(n)])
        before = yn * sum(a * b for a, b in zip(w, xt))
        w = [a + eta * yn * b for a, b in zip(w, xt)]
        rows.append((before, eta * sum(b * b for b in xt), yn * sum(a * b for a, b in zip(w, xt))))
    return trace, rows


def score_line(at) -> str:
    return next(line for line in markdown(at).split("  \n") if line.startswith("**The score rises by η‖x̃‖²:**"))


@pytest.mark.parametrize("params", [
    {},  # the lesson's example
    {"seed": "4", "eta": "0.3"},
    {"pts": C.encode_points([(C.q(x), C.q(v), 1.0 if x - 2 * v > 0.1 else -1.0)
                             for x, v in np.random.default_rng(7).uniform(-1, 1, (15, 2))]), "eta": "2.5"},
    {"pts": XOR4, "w0": "0.5, -0.25, 1"},
], ids=["default", "seed4-eta0.3", "random-eta2.5", "xor-w0"])
def test_each_step_of_pla_shows_the_scores_exact_move(params):
    at = start(params, PAGE["pla"])
    trace, rows = fraction_run(at)
    assert len(rows) >= 3
    for t in range(min(len(rows), 6)):
        before, gain, after = rows[t]
        assert before + gain == after and gain > 0
        line = score_line(at)
        assert (f"y·w{sub(t)}ᵀx̃ + η‖x̃‖² = {exact(before)} + {exact(gain)} = **{exact(after)}** = "
                f"y·w{sub(t + 1)}ᵀx̃") in line
        assert ("now > 0: on its right side" in line) == (after > 0)
        button(at, "Step").click().run()
    assert url(at)["t"] == str(min(len(rows), 6))


def test_exact_writes_a_grid_fraction_in_full():
    assert [exact(Fraction(v)) for v in ("0", "1.5", "-0.125", "3", "0.000123")] == \
           ["0", "1.5", "−0.125", "3", "0.000123"]
    assert exact(Fraction(1, 3)) == "0.3333" and exact(0.5) == "0.5"


# ---------------------------------------------------------------------------------------------------------------
# At the cap: PLA alone cannot tell "no line" from "not yet"; the exact LP's answer


def test_a_run_at_the_cap_says_pla_cannot_tell_and_what_the_lp_answered():
    for params, answer in (({"cap": "3"}, "“not yet”"), ({"pts": XOR4, "order": "random", "cap": "50"}, "“no line”")):
        at = start(params, PAGE["pla"])
        q = url(at)
        X, y = model.arrays(C.decode_points(q["pts"])[0])
        assert (answer == "“not yet”") == bool(pla_core.is_separable(X, y, bias=True))
        button(at, "Run").click().run()
        assert ("PLA alone cannot tell “no line separates them” from “not yet”; the app's exact LP answered "
                f"{answer}.") in markdown(at)


def test_the_pocket_at_its_cap_says_what_the_lp_answered_about_the_noisy_labels():
    at = start(None, PAGE["pocket"])
    button(at, "To cap").click().run()
    md = markdown(at)
    assert "⏹ Stopped at the cap of" in md
    q = url(at)
    pts, _ = C.decode_points(q["pts"])
    values, _ = S.read_params(q)
    opts, _ = S.read_params(q, POCKET_LESSON.options)
    X, y = model.arrays(pts)
    y, _ = datasets.flip_by_point(X, y, opts["noise"] / 100, values["seed"])
    sep = pla_core.is_separable(X, y, bias=values["bias"])
    assert f"the app's exact LP answered “{'not yet' if sep else 'no line'}”." in md


# ---------------------------------------------------------------------------------------------------------------
# The guides


def guide(slug: str) -> str:
    """The lesson's folded guide as a reader reads it (Markdown's escapes and line breaks undone)."""
    at = start(None, PAGE[slug])
    text = " ".join(expander_text(at).replace("\\", "").split())
    assert "Try this" in text
    return text


def test_the_pla_guide_uses_no_r_or_rho_star_which_why_pla_halts_teaches_later():
    text = guide("pla")
    assert "ρ" not in text and "R²" not in text and "R the" not in text
    assert "Why PLA halts" in text  # where the bound is taught


def test_the_pocket_guide_says_why_a_pocket():
    text = guide("pocket")
    assert "NP-hard" in text and "fewest mistakes" in text and "best w seen so far" in text
    assert "seed 0" not in text.split("**Why a pocket?**")[1].split("**Try this.**")[0]


def test_the_xor_guide_gives_the_history_and_mends_the_lectures_date():
    text = guide("xor")
    part = text.split("**A line of history**")[1].split("**Try this.**")[0]
    for fact in ("Rosenblatt", "1957", "Mark I", "Minsky", "Papert", "*Perceptrons*", "1969", "XOR", "parity",
                 "several layers", "1928–1969", "died in 1971", "Princeton COS 495 lecture"):
        assert fact in part, fact


def test_the_pla_guides_expectations_hold_on_the_lessons_examples():
    """Try this: the default example halts (1), and still halts under every order and reading of sign(0) (4); the
    XOR example's run repeats its weights (3)."""
    at = start(None, PAGE["pla"])
    q = url(at)
    X, y = model.arrays(C.decode_points(q["pts"])[0])
    values, _ = S.read_params(q)
    for order in S.ORDER_LABELS:
        for sign0 in S.SIGN_ZERO:
            kw = S.pla_kwargs({**values, "order": order, "sign0": sign0})
            assert pla_core.pla(X, y, **kw).halted, (order, sign0)
    at.selectbox(key=key("pla", "preset")).select("xor").run()
    q = url(at)
    X, y = model.arrays(C.decode_points(q["pts"])[0])
    trace = pla_core.pla(X, y, **S.pla_kwargs(S.read_params(q)[0]))
    assert trace.cycle is not None and not trace.halted
    assert "the weights repeat every" in markdown(at)
