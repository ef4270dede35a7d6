"""The one boundary between Python and the browser: what the plot component is sent, and what it sends back.

Python → browser: one :class:`Payload` per rerun (``data=[payload]`` of the ``pla_lab.plot`` component).
Browser → Python: one :class:`EventBatch` (the component's ``events`` trigger value). The JavaScript side
mirrors these types as JSDoc typedefs in ``pla_lab/drawing/plot/protocol.js``; both carry :data:`VERSION`.

Delivery rules
--------------
* **Python owns the state; the browser owns only what is on screen between two reruns.** The payload says which
  run is shown (``run``, an id of points + settings + options), the server's step ``t`` and the weights around
  it (``win``). The browser animates from what it shows to what it is sent.
* **``seq`` is a command counter.** The server raises it whenever *it* moves the step (Step/Back buttons without
  the browser, Epoch, Run, Reset, the scrubber, a new data set, Replay). An option or setting that makes a new run
  of the same points at the same step does not move it (nor does it raise ``seq``, unless the new run is shorter).
  A payload with a new ``seq`` means "animate to ``t``" (and, with ``playing``, play on from there to ``stop_at``
  or the end). A payload with the same ``seq`` leaves the browser where it is: it may be playing ahead of the
  server, or show a step pressed while the rerun ran. This holds for a new run too: with the same ``seq`` the
  browser shows the new run at its own step and, if that is not ``t``, reports it (a tick naming the new run).
* **Events are numbered and resent until acknowledged.** Each event gets the next ``id`` of its page load; the
  browser sends every event the server has not acknowledged yet with each new one, because two trigger values
  sent before one rerun starts overwrite each other. The server handles the events with ``id`` above the last
  one it handled (``ack``, echoed in every payload with the ``nonce`` it counts for) in order, and the browser
  drops what was acknowledged. A new page load (or a plot mounted again) has a new ``nonce`` and numbers from 1
  again; until the server has heard from it, payloads carry the old nonce's ack, which the browser ignores, and
  it sends its pending events again (a session's first nonce is one of the server's own, :func:`pla_lab.framework.inbox.session_nonce`,
  so a server started again sends a payload that differs from the one on screen and the browser learns that a
  rerun it sent meanwhile was dropped).
* **A tick** reports the step on screen: after Play advanced (about once a second, and when it stops), after a
  burst of Step/Back presses served in the browser (150 ms after the last), after a click on the chart.
  ``playing`` says whether the browser is still playing. A tick names its ``run`` and the last ``seq`` the
  browser acted on; a tick about a run the server has since replaced, or sent before the server's last move
  (a Reset pressed while a tick was on its way), is dropped: the server's move wins. (After a new run that kept
  the step, the browser reports its step again, naming the new run.) ``jump`` asks the server to send the
  weights around ``t`` (the browser does not have them): the server answers with a new ``seq``. A tick can stop
  Play but never start it (the browser plays only when told to): a tick sent while playing cannot undo a Pause.
  Until the browser has drawn the run that took a tick, its scrubber still shows the step before; a control pressed
  meanwhile sends that, and the server does not take it as a move of the step (in the run after the tick's).
* **A drag of w's tip** is drawn by the browser as it goes (the line turns about the arrow's foot); on release a
  ``setw`` event asks for a run that starts from that w, which the server shows from step 0 (with a new ``seq``).
* **A click** is drawn by the browser at once (an added point, a removed one hidden, a relabelled one moved to the
  other class) and then sent; the server applies it to its points and the rerun's payload replaces the browser's
  guess.
* **What wins when a click and a tick cross:** events are applied in ``id`` order, so neither is lost. A click
  that changes the points makes a new run, after which any older tick names a replaced run and is dropped:
  the new run is shown from step 0. After a pause, a payload that still says ``playing`` (the server answering
  a tick sent before the pause) is ignored until ``ack`` reaches the id of the pause's own tick.
"""

from __future__ import annotations

from typing import Literal, TypedDict

VERSION = 4

