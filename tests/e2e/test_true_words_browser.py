"""Issue 21, part 2, in real headless Chromium: a person picks the sign(0) reading under which PLA stops at w₀ = 0,
and the page neither draws a line nor says one separates ○ from ×; without a bias, a run stopped at the cap says
that only lines through the origin were ruled out."""

from __future__ import annotations

import pathlib

from tests.browser import Plot

SHOTS = pathlib.Path("/tmp/sayA-shots")


def text(plot: Plot) -> str:
    return plot.page.locator("[data-testid=stMain]").inner_text()


def test_a_stop_at_w_0_draws_no_line_and_says_so(server, plot):
    plot.open(server + "/pla")
    plot.page.locator("[data-testid=stSidebar] [data-testid=stSelectbox]").filter(
        has_text="When wᵀx̃ = 0 exactly").get_by_role("combobox").click()
    if not plot.page.get_by_role("option").count():  # the click scrolled the sidebar and only focused the box:
        plot.page.keyboard.press("ArrowDown")  # a person opens it with the keyboard then
    plot.page.get_by_role("option").filter(has_text="margin part").click()  # only y·wᵀx̃ < 0 is a mistake
    main = plot.page.locator("[data-testid=stMain]")
    main.get_by_text("w = 0 draws no line and separates nothing").wait_for(timeout=30_000)
    plot.idle()
    x, _ = plot.trace_xy("boundary")
    assert not [v for v in x if v is not None]  # nothing drawn for the boundary
    said = text(plot)
    assert "Halts after 0 updates" in said and "But w draws no line" in said
    assert "separates ○ from ×" not in said and "✅" not in said
    SHOTS.mkdir(exist_ok=True)
    plot.page.screenshot(path=str(SHOTS / "pla-lt0.png"))


def test_the_credit_card_without_a_bias_names_the_lines_it_rules_out(server, plot):
    plot.open(server + "/pla?bias=0&cap=300")
    plot.preset("pla", "Credit card")
    plot.page.get_by_role("button", name="Run").click()
    main = plot.page.locator("[data-testid=stMain]")
    main.get_by_text("no line through the origin separates these points").wait_for(timeout=30_000)
    # The verdict's words follow the run's animation, so they may come a moment later than the first sentence.
    plot.page.wait_for_function("(s) => document.querySelector('[data-testid=stMain]').innerText.includes(s)",
                                arg="with a bias (Learn a bias b on) a line separates them", timeout=30_000)
    SHOTS.mkdir(exist_ok=True)
    plot.page.screenshot(path=str(SHOTS / "pla-credit-nobias.png"))
