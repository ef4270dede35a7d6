"""The Experiments lesson as a user sees it: its summary numbers against pla_core run directly, its link, bad links,
the caps, the CSV, the sweep, and a run opened in the PLA lesson."""

from __future__ import annotations

import csv
import io
import re
from urllib.parse import parse_qsl, urlsplit

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pla_core
from pla_core.experiment import experiment, lfd_runs
from pla_lab.lessons.experiments.experiments_results import halted_line
from pla_lab.words.text import term

from tests.ui.helpers import Downloads, button, markdown, plot, start, url, warnings

PAGE = "../pages/experiments.py"


def open_page(params=None):
    return start(params, PAGE)


def direct(n, runs, *, order="random", cap=10_000, seed=0, noise=0.0):
    """The same runs made without the lesson: the data of each run, then pla_core.pla_many and the exact P[f ≠ g]."""
    d = lfd_runs(n, 0, runs, noise=noise, seed=seed)
    res = pla_core.pla_many(d.X, d.y, order=order, seed=d.seeds, max_updates=cap, stop_on_cycle=False)
    return d, res, pla_core.disagreement_many(res.weights, d.W_f)


def stats(name, x):
    return (f"**{name}:** mean **{np.mean(x):.4g}**, median **{np.median(x):.4g}**, "
            f"90th percentile **{np.percentile(x, 90):.4g}**")


def test_summary_numbers_are_pla_cores_for_the_same_runs():
    at = open_page({"n": "10", "runs": "60"})
    assert "Press **Start**" in " ".join(c.value for c in at.caption)
    button(at, "Start 60 runs").click().run()
    assert not at.exception, at.exception
    d, res, P = direct(10, 60)
    # pla_many is pla run by run: check a few runs against the single-run loop too
    for r in (0, 17, 59):
        assert len(pla_core.pla(d.X[r], d.y[r], order="random", seed=int(d.seeds[r]), max_updates=10_000)) == res.T[r]
    text = markdown(at)
    assert stats("Updates T", res.T) + f", **{int(res.capped.sum())}** of 60 hit the cap" in text
    assert stats("P[f ≠ g]", P) in text
    bounds = [pla_core.mistake_bound(d.X[r], d.y[r]) for r in range(60)]
    ratio = res.T / np.array(bounds)
    assert stats("T / (R²/ρ\\*²)", ratio) in text and ratio.max() <= 1
    assert f"The slowest is run **{int(np.argmax(res.T))}**" in text
    assert len(at.get("plotly_chart")) == 3  # T, P[f ≠ g], T/bound


def test_the_link_reopens_the_same_settings_and_results():
    at = open_page()
    at.number_input(key="experiments.n").set_value(20).run()
    at.number_input(key="experiments.runs").set_value(30).run()
    at.selectbox(key="experiments.order").set_value("cyclic").run()
    at.number_input(key="experiments.cap").set_value(500).run()
    link = url(at)
    assert (link["n"], link["runs"], link["order"], link["cap"]) == ("20", "30", "cyclic", "500")
    button(at, "Start 30 runs").click().run()
    again = open_page(link)
    assert again.number_input(key="experiments.n").value == 20
    assert again.selectbox(key="experiments.order").value == "cyclic"
    button(again, "Start 30 runs").click().run()
    pick = lambda a: [m.value for m in a.markdown if m.value.startswith("**Updates T")]  # noqa: E731
    assert pick(again) == pick(at) and pick(at)


@pytest.mark.parametrize("params,words", [
    ({"n": "abc"}, "n=abc is not a whole number"),
    ({"runs": "99999"}, "runs=99999 must be between 1 and 10000"),
    ({"noise": "70"}, "noise=70 must be between 0 and 50"),
    ({"order": "zigzag"}, "order=zigzag must be one of cyclic, permuted, random"),
    ({"cap": "nan"}, "cap=nan"),
])
def test_bad_link_values_give_a_message_and_the_default(params, words):
    at = open_page(params)
    assert words in warnings(at)
    assert button(at, "Start 1,000 runs")  # the default runs, and no traceback


def test_a_request_over_the_work_cap_is_refused_with_a_way_to_make_it_smaller():
    at = open_page({"n": "1000", "runs": "10000"})
    assert "over this server's limit" in warnings(at) and "lower the cap per run to 100" in warnings(at)
    assert button(at, "Start 10,000 runs").disabled
    noisy = open_page({"noise": "10", "runs": "1000"})
    assert "Pocket follows each run one by one" in warnings(noisy) and button(noisy, "Start 1,000 runs").disabled


def test_the_csv_has_one_row_per_run(monkeypatch):
    files = Downloads().install(monkeypatch)
    at = open_page({"n": "15", "runs": "25"})
    button(at, "Start 25 runs").click().run()
    name, mime, data = files.get(at, "Results (CSV)")
    lines = [ln for ln in data.decode().splitlines() if not ln.startswith("#")]
    rows = list(csv.DictReader(io.StringIO("\n".join(lines))))
    _, res, P = direct(15, 25)
    assert mime == "text/csv" and name.endswith(".csv") and len(rows) == 25
    assert [int(r["T"]) for r in rows] == res.T.tolist()
    assert np.allclose([float(r["P_f_ne_g"]) for r in rows], P, rtol=1e-5)