#: Things drawn from the weights, which move during an animation. A lesson picks some of them, in this order.
MOVING_LAYERS = ("shade", "disagree", "ghost", "boundary", "pocket", "w", "update", "circle", "normal", "distance",
                 "band", "stream", "companion", "chain")


class Window(TypedDict):
    """The weights around the current step: ``W[k]`` is w_{t0+k}; update t0+k is ``U[k]``, made from the points
    ``I[k]`` (one index for PLA, the whole set of mistakes for batch); ``P[k]`` the pocket ŵ_{t0+k} or None.
    W[k+1] = W[k] + U[k] up to the rounding noise shown as 0 (``text.clean_weights``), and U[k] = c·Σ_{n ∈ I[k]} yₙx̃ₙ:
    the "chain" layer draws that sum term by term."""

    t0: int
    W: list[list[float]]
    U: list[list[float]]
    I: list[list[int]]
    P: list[list[float]] | None
    c: float            # the factor of each used point's yₙx̃ₙ: η, or η/b when a batch of b points is averaged


class Target(TypedDict):
    """The target f (b, w₁, w₂) and the box its points were drawn from: the ``disagree`` layer hatches where
    the pocket ŵ and f disagree inside the box."""

    w: list[float]
    box: list[float]


class Companion(TypedDict):
    """Another run drawn with the shown one on the same points (the "companion" layer: its boundary, dashed, in
    its own colour): ``W[k]`` is its w_{t0+k} around the step (the same steps as the shown run's window); from its
    end ``T`` on it stays at ``last`` (it halted, or stopped at the cap). ``label`` names it in the legend; ``color``
    (a palette name or a CSS colour) and ``dash`` draw it (None: the palette's pocket colour, dashed); with
    ``arrows`` its w and its step wₜ₊₁ − wₜ are drawn as arrows too, at the shown run's scale, in its colour."""

    t0: int
    W: list[list[float]]
    T: int
    last: list[float]
    label: str
    color: str | None
    dash: str | None
    arrows: bool


class Series(TypedDict, total=False):
    name: str
    y: list[float]
    color: str          # a palette name ("pocket", "target", …) or a CSS colour
    width: float
    dash: str
    x: list[float]      # its own x (a bound drawn past the run); default: the chart's x
    panel: int          # which of the chart's panels (default 0)
    shape: str          # "hv" (steps, the default: a value holds until the next update) or "linear"
    live: bool          # drawn only up to the step shown (a stream's mistakes: its future is not known yet)


class Panel(TypedDict, total=False):
    """One of a chart's panels, stacked top to bottom over one t axis."""

    title: str
    y_title: str
    y_format: str
    hover_format: str
    ymin: float
    ymax: float


class Mark(TypedDict):
    """A labelled vertical line across every panel (e.g. where the proof's bound forces a halt)."""

    x: float
    text: str


class Chart(TypedDict):
    """A chart beside the plot, over the updates: series sampled at ``x``, a marker at the shown step, a click
    goes to that update. Title and axis format come from the lesson's declaration."""

    key: str            # changes when the data change (the browser redraws only then)
    title: str
    x_title: str
    y_title: str
    y_format: str       # a d3 format, e.g. ".0%"
    hover_format: str
    x: list[int]
    series: list[Series]
    T: int
    ymax: float
    height: int
    alt: str
    panels: list[Panel] | None  # stacked panels (None: one, from y_title, y_format, hover_format and ymax)
    xmax: float | None          # the t axis's end (None: just past T)
    marks: list[Mark]
    t_per_x: int                # steps per unit of x (the online stream: 2, a prediction and its reveal)


class Arrivals(TypedDict):
    """The online perceptron's stream around the step shown, two steps per arrival (2k: arrival k is predicted, its
    label hidden; 2k+1: revealed): arrival k0+j shows point ``shown[j]``, predicted ``pred[j]`` (+1, −1, or 0: a
    tie), a mistake when ``wrong[j]``; ``first[i]``: the arrival at which point i first comes (before: faint)."""

    k0: int
    shown: list[int]
    pred: list[int]
    wrong: list[bool]
    first: list[int]


