"""The home page's small live picture: PLA on a few points, as a Plotly figure with one frame per update and a
Play button (the lessons' slide animation, :func:`pla_lab.drawing.animation.figure`, made small). No Streamlit."""

from __future__ import annotations

from functools import lru_cache

import pla_core
from pla_lab.drawing import animation
from pla_lab.framework import model
from pla_lab.framework import settings as S

#: A small separable example whose run has a few updates to watch (seed 1's ten points take 6 with the defaults;
#: the text under the picture reads the number from the run).
EXAMPLE = model.Preset("ten points", "separable", dict(n=10, margin=0.1), view=model.DEFAULT_VIEW)
SEED = 1


@lru_cache(maxsize=1)
def example() -> tuple[list, tuple, pla_core.Trace]:
    """(points, view, PLA's trace with the app's default settings) of the home page's picture: the same every time,
    so built once per process (the page and its picture both read it at every rerun; nothing mutates it)."""
    points, view, _ = EXAMPLE.build(SEED)
    X, y = model.arrays(points)
    defaults = S.pla_kwargs({s.key: s.default for s in S.ALGORITHM})
    return points, view, pla_core.pla(X, y, **defaults)


def _headline(trace, t: int) -> str:
    n, wrong = len(trace.y), int(trace.errors[t])
    end = " · halted: no mistake left" if t == len(trace) and trace.halted else ""
    return f"after {t} of {len(trace)} updates · {wrong} of {n} points misclassified{end}"


def picture(*, theme: str = "light", height: int = 440) -> dict:
    """The animated figure, small: a one-line headline per step, no legend (the page says what is drawn), the
    Play/Pause buttons and the step slider under the plot."""
    points, view, trace = example()
    fig = animation.figure(points, trace, view, title="", theme=theme)
    for frame in fig["frames"]:
        frame["layout"] = {"title": {"text": _headline(trace, int(frame["name"]))}}
    layout = fig["layout"]
    layout.update(height=height, autosize=True, showlegend=False, paper_bgcolor="rgba(0,0,0,0)",
                  font={**layout["font"], "size": 14},
                  margin={"l": 45, "r": 10, "t": 36, "b": 105},
                  title={"text": fig["frames"][0]["layout"]["title"]["text"], "x": 0.01, "xanchor": "left",
                         "y": 0.99, "yanchor": "top", "font": {"size": 15}})
    menu, slider = layout["updatemenus"][0], layout["sliders"][0]
    menu.update(pad={"t": 42}, font={**menu["font"], "size": 14})
    # the buttons take about a third of a small figure's width: the slider starts after them
    slider.update(x=0.36, len=0.64, pad={"t": 42},
                  currentvalue={**slider["currentvalue"], "prefix": "t = ", "font": {"size": 14}})
    return fig
