"""Band cases for the browser's band.js, judged by pla_core.reference.is_mistake (the definition of a mistake).

``python tests/js/make_band_cases.py`` writes ``tests/js/band_cases.json``: weights w, a margin γ, a view, and
sample points with whether each is a mistake as a ○ (+1) and as a × (−1) of the margin perceptron. ``band.test.mjs``
checks that band.js's band holds exactly the points that are mistakes for both labels, and
``test_band_cases.py`` that the file is what this script makes.
"""

from __future__ import annotations

import json
import pathlib
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pla_core.reference import is_mistake  # noqa: E402

OUT = pathlib.Path(__file__).with_name("band_cases.json")
SEED = 12


def _inputs(rng) -> list[tuple[str, list[float], float, list[float]]]:
    view = [-1.25, 1.25, -1.25, 1.25]
    out = [
        ("a line through the origin", [0.0, 1.0, 1.0], 0.3, view),
        ("a large bias widens the band in the plane", [2.0, 1.0, -0.5], 0.2, [-3.0, 3.0, -3.0, 3.0]),
        ("vertical", [0.5, -2.0, 0.0], 0.4, view),
        ("horizontal", [-0.25, 0.0, 1.0], 0.1, view),
        ("w = 0: every point", [0.0, 0.0, 0.0], 0.2, view),
        ("w1 = w2 = 0, small gamma: no point", [1.0, 0.0, 0.0], 0.5, view),
        ("w1 = w2 = 0, gamma over 2: every point", [-1.0, 0.0, 0.0], 2.5, view),
        ("the band misses the view", [-9.0, 1.0, 1.0], 0.1, view),
        ("credit-card scale", [-7.0, 0.8, 1.0], 0.09, [-0.5, 10.5, -0.5, 10.5]),
    ]
    for k in range(8):
        out.append((f"random {k}", [float(v) for v in np.round(rng.normal(0, 1, 3), 3)],
                    float(np.round(rng.uniform(0.02, 0.8), 3)), view))
    return out


def cases() -> list[dict]:
    rng = np.random.default_rng(SEED)
    out = []
    for name, w, gamma, view in _inputs(rng):
        P = np.round(np.column_stack([rng.uniform(view[0], view[1], 60), rng.uniform(view[2], view[3], 60)]), 4)
        wa = np.array(w)
        s = wa[0] + P @ wa[1:]
        norm = float(np.sqrt(wa @ wa))
        out.append({"name": name, "w": w, "gamma": gamma, "view": view, "points": P.tolist(),
                    "pos": [bool(v) for v in is_mistake(s, norm, 1.0, margin=gamma)],
                    "neg": [bool(v) for v in is_mistake(-s, norm, 1.0, margin=gamma)],
                    "half": None if not wa[1:].any() else 0.5 * gamma * norm / float(np.hypot(*wa[1:]))})
    return out


if __name__ == "__main__":
    OUT.write_text("[\n" + ",\n".join(json.dumps(c) for c in cases()) + "\n]\n", encoding="utf-8")
