"""Issue 21 on /margin in headless Chromium, used like a person: type a γ between ρ* and 2ρ*, read the bound the
page states for it (the largest M with M(ρ* − γ/2) ≤ R + (R²/2ρ*)(1 + ln M), from pla_core), unfold the proof and
read this run's numbers in it, Run and see the run keep the bound; screenshots at 1280×720, in presenter mode and
on a 390×844 phone, into test-artifacts/ (or PLA_LAB_SHOTS)."""

from __future__ import annotations

import math
import os
import pathlib
from urllib.parse import urlencode

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework.parsers import dump12
from pla_lab.lessons import MARGIN
from pla_lab.words.text import num

from tests.browser import TEST_HOOKS, Plot

SHOTS = pathlib.Path(os.environ.get("PLA_LAB_SHOTS") or pathlib.Path(__file__).resolve().parents[3] / "test-artifacts")
POINTS = MARGIN.presets["gap30"].build(0)[0]
X, Y = model.arrays(POINTS)
RHO = pla_core.max_margin(X, Y)[1]
BOX = "Why the margin perceptron halts for every γ < 2ρ*: the proof"


def main_text(plot: Plot) -> str:
    return plot.page.locator("[data-testid=stMain]").inner_text()


def open_proof(plot: Plot):
    """Unfold the proof box as a person does (a click on its title) and wait for its last line."""
    plot.page.get_by_text(BOX, exact=True).click()
    plot.page.get_by_text("Here:", exact=False).first.wait_for(timeout=30_000)


def test_type_a_gamma_between_rho_star_and_twice_it_read_the_bound_and_its_proof_then_run(server, plot):
    gamma = float(dump12(round(1.4 * RHO, 3)))
    assert RHO < gamma < 2 * RHO
    plot.open(server + "/margin?" + urlencode({"pts": C.encode_points(POINTS)}))
    box = plot.page.get_by_role("spinbutton", name="Margin γ")
    box.fill(str(gamma))
    box.press("Enter")
    plot.page.wait_for_function("(g) => window.__plaLab.data.gamma === g", arg=gamma, timeout=30_000)
    wide = pla_core.margin_perceptron_log_bound(X, Y, gamma)
    trace = pla_core.pla(X, Y, margin=gamma)
    said = f"From w₀ = 0 at most {math.floor(wide):,} updates, the largest M with M(ρ* − γ/2) ≤ R + (R²/2ρ*)(1 + ln M)"
    plot.page.get_by_text(said, exact=False).wait_for(timeout=30_000)
    assert "there is no bound" not in main_text(plot)
    open_proof(plot)
    text = main_text(plot)
    assert f"M·{num(RHO - gamma / 2)} ≤ {num(pla_core.radius(X))} + " in text
    assert f"holds up to M = {num(wide)}: at most {math.floor(wide):,} updates." in text
    assert "M(ρ* − γ/2) ≤ R + (R²/2ρ*)(1 + ln M)" in text and "‖w*‖ = 1" in text  # the stars are not italics
    plot.page.get_by_role("button", name="Run").click()
    plot.wait_t(len(trace))
    plot.page.get_by_text(f"this run made {len(trace)} updates ✅", exact=False).wait_for(timeout=30_000)
    assert trace.halted and len(trace) <= wide


def test_screenshots_of_the_bound_and_its_proof(server, browser):
    """At 1280×720 and on a phone: the bound between ρ* and 2ρ*, the proof unfolded; in presenter mode, whose box
    says the bound in one line (the lecturer tells the proof), that line."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    q = {"pts": C.encode_points(POINTS), "gamma": dump12(round(1.4 * RHO, 3))}
    screens = {"desktop": (dict(viewport={"width": 1280, "height": 720}), {}),
               "present": (dict(viewport={"width": 1280, "height": 720}), {"present": "1"}),
               "phone": (dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True), {})}
    for name, (kw, extra) in screens.items():
        ctx = browser.new_context(**kw)
        ctx.add_init_script(TEST_HOOKS)
        plot = Plot(ctx.new_page())
        plot.open(server + "/margin?" + urlencode({**q, **extra}))
        if name == "present":
            wide = math.floor(pla_core.margin_perceptron_log_bound(X, Y, float(q["gamma"])))
            plot.page.get_by_text(f"at most {wide:,} updates", exact=False).first.wait_for(timeout=30_000)
            plot.settled()
            plot.page.screenshot(path=str(SHOTS / f"margin-bound-{name}.png"))
            ctx.close()
            continue
        open_proof(plot)
        title = plot.page.get_by_text(BOX, exact=True)
        title.scroll_into_view_if_needed()
        plot.page.mouse.wheel(0, 120 if name != "phone" else 0)
        plot.settled()
        assert plot.page.get_by_text("Here:", exact=False).first.is_visible()
        plot.page.screenshot(path=str(SHOTS / f"margin-bound-{name}.png"))
        ctx.close()
