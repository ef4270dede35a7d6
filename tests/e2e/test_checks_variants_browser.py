"""Check yourself on /batch, /margin and /experiments in real headless Chromium, used like a person: pick an answer,
press Check, and read the verdict with the run's numbers, against pla_core for the same link; screenshots of the
questions at 1280×720, in presenter mode and on a 390×844 phone (into /tmp/checksB-shots when it exists)."""

from __future__ import annotations

import pathlib
from urllib.parse import parse_qs, urlencode, urlparse

import numpy as np
from playwright.sync_api import expect

import pla_core
from pla_core import experiment as E
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.lessons import BATCH, MARGIN
from pla_lab.words.text import num
from tests.browser import READY

SHOTS = pathlib.Path("/tmp/checksB-shots")


def shot(page, name: str):
    if SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def link(page) -> dict:
    return {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}


def form(page, starts: str):
    """The Check yourself form of the question that starts so (each question is a form of its own)."""
    return page.locator("[data-testid=stForm]").filter(has_text=starts)


def check(page, starts: str, choice: str):
    """Pick ``choice`` in that question and press its Check, as a person would; the verdict's box."""
    f = form(page, starts)
    f.scroll_into_view_if_needed()
    f.get_by_role("radiogroup").get_by_text(choice, exact=True).click()
    f.get_by_role("button", name="Check").click()
    verdict = f.locator("[data-testid=stAlert]")
    expect(verdict).to_be_visible(timeout=30_000)
    return verdict


def test_batch_how_many_points_update_2_sums(server, plot):
    pts = BATCH.presets["credit"].build(0)[0]
    plot.open(server + "/batch?" + urlencode({"pts": C.encode_points(pts)}))
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(1)
    X, y = model.arrays(pts)
    kw = S.pla_kwargs(S.read_params(link(plot.page))[0])
    tr = pla_core.batch(X, y, eta=kw["eta"], w0=kw["w0"], bias=kw["bias"], sign_zero=kw["sign_zero"],
                        max_updates=kw["max_updates"])
    k = len(tr.used(1))
    wrong = next(str(v) for v in (1, k + 1, k - 1) if v != k and v >= 1)
    verdict = check(plot.page, "How many points does update 2 add up?", wrong)
    expect(verdict).to_contain_text(f"Not quite: {k}.", timeout=30_000)
    expect(verdict).to_contain_text(f"over those {k} point")
    shot(plot.page, "batch-1280-wrong")
    verdict = check(plot.page, "How many points does update 2 add up?", str(k))
    expect(verdict).to_contain_text(f"Right: {k}.", timeout=30_000)
    e1, e2 = pla_core.count_mistakes(tr.weights[1:3], X, y)
    verdict = check(plot.page, "After update 2, does w get", "More" if e2 <= e1 else "Fewer")
    expect(verdict).to_contain_text(f"w₁ gets {e1} wrong, w₂ {e2}", timeout=30_000)
    shot(plot.page, "batch-1280-two")


def test_margin_will_it_halt_with_gamma_over_two_rho_star(server, plot):
    pts = MARGIN.presets["gap12"].build(0)[0]
    X, y = model.arrays(pts)
    _, rho = pla_core.max_margin(X, y)
    gamma = float(f"{2.4 * rho:.3g}")
    plot.open(server + "/margin?" + urlencode({"pts": C.encode_points(pts), "gamma": str(gamma)}))
    verdict = check(plot.page, f"With γ = {num(gamma)}, will the margin perceptron halt", "Yes")
    expect(verdict).to_contain_text("Not quite: No.", timeout=30_000)
    expect(verdict).to_contain_text(f"> 2ρ* = {num(2 * rho)}")
    expect(verdict).to_contain_text("the run can never halt")
    shot(plot.page, "margin-1280")


def test_experiments_mean_against_median_after_start(server, plot):
    page = plot.page
    page.goto(server + "/experiments?" + urlencode({"n": "12", "runs": "40", "cap": "500"}))
    page.wait_for_selector(READY, timeout=30_000)
    page.get_by_role("button", name="Start 40 runs").click()
    f = form(page, "On the histogram of updates T")
    expect(f).to_be_visible(timeout=60_000)
    kw = S.pla_kwargs({**S.read_params(link(page))[0], "order": "random", "cap": 500})
    seed = kw.pop("seed")
    T = E.experiment(12, 0, 40, seed=seed, **kw)["T"].astype(float)
    right = "Above the median" if T.mean() > np.median(T) else "Below the median" if T.mean() < np.median(T) \
        else "Equal to it"
    verdict = check(page, "On the histogram of updates T", right)
    expect(verdict).to_contain_text(f"Right: {right}.", timeout=30_000)
    expect(verdict).to_contain_text(f"Mean {T.mean():.4g}, median {np.median(T):.4g} over 40 runs")
    shot(page, "experiments-1280")


def test_questions_in_presenter_mode_and_on_a_phone(server, browser, plot):
    plot.open(server + "/online?present=1")
    q = form(plot.page, "Will the perceptron make any mistake in pass 3")
    q.scroll_into_view_if_needed()
    expect(q).to_be_visible(timeout=30_000)
    shot(plot.page, "online-present")
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        phone = ctx.new_page()
        phone.goto(server + "/margin")
        phone.wait_for_selector(READY, timeout=30_000)
        verdict = check(phone, "With γ = 0.15, will the margin perceptron halt", "No")
        expect(verdict).to_be_visible()
        box = form(phone, "With γ = 0.15").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1  # the question fits the phone's width
        shot(phone, "margin-phone")
    finally:
        ctx.close()
