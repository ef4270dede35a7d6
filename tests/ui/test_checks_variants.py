"""Check yourself on /compare, /margin, /batch, /online and /experiments (issue 22): each question's right choice
against what pla_core computes for the same points, on several data sets, and its reason carries those numbers."""

from __future__ import annotations

import numpy as np
import pytest

import pla_core
from pla_core import datasets as D
from pla_core import experiment as E
from pla_lab.lessons.batch import batch_checks
from pla_lab.lessons.compare import compare_checks
from pla_lab.lessons.compare import compare_runs as compare
from pla_lab.lessons.compare.compare_words import SHORT
from pla_lab.lessons.experiments import experiments_checks as experiment_checks
from pla_lab.lessons.margin import margin_checks, margin_words
from pla_lab.lessons.online import online_checks
from pla_lab.lessons.online import online_runs as online
from pla_lab.words.text import num

KW = dict(order="cyclic", eta=1.0, w0=(0.0, 0.0, 0.0), bias=True, sign_zero=None, seed=0, max_updates=2000)


def data(name: str, seed: int):
    """Points as the app holds them (rounded to the grid of a link), so every run is the exact one."""
    d = {"sep": lambda: D.separable(20, margin=0.1, seed=seed), "wide": lambda: D.separable(12, margin=0.25, seed=seed),
         "credit": lambda: D.credit(20, seed=seed), "xor": lambda: D.xor(20, noise=0.1, seed=seed)}[name]()
    return np.round(d.X, 3), d.y


SETS = [(name, seed) for name in ("sep", "wide", "credit", "xor") for seed in (0, 1, 2)]


def chosen(q) -> str:
    return q.choices[q.answer]


def pla(X, y, **kw):
    return pla_core.pla(X, y, stop_on_cycle=False, **{**KW, **kw})


# -- Runs compared ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,seed", SETS)
@pytest.mark.parametrize("eta,w0", [(10.0, (0.0, 0.0, 0.0)), (0.5, (-3.0, 3.0, 0.0))])
def test_compare_eta_longer_run_and_same_line_against_two_pla_runs(name, seed, eta, w0):
    X, y = data(name, seed)
    one, other = pla(X, y, w0=w0), pla(X, y, w0=w0, eta=eta)
    pair = compare.eta_pair(X, y, {**KW, "w0": w0, "eta": eta})
    t = min(3, len(one), len(other))
    longer, line = compare_checks.eta_questions(pair, t)
    T1, T2 = len(one), len(other)
    assert chosen(longer) == ("The same number" if T1 == T2 else f"η = {num(1.0)}" if T1 > T2 else f"η = {num(eta)}")
    assert f"**{T1}**" in longer.why and f"**{T2}**" in longer.why
    a, b = one.weights[t], other.weights[t]
    parallel = np.allclose(a / np.linalg.norm(a), b / np.linalg.norm(b), atol=1e-9) if a.any() and b.any() else False
    assert (line.answer == 0) == parallel
    if not any(w0):  # from 0, w(η) = η·w(1): always the same line (w₃ of a run that halted sooner is its last)
        assert line.answer == 0 and chosen(longer) == "The same number"


@pytest.mark.parametrize("name,seed", SETS[:9])
def test_compare_order_most_updates_and_bound_against_sixty_runs(name, seed):
    X, y = data(name, seed)
    strip = compare.order_strip(X, y, {**KW, "seed": seed})
    most, bound = compare_checks.order_questions(strip)
    means = {o: np.mean([len(pla(X, y, order=o, seed=s, max_updates=strip.cap)) for s in range(seed, seed + 20)])
             for o in compare.ORDERS}
    top = max(means.values())
    winners = [o for o in compare.ORDERS if means[o] == top]
    assert chosen(most) == (winners[0] if len(winners) == 1 else compare_checks.TIE)
    B = pla_core.mistake_bound(X, y)
    assert np.isfinite(B) and bound.key == "over_bound"
    assert chosen(bound) == "No" and num(B) in bound.why  # from w₀ = 0 no order goes past R²/ρ*²


def test_compare_order_on_points_no_line_separates_asks_whether_any_run_halted():
    X, y = data("xor", 0)
    assert not pla_core.is_separable(X, y)
    strip = compare.order_strip(X, y, {**KW, "max_updates": 300})
    q = compare_checks.order_questions(strip)[1]
    halted = sum(pla(X, y, order=o, seed=s, max_updates=strip.cap).halted for o in compare.ORDERS for s in range(20))
    assert q.key == "any_halt" and chosen(q) == ("Yes" if halted else "No") and f"{halted} of 60" in q.why


TIES = np.array([(0, 2), (-2, -2), (-2, 0), (0, -2), (1, 0)], float), np.array([1, -1, -1, -1, -1], float)


