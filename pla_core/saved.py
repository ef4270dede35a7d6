"""A run saved as JSON, and read back: the settings, the points, every wₜ and the points each update used.

:func:`save_run` writes a :class:`~pla_core.trace.Trace` of any algorithm (PLA, Pocket, batch, online, SGD);
:func:`load_run` reads it back as a :class:`SavedRun`, whose :meth:`SavedRun.replay` runs the same algorithm with
the same keyword arguments on the same points. JSON writes every float with Python's shortest round-trip repr,
so the points and weights come back bit for bit, and so does the replayed w_T::

    text = pla_core.save_run(trace)
    saved = pla_core.load_run(text)
    assert (saved.replay().weights == saved.weights).all()
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._checks import check_data
from .datasets import _read_text
from .trace import Trace

__all__ = ["SavedRun", "save_run", "load_run", "RUN_FORMAT", "RUN_VERSION"]

RUN_FORMAT = "pla_core.run"
RUN_VERSION = 1

#: The keyword arguments each algorithm takes (beyond X and y), so a saved run holds exactly what replays it.
_KWARGS = {
    "pla": ("order", "eta", "w0", "margin", "bias", "sign_zero", "max_updates", "seed", "stop_on_cycle"),
    "pocket": ("order", "eta", "w0", "bias", "sign_zero", "max_updates", "seed"),
    "batch": ("eta", "w0", "bias", "sign_zero", "max_updates", "batch_size", "average"),
    "online": ("eta", "w0", "bias", "sign_zero", "passes", "shuffle", "seed"),
    "sgd": ("loss", "eta", "decay", "order", "w0", "bias", "sign_zero", "epochs", "seed", "stop_when_still"),
}


def _algorithms() -> dict:
    from .descent import sgd
    from .perceptron import batch, online, pla, pocket

    return {"pla": pla, "pocket": pocket, "batch": batch, "online": online, "sgd": sgd}


def run_settings(trace: Trace) -> dict:
    """The keyword arguments that remake ``trace`` with its algorithm (``trace.settings["algorithm"]``): its
    settings, w₀ = ``weights[0]``, and for PLA whether it stopped on a cycle (a run that found a cycle and went on
    was made with ``stop_on_cycle=False``; without a cycle both give the same run)."""
    s = trace.settings
    algorithm = s.get("algorithm")
    if algorithm not in _KWARGS:
        raise ValueError(f"This trace's algorithm {algorithm!r} is not one a saved run can replay.")
    known = {**s, "w0": [float(v) for v in trace.weights[0]],
             "stop_on_cycle": not (trace.cycle is not None and trace.stop != "cycle")}
    return {k: known[k].item() if isinstance(known[k], np.generic) else known[k] for k in _KWARGS[algorithm]}


def save_run(trace: Trace, file=None, *, meta: dict | None = None) -> str:
    """The run as JSON text (and written to ``file``, a path or an open text file, if given).

    Holds ``format``/``version``, ``algorithm``, ``settings`` (the keyword arguments of :func:`run_settings`),
    the points ``X`` (n, d) and labels ``y`` (n,) the run learned from, ``weights`` w₀ … w_T (T+1, d+1),
    ``used`` (T lists: the points each update used), Pocket's ``pocket_weights``, ``halted``, ``stop``, ``cycle``,
    and ``meta``: anything JSON-ready the caller adds (what the data are, a target line…).
    """
    meta = {} if meta is None else meta
    try:
        json.dumps(meta, allow_nan=False)
    except (TypeError, ValueError):
        raise ValueError("meta must be JSON-ready: dicts, lists, strings, finite numbers, True/False/None.") from None
    head = {"format": RUN_FORMAT, "version": RUN_VERSION, "algorithm": trace.settings.get("algorithm"),
            "settings": run_settings(trace), "n": int(len(trace.y)), "d": int(trace.X.shape[1]), "T": len(trace),
            "halted": bool(trace.halted), "stop": trace.stop,
            "cycle": None if trace.cycle is None else [int(v) for v in trace.cycle], "meta": meta}
    parts = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in head.items()]
    tables = {"X": trace.X.tolist(), "y": [int(v) for v in trace.y], "weights": trace.weights.tolist(),
              "used": trace.used_window()}
    if trace.pocket_weights is not None:
        tables["pocket_weights"] = trace.pocket_weights.tolist()
    for k, rows in tables.items():  # one row a line: readable, and diffable
        if rows and isinstance(rows[0], list):
            body = ",\n".join("  " + json.dumps(r) for r in rows)
            parts.append(f' "{k}": [\n{body}\n ]')
        else:
            parts.append(f' "{k}": {json.dumps(rows)}')
    text = "{\n" + ",\n".join(parts) + "\n}\n"
    if file is not None:
        if hasattr(file, "write"):
            file.write(text)
        else:
            with open(file, "w", encoding="utf-8", newline="") as f:
                f.write(text)
    return text


@dataclass(frozen=True, eq=False)
class SavedRun:
    """A run read back by :func:`load_run`.

    Attributes
    ----------
    algorithm : {"pla", "pocket", "batch", "online", "sgd"}
    settings : dict
        The keyword arguments of the algorithm (``pla_core.<algorithm>(X, y, **settings)``).
    X : ndarray (n, d)
    y : ndarray (n,)
        The labels the run learned from, ±1.
    weights : ndarray (T+1, d+1)
        w₀ … w_T as saved.
    used : list of T lists of int
        The points each update used.
    pocket_weights : ndarray (T+1, d+1) or None
    halted, stop, cycle, meta
        As saved (``meta``: what the saver added).
    """

    algorithm: str
    settings: dict
    X: np.ndarray = field(repr=False)
    y: np.ndarray = field(repr=False)
    weights: np.ndarray = field(repr=False)
    used: list = field(repr=False)
    pocket_weights: np.ndarray | None = field(default=None, repr=False)
    halted: bool = False
    stop: str = ""
    cycle: tuple[int, int] | None = None
    meta: dict = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.weights) - 1

    def __repr__(self) -> str:
        n, d = self.X.shape
        return f"SavedRun({self.algorithm!r}, T={len(self)}, n={n}, d={d}, stop={self.stop!r})"

    @property
    def w(self) -> np.ndarray:
        """The saved w_T."""
        return self.weights[-1]

    def replay(self) -> Trace:
        """Run the algorithm again with the saved settings on the saved points: the same run, w_T bit for bit."""
        return _algorithms()[self.algorithm](self.X, self.y, **self.settings)


def _table(doc: dict, key: str, shape: tuple, what: str) -> np.ndarray:
    try:
        a = np.array(doc[key], dtype=float)
    except KeyError:
        raise ValueError(f"The run has no {key!r} ({what}).") from None
    except (TypeError, ValueError):
        raise ValueError(f"{key!r} ({what}) must be a table of numbers.") from None
    if a.shape != shape and not (a.size == 0 and math.prod(shape) == 0):
        raise ValueError(f"{key!r} ({what}) has shape {a.shape}, expected {shape}.")
    if not np.isfinite(a).all():
        raise ValueError(f"{key!r} ({what}) holds a number that is not finite.")
    return a.reshape(shape)


def _int(doc: dict, key: str, low: int = 0) -> int:
    v = doc.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or v < low:
        raise ValueError(f"{key!r} must be a whole number ≥ {low}, not {v!r}.")
    return v


def load_run(source) -> SavedRun:
    """Read a run written by :func:`save_run`: JSON text or bytes, a path, or an open file. Raises ValueError
    saying what is wrong (not JSON, another format, a missing or misshapen part)."""
    text = _read_text(source)
    try:
        doc: Any = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"Line {e.lineno}: this is not JSON ({e.msg}).") from None
    except RecursionError:
        raise ValueError("This JSON is nested too deeply to be a saved run.") from None
    if not isinstance(doc, dict) or doc.get("format") != RUN_FORMAT:
        raise ValueError(f"This is not a saved run (its \"format\" should be {RUN_FORMAT!r}).")
    if doc.get("version") != RUN_VERSION:
        raise ValueError(f"This saved run has version {doc.get('version')!r}; this pla_core reads version "
                         f"{RUN_VERSION}.")
    algorithm = doc.get("algorithm")
    if algorithm not in _KWARGS:
        raise ValueError(f"Unknown algorithm {algorithm!r}; a saved run is one of {', '.join(_KWARGS)}.")
    settings = doc.get("settings")
    if not isinstance(settings, dict):
        raise ValueError("The run's \"settings\" must be an object of keyword arguments.")
    extra = sorted(set(settings) - set(_KWARGS[algorithm]))
    if extra:
        raise ValueError(f"{algorithm} takes no setting {extra[0]!r}.")
    n, d, T = _int(doc, "n", 1), _int(doc, "d", 1), _int(doc, "T")
    X = _table(doc, "X", (n, d), "the points")
    y = _table(doc, "y", (n,), "the labels")
    X, y = check_data(X, y)
    weights = _table(doc, "weights", (T + 1, d + 1), "w₀ … w_T")
    pocket = _table(doc, "pocket_weights", (T + 1, d + 1), "ŵ₀ … ŵ_T") if "pocket_weights" in doc else None
    used = doc.get("used")
    if not (isinstance(used, list) and len(used) == T and all(
            isinstance(u, list) and all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < n for i in u)
            for u in used)):
        raise ValueError(f"\"used\" must hold {T} lists of point indices from 0 to {n - 1}, one for each update.")
    cycle = doc.get("cycle")
    if cycle is not None:
        if not (isinstance(cycle, list) and len(cycle) == 2 and all(isinstance(c, int) for c in cycle)):
            raise ValueError("\"cycle\" must be null or [start, period].")
        cycle = (cycle[0], cycle[1])
    meta = doc.get("meta") or {}
    for a in (X, y, weights, pocket):
        if a is not None:
            a.setflags(write=False)
    return SavedRun(algorithm=algorithm, settings=dict(settings), X=X, y=y, weights=weights, used=used,
                    pocket_weights=pocket, halted=bool(doc.get("halted")), stop=str(doc.get("stop", "")),
                    cycle=cycle, meta=meta if isinstance(meta, dict) else {"meta": meta})
