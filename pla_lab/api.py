"""What a lesson may import: everything here, ``pla_core``, and the modules of its own folder. Nothing else.

A lesson is a folder ``pla_lab/lessons/<slug>/`` whose ``<slug>_lesson.py`` declares one class and one instance,
listed in the registry (:mod:`pla_lab.lessons`), with a two-line page ``pages/<slug>.py``. docs/adding-a-lesson.md
walks through adding one; read this module and one sibling lesson (``lessons/pla`` is the smallest replay,
``lessons/batch`` one with a chart and its own options, ``lessons/experiments`` a study).

**The two kinds of lesson.**

- :class:`ReplayLesson` replays a run step by step: the plot, Back/Step/Play, the scrubber, presenter mode and the
  link all come with it. It declares ``slug, title, icon, heading``; its place on the course's path (``summary``,
  ``needs``, ``minutes``, ``goal``) and ``look`` (ONE line, "Look at: …", under the plot on its first screen; not
  ``guide``, the longer folded "What to look at, what to try" box under the words); ``presets`` (examples, as
  :class:`Preset`, with ``default_preset``); ``options`` (its own :class:`Setting` widgets, kept in the link);
  ``moving`` (the layers drawn from the weights, below); ``chart`` (a :class:`ChartSpec` beside the plot, fed by
  ``extras["chart"]``); and ``compute(points, settings, options) -> (trace, extras)``, which calls ``pla_core``
  (``runs.pla(points, settings)`` is PLA with the sidebar's settings) and is cached per run for every session. Its
  hooks, each given the :class:`Page` of the rerun (``page.trace``, ``page.t``, ``page.run.extras``,
  ``page.options``, ``page.state``): ``panel`` (the words beside the plot; the default says the verdict and the
  step's numbers), ``questions`` (Check yourself: a list of :class:`Question`), ``layers`` (static Plotly traces),
  ``companion``, ``gamma``, ``arrivals``, ``pick``, ``target`` (what feeds a moving layer), ``toolbar``,
  ``under_transport``, ``alt``, ``export_notes``, ``notebook`` (*Download as a notebook*: a :class:`Recipe`,
  ``pla_recipe()`` for plain PLA; none, no button). A hook that reads ``page.run.extras`` first checks
  ``page.trace is not None``: *Clear* leaves no run (tests/ui/test_every_lesson_edges.py walks every lesson there).
- :class:`StudyLesson` has no step: ``compute`` once, ``show(page)`` draws the result (e.g. a thousand runs).

**Moving layers** (``moving``, in drawing order; :data:`MOVING_LAYERS` lists them), animated by the browser from
the run's window of weights. Most need nothing but the trace: ``shade`` (the sides), ``ghost`` (the previous
line), ``boundary``, ``w`` (the normal vector), ``update`` (η·y·x̃), ``circle`` (the point used), ``normal`` and
``distance`` (the line's geometry; ``distance`` draws ``pick(page)``'s point), ``disagree`` (the region where the
line and ``target(page)``'s f differ), ``pocket`` (a Pocket trace's ŵ), ``chain`` (a batch update's summands). The
others are fed by a hook: ``band`` by ``gamma(page)`` (a margin's band), ``stream`` by ``arrivals(page)`` (an
:class:`Arrivals` of points arriving one by one), ``companion`` by ``companion(page)``: a second line drawn beside
the run's at every step, from another run's trace (:func:`companion`) or from any sequence of weights w₀ … w_T over
the same steps (:func:`companion_line`).

**Words.** Text is Markdown built from the run: :func:`num`, :func:`vec`, :func:`sub`, :func:`plural` and
:func:`count` ("1 update", "3 updates": every count agrees with its number),
:func:`term` (a glossary link), :func:`literal` (text a user typed, shown as text); :mod:`explain` (the verdict and
the step's numbers every replay says), :mod:`halt_words` (what a run's end means), the notes by their names
(:data:`CREDIT`, :data:`HAND`, :data:`COS495`, :data:`PRESS`, :data:`STEP`). A sentence stating a fact about the run
is computed from it, and tested. Draw with :data:`st` (Streamlit, with the app's checks on what is written).

**Controls and state.** :mod:`widgets` (``option_widgets(lesson)`` draws the options; ``setting_widget``,
``run_n``, ``reset_button``), :mod:`actions` (what a widget's ``on_change`` calls: ``option_changed``, ``move``,
``load_preset``, ``play_cycle``, ``current_run``), :class:`Field`, :func:`button`, :func:`linked` (more state a
lesson keeps, in its link or not), :mod:`links` (shared link keys such as ``TARGET``), :mod:`shared` (the sidebar's
settings), :mod:`model` (points as arrays, views, axis names), :mod:`figures` (the palette and chart helpers).
"""