class Phone(TypedDict):
    """In presenter mode, what a phone draws instead of the payload's own (presenter mode is for a projector; a
    student opening a presenter's link on a phone gets the plot as a phone draws it outside presenter mode)."""

    height: int
    fill: int | None
    colors: dict[str, str]
    base: dict


class Payload(TypedDict):
    version: int
    run: str                    # the run id; "" with no run
    margins: dict[str, list[float]]  # px round the plot area on a wide page, in presenter mode, on a phone: left,
                                # right, top with one legend row, bottom, each further row (picture.MARGINS)
    height: int                 # px; the least height with ``fill``
    fill: int | None            # px left under the plot when it grows to the screen's height (None: fixed height)
    colors: dict[str, str]      # the palette of the Streamlit theme
    view: list[float]           # xmin, xmax, ymin, ymax
    grid: float                 # clicks snap to this
    cls: int                    # the class a click adds (+1 or −1); shift-click adds the other
    relabel: bool               # clicks on a point relabel it (the relabel mode) rather than remove it
    viewonly: bool              # view only: a click on the plot steps (as Step does) and edits nothing
    local: bool                 # a demo of its own (the home page's): played and stepped by its own buttons under
                                # it, in the browser alone; it tells the server nothing
    points: list[list[float]]   # x, y, label (the labels the run learned from)
    numbers: list[str] | None   # each point's number (its index) is written on this side of its marker (a plotly
                                # textposition: drawing/numbers.py); None: above numbers.CAP points
    base: dict                  # the static figure: {"data": point traces (meta "points", customdata = the
                                # point's index: a click's removal is echoed by it), "layout": axes}
    layers: dict[str, list[dict]]  # static plotly traces {"below": [...], "above": [...]} (f, certificate, …)
    moving: list[str]           # which of MOVING_LAYERS to draw
    labels: dict[str, str]      # legend names of moving layers; a layer is in the legend iff it has one
    target: Target | None
    pick: int | None            # the point whose signed distance to the boundary the "distance" layer draws
    sign0: int | Literal["both"] | None  # what a constant prediction (w₁ = w₂ = 0, b = 0) predicts ("both": right for
                                          # either class; None: wrong for both)
    T: int
    t: int
    seq: int
    playing: bool
    stop_at: int | None
    dur: int                    # ms an update takes while playing
    ack: int                    # the id of the last event the server handled …
    nonce: str | None           # … of the page load with this nonce (another page load's ack means nothing)
    win: Window | None
    chart: Chart | None
    alt: str
    present: bool               # presenter mode: lines 1.5× as wide, the chart narrower beside the plot
    phone: Phone | None         # in presenter mode, what a phone draws instead (None outside it)
    gamma: float | None         # the margin perceptron's γ: the "band" layer shades where y·wᵀx̃/‖w‖ < γ/2 for
                                # either label (None: no band)
    stream: Arrivals | None     # the online perceptron's arrivals (the "stream" layer), or None
    companion: Companion | list[Companion] | None  # other runs drawn beside the shown one (the "companion" layer)
    visits: bool                # each step visits one point and may leave w as it is (SGD): the words say
                                # "visited", not "wrong"


class Click(TypedDict):
    id: int
    kind: Literal["click"]
    x: float
    y: float
    remove: int | None          # index of the point clicked (it is removed), counted after the events before it
                                # are applied; or None: add a point at (x, y)
    other: bool                 # shift-click: the other class
    flip: bool                  # with ``remove``: relabel that point (Alt-click, or the relabel mode) instead


class Tick(TypedDict, total=False):
    id: int
    kind: Literal["tick"]
    t: int
    playing: bool
    run: str
    seq: int                    # the last seq the browser acted on: a tick from before a server move is dropped
    jump: bool


class SetW(TypedDict):
    """The arrow w's tip dragged: the run starts from this w (b, w₁, w₂), shown from step 0."""

    id: int
    kind: Literal["setw"]
    w: list[float]


class EventBatch(TypedDict):
    version: int
    nonce: str
    events: list[Click | Tick | SetW]
