"""Where each point's number goes (pla_lab.drawing.numbers): beside its marker, clear of the other points' markers and
numbers, on a phone's plot and a wide page's, for the lessons' data sets of up to 30 points."""

from __future__ import annotations

import numpy as np
import pytest

from pla_core import datasets
from pla_lab.drawing import numbers

VIEW = (-1.25, 1.25, -1.25, 1.25)


def _clashes(points, view, sides, *, present=False):
    """On each look sides are chosen for (numbers.LOOKS): (the area in px² where numbers overlap, where numbers cover another
    point's marker)."""
    span = max(view[1] - view[0], view[3] - view[2])
    out = []
    for side_px, font, marker in numbers.LOOKS[present]:
        s = side_px / span
        boxes, marks = [], []
        for i, (x, y, _) in enumerate(points):
            cx, cy = (x - view[0]) * s, (view[3] - y) * s
            dx, base, anchor = numbers.offset(sides[i], font, marker)
            w = 0.6 * font * len(str(i))
            x0 = cx + dx - {"start": 0, "end": w, "middle": w / 2}[anchor]
            boxes.append((x0, x0 + w, cy + base - 0.72 * font, cy + base))
            marks.append((cx - marker / 2, cx + marker / 2, cy - marker / 2, cy + marker / 2))

        def hit(a, b):  # the area in px² where two boxes overlap
            return max(0, min(a[1], b[1]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[2], b[2]))
        n = len(points)
        out.append((sum(hit(boxes[i], boxes[j]) for i in range(n) for j in range(i + 1, n)),
                    sum(hit(boxes[i], marks[j]) for i in range(n) for j in range(n) if i != j)))
    return out


@pytest.mark.parametrize("n, present", [(12, False), (20, False), (30, False), (30, True)])
def test_no_number_covers_another_or_another_point_on_the_lessons_data_sets(n, present):
    """Random sets as the lessons' presets draw them: at most a sliver (a digit is about 7 × 9 px) where two points
    crowd each other, and nothing at all in most sets."""
    clean = 0
    for seed in range(15):
        d = datasets.separable(n, margin=0.1, seed=seed)
        points = [[float(x[0]), float(x[1]), float(y)] for x, y in zip(d.X, d.y)]
        sides = numbers.places(points, VIEW, present=present)
        assert len(sides) == n and set(sides) <= set(numbers.SIDES)
        clashes = _clashes(points, VIEW, sides, present=present)
        assert all(both < 4 and other < 20 for both, other in clashes), (n, seed, clashes)
        clean += clashes == [(0, 0), (0, 0)]
    assert clean >= 12


def test_two_points_on_top_of_each_other_keep_their_numbers_apart():
    points = [[0.0, 0.0, 1.0], [0.02, 0.0, -1.0], [0.5, 0.5, 1.0]]
    sides = numbers.places(points, VIEW)
    assert sides[0] != sides[1] and _clashes(points, VIEW, sides)[0][0] == 0
    # at the view's edges the number goes inwards
    edge = numbers.places([[1.24, 1.24, 1.0], [-1.24, -1.24, 1.0]], VIEW)
    assert edge == ["bottom left", "top right"]


def test_above_the_cap_no_sides_are_chosen():
    rng = np.random.default_rng(0)
    many = np.c_[rng.uniform(-1, 1, (numbers.CAP + 1, 2)), np.ones(numbers.CAP + 1)].tolist()
    assert numbers.places(many, VIEW) is None and len(numbers.places(many[:-1], VIEW)) == numbers.CAP
    assert numbers.places([], VIEW) == []
