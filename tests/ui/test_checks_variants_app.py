"""Check yourself on /compare, /margin, /batch, /online and /experiments through AppTest: each question answered
right and wrong as a student would (a choice, then Check), the verdict's reason against what pla_core computes for
the same link (as a notebook would), on several data sets and settings."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import pla_core
from pla_core import experiment as E
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.lessons.batch.batch_lesson import BATCH
from pla_lab.lessons.compare.compare_words import SHORT
from pla_lab.lessons.margin.margin_lesson import MARGIN
from pla_lab.lessons.online.online_lesson import ONLINE
from pla_lab.words.text import cls, exactly, num, vec

from .helpers import button, start, url


def question(at, starts: str):
    """The radio whose label starts so, as a reader sees it (the app escapes a formula's star: ρ\\*)."""
    return next(r for r in at.radio if r.label.replace("\\", "").startswith(starts))


def verdicts(at) -> list[str]:
    return [e.value for e in (*at.success, *at.warning) if e.value.startswith(("**Right:**", "**Not quite:**"))]


def answer(at, starts: str, choice: str) -> str:
    """Pick ``choice`` in the question that starts so, press its form's Check: the one verdict shown."""
    before = verdicts(at)
    r = question(at, starts)
    r.set_value(r.options.index(choice))
    next(b for b in at.button if b.label == "Check" and b.proto.form_id == r.form_id).click()
    at.run()
    assert not at.exception, at.exception
    shown = [v for v in verdicts(at) if v not in before]  # the other questions' verdicts stay as they were
    assert len(shown) == 1, shown
    return shown[0]


def right_and_wrong(at, starts: str, right: str) -> str:
    """Answer wrong (the verdict names the right choice), then right; the reason, as shown both times."""
    r = question(at, starts)
    wrong = next(o for o in r.options if o != right)
    shown = answer(at, starts, wrong)
    assert shown.startswith(f"**Not quite:** {right}.")
    why = shown.removeprefix(f"**Not quite:** {right}.")
    again = answer(at, starts, right)
    assert again == f"**Right:** {right}.{why}"
    return why


def link(at):
    """(X, y, the sidebar's pla_core keyword arguments) from the page's address alone."""
    q = url(at)
    values, problems = S.read_params(q)
    assert not problems
    X, y = model.arrays(C.decode_points(q["pts"])[0])
    return X, y, S.pla_kwargs(values), q


def steps(at, k: int):
    for _ in range(k):
        button(at, "Step").click().run()


def pick(at, lesson, preset: str | None):
    if preset:
        at.selectbox(key=lesson.state.key("preset")).set_value(preset).run()
    return at


# -- Runs compared ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("params", [{}, {"eta": "0.5", "w0": "-3,3,0"}, {"eta": "3", "w0": "2,-1,1"}])
def test_compare_eta_longer_run_and_same_line(params):
    at = start({"cmp": "eta", **params}, "../pages/compare.py")
    steps(at, 2)
    X, y, kw, q = link(at)
    eta, w0 = float(q.get("eta", 10)), tuple(float(v) for v in q.get("w0", "0,0,0").split(","))
    runs = {e: pla_core.pla(X, y, stop_on_cycle=False, **{**kw, "eta": e, "w0": w0}) for e in (1.0, eta)}
    T1, Te = len(runs[1.0]), len(runs[eta])
    right = "The same number" if T1 == Te else f"η = {num(1.0 if T1 > Te else eta)}"
    why = right_and_wrong(at, "Which run makes more updates", right)
    assert f"η = 1 makes **{T1}** update" in why and f"η = {num(eta)} **{Te}**" in why
    a, b = (r.weights[min(2, len(r))] for r in runs.values())
    same = np.allclose(a / np.linalg.norm(a), b / np.linalg.norm(b), atol=1e-9)
    why = right_and_wrong(at, "At t = 2, do the two runs draw", "Yes: the same line" if same else "No: another line")
    assert f"w₂ is {vec(a)} with η = 1 and {vec(b)} with η = {num(eta)}" in why
    if not any(w0):
        assert same and right == "The same number"


@pytest.mark.parametrize("seed", ["0", "7"])
def test_compare_order_bound_and_most_updates_over_sixty_runs(seed):
    at = start({"cmp": "order", "seed": seed}, "../pages/compare.py")
    X, y, kw, q = link(at)
    T = {o: [len(pla_core.pla(X, y, stop_on_cycle=False, **{**kw, "eta": 1.0, "w0": (0, 0, 0), "order": o, "seed": s}))
             for s in range(int(seed), int(seed) + 20)] for o in ("cyclic", "permuted", "random")}
    B = pla_core.mistake_bound(X, y)
    why = right_and_wrong(at, "Did any of the 60 runs make", "No")
    assert f"R²/ρ\\*² = **{num(B)}**" in why and f"any run made is **{max(max(v) for v in T.values())}**" in why
    means = {o: np.mean(v) for o, v in T.items()}
    top = [o for o in means if means[o] == max(means.values())]
    why = right_and_wrong(at, "Over the 20 seeds", top[0] if len(top) == 1 else "Two or more tie")
    assert all(f"{o} **{num(m)}**" in why for o, m in means.items())


def test_compare_sign0_on_the_tie_example_the_readings_part():
    at = start({"cmp": "sign0"}, "../pages/compare.py")
    X, y, kw, q = link(at)
    conv = {SHORT[c]: z for c, z in S.SIGN_ZERO.items()}  # the readings as the choices name them
    T = {c: len(pla_core.pla(X, y, stop_on_cycle=False, **{**kw, "eta": 1.0, "w0": (0, 0, 0), "sign_zero": z}))
         for c, z in conv.items()}
    top = [c for c in T if T[c] == max(T.values())]
    why = right_and_wrong(at, "Which reading of sign(0) makes", top[0] if len(top) == 1 else "Two or more tie")
    assert all(f"{c} **{t}**" in why for c, t in T.items())
    assert len(set(T.values())) > 1
    why = right_and_wrong(at, "Do all four readings of sign(0)", "No")
    assert "parts at update **4**" in why  # the grid example: ≤ 0 and −1 agree for three updates, then part


# -- the margin perceptron -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset,gamma", [(None, "0.15"), ("gap12", "0.05"), ("gap12", "1.5"), ("xor", "0.1")])
def test_margin_halts_band_point_and_wider(preset, gamma):
    at = pick(start({"gamma": gamma}, "../pages/margin.py"), MARGIN, preset)
    steps(at, 1)
    X, y, kw, q = link(at)
    g = float(q["gamma"])
    tr = pla_core.pla(X, y, stop_on_cycle=False, margin=g, **kw)
    plain = pla_core.pla(X, y, stop_on_cycle=False, **kw)
    _, rho = pla_core.max_margin(X, y)
    why = right_and_wrong(at, f"With γ = {num(g)}, will the margin perceptron", "Yes" if tr.halted else "No")
    assert (f"halts after **{len(tr)}** update" if tr.halted else f"cap of **{len(tr):,}** updates") in why
    if rho > 0:
        assert f"2ρ\\* = {num(2 * rho)}" in why
        assert ("<" if g < 2 * rho else ">") + f" 2ρ\\* = {num(2 * rho)}" in why  # γ = 2ρ*: tests/lessons/margin
    T, P = len(tr), len(plain)
    why = right_and_wrong(at, "On these points, which run makes more updates",
                          "The same number" if T == P else "The margin perceptron" if T > P else "Plain PLA (γ = 0)")
    assert f"makes **{T:,}**" in why and f"plain PLA makes **{P:,}**" in why
    if len(tr) > 1:
        i, w = int(tr.mistakes[1]), tr.weights[1]
        m = y[i] * (w[0] + w[1:] @ X[i])
        why = right_and_wrong(at, f"Update 2 corrects point #{i} ({cls(y[i])})",
                              "On the wrong side of the line" if m < 0 else
                              "On the right side (or on the line), inside the band")
        assert f"**{num(m / np.linalg.norm(w))}**" in why
    if tr.halted and plain.halted:
        a, b = pla_core.margin(tr.w, X, y), pla_core.margin(plain.w, X, y)
        right = "The margin perceptron's" if a > b + 1e-9 else "Plain PLA's (γ = 0)" if b > a + 1e-9 else "The same"
        why = right_and_wrong(at, "Both runs halted", right)
        assert f"**{num(a)}** for the margin perceptron" in why and f"**{num(b)}** for plain PLA" in why


# -- the batch perceptron ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset,params", [(None, {}), ("credit", {}), ("xor20", {}), (None, {"batch": "mini"})])
def test_batch_summed_fewer_and_halts(preset, params):
    at = pick(start(params, "../pages/batch.py"), BATCH, preset)
    steps(at, 1)
    X, y, kw, q = link(at)
    b = int(q.get("bs", 5)) if q.get("batch") == "mini" else None
    tr = pla_core.batch(X, y, eta=kw["eta"], w0=kw["w0"], bias=kw["bias"], sign_zero=kw["sign_zero"],
                        max_updates=kw["max_updates"], batch_size=b)
    k = len(tr.used(1))
    why = right_and_wrong(at, "How many points does update 2 add up?", str(k))
    assert f"over those **{k}** point" in why
    assert why.startswith(f" w₁ gets {k} of the {len(y)} points wrong" if b is None else
                          f" Of the {b} points in its block, {k} {'is a mistake' if k == 1 else 'are mistakes'} of w₁")
    e1, e2 = pla_core.count_mistakes(tr.weights[1:3], X, y)
    why = right_and_wrong(at, "After update 2, does w get", "Fewer" if e2 < e1 else "The same number" if e2 == e1
                          else "More")
    assert f"w₁ gets **{e1}** wrong, w₂ **{e2}**" in why
    why = right_and_wrong(at, "Will this run halt", "Yes" if tr.halted else "No")
    assert (f"halts after **{len(tr)}** update" if tr.halted else "never halts" if tr.cycle else
            f"cap of **{len(tr):,}** updates") in why
    up = np.flatnonzero(np.diff(tr.criterion) > 0) + 1
    why = right_and_wrong(at, "Over the whole run", "Yes" if len(up) else "No")
    assert (f" {up[0]}" if len(up) else "J never rises") in why


# -- the online perceptron ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset,params", [(None, {}), ("credit", {}), ("many", {"shuffle": "0", "passes": "2"})])
def test_online_next_arrival_last_pass_and_bound(preset, params):
    at = pick(start(params, "../pages/online.py"), ONLINE, preset)
    steps(at, 3)  # arrival 1's label revealed: the question is about arrival 2
    X, y, kw, q = link(at)
    run = pla_core.online(X, y, eta=kw["eta"], w0=kw["w0"], bias=kw["bias"], sign_zero=kw["sign_zero"],
                          passes=int(q.get("passes", 3)), shuffle=q.get("shuffle", "1") == "1", seed=kw["seed"])
    i = int(run.stream.shown[2])
    w = run.weights[int(run.stream.wrong[:2].sum())]
    s = w[0] + w[1:] @ X[i]
    wq, xq = exactly(w), exactly([1.0, *X[i]])  # on grid data the page writes the exact score, in full
    shown = num(sum(a * b for a, b in zip(wq, xq))) if isinstance(wq[0], Fraction) else num(s)
    why = right_and_wrong(at, f"Arrival 3 is point #{i}", "Yes: a mistake, so w is updated" if y[i] * s <= 0 else
                          "No: right, so w stays")
    assert f"wᵀx̃ = **{shown}**" in why and f"its label is **{cls(y[i])}**" in why
    per = run.stream.wrong.reshape(-1, len(y)).sum(axis=1)
    why = right_and_wrong(at, "Will the perceptron make any mistake in pass", "Yes" if per[-1] else "No")
    assert all(f"pass {j + 1}: **{c}**" in why for j, c in enumerate(per))
    if pla_core.is_separable(X, y):
        B, M = pla_core.mistake_bound(X, y), int(run.stream.wrong.sum())
        why = right_and_wrong(at, f"Will the whole stream make more than R²/ρ*² = {num(B)}", "No")
        assert f"It makes **{M}** mistake" in why and M <= B


def test_online_quiz_leaves_out_the_next_arrival_question():
    at = start({"quiz": "1"}, "../pages/online.py")
    assert not [r for r in at.radio if r.label.startswith("Arrival")]
    assert question(at, "Will the perceptron make any mistake in pass")


# -- experiments -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("noise", ["0", "20"])
def test_experiments_questions_after_start(noise):
    at = start({"n": "12", "runs": "40", "noise": noise, "cap": "500"}, "../pages/experiments.py")
    assert not [r for r in at.radio if r.label.startswith("On the histogram")]  # nothing asked before a run
    button(at, "Start 40 runs").click().run()
    assert not at.exception
    values, _ = S.read_params(url(at))
    kw = S.pla_kwargs({**values, "order": "random", "cap": 500})
    seed = kw.pop("seed")
    res = E.experiment(12, 0, 40, noise=int(noise) / 100, seed=seed, bound_runs=200, **kw)
    T = res["T"].astype(float)
    mean, med = T.mean(), np.median(T)
    why = right_and_wrong(at, "On the histogram of updates T", "Above the median" if mean > med else
                          "Below the median" if mean < med else "Equal to it")
    assert f"Mean **{mean:.4g}**, median **{med:.4g}** over 40 runs" in why
    if noise == "0":
        ratio = T / res["bound"]
        why = right_and_wrong(at, "Among the 40 runs whose bound", "No")
        assert f"**{np.nanmax(ratio):.3g}**" in why
    else:
        a, b = np.median(res["P"]), np.median(res["pocket_P"])
        why = right_and_wrong(at, "Which histogram of Eₒᵤₜ", "PLA's last w" if a > b else "Pocket's ŵ" if b > a
                              else "The same")
        assert f"PLA's last w **{a:.4g}**, Pocket's ŵ **{b:.4g}**" in why
