"""The home page's small live picture's run: PLA on a few points, drawn by the lessons' own plot
(:mod:`pla_lab.framework.example_plot`) with Play, Back and Step of its own. No Streamlit."""

from __future__ import annotations

from functools import lru_cache

import pla_core
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
