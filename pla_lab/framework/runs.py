"""Runs: a lesson's ``compute`` on its points, the shared settings and its options, once per run id.

The run id is a hash of the lesson, the points (as the link encodes them), the pla_core keyword arguments and the
options that change the run; every session showing the same demo shares the one cached result, read-only.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S


@dataclass(frozen=True)
class Run:
    """What a lesson shows: its trace (None when there is nothing to run, with the reason), the run id, and what
    the lesson computed besides (noisy labels, E_out, the separability certificate…; for a run stopped at the cap,
    ``extras["separable"]``, see :func:`separable`)."""

    trace: Any
    reason: str | None
    id: str
    extras: dict = field(default_factory=dict)

    @property
    def T(self) -> int:
        return 0 if self.trace is None else len(self.trace)


@st.cache_resource(max_entries=128, show_spinner=False)
def _compute(run_id: str, _lesson, _code: str, _kwargs: tuple, _options: tuple) -> tuple:
    pts, _ = C.decode_points(_code)
    trace, extras = _lesson.compute(pts, dict(_kwargs), dict(_options))
    if getattr(trace, "stop", None) == "max_updates" and not trace.cycle:
        extras = {**extras, "separable": separable(trace)}
        if not trace.settings["bias"] and extras["separable"] is not True:  # only lines through the origin tested
            extras["with_bias"] = pla_core.is_separable(trace.X, trace.y, bias=True)
    return trace, extras


def separable(trace) -> bool | None:
    """For a run stopped at the cap: whether a line (a plane, for a lifted run) separates the points it learned
    from, by the exact LP, so the words can say why it stopped. None when the LP cannot say, or when its answer
    would not settle it: without a bias and with sign(0) = ±1, points lying on the line count as right, so PLA may
    halt on points no line separates strictly; nor with "both", where a tie is right for both classes (w = 0 is)."""
    sep = pla_core.separability(trace.X, trace.y, bias=trace.settings["bias"])
    if sep.separable:
        return True
    sz = trace.settings["sign_zero"]
    if sep.certificate is None or sz == "both" or (not trace.settings["bias"] and sz is not None):
        return None
    return False


def run_id(slug: str, code: str, kwargs: tuple, options: tuple) -> str:
    return hashlib.blake2b(repr((slug, code, kwargs, options)).encode(), digest_size=8).hexdigest()


def run(lesson, points: list, code: str, settings: dict, options: dict) -> Run:
    """The lesson's run for these points (``code``: as the link encodes them), settings and options."""
    kwargs = tuple(sorted(S.pla_kwargs(settings).items()))
    keep = lesson.run_options
    opts = tuple(sorted((k, v) for k, v in options.items() if keep is None or k in keep))
    rid = run_id(lesson.slug, code, kwargs, opts)
    if not points:
        return Run(None, "There are no points yet: click in the plane to add some.", rid)
    try:
        trace, extras = _compute(rid, lesson, code, kwargs, opts)
    except ValueError as e:
        return Run(None, str(e), rid)
    except ArithmeticError as e:  # no input should get here (the link readers check it), but never a traceback
        return Run(None, f"These points and settings could not be computed ({type(e).__name__}).", rid)
    return Run(trace, None, rid, extras)


def pla(points, kwargs: dict, *, lift: bool = False):
    """PLA to the cap on the points (a cycle is played, not stopped at), its mistake counts computed here, in the
    cached run, rather than on some later rerun. ``lift``: on (x₁, x₂, x₁x₂), the XOR lesson's lift."""
    X, y = model.arrays(points)
    if lift:
        X, kwargs = pla_core.datasets.with_product(X), dict(kwargs, w0=(*kwargs["w0"], 0.0))
    trace = pla_core.pla(X, y, stop_on_cycle=False, **kwargs)
    trace.errors  # noqa: B018 - computed on first use, then kept with the trace
    return trace
