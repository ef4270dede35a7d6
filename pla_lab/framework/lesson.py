"""What a lesson is: a small declaration, rendered by one of two kinds of page.

A :class:`~pla_lab.framework.replay.ReplayLesson` replays a trace step by step (PLA, Noise & Pocket, XOR, Why PLA halts): it declares its examples, its
options, which moving layers the plot draws, an optional chart beside the plot, its words, and
``compute(points, settings, options)``, which calls ``pla_core``. A :class:`StudyLesson` has no step (many runs
summarised at once): it declares ``compute`` and ``show``. Everything else (the page's state and link, the point
tools, the plot component, the controls, the sidebar) is shared and comes from :mod:`pla_lab.framework.widgets`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pla_core
from pla_lab.framework import checks, frame, links, protocol, widgets
from pla_lab.framework import settings as S
from pla_lab.framework.model import Preset
from pla_lab.framework.page import Page
from pla_lab.framework.say import st
from pla_lab.framework.state import Field, PageState, linked


@dataclass(frozen=True)
class ChartSpec:
    """A chart beside the plot over the updates; ``compute`` puts its series in ``extras["chart"]``
    (:func:`pla_lab.drawing.figures.series_chart`)."""

    title: str
    y_title: str
    y_format: str = ".0%"
    hover_format: str = ".1%"
    x_title: str = "update t"

    def payload(self, data: dict, *, key: str, height: int) -> protocol.Chart:
        data = {"panels": None, "xmax": None, "marks": [], "t_per_x": 1, **data}
        return protocol.Chart(key=key, title=self.title, x_title=self.x_title, y_title=self.y_title,
                              y_format=self.y_format, hover_format=self.hover_format, height=height, **data)


class Lesson:
    """What both kinds of lesson declare."""

    slug: str = ""
    title: str = ""
    icon: str = ""
    heading: str = ""
    presets: dict[str, Preset] = {}
    default_preset: str = ""
    options: tuple[S.Setting, ...] = ()     # the lesson's own options: widgets, kept in the link
    run_options: tuple[str, ...] | None = None  # options that change the run (None: all); others only redraw
    on_option_change: str = "keep_step"     # or "restart": what a changed run option does to the step
    fields: tuple[Field, ...] = ()          # more state the lesson keeps (e.g. the target f)
    guide: str = ""        # the folded "What to look at, what to try" box under the words (Markdown)
    guide_open: bool = False  # the guide's box unfolded on arrival
    # On the course's path (a lesson without a goal, e.g. a test's, is off it): one line saying what it shows, what
    # to have seen first, about how many minutes, the goal under its heading, and what to look at on its first screen
    summary: str = ""
    needs: str = ""
    minutes: int = 0
    goal: str = ""
    look: str = ""  # ONE line under the plot on the first screen, "Look at: …" (not the guide, the folded box)
    #: How a sidebar setting reads on this lesson where the shared words describe another algorithm: {key: (its
    #: explanation, {value: label})}; the setting, its values and the link stay the shared ones (SGD visits points)
    setting_words: dict[str, tuple[str, dict[str, str]]] = {}
    #: (previous lesson, next lesson) along the registry's order, None at either end; set by :func:`nav.chain`
    neighbours: tuple | None = None

    def compute(self, points: list, settings: dict, options: dict) -> tuple[Any, dict]:
        """(trace or result, extras) for these points; called once per run id, shared by every session."""
        raise NotImplementedError

    #: The box that adds the demo to a lecture (framework/lecture_box.add_box): open or not, the caption, Add
    LECTURE_FIELDS = (Field("lecture", False, widget=True), Field("caption", "", widget=True), Field("add", stored=False))

    def all_fields(self) -> tuple[Field, ...]:
        base = (
            linked(links.POINTS, undo=True), linked(links.VIEW, undo=True), linked(links.AXES, undo=True),
            Field("cls", "+1", widget=True), Field("preset", None, widget=True), Field("share", False, widget=True),
            Field("transfer", False, widget=True), Field("upload", stored=False), Field("loaded"),
            *self.LECTURE_FIELDS,
            Field("undo_stack", list), Field("msgs", list), Field("toast"), Field("code"),
        )
        return base + tuple(linked(o, widget=o.widget is not None) for o in self.options) + self.fields

    @cached_property
    def state(self) -> PageState:
        return PageState(self.slug, self.all_fields())

    def option_values(self) -> dict:
        return {o.key: self.state[o.key] for o in self.options}

    def own_settings(self) -> tuple[str, ...]:
        """The sidebar settings this lesson sets itself: its options named like one (the Pocket's order)."""
        return tuple(o.key for o in self.options if o.key in S.SETTINGS)

    def run_settings(self, values: dict) -> dict:
        """The shared settings as this lesson runs them: its own options replace the sidebar's of the same name (a
        setting it sets some other way, without an option of that name, is passed on as the sidebar has it)."""
        own = self.own_settings()
        return {**values, **{k: self.state[k] for k in own if k in self.state.fields}} if own else values

    def toolbar(self) -> None:
        """Beside the point tools, above the lesson."""

    def shown_points(self, page: Page) -> list:
        """The points as drawn and saved, with the labels the run learned from (the Pocket page's are noisy)."""
        return page.points

    def saved_trace(self, page: Page):
        """The run saved as JSON: the page's trace when it is a ``pla_core.Trace`` (a study lesson's result is
        not), else None."""
        return page.trace if isinstance(page.trace, pla_core.Trace) else None

    def questions(self, page: Page) -> list:
        """Check yourself: the :class:`pla_lab.framework.checks.Question` list about the run shown, computed from it (see
        :mod:`pla_lab.framework.checks` for how to declare them)."""
        return []

    def notebook(self, page: Page):
        """How the run is made in code, for *Download as a notebook*: a :class:`pla_lab.framework.notebook.Recipe`
        (``notebook.pla_recipe()`` for a lesson that runs plain PLA), or None (no notebook: no button)."""
        return None

    def export_notes(self, page: Page) -> list[str]:
        """Lines said in the saved files (CSV comments, the run's meta): e.g. which labels the run learned from."""
        return []

    def render(self) -> None:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.slug!r})"


class StudyLesson(Lesson):
    """A lesson without steps: it computes once for its points, settings and options, and shows the result
    (e.g. many runs as histograms). ``show(page)`` draws it; ``page.run.trace`` holds what ``compute`` returned."""

    def show(self, page: Page) -> None:
        raise NotImplementedError

    def toolbar(self) -> None:
        widgets.option_widgets(self)

    def render(self) -> None:
        frame.open_lesson(self)
        page = frame.current_page(self)
        if page.trace is None:
            st.info(page.run.reason)
        else:
            self.show(page)
            checks.show(self, page)
        frame.close_lesson(self, page)
