"""Payloads and the server's first picture of each (pla_lab.drawing.picture), for the browser's own SVG plot.

``python tests/js/make_picture_cases.py`` writes ``tests/js/picture_cases.json`` (and ``carried_case.json``: a first
picture carrying its payload, for index.test.mjs); ``surface.test.mjs`` draws each
payload's step with the plot's own code (scene.js, svgmarks.js through axes.frameOf) and checks that every point,
the boundary's ends and w's arrow land where the first picture puts them; ``test_node.py`` checks that the file is
what this script makes.
"""

from __future__ import annotations

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pla_core  # noqa: E402
from pla_lab.drawing import picture  # noqa: E402
from pla_lab.framework import first_picture, model, payload  # noqa: E402
from pla_lab.framework import settings as S  # noqa: E402
from pla_lab.framework.playhead import Playhead  # noqa: E402
from pla_lab.framework.runs import Run  # noqa: E402

OUT = pathlib.Path(__file__).with_name("picture_cases.json")
CARRIED = pathlib.Path(__file__).with_name("carried_case.json")
MOVING = ("shade", "ghost", "boundary", "w", "update", "circle")


def _case(name: str, points, view, t: int, *, present: bool = False) -> dict:
    X, y = model.arrays(points)
    trace = pla_core.pla(X, y)
    settings = {s.key: s.default for s in S.ALGORITHM}
    data = payload.build(Run(trace, None, name), Playhead(t=t), points, view,
                         payload.Scene(moving=MOVING, present=present), settings=settings, cls=1, ack=0, height=480,
                         theme="light")
    return {"name": name, "payload": data, "svg": picture.svg(data)}


def carried_case() -> dict:
    """A payload whose words hold every character the picture's metadata escapes, and the data: URI of its first
    picture carrying it (first_picture.carried): index.test.mjs reads it back as the plot's early drawing does."""
    case = _case("carried", [[-0.5, 0.5, 1.0], [0.5, -0.5, -1.0]], [-1.0, 1.0, -1.0, 1.0], 0)
    data = {**case["payload"], "alt": 'w = (1, −2) & "b" < 0 > −1 · ○ ×\n]]>'}
    return {"payload": data, "uri": picture.data_uri(data, metadata=first_picture.carried(data))}


def cases() -> list[dict]:
    grid = [[-0.5, 0.5, 1.0], [0.5, 0.75, 1.0], [-0.25, -0.5, -1.0], [0.75, -0.25, -1.0], [0.0, 1.0, 1.0]]
    wide = [[-3.0, 1.0, 1.0], [2.0, 2.5, 1.0], [1.0, -2.0, -1.0], [3.5, -0.5, -1.0]]
    return [_case("grid, step 0", grid, [-1.25, 1.25, -1.25, 1.25], 0),
            _case("grid, step 1", grid, [-1.25, 1.25, -1.25, 1.25], 1),
            _case("grid, step 2, presenter mode", grid, [-1.25, 1.25, -1.25, 1.25], 2, present=True),
            _case("a wide view, step 1", wide, [-4.0, 4.0, -3.0, 3.0], 1)]


if __name__ == "__main__":
    OUT.write_text(json.dumps(cases(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    CARRIED.write_text(json.dumps(carried_case(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
