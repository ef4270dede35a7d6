"""Geometry cases for the browser's geometry.js, computed by pla_core.geometry (the definition).

``python tests/js/make_geometry_cases.py`` writes ``tests/js/geometry_cases.json``; ``geometry.test.mjs`` checks
``clip``/``clipPoly`` against it and ``test_node.py`` checks that the file is what this script makes.
"""

from __future__ import annotations

import json
import pathlib
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pla_core.geometry import arrow_start, clip_line, foot, half_plane, off_box, signed_distance  # noqa: E402

OUT = pathlib.Path(__file__).with_name("geometry_cases.json")
SEED = 9


def _inputs(rng) -> list[tuple[str, list[float], list[float]]]:
    unit = [0.0, 1.0, 0.0, 1.0]
    out = [
        ("vertical", [-0.25, 1.0, 0.0], unit), ("horizontal", [-0.75, 0.0, 1.0], unit),
        ("vertical, other sign", [0.5, -2.0, 0.0], unit), ("horizontal, other sign", [0.5, 0.0, -4.0], unit),
        ("on the left edge", [0.0, 1.0, 0.0], unit), ("on the right edge", [-1.0, 1.0, 0.0], unit),
        ("on the bottom edge", [0.0, 0.0, 1.0], unit), ("on the top edge", [-1.0, 0.0, 1.0], unit),
        ("vertical, misses", [-2.0, 1.0, 0.0], unit), ("horizontal, misses", [3.0, 0.0, 1.0], unit),
        ("diagonal, misses", [-5.0, 1.0, 1.0], unit), ("diagonal", [-1.0, 1.0, 1.0], unit),
        ("corner (0, 0)", [0.0, 1.0, 1.0], unit), ("corner (1, 1)", [-2.0, 1.0, 1.0], unit),
        ("corner (1, 0)", [-1.0, 1.0, -1.0], unit), ("corner (0, 1)", [1.0, 1.0, -1.0], unit),
        ("w1 = w2 = 0, b > 0", [1.0, 0.0, 0.0], unit), ("w1 = w2 = 0, b < 0", [-1.0, 0.0, 0.0], unit),
        ("w = 0", [0.0, 0.0, 0.0], unit), ("through the centre", [0.0, 3.0, -2.0], [-1.0, 1.0, -1.0, 1.0]),
    ]
    for k, s in enumerate((1e-150, 1e-12, 1e12, 1e150)):  # scales of w: the line is the same
        out.append((f"w scaled by {s:g}", [-0.6 * s, 0.8 * s, 1.1 * s], unit))
        out.append((f"vertical scaled by {s:g}", [-0.3 * s, s, 0.0], unit))
    for s in (1e-6, 1e6):  # scales of the box
        out.append((f"box scaled by {s:g}", [-0.2 * s, 1.0, 0.7], [-s, s, -0.5 * s, 0.5 * s]))
        out.append((f"box scaled by {s:g}, corner", [0.0, 1.0, 1.0], [0.0, s, 0.0, s]))
    for i in range(150):  # random weights and boxes
        cx, cy = rng.uniform(-5, 5, 2)
        hx, hy = 10 ** rng.uniform(-1, 0.8, 2)
        out.append((f"random {i}", rng.normal(size=3).tolist(), [cx - hx, cx + hx, cy - hy, cy + hy]))
    for i in range(150):  # random lines through a point of the box (they always cross it)
        cx, cy = rng.uniform(-5, 5, 2)
        hx, hy = 10 ** rng.uniform(-1, 0.8, 2)
        box = [cx - hx, cx + hx, cy - hy, cy + hy]
        px, py = rng.uniform(box[0], box[1]), rng.uniform(box[2], box[3])
        a = rng.uniform(0, 2 * np.pi)
        w1, w2 = float(np.cos(a)), float(np.sin(a))
        out.append((f"through the box {i}", [-(w1 * px + w2 * py), w1, w2], box))
    for i in range(40):  # axis-parallel lines at random places, some outside
        box = [-1.0, 2.0, -3.0, 0.5]
        c = float(rng.uniform(-4, 4))
        out.append((f"axis-parallel {i}", [-c, 1.0, 0.0] if i % 2 else [-c, 0.0, 1.0], box))
    return out


def _poly(p) -> list[list[float]] | None:
    return None if p is None else [[float(a), float(b)] for a, b in p]


def _tips(w, box) -> list[list[float]]:
    """w's feature part and w + a turn of it, drawn so the longer is 22% of the box's shorter side (as pose.js)."""
    v = np.array(w[1:], dtype=float)
    u = np.array([-v[1] - 0.3 * v[0], v[0] + 0.5]) if v.any() else np.array([0.4, -0.3])
    s = 0.22 * min(box[1] - box[0], box[3] - box[2]) / max(np.hypot(*v), np.hypot(*(v + u)))
    return [(v * s).tolist(), ((v + u) * s).tolist()]


def cases(seed: int = SEED) -> list[dict]:
    """Each case: name, w, box, seg (clip_line), off (off_box), pos and neg (half_plane with sign +1 and −1), a point
    p of the box with its signed distance d and the foot of its perpendicular (signed_distance, foot; None if
    w₁ = w₂ = 0), and arrows' tips with the start arrow_start finds for them."""
    out = []
    for name, w, box in _inputs(np.random.default_rng(seed)):
        seg, off = clip_line(w, box), off_box(w, box)
        p = [0.65 * box[0] + 0.35 * box[1], 0.2 * box[2] + 0.8 * box[3]]
        flat = w[1] == 0 and w[2] == 0
        out.append({"name": name, "w": [float(v) for v in w], "box": [float(v) for v in box],
                    "seg": None if seg is None else seg.tolist(), "off": None if off is None else off.tolist(),
                    "pos": _poly(half_plane(w, box, 1)), "neg": _poly(half_plane(w, box, -1)), "p": p,
                    "d": None if flat else float(signed_distance(w, [p])[0]),
                    "foot": None if flat else [float(v) for v in foot(w, [p])[0]],
                    "tips": (tips := _tips(w, box)), "start": arrow_start(w, box, tips).tolist()})
    return out


def main() -> None:
    out = cases()
    OUT.write_text("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in out) + "\n]\n", encoding="utf-8")
    print(f"wrote {len(out)} cases to {OUT}")


if __name__ == "__main__":
    main()