@pytest.mark.parametrize("pts", ["ties", "sep", "credit"])
@pytest.mark.parametrize("shown", ["le0", "-1"])
def test_compare_sign0_longest_and_same_against_four_runs(pts, shown):
    X, y = TIES if pts == "ties" else data(pts, 0)
    sr = compare.sign_runs(X, y, KW, shown)
    qs = compare_checks.sign_questions(sr)
    conv = {"le0": None, "+1": 1, "-1": -1, "lt0": "both"}
    runs = {c: pla(X, y, sign_zero=z) for c, z in conv.items()}
    Ts = {c: len(r) for c, r in runs.items()}
    if sr.side is None:
        longest = qs[0]
        best = [c for c in conv if Ts[c] == max(Ts.values())]
        assert chosen(longest) == (SHORT[best[0]] if len(best) == 1 else compare_checks.TIE)
        assert all(f"**{T}**" in longest.why for T in Ts.values())
    same = qs[-1]
    differ = any(len(runs[c]) != len(runs[shown]) or not np.array_equal(runs[c].weights, runs[shown].weights)
                 for c in conv)
    assert chosen(same) == ("No" if differ else "Yes")
    if pts == "ties":  # the grid example is made so that ≤ 0 and −1 part at update 4
        assert differ


# -- the margin perceptron -------------------------------------------------------------------------------------------


def margin_run(X, y, gamma, **kw):
    trace = pla(X, y, margin=gamma, **kw)
    return trace, margin_words.facts(trace, pla(X, y, **kw), gamma)


@pytest.mark.parametrize("name,seed", SETS)
@pytest.mark.parametrize("scale", [0.5, 2.4])
def test_margin_halts_band_point_and_wider_margin(name, seed, scale):
    X, y = data(name, seed)
    _, rho = pla_core.max_margin(X, y)
    gamma = max(scale * max(rho, 0.0), 0.01)
    trace, f = margin_run(X, y, gamma)
    plain = pla(X, y)
    qs = {q.key: q for q in margin_checks.questions(trace, 1, f)}
    assert chosen(qs["halts"]) == ("Yes" if trace.halted else "No")
    if 0 < gamma < 2 * rho:  # the bound the reason gives is pla_core's, from w₀ = 0
        M = pla_core.margin_perceptron_log_bound(X, y, gamma)
        assert f"halts within {int(np.floor(M)):,} updates (the bound)" in qs["halts"].why
    if scale > 2 and rho > 0:
        assert chosen(qs["halts"]) == "No" and "> 2ρ" in qs["halts"].why and "can never halt" in qs["halts"].why
    T, P = len(trace), len(plain)
    assert chosen(qs["longer"]) == (margin_checks.SAME_T if T == P else margin_checks.MORE_M if T > P else
                                    margin_checks.MORE_P)
    assert f"**{T:,}**" in qs["longer"].why and f"**{P:,}**" in qs["longer"].why
    if len(trace) > 1:
        i = int(trace.mistakes[1])
        w = trace.weights[1]
        m = y[i] * (w[0] + w[1:] @ X[i])
        assert chosen(qs["band_point"]) == (margin_checks.WRONG if m < 0 else margin_checks.BAND)
        assert num(m / np.linalg.norm(w)) in qs["band_point"].why
    if trace.halted and plain.halted:
        a, b = pla_core.margin(trace.w, X, y), pla_core.margin(plain.w, X, y)
        want = margin_checks.MARGIN if a > b + 1e-9 else margin_checks.PLAIN if b > a + 1e-9 else margin_checks.SAME
        assert chosen(qs["wider"]) == want and a >= gamma / 2 - 1e-9
    else:
        assert "wider" not in qs


def test_margin_band_point_is_asked_both_ways_over_a_run():
    """A run corrects points on the wrong side and points inside the band: the question's answer follows them."""
    X, y = data("sep", 0)
    trace, f = margin_run(X, y, 0.15)
    seen = {chosen(q) for t in range(1, len(trace)) for q in margin_checks.questions(trace, t, f)
            if q.key == "band_point"}
    assert seen == {margin_checks.WRONG, margin_checks.BAND}


# -- the batch perceptron ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,seed", SETS)
@pytest.mark.parametrize("b", [None, 5])
def test_batch_summed_fewer_and_halts(name, seed, b):
    X, y = data(name, seed)
    trace = pla_core.batch(X, y, max_updates=300, batch_size=b)
    for t in range(min(len(trace), 6)):
        summed, fewer, halts, _ = batch_checks.questions(trace, t)
        w = trace.weights[t]
        wrong = y * (w[0] + X @ w[1:]) <= 0
        if b is None:
            assert int(chosen(summed)) == int(wrong.sum())
        else:
            block = [(int(trace.visits[t]) - b + j) % len(y) for j in range(b)]
            assert int(chosen(summed)) == int(wrong[block].sum())
        e0, e1 = pla_core.count_mistakes(trace.weights[t:t + 2], X, y)
        assert chosen(fewer) == ("Fewer" if e1 < e0 else "The same number" if e1 == e0 else "More")
        assert f"**{e0}**" in fewer.why and f"**{e1}**" in fewer.why
    sep = None if trace.halted or trace.cycle else pla_core.is_separable(X, y)
    halts, rises = batch_checks.questions(trace, len(trace), sep)
    J = pla_core.batch(X, y, max_updates=300, batch_size=b).criterion
    up = [t for t in range(1, len(J)) if J[t] > J[t - 1]]
    assert chosen(rises) == ("Yes" if up else "No") and (not up or f"step{'s' if len(up) > 1 else ''} {up[0]}" in
                                                         rises.why)
    assert chosen(halts) == ("Yes" if trace.halted else "No")
    assert ("proves no line separates" in halts.why) == (sep is False)
    assert f"**{len(trace):,}**" in halts.why or trace.cycle


