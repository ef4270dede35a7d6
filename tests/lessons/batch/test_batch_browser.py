"""The lesson "Batch perceptron" in real headless Chromium, clicked like a person: open it from a link, Step, and
check what is drawn against pla_core.batch: every mistake of wₜ circled, the tip-to-tail chain of η·yₙ·xₙ from w's
tip to the new w's tip, the chart's marker following the step; switch to mini-batches and see another run;
screenshots in light and dark at 1280×720."""

from __future__ import annotations

import pathlib
from urllib.parse import parse_qs, urlencode, urlparse

import numpy as np

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.lessons import BATCH
from tests.browser import CHART, CHART_MARKER, Plot, choose

ARTIFACTS = pathlib.Path(__file__).resolve().parents[3] / "test-artifacts"


def params(url: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}


def wait_url(plot: Plot, key: str, value: str):
    plot.page.wait_for_function("([k, v]) => new URL(location.href).searchParams.get(k) === v", arg=[key, value],
                                timeout=30_000)


def run(pts, batch_size=None):
    """The run the page should show, from pla_core with the default settings."""
    kw = S.pla_kwargs(S.read_params({})[0])
    X, y = model.arrays(pts)
    return X, y, pla_core.batch(X, y, eta=kw["eta"], w0=kw["w0"], bias=kw["bias"], sign_zero=kw["sign_zero"],
                                max_updates=kw["max_updates"], batch_size=batch_size)


def drawn(plot: Plot, meta: str) -> dict:
    return plot.mark(meta)


def circled(plot: Plot) -> list[tuple[float, float]]:
    c = drawn(plot, "circle")
    return sorted(zip(c["x"], c["y"]))


def links(plot: Plot) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """The chain's arrows as (from, to, class) in screen-free data coordinates, both classes."""
    out = []
    for meta, label in (("chain+", 1), ("chain-", -1)):
        tr = drawn(plot, meta)
        for k in range(0, len(tr["x"]), 3):  # from, to, gap
            out.append((np.array([tr["x"][k], tr["y"][k]]), np.array([tr["x"][k + 1], tr["y"][k + 1]]), label))
    return out


def test_every_mistake_is_circled_and_the_chain_ends_at_the_new_w(server, plot):
    pts, _, _ = BATCH.presets["sep30"].build(0)
    plot.open(server + "/batch?" + urlencode({"pts": C.encode_points(pts)}))
    X, y, trace = run(pts)
    plot.page.wait_for_selector(CHART, timeout=30_000)
    assert plot.js(CHART_MARKER) == 0
    for t in (1, 2):
        plot.page.get_by_role("button", name="Step").click()
        plot.wait_t(t)
        plot.idle()
        # Every mistake of wₜ is circled, and nothing else.
        assert len(drawn(plot, "circle")["x"]) == trace.errors[t]
        assert circled(plot) == sorted((X[i, 0], X[i, 1]) for i in trace.used(t))
        # One arrow per mistake, tip to tail, from the tip of w's arrow to the tip of the new w (dotted).
        w, nxt = drawn(plot, "w"), drawn(plot, "next w")
        chain = sorted(links(plot), key=lambda a: tuple(a[0]))
        assert len(chain) == trace.errors[t]
        ends = {tuple(np.round(b, 9)) for _, b, _ in chain}
        starts = {tuple(np.round(a, 9)) for a, _, _ in chain}
        tip, new_tip = np.array([w["x"][1], w["y"][1]]), np.array([nxt["x"][1], nxt["y"][1]])
        assert [s for s in starts if s not in ends] == [tuple(np.round(tip, 9))]
        assert [e for e in ends if e not in starts] == [tuple(np.round(new_tip, 9))]
        # Each arrow is η·yₙ·xₙ of one mistake, at the arrows' scale: the mistakes' vectors, class by class.
        scale = np.hypot(w["x"][1] - w["x"][0], w["y"][1] - w["y"][0]) / np.hypot(*trace.weights[t][1:])
        vecs = sorted(tuple(np.round((b - a) / scale, 6)) for a, b, _ in chain)
        want = sorted(tuple(np.round(trace.settings["eta"] * y[i] * X[i], 6)) for i in trace.used(t))
        assert np.allclose(vecs, want, atol=1e-5)
        # The chart's marker is at the step shown.
        plot.page.wait_for_function(f"(t) => ({CHART_MARKER})() === t", arg=t)
    wait_url(plot, "t", "2")
    plot.page.screenshot(path=str(ARTIFACTS / "batch-step2.png"))


def test_mini_batches_change_the_run(server, plot):
    pts, _, _ = BATCH.presets["sep30"].build(0)
    plot.open(server + "/batch?" + urlencode({"pts": C.encode_points(pts)}))
    X, y, full = run(pts)
    assert plot.js("() => window.__plaLab.data.T") == len(full)
    choose(plot, "Each update sums the mistakes of", "b points (COS 495)")
    wait_url(plot, "batch", "mini")
    X, y, mini = run(pts, batch_size=int(params(plot.page.url)["bs"]))
    plot.page.wait_for_function("(T) => window.__plaLab.data.T === T", arg=len(mini))
    assert len(mini) != len(full)
    plot.idle()
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(1)
    plot.idle()
    # Only the mistakes in update 1's block are circled (w₁ has others outside it).
    assert circled(plot) == sorted((X[i, 0], X[i, 1]) for i in mini.used(1))
    assert len(mini.used(1)) < mini.errors[1]
    plot.page.get_by_text("This run adds (η/b)·Σ = 0.2·Σ over each block of b = 5").wait_for(timeout=30_000)


def test_screenshots_light_and_dark(server, plot):
    pts, _, _ = BATCH.presets["credit"].build(0)
    q = {"pts": C.encode_points(pts), "ax": "credit", "t": "7"}
    for name, extra in (("light", {}), ("dark", {"embed_options": "dark_theme"})):
        plot.open(server + "/batch?" + urlencode({**q, **extra}))
        plot.page.wait_for_selector(CHART, timeout=30_000)
        plot.wait_t(7)
        assert plot.page.get_by_role("button", name="Step").bounding_box()["y"] < 720
        plot.page.screenshot(path=str(ARTIFACTS / f"batch-credit-{name}.png"))
