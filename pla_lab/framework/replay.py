"""The kind of lesson that replays a trace step by step (PLA, Noise & Pocket, XOR, Why PLA halts): the plot
component, the transport controls, the chart beside the plot, the words beside it, and presenter mode. A lesson
declares its layers, options and words (:mod:`pla_lab.framework.lesson`); everything here is shared."""

from __future__ import annotations

from contextlib import contextmanager

from pla_lab.framework import checks, frame, inbox, links, look, protocol, shared, widgets
from pla_lab.words import explain
from pla_lab.framework.lesson import ChartSpec, Lesson, Page
from pla_lab.framework.say import st
from pla_lab.framework.state import Field, button, linked

PRESENT_HEIGHT = 620  # px of the plot in presenter mode, at 1280×720 with the sidebar closed
PRESENT_FILL = 24  # on a taller screen it grows to the fold (the transport is beside it)
# A wide lesson's plot and chart, with its numbers under them in a box of their own that ends at the fold (on any
# screen: the plot leaves it this much room), so no line of them is cut by the screen's edge.
PRESENT_WORDS = 124  # px of that box: four lines of presenter mode's words
PRESENT_WIDE = 430  # px of the plot at least, on a screen too short for it to fit (it then scrolls)


class ReplayLesson(Lesson):
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
            Field("plot", stored=False), Field("inbox", lambda: (inbox.session_nonce(), 0)), Field("events_now", False))

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

    def companion(self, page: Page) -> protocol.Companion | None:
        """A second run drawn beside the shown one by the "companion" layer (:func:`pla_lab.framework.payload.companion`)."""
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

    def showing(self, page: Page) -> str | None:
        """Above the numbers, one line saying what the plot draws at this step (which w each line is, which update
        the circle and the dashed arrow belong to); the plot's alt text says the same."""
        if page.trace is None:
            return None
        return explain.showing(page.trace, page.t, self.moving_layers(page), page.state["view"])

    def under_transport(self, page: Page) -> None:
        """Under Back/Step/Play in the wide layout."""

    # -- the page ---------------------------------------------------------------------------------------------

    def render(self) -> None:
        frame.open_lesson(self)
        st.fragment(self._live)()

    def _live(self) -> None:
        """What changes at every click, step and play: it reruns alone, without the sidebar and the rows above."""
        page = frame.current_page(self)
        if shared.SHARED["present"]:
            self._present(page)
        elif self.wide:
            widgets.plot(self, page)
            left, right = st.columns(widgets.WIDTHS, gap="medium")
            with left:
                widgets.transport(self, page)
                with said(page, "under"):
                    self.under_transport(page)
            with right:
                look.show(self)
                self._words(page)
            self._guide()
        else:
            left, right = st.columns(widgets.WIDTHS, gap="medium")
            with left:
                widgets.plot(self, page)
                widgets.transport(self, page)
            with right:
                look.show(self)
                self._words(page)
                self._guide()
        checks.show(self, page)  # after the words, in presenter mode too (under the screen: the room's questions)
        frame.close_lesson(self, page)

    def _present(self, page: Page) -> None:
        """Presenter mode at 1280×720: the plot takes most of the screen, Back/Step/Play stay in view beside it, then
        the numbers (a wide lesson's plot and chart leave its numbers a box under them, and every control of the
        lesson is in the column beside them); the guide and the point tools wait until it is left."""
        if self.wide:  # the plot and its chart beside the controls, every one of the lesson's within reach
            left, right = st.columns((2.4, 1), gap="small")
            with left:
                widgets.plot(self, page, height=PRESENT_WIDE, fill=PRESENT_WORDS + 20)  # the gap under it, and a spare px
                words = st.container(height=PRESENT_WORDS, border=False, key=widgets.WORDS)
            side = right.container(key=widgets.SIDE)
        else:
            left, right = st.columns((1.9, 1.35), gap="medium")
            with left:
                widgets.plot(self, page, height=PRESENT_HEIGHT, fill=PRESENT_FILL)
            side = right.container(key=widgets.COLUMN)
        with side:
            st.markdown(f"#### {self.heading}")
            if self.wide:  # above the lesson's controls, which may end in words (Batch's rule)
                self._modes([1, 2.4])
            widgets.transport(self, page)
            self.toolbar()
            if self.wide:
                with said(page, "under"):
                    self.under_transport(page)
            else:
                self._modes([1, 1.6])
                words = st.container(key=widgets.WORDS)
        with words, said(page):
            self.panel(page)

    @staticmethod
    def _modes(widths) -> None:
        """Light or dark, and leaving presenter mode."""
        light, show = st.columns(widths)
        frame.theme_button(light)
        frame.present_button(show)

    def _words(self, page: Page) -> None:
        with said(page):
            line = self.showing(page)
            if line:
                st.caption(line)
            self.panel(page)

    def _guide(self) -> None:
        if self.guide:
            with st.expander("What to look at, what to try", expanded=self.guide_open):
                st.markdown(self.guide)


@contextmanager
def said(page: Page, box: str = "words"):
    """A box of words about step t of this run, opened and closed by empty markers keyed with that step. The plot
    shows the text in it only while it draws that step at rest (pla_lab/drawing/plot/said.js): the words reach the page at
    once, the picture follows them in an animation, and words about a step still to come would lead it. A rerun
    replaces the box's elements one by one, in order: a new first marker says at once that new words are coming, and
    only with the new last marker is every element before it new (what follows it is left from the rerun before).
    "words" holds the lesson's words (and, while they wait, the step the plot draws); "under" the words under
    Back/Step/Play."""
    run = page.run.id if page.trace is not None else ""
    with st.container(key=f"said-{box}"):
        st.container(key=step_key(box, run, page.t, end=False)).empty()
        yield
        st.container(key=step_key(box, run, page.t)).empty()


def step_key(box: str, run: str, t: int, *, end: bool = True) -> str:
    """A marker's key for step t of run ``run`` ("" with no run) in a box, the last one (or the first): said.js's
    markKey builds the same."""
    return f"{'step' if end else 'from'}-{box}-{run or 'none'}-{t}"


def _playhead():
    from pla_lab.framework.playhead import Playhead

    return Playhead()