from __future__ import annotations

from pla_lab.drawing import figures
from pla_lab.drawing.figures import CHART_POINTS, palette, sample_steps
from pla_lab.framework import (actions, checks, frame, links, look, model, notebook, payload, protocol, questions, runs,
                               shared, widgets)
from pla_lab.framework import settings as S
from pla_lab.framework.checks import Question
from pla_lab.framework.codec import MAX_POINTS, encode_points
from pla_lab.framework.lesson import ChartSpec, StudyLesson
from pla_lab.framework.model import CREDIT_VIEW, DEFAULT_VIEW, FixedPreset, Preset
from pla_lab.framework.notebook import Recipe, pla_recipe
from pla_lab.framework.page import Page
from pla_lab.framework.parsers import Setting, choice, digits, dump12, dump_bool, dump_w0, number, parse_bool, parse_w0
from pla_lab.framework.payload import WINDOW_AHEAD, WINDOW_BACK, companion, companion_line
from pla_lab.framework.protocol import MOVING_LAYERS, Arrivals
from pla_lab.framework.questions import at_cap, next_point, score_moves, will_halt, wrong_points
from pla_lab.framework.replay import ReplayLesson
from pla_lab.framework.say import st
from pla_lab.framework.settings import ORDER_LABELS, SIGN_ZERO, SIGN_ZERO_LABELS
from pla_lab.framework.state import Field, button, linked
from pla_lab.framework.widgets import setting_widget
from pla_lab.words import explain, halt_words, notes, text
from pla_lab.words.explain import ahead, cap_reason, not_yet, reached, scale_text, verdict
from pla_lab.words.notes import COS495, CREDIT, HAND, PRESS, STEP
from pla_lab.words.text import clean_weights, cls, count, literal, num, par, pct, plural, sub, term, vec

__all__ = [
    # the kinds of lesson and what their hooks see and return
    "ReplayLesson", "StudyLesson", "Page", "ChartSpec", "Question", "Preset", "FixedPreset", "DEFAULT_VIEW",
    "CREDIT_VIEW",
    # options and state
    "Setting", "choice", "digits", "number", "parse_bool", "dump_bool", "dump12", "dump_w0", "parse_w0",
    "Field", "button", "linked", "S", "ORDER_LABELS", "SIGN_ZERO", "SIGN_ZERO_LABELS", "MAX_POINTS", "encode_points",
    # runs, controls and the page's parts
    "runs", "actions", "widgets", "setting_widget", "model", "shared", "links", "frame", "look", "checks",
    "questions", "at_cap", "next_point", "score_moves", "will_halt", "wrong_points",
    # the demo as a notebook (a lesson's notebook hook)
    "notebook", "Recipe", "pla_recipe",
    # moving layers and the hooks that feed them
    "MOVING_LAYERS", "protocol", "payload", "Arrivals", "companion", "companion_line", "WINDOW_BACK", "WINDOW_AHEAD",
    # drawing
    "figures", "palette", "sample_steps", "CHART_POINTS",
    # words
    "st", "text", "explain", "halt_words", "notes", "COS495", "CREDIT", "HAND", "PRESS", "STEP",
    "ahead", "cap_reason", "not_yet", "reached", "scale_text", "verdict",
    "clean_weights", "cls", "count", "literal", "num", "par", "pct", "plural", "sub", "term", "vec",
]
