"""The plot component's data for one rerun (:class:`pla_lab.framework.protocol.Payload`), from plain values. No Streamlit.

The static figure (points, axes) and the static layers are built by :mod:`pla_lab.drawing.figures`; what moves with w is
drawn by the browser from the window of weights, update vectors and used points sent here, so an update
animates without a round trip and the browser never re-derives an update.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pla_core import radius_bound
from pla_lab.drawing import figures, numbers, picture
from pla_lab.framework import protocol
from pla_lab.words.text import clean_weights

WINDOW_BACK, WINDOW_AHEAD = 60, 400  # weights sent around the current step; Play asks for more as it goes


def window(trace, t: int, *, back: int = WINDOW_BACK, ahead: int = WINDOW_AHEAD) -> protocol.Window:
    """w_{t0} … w_{t1}, the updates between them and the points each used (and the pocket ŵ, for Pocket)."""
    T = len(trace)
    t0, t1 = max(0, t - back), min(T, t + ahead)
    eta, R = trace.settings["eta"], radius_bound(trace.X, trace.settings["bias"])
    pocket, s = trace.pocket_weights, trace.settings
    c = eta / (s.get("batch_size") or len(trace.y)) if s.get("average") else eta  # pla_core.batch's rule
    return protocol.Window(
        t0=t0,
        W=clean_weights(trace.weights[t0:t1 + 1], eta, R).tolist(),
        U=trace.updates[t0:t1].tolist(),
        I=trace.used_window(t0, t1),
        P=None if pocket is None else clean_weights(pocket[t0:t1 + 1], eta, R).tolist(),
        c=c,
    )


def companion(trace, t: int, label: str, *, back: int = WINDOW_BACK, ahead: int = WINDOW_AHEAD,
              color: str | None = None, dash: str | None = None, arrows: bool = False) -> protocol.Companion:
    """A second run's weights over the same steps as the shown run's window around t (its w_{t0} … up to its own
    end), and its last w, where it stays past its end: what the "companion" layer draws at every step (in
    ``color`` and ``dash``, as :func:`companion_line`)."""
    eta, R = trace.settings["eta"], radius_bound(trace.X, trace.settings["bias"])
    return companion_line(trace.weights, t, label, eta=eta, R=R, back=back, ahead=ahead, color=color, dash=dash,
                          arrows=arrows)


def companion_line(weights, t: int, label: str, *, eta: float = 1.0, R: float = 0.0, back: int = WINDOW_BACK,
                   ahead: int = WINDOW_AHEAD, color: str | None = None, dash: str | None = None,
                   arrows: bool = False) -> protocol.Companion:
    """Any sequence of weights w₀ … w_T (rows of (1 + d) numbers: another algorithm's run over the same steps, an
    average of the shown run's weights…) as the "companion" layer: the rows in the window around step t, and the
    last row, where the line stays past T. ``eta`` and ``R`` (the points' radius) set what counts as rounding noise
    to show as 0 (:func:`pla_lab.words.text.clean_weights`); leave them for weights that have none. ``color`` (a
    palette name or a CSS colour) and ``dash`` draw the line (None: the palette's pocket colour, dashed); a lesson
    may send several companions, as a list."""
    W_all = np.asarray(weights, dtype=float)
    T = len(W_all) - 1
    t0, t1 = max(0, t - back), t + ahead
    W = clean_weights(W_all[t0:min(t1, T) + 1], eta, R).tolist()  # empty once t0 is past its end
    return protocol.Companion(t0=t0, W=W, T=T, last=clean_weights(W_all[T], eta, R).tolist(), label=label,
                              color=color, dash=dash, arrows=bool(arrows))


@dataclass(frozen=True)
class Scene:
    """What the lesson draws at this rerun, besides the run: the declared moving layers and their legend names,
    the static layers, the target f and the chart."""

    moving: tuple[str, ...]
    labels: dict = field(default_factory=dict)
    layers: dict = field(default_factory=dict)
    target: protocol.Target | None = None
    chart: protocol.Chart | None = None
    legend: dict = field(default_factory=dict)
    pick: int | None = None                     # the point whose distance to the boundary is drawn
    axes: tuple[str, str] = ("x₁", "x₂")        # the axes' titles (the credit-card story names its features)
    classes: tuple[str, str] = figures.CLASSES  # the legend's names of +1 and −1 (the credit card's: approve, deny)
    present: bool = False                       # presenter mode: larger marks for a projector
    gamma: float | None = None                  # the margin perceptron's γ, for the "band" layer
    stream: protocol.Arrivals | None = None     # the online perceptron's arrivals (the "stream" layer)
    alt: str | None = None                      # the plot's alt text, when the lesson words it (else describe's)
    companion: protocol.Companion | list | None = None  # other runs drawn beside the shown one


def build(run, head, points, view, scene: Scene, *, settings: dict, cls: int, ack: int, height: int,
          theme: str, nonce: str | None = None, relabel: bool = False,
          fill: int | None = None, phone: tuple[int, int | None] | None = None,
          viewonly: bool = False, local: bool = False) -> protocol.Payload:
    """Everything the plot needs for the playhead's step: see :mod:`pla_lab.framework.protocol` for the meaning of each key.
    ``phone``: the plot's height and fill outside presenter mode, which a phone keeps in presenter mode."""
    from pla_lab.framework import model
    from pla_lab.framework.settings import SIGN_ZERO, SPEEDS

    trace = run.trace
    t = head.t if trace is not None else 0
    unknown = set(scene.moving) - set(protocol.MOVING_LAYERS)
    if unknown:
        raise ValueError(f"unknown moving layers {sorted(unknown)}")
    return protocol.Payload(
        version=protocol.VERSION, run=run.id if trace is not None else "", margins=picture.MARGINS, height=height, fill=fill,
        colors=figures.palette(theme, scene.present), view=list(view), grid=model.grid_step(view), cls=cls, relabel=relabel,
        viewonly=bool(viewonly or local), local=bool(local),
        points=[[p[0], p[1], p[2]] for p in points],
        numbers=numbers.places(points, view, present=scene.present),
        base=figures.base_figure(points, view, height=height, theme=theme, legend=scene.legend, axis_titles=scene.axes,
                                 present=scene.present, classes=scene.classes),
        layers={"below": list(scene.layers.get("below", [])), "above": list(scene.layers.get("above", []))},
        moving=list(scene.moving), labels=dict(scene.labels), target=scene.target,
        pick=scene.pick if scene.pick is not None and 0 <= scene.pick < len(points) else None,
        sign0=SIGN_ZERO[settings["sign0"]], T=run.T, t=int(t), seq=int(head.seq),
        playing=bool(head.playing and trace is not None), stop_at=head.stop_at, dur=int(SPEEDS[settings["speed"]]),
        ack=int(ack), nonce=nonce, win=None if trace is None else window(trace, t), chart=scene.chart,
        alt=scene.alt or figures.describe(points, trace, t, scene.moving, view), present=scene.present,
        gamma=None if scene.gamma is None else float(scene.gamma),
        stream=scene.stream if trace is not None else None,
        companion=scene.companion if trace is not None and "companion" in scene.moving else None,
        visits=trace is not None and getattr(trace, "settings", {}).get("algorithm") == "sgd",
        phone=_phone(points, view, scene, theme, phone) if scene.present and phone else None,
    )


def _phone(points, view, scene: Scene, theme: str, size: tuple[int, int | None]) -> protocol.Phone:
    """The plot as a phone draws it outside presenter mode: its height, its markers, words and colours."""
    return protocol.Phone(height=size[0], fill=size[1], colors=figures.palette(theme),
                          base=figures.base_figure(points, view, height=size[0], theme=theme, legend=scene.legend,
                                                   axis_titles=scene.axes))
