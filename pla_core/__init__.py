"""pla_core: the Perceptron Learning Algorithm, its variants and its theory, in plain NumPy.

Everything PLA Lab shows is computed here, so a notebook gets the same numbers as the app::

    import pla_core
    data = pla_core.datasets.separable(20, margin=0.1, seed=1)
    trace = pla_core.pla(data.X, data.y)
    trace.weights[-1], trace.halted, pla_core.mistake_bound(data.X, data.y)

The definition of the algorithm is the plain loop in :mod:`pla_core.reference`; :func:`pla` is its fast twin.
:mod:`pla_core.words` writes a run's numbers and facts as the app's pages do (``print(words.step(trace, 3))``).
"""

from . import datasets, facts, geometry, grid, reference, theory
from ._checks import MAX_POINTS, MAX_UPDATES_LIMIT, check_data
from .datasets import Dataset, load_points, save_points
from .geometry import clip_line, closest_to_origin, foot, geometric_margin, offset, signed_distance, unit_normal
from .many import ManyRuns, disagreement_many, pla_many
from .perceptron import ORDERS, batch, count_mistakes, online, pla, pocket, predict
from .reference import is_mistake, pla_reference, radius_bound
from .saved import SavedRun, load_run, save_run
from .theory import (Separability, convergence_series, is_separable, margin, max_margin, mistake_bound, radius,
                     separability, support_points)
from .theory import margin_perceptron_bound, margin_perceptron_log_bound
from .descent import LOSSES, sgd
from .trace import Stream, Trace
from . import words

__all__ = [
    "datasets", "facts", "geometry", "grid", "reference", "theory", "Dataset", "load_points", "save_points",
    "pla", "pocket", "batch", "online", "Trace", "Stream", "ORDERS",
    "save_run", "load_run", "SavedRun",
    "pla_reference", "is_mistake", "radius_bound", "count_mistakes", "predict",
    "radius", "margin", "max_margin", "support_points", "mistake_bound", "is_separable", "separability",
    "margin_perceptron_bound", "margin_perceptron_log_bound",
    "Separability", "convergence_series", "unit_normal", "offset", "signed_distance", "geometric_margin", "foot",
    "closest_to_origin", "clip_line",
    "MAX_POINTS", "MAX_UPDATES_LIMIT", "check_data",
    "pla_many", "ManyRuns", "disagreement_many",
    "sgd", "LOSSES", "words",
]
