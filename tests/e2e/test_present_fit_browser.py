"""At 1280×720 (a projector) and in presenter mode: Back/Step/Play stay on screen when something on the page grows,
presenter mode draws every control of a lesson within reach, and the chart beside the plot is readable and shows
everything it draws. Measured in pixels in real headless Chromium."""

from __future__ import annotations

import pytest

from .conftest import Plot

SHOTS = "/tmp/present-shots"


def _wheel(plot: Plot, dy: int) -> None:
    plot.page.mouse.move(640, 400)
    plot.page.mouse.wheel(0, dy)
    plot.page.wait_for_timeout(400)


def _bottom(plot: Plot, name: str) -> float:
    b = plot.page.get_by_role("button", name=name).bounding_box()
    return b["y"] + b["height"]


@pytest.mark.parametrize("path, switch", [("/halts?t=3", "ŵ and b/‖w‖"), ("/pla?t=3", "Set w by hand")])
def test_a_switch_turned_on_while_scrolled_down_leaves_step_on_screen(server, plot, path, switch):
    """A lecturer scrolls down, switches something on under the plot, scrolls back: the plot has kept its height,
    and Back/Step/Play and the scrubber are still on the screen."""
    plot.open(server + path)
    plot.settled()
    height = plot.page.locator(".pla-plot").bounding_box()["height"]
    _wheel(plot, 480)
    plot.page.get_by_text(switch, exact=True).click()
    plot.settled()
    _wheel(plot, -3000)
    plot.settled()
    assert abs(plot.page.locator(".pla-plot").bounding_box()["height"] - height) <= 1
    assert _bottom(plot, "Step") <= 720 and _bottom(plot, "Back") <= 720
    slug = path[1:path.index("?")]
    scrub = plot.page.locator(f".st-key-{slug}-scrub").bounding_box()
    assert scrub["y"] + scrub["height"] <= 720, scrub


AREA = """() => { const b = document.querySelector('.pla-plot .nsewdrag').getBoundingClientRect();
  return [b.top, b.height]; }"""


@pytest.mark.parametrize("path", ["/halts?t=0", "/pocket?t=0&present=1", "/compare?t=0"])
def test_the_plot_area_does_not_jump_when_the_line_appears_at_step_1(server, plot, path):
    """w₀ = 0 draws no line at step 0; the line's legend entry is there all the same, so at step 1 the plot's area
    stays where it was."""
    plot.open(server + path)
    plot.settled()
    top, height = plot.js(AREA)
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(1)
    plot.settled()
    xs, _ = plot.trace_xy("boundary")
    assert any(x is not None for x in xs)  # the line is drawn now
    top1, height1 = plot.js(AREA)
    assert abs(top1 - top) <= 1 and abs(height1 - height) <= 1, ((top, height), (top1, height1))
