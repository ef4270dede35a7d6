"""How a replay lesson's page is laid out (:class:`ReplayPage`, which :class:`~pla_lab.framework.replay.ReplayLesson`
inherits): the plot and Back/Step/Play, the words beside or under them, the guide, presenter mode's layout, and the
boxes of words keyed by the step they are about. The lesson's hooks (``panel``, ``showing``, ``toolbar``…) fill it."""

from __future__ import annotations

from contextlib import contextmanager

from pla_lab.framework import checks, frame, lecture_box, look, shared, style, widgets
from pla_lab.framework.page import Page
from pla_lab.framework.say import st

PRESENT_HEIGHT = 620  # px of the plot in presenter mode, at 1280×720 with the sidebar closed
PRESENT_FILL = 24  # on a taller screen it grows to the fold (the transport is beside it)
# A wide lesson's plot and chart, with its numbers under them in a box of their own that ends at the fold: the plot
# leaves it this much room (its gap included), and on a screen where the width holds the plot smaller, all of it.
PRESENT_WORDS = 186  # px under the plot (gap included): at 1920×1080 the width holds the plot to ~840 px anyway
PRESENT_WIDE = 430  # px of the plot at least (a screen too short for both then scrolls)



class ReplayPage:
    """The page of a replay lesson, drawn from the lesson's declaration and hooks."""

    #: In presenter mode a lecture's bar sits under the heading in the column of controls, in one row with Dark and
    #: Leave presenter mode (lecture_box.deck_bar): it costs the plot, its numbers and the controls nothing.
    deck_bar_beside = True

    def render(self) -> None:
        frame.open_lesson(self)
        st.fragment(self._live)()

    def _live(self) -> None:
        """What changes at every click, step and play: it reruns alone, without the sidebar and the rows above."""
        page = frame.current_page(self)
        shown = None  # the plot's payload, in presenter mode: its picture goes with a question asked of the class
        if shared.SHARED["present"]:
            shown = self._present(page)
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
        checks.show(self, page, shown)  # after the words, in presenter mode too (under the screen: the room's questions)
        frame.close_lesson(self, page)

    def _present(self, page: Page) -> dict:
        """Presenter mode at 1280×720: the plot takes most of the screen, Back/Step/Play stay in view beside it, then
        the numbers (a wide lesson's plot and chart leave its numbers a box under them, and every control of the
        lesson is in the column beside them); the guide and the point tools wait until it is left. Returns the plot's
        payload."""
        if self.wide:  # the plot and its chart beside the controls, every one of the lesson's within reach
            left, right = st.columns((2.4, 1), gap="small")
            with left.container(key=style.MAIN):
                shown = widgets.plot(self, page, height=PRESENT_WIDE, fill=PRESENT_WORDS)
                words = st.container(key=widgets.WORDS)
            side = right.container(key=widgets.SIDE)
        else:
            left, right = st.columns((1.9, 1.35), gap="medium")
            with left:
                shown = widgets.plot(self, page, height=PRESENT_HEIGHT, fill=PRESENT_FILL)
            side = right.container(key=widgets.COLUMN)
        with side:
            st.markdown(f"#### {self.heading}")
            # a lecture's place and its demos before and after, in the row of Dark and Leave presenter mode
            lecture = lecture_box.deck_bar(self, here=True, beside_it=(frame.theme_button, frame.present_button))
            if self.wide and not lecture:  # above the lesson's controls, which may end in words (Batch's rule)
                self._modes([1, 2.4])
            widgets.transport(self, page)
            self.toolbar()
            if self.wide:
                with said(page, "under"):
                    self.under_transport(page)
            else:
                if not lecture:
                    self._modes([1, 1.6])
                words = st.container(key=widgets.WORDS)
        with words, said(page):
            self.present_panel(page)
        return shown

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
