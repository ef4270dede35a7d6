"""The lesson "Online perceptron: predict, then reveal" in real headless Chromium, clicked like a person: step and
read the plot's traces (the arriving point's label hidden behind a "?", then revealed), the chart's cumulative
mistakes against pla_core.online, the quiz's score after three answers given with clicks and keys; screenshots in
light and dark at 1280×720."""

from __future__ import annotations

import pathlib
import re
from urllib.parse import urlencode

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S

from tests.browser import CHART_MARKER, CHART_SERIES, MARKS, Plot

ARTIFACTS = pathlib.Path(__file__).resolve().parents[3] / "test-artifacts"
POINTS = [(-0.8, 0.3, 1.0), (-0.4, 0.9, 1.0), (0.1, 0.7, 1.0), (0.5, 1.0, 1.0), (0.3, -0.5, -1.0),
          (0.8, -0.1, -1.0), (-0.2, -0.9, -1.0), (0.9, 0.4, -1.0)]
LINK = {"pts": C.encode_points(POINTS), "passes": "2", "shuffle": "1", "seed": "3"}


def stream():
    X, y = model.arrays(POINTS)
    kw = S.pla_kwargs(S.read_params({"seed": LINK["seed"]})[0])
    run = pla_core.online(X, y, eta=kw["eta"], w0=kw["w0"], bias=kw["bias"], sign_zero=kw["sign_zero"], passes=2,
                          shuffle=True, seed=kw["seed"])
    return run.stream, y


def shown(plot: Plot) -> dict:
    """What the plot draws now: the points' indices in its points traces, and the arrival's marker and words."""
    return plot.js(f"""() => {{ const d = ({MARKS})();
        const one = (m) => d.find((t) => t.meta === m) || {{}};
        return {{ points: [...document.querySelectorAll('.pla-plot .pla-pt')].map((e) => Number(e.dataset.i)),
                 mark: one('arrival').text || null, words: (one('arrival-label').text || [null])[0],
                 update: (one('arrival-update').x || []).length }}; }}""")


def mistakes_drawn(plot: Plot) -> list:
    """The chart's "mistakes so far" line as drawn: its y values up to the step shown."""
    line = next(s for s in plot.js(CHART_SERIES) if s["name"] == "mistakes so far")
    return [v for v in line["y"] if v is not None]


def step(plot: Plot, t: int):
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(t)


def test_the_label_is_hidden_then_revealed_and_the_chart_counts(server, plot):
    st, y = stream()
    plot.open(server + "/online?" + urlencode(LINK))
    for k in range(4):
        i = int(st.shown[k])
        now = shown(plot)
        assert i not in now["points"] and now["mark"] == ["?"]
        assert now["words"].startswith("ŷ = " + ("○ +1" if st.predictions[k] > 0 else "× −1" if st.predictions[k] < 0
                                                 else "a tie"))
        step(plot, 2 * k + 1)
        now = shown(plot)
        assert i in now["points"] and now["mark"] is None
        assert now["words"] == "y = " + ("○ +1" if y[i] > 0 else "× −1") + (": mistake" if st.wrong[k] else " ✓")
        assert now["update"] == (2 if st.wrong[k] else 0)
        # A screen reader hears the same: the arrival and its label, not an "update".
        live = plot.page.locator(".pla-live").inner_text()
        assert live.startswith(f"Arrival {k + 1} of ") and ("a mistake" in live) == bool(st.wrong[k]), live
        assert mistakes_drawn(plot)[-1] == int(st.wrong[:k + 1].sum())
        step(plot, 2 * k + 2)
    assert mistakes_drawn(plot) == [0] + st.wrong[:4].cumsum().tolist()
    # The chart's marker sits at t/2: points arrived.
    assert plot.js(CHART_MARKER) == 4


def test_the_quiz_score_after_three_answers_by_click_and_key(server, plot):
    st, y = stream()
    plot.open(server + "/online?" + urlencode({**LINK, "quiz": "1"}))
    page = plot.page
    said = []
    for k, how in enumerate(("click ○", "key x", "key o")):
        if how.startswith("click"):
            page.get_by_role("button", name="○ +1").click()
        else:
            page.locator("body").press(how[-1])
        said.append(1 if how.endswith("o") or how.endswith("○") else -1)
        plot.wait_t(2 * k + 1)
        step(plot, 2 * k + 2)
        page.get_by_role("button", name="○ +1").wait_for()
    you = sum(a == y[st.shown[k]] for k, a in enumerate(said))
    pla = sum(not st.wrong[k] for k in range(3))
    page.get_by_text(re.compile(r"Your score: \d of 3")).wait_for(timeout=30_000)  # the rerun's words (slow machine)
    text = page.locator("[data-testid=stMain]").inner_text()
    assert re.search(rf"Your score: {you} of 3\s*right · the perceptron: {pla} of 3", text), text


def test_screenshots(server, plot):
    ARTIFACTS.mkdir(exist_ok=True)
    for theme, extra in (("light", ""), ("dark", "&embed_options=dark_theme")):
        plot.open(server + "/online?" + urlencode({**LINK, "quiz": "1", "t": "6"}) + extra)
        plot.page.screenshot(path=str(ARTIFACTS / f"online-predict-{theme}.png"))
        step(plot, 7)
        plot.page.screenshot(path=str(ARTIFACTS / f"online-reveal-{theme}.png"))
        box = plot.page.get_by_role("button", name="Step").bounding_box()
        assert box["y"] + box["height"] <= 720