# -- the online perceptron ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,seed", SETS)
def test_online_next_arrival_last_pass_and_bound(name, seed):
    X, y = data(name, seed)
    run = pla_core.online(X, y, passes=3, shuffle=True, seed=seed)
    steps = online.steps(run)
    m, n = len(run.stream), len(y)
    for t in (0, 1, 2, 7, 2 * m - 1):
        qs = {q.key: q for q in online_checks.questions(steps, t, online.bound(run)[0])}
        k = t // 2 if t % 2 == 0 else t // 2 + 1
        if k >= m:
            assert "next_mistake" not in qs
            continue
        i = int(run.stream.shown[k])
        w = run.weights[int(run.stream.wrong[:k].sum())]  # after the mistakes before arrival k
        assert chosen(qs["next_mistake"]) == (online_checks.YES if y[i] * (w[0] + w[1:] @ X[i]) <= 0 else
                                              online_checks.NO)
    qs = {q.key: q for q in online_checks.questions(steps, 0, online.bound(run)[0])}
    last = run.stream.wrong[-n:].sum()
    assert chosen(qs["last_pass"]) == ("Yes" if last else "No")
    if pla_core.is_separable(X, y):
        B = pla_core.mistake_bound(X, y)
        assert chosen(qs["over_bound"]) == "No" and int(run.stream.wrong.sum()) <= B
        assert f"**{int(run.stream.wrong.sum())}**" in qs["over_bound"].why
    else:
        assert "over_bound" not in qs


# -- experiments -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("noise,seed", [(0.0, 0), (0.0, 3), (0.1, 0), (0.2, 5)])
def test_experiment_mean_median_bound_and_pocket(noise, seed):
    res = E.experiment(15, 0, 40, noise=noise, seed=seed, bound_runs=40, order="random", eta=1.0,
                       w0=(0.0, 0.0, 0.0), bias=True, sign_zero=None, max_updates=500)
    qs = {q.key: q for q in experiment_checks.questions(res, noise)}
    T = res["T"].astype(float)
    mean, med = T.mean(), np.median(T)
    assert chosen(qs["mean_median"]) == (experiment_checks.ABOVE if mean > med + 1e-9 else
                                         experiment_checks.BELOW if mean < med - 1e-9 else experiment_checks.EQUAL)
    if noise == 0:
        ratio = T / res["bound"]
        assert chosen(qs["over_bound"]) == ("Yes" if (ratio[np.isfinite(ratio)] > 1).any() else "No") == "No"
    else:
        a, b = np.median(res["P"]), np.median(res["pocket_P"])
        assert chosen(qs["pocket_median"]) == ("PLA's last w" if a > b else "Pocket's ŵ" if b > a else "The same")


def test_experiment_sweep_question_and_none_before_a_run():
    assert experiment_checks.questions(None, 0.0) == []
    sweep = {m: float(E.experiment(m, 0, 30, seed=1, order="random", max_updates=2000)["T"].mean()) for m in (10, 100)}
    q = experiment_checks.questions(None, 0.0, sweep)[0]
    assert chosen(q) == ("Yes" if sweep[100] > sweep[10] else "No")


def test_experiment_questions_from_the_jobs_on_screen_none_while_one_runs():
    parts = [E.experiment(12, a, a + 10, noise=0.1, seed=2, order="random", max_updates=300) for a in (0, 10)]
    job = {"parts": parts, "running": False, "cfg": {"p": 0.1}}
    keys = [q.key for q in experiment_checks.from_jobs(job, None)]
    assert keys == ["mean_median", "pocket_median"]
    both = np.concatenate([p["T"] for p in parts]).astype(float)
    assert f"{both.mean():.4g}" in experiment_checks.from_jobs(job, None)[0].why  # over both blocks
    assert experiment_checks.from_jobs({**job, "running": True}, None) == []
    sweep_parts = [{**E.experiment(m, 0, 20, seed=3, order="random", max_updates=2000), "N": np.full(20, m)}
                   for m in (10, 50)]
    sweep = {"parts": sweep_parts, "running": False}
    q = experiment_checks.from_jobs(None, sweep)[0]
    means = [float(p["T"].mean()) for p in sweep_parts]
    assert q.key == "sweep_grows" and chosen(q) == ("Yes" if means[1] > means[0] else "No")
