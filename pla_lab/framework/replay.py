"""The kind of lesson that replays a trace step by step (PLA, Noise & Pocket, XOR, Why PLA halts): the plot
component, the transport controls, the chart beside the plot, the words beside it, and presenter mode. A lesson
declares its layers, options and words (:mod:`pla_lab.framework.lesson`); everything here is shared."""

from __future__ import annotations


from pla_lab.framework import inbox, links, protocol, widgets
from pla_lab.framework.lesson import ChartSpec, Lesson, Page
from pla_lab.framework.replay_page import ReplayPage
from pla_lab.framework.say import st
from pla_lab.framework.state import Field, button, linked
from pla_lab.words import explain

class ReplayLesson(ReplayPage, Lesson):
    """A lesson that replays a trace step by step, with the plot component and the transport controls."""

    #: What moves with w, from protocol.MOVING_LAYERS, in drawing order.
    moving: tuple[str, ...] = ("shade", "ghost", "boundary", "w", "update", "circle")
    labels: dict[str, str] = {}             # legend names of moving layers
    legend: dict = {}                       # changes to the plot's legend (font, item width)
    chart: ChartSpec | None = None
    wide: bool = False                      # plot (and chart) across the page, the numbers below it
    plot_height: int = 410  # with the rows above and Back/Step/Play and the scrubber under it: 720 px
    to_end: str = "Run"                     # the button that plays the run to its end (named by the verdicts)

    def all_fields(self) -> tuple[Field, ...]:
        return super().all_fields() + (
            linked(links.HAND, undo=True), Field("hand_text", "", widget=True), button("hand_off"),
            Field("hand_box", False, widget=True),
            Field("head", _playhead, link=links.STEP, undo=True), Field("scrub", 0, widget=True),
            Field("plot", stored=False), Field("inbox", lambda: (inbox.session_nonce(), 0)), Field("events_now", False),
            Field("echo"))

    def run_settings(self, values: dict) -> dict:
        """…and a w set by hand replaces w₀ (its bias weight 0 when no bias is learned)."""
        values, hand = super().run_settings(values), self.state["wh"]
        if hand is None:
            return values
        return {**values, "w0": (hand[0] if values["bias"] else 0.0, hand[1], hand[2])}

    # -- hooks a lesson may override --------------------------------------------------------------------------

    def moving_layers(self, page: Page) -> tuple[str, ...]:
        """The moving layers drawn at this rerun (``moving``, unless the lesson's state changes them)."""
        return self.moving

    def legend_names(self, page: Page) -> dict[str, str]:
        """The legend names of the moving layers at this rerun (``labels``, unless the lesson's state changes them)."""
        return self.labels

    def companion(self, page: Page) -> protocol.Companion | list[protocol.Companion] | None:
        """Other runs drawn beside the shown one by the "companion" layer (:func:`pla_lab.framework.payload.companion`,
        :func:`~pla_lab.framework.payload.companion_line`): one, or a list."""
        return None

    def layers(self, page: Page) -> dict[str, list[dict]]:
        """Static plotly traces under and over the points (the target f, a certificate…)."""
        return {}

    def target(self, page: Page) -> protocol.Target | None:
        return None

    def pick(self, page: Page) -> int | None:
        """The point whose distance to the boundary the "distance" layer draws."""
        return None

    def gamma(self, page: Page) -> float | None:
        """The margin perceptron's γ, whose band the "band" layer draws around each wₜ (None: no band)."""
        return None

    def arrivals(self, page: Page) -> protocol.Arrivals | None:
        """The online perceptron's arrivals around the step shown, for the "stream" layer."""
        return None

    def alt(self, page: Page) -> str | None:
        """The plot's alt text, when the lesson words it itself (None: :func:`pla_lab.drawing.figures.describe`)."""
        return None

    def toolbar(self) -> None:
        """Beside the point tools: Epoch, Run, Reset."""
        widgets.jumps(self)

    def panel(self, page: Page) -> None:
        """Beside (or under) the plot: the words and numbers of the step shown."""
        if page.trace is None:
            st.info(page.run.reason)
        else:
            extras = page.run.extras
            st.markdown(explain.verdict(page.trace, page.t, separable=extras.get("separable"), go=self.to_end,
                                        with_bias=extras.get("with_bias")) + "\n\n" + explain.step_numbers(page.trace, page.t))

    def present_panel(self, page: Page) -> None:
        """Presenter mode's numbers: what a class reads from the back of the room, all of it on the screen at 1280×720
        and 1920×1080 (the lecturer says the rest; the full words are a click on *Leave presenter mode* away). The
        lesson's panel unless the lesson says less."""
        self.panel(page)

    def showing(self, page: Page) -> str | None:
        """Above the numbers, one line saying what the plot draws at this step (which w each line is, which update
        the circle and the dashed arrow belong to); the plot's alt text says the same."""
        if page.trace is None:
            return None
        return explain.showing(page.trace, page.t, self.moving_layers(page), page.state["view"])

    def under_transport(self, page: Page) -> None:
        """Under Back/Step/Play in the wide layout."""



def _playhead():
    from pla_lab.framework.playhead import Playhead

    return Playhead()