def test_with_noise_pocket_is_compared_with_plas_last_w():
    at = open_page({"n": "20", "runs": "12", "noise": "10", "cap": "300"})
    button(at, "Start 12 runs").click().run()
    d = lfd_runs(20, 0, 12, noise=0.1, seed=0)
    pocket = [pla_core.pocket(d.X[r], d.y[r], order="random", seed=int(d.seeds[r]), max_updates=300) for r in range(12)]
    e_in = [pla_core.count_mistakes(t.pocket_weights[-1], d.X[r], d.y[r]) / 20 for r, t in enumerate(pocket)]
    text = markdown(at)
    capped = sum(t.stop == "max_updates" for t in pocket)
    assert stats(f"{term('Eᵢₙ')}, Pocket's ŵ", e_in) in text and f"**{capped}** of 12 hit the cap" in text
    assert len(at.get("plotly_chart")) == 4


def test_the_sweep_over_n_matches_pla_core():
    at = open_page({"n": "50", "runs": "15"})
    button(at, "Sweep N ≤ 50").click().run()
    text = markdown(at)
    for n in (10, 20, 50):
        _, res, P = direct(n, 15)
        assert f"N = {n}: T **{res.T.mean():.4g}**, P **{P.mean():.3g}**" in text
    fig = next(c for c in at.get("plotly_chart") if "mean" in c.proto.spec)
    assert '"type":"log"' in fig.proto.spec.replace(" ", "")


def test_a_run_opens_in_the_pla_lesson_with_its_points_and_seed():
    at = open_page({"n": "12", "runs": "10", "order": "permuted"})
    button(at, "Start 10 runs").click().run()
    d, res, _ = direct(12, 10, order="permuted")
    slow = int(np.argmax(res.T))
    link = next(b.proto.url for b in at.get("link_button") if b.proto.label.startswith("Slowest"))
    parts = urlsplit(link)
    assert parts.path.endswith("pla")
    params = dict(parse_qsl(parts.query))
    assert params["seed"] == str(int(d.seeds[slow])) and params["order"] == "permuted"
    pla_page = start(params, "../pages/pla.py")
    shown = plot(pla_page)
    assert shown["T"] == res.T[slow]
    assert np.allclose([p[:2] for p in shown["points"]], d.X[slow])
    assert [p[2] for p in shown["points"]] == d.y[slow].tolist()


def test_runs_that_never_halt_are_estimated_to_the_cap_and_refused_with_a_cap_that_fits():
    at = open_page({"bias": "0"})  # without a bias no run halts: every run of 1,000 goes to the cap of 10,000
    said = warnings(at)
    assert "no run halts without a bias" in said and "over its limit of 30 s" in said
    assert button(at, "Start 1,000 runs").disabled and button(at, "Sweep N ≤ 100").disabled
    fit = re.search(r"lower the cap per run to ([\d,]+)", said).group(1).replace(",", "")
    fits = open_page({"bias": "0", "cap": fit})
    assert not button(fits, "Start 1,000 runs").disabled and "limit of 30 s for one experiment" not in warnings(fits)


def test_with_noise_the_page_says_how_many_runs_halted_and_not_that_none_do():
    """LFD's N = 10 with p = 10 %: many runs still halt. The page counts them (pla_core's runs, the same seeds), and
    its help no longer says that with noise PLA never halts."""
    at = open_page({"n": "10", "runs": "100", "noise": "10", "cap": "2000"})
    help_text = at.number_input(key="experiments.noise").help
    assert "With noise PLA never halts" not in help_text and "on those PLA never halts" in help_text
    button(at, "Start 100 runs").click().run()
    _, res, _ = direct(10, 100, cap=2000, noise=0.1)
    h = int(res.halted.sum())
    assert 0 < h < 100  # the example shows both kinds of run
    text = markdown(at)
    assert (f"**{h}** of 100 runs halted: flipping each label with probability p = 10% left their labels separable "
            f"by a line. The other {100 - h} hit the cap of 2,000 updates: on labels no line separates PLA never "
            "halts") in text


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 12), st.sampled_from([0.05, 0.1, 0.2, 0.4]), st.integers(0, 2**31 - 1),
       st.sampled_from([None, 1, -1]), st.sampled_from(["random", "cyclic"]))
def test_the_halted_count_and_its_reason_hold_on_many_experiments(n, p, seed, sign_zero, order):
    """The sentence's count is the number of runs pla_core.pla halts on, one run at a time; every run that halted had
    labels an exact LP separates, and no run on labels it does not separate halted."""
    kw = dict(order=order, eta=1.0, w0=(0.0, 0.0, 0.0), bias=True, sign_zero=sign_zero, max_updates=3000)
    res = experiment(n, 0, 8, noise=p, seed=seed, pocket=False, **kw)
    d = lfd_runs(n, 0, 8, noise=p, seed=seed)
    runs = [pla_core.pla(d.X[r], d.y[r], seed=int(d.seeds[r]), **kw) for r in range(8)]
    h = sum(t.halted for t in runs)
    line = halted_line(res, dict(p=p, kw=kw))
    assert line.startswith(f"**{h}** of 8 runs halted")
    assert ("separable by a line" in line) == (h > 0) and ("hit the cap of 3,000" in line) == (h < 8)
    for r, t in enumerate(runs):
        separable = pla_core.separability(d.X[r], d.y[r]).separable
        assert separable or not t.halted
