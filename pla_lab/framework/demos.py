"""A lesson's demo read from its link alone, outside the session: the run it shows and the steps a lecture's clicker
walks through it (the Lecture page's counts, and from a presented demo the one before it, opened at its last step).

The lesson's own code decides the run (its options, its settings, its example when the link has no points), run in
a detached state (:func:`pla_lab.framework.state.detached`), so nothing of the session showing the page changes,
and the run comes from the same cache as the lesson page's (one run id for one demo).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from pla_lab.framework import actions, model, notebook, shared, transfer
from pla_lab.framework.page import Page
from pla_lab.framework.state import detached
from pla_lab.words.text import count

#: A demo's default last step, counted from the step it opens at, for a run that neither ends nor cycles sooner
STEPS = 30


@dataclass(frozen=True)
class Span:
    """The steps a clicker shows of one demo: it opens at ``start`` and PageDown past ``last`` opens the next demo;
    ``end`` is the run's last step (the most ``last`` may be), ``why`` says how the default last step was chosen."""

    start: int
    last: int
    end: int
    why: str

    @property
    def presses(self) -> int:
        """PageDowns from the demo's first step to its last."""
        return self.last - self.start


def example(lesson) -> tuple:
    """(points, view, target f) of the example a lesson opens with when its link has no points (sidebar's seed)."""
    return lesson.presets[lesson.default_preset].build(int(shared.SHARED["seed"]))


def _open(lesson, params: dict[str, str]) -> None:
    """In a detached state: the lesson's state read from the link, as its page opens it."""
    shared.SHARED.setup(params)
    s = lesson.state
    s.setup(params)
    shared.release([k for k in s.link_keys() if k in params])  # the lesson's own keys, as frame.open_lesson
    if "pts" in s.fields and s["pts"] is None:  # the link has no points: the lesson's example, as the page opens it
        s["pts"], s["view"], f = example(lesson)
        if "f" in s.fields:
            s["f"] = f
    elif "pts" in s.fields and s["pts"]:  # a view that shows every point (frame's _complete)
        fit, view = model.fit_view(s["pts"]), s["view"]
        s["view"] = fit if view is None else (min(view[0], fit[0]), max(view[1], fit[1]), min(view[2], fit[2]),
                                              max(view[3], fit[3]))


def run_of(lesson, params: dict[str, str]):
    """(the run, the step the link opens at) of ``lesson``'s demo at this link (None for a lesson without steps)."""
    with detached():
        _open(lesson, params)
        s = lesson.state
        if "head" not in s.fields:  # a lesson without steps (Experiments) shows one picture
            return None, 0
        run = actions.current_run(lesson)
        return run, min(s["head"].t, run.T)


def _page(lesson) -> Page | None:
    """The page of the demo opened in the detached state (None for a lesson without points of its own)."""
    s = lesson.state
    if "pts" not in s.fields:  # a lesson without points of its own (Experiments) makes its notebook from its settings
        return None
    run = actions.current_run(lesson)
    t = min(s["head"].t, run.T) if "head" in s.fields else 0
    return Page(state=s, settings=lesson.run_settings(shared.values()), options=lesson.option_values(), run=run, t=t,
                theme="light")


def notebook_of(lesson, params: dict[str, str], link: str) -> str | None:
    """The notebook of ``lesson``'s demo at this link (:mod:`pla_lab.framework.notebook`; ``link``: the demo's own
    link, absolute, for its title), as *Download as a notebook* gives it on that page; None where it has none."""
    with detached():
        _open(lesson, params)
        page = _page(lesson)
        recipe = lesson.notebook(page)
        return None if recipe is None else notebook.write(lesson, page, recipe, link)


def exports_of(lesson, params: dict[str, str], link: str) -> dict[str, str]:
    """Every file the save box of ``lesson``'s demo at this link gives, by its file name's end (``points.csv``,
    ``run.json``, ``demo.ipynb``: those it offers there), and ``link``, the lesson's own link as its page writes it
    (query string)."""
    with detached():
        _open(lesson, params)
        page, out = _page(lesson), {"link": urlencode(shared.lesson_link(lesson))}
        if page is not None:
            s, points, trace = lesson.state, lesson.shown_points(page), lesson.saved_trace(page)
            target, notes = (s["f"] if "f" in s.fields else None), lesson.export_notes(page)
            if points:
                out["points.csv"] = transfer.points_csv(points, target=target, notes=notes)
            if trace is not None:
                out["run.json"] = transfer.run_json(trace, lesson=lesson.slug, target=target, notes=notes)
        recipe = lesson.notebook(page) if page is None or page.trace is not None else None
        if recipe is not None:
            out["demo.ipynb"] = notebook.write(lesson, page, recipe, link)
        return out


def default_last(trace, start: int, end: int) -> tuple[int, str]:
    """A demo's last step when the lecturer has not set one, and why: the run's end if it comes within
    :data:`STEPS` steps of the demo's first; for a run that cycles, the end of its first cycle (XOR: one period),
    or one period on from the first step if it opens past that; else :data:`STEPS` steps on."""
    if end - start <= STEPS:
        return end, "the run's end"
    cycle = getattr(trace, "cycle", None)
    if cycle:
        first, period = cycle
        last = first + period if start < first + period else start + period
        if last <= end:
            return last, f"one cycle of {period} update{'s' * (period != 1)}; the run goes on to {end:,}"
    return start + STEPS, f"{STEPS} of the run's {end:,} steps"


def span(lesson, params: dict[str, str], last: int | None = None) -> Span:
    """The steps a clicker shows of this demo (``last``: the lecturer's, None for the default; kept within the
    run)."""
    run, start = run_of(lesson, params)
    if run is None or run.trace is None:
        return Span(0, 0, 0, "no steps")
    end = run.T
    if last is not None:
        return Span(start, max(start, min(last, end)), end, f"set by hand; the run has {count(end, 'step')}")
    auto, why = default_last(run.trace, start, end)
    return Span(start, auto, end, why)
