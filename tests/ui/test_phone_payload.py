"""A presenter's payload carries what a phone draws instead (its `phone`): the plot as outside presenter mode."""

from __future__ import annotations

import pla_core
from pla_lab.framework import model, payload
from pla_lab.framework import settings as S
from pla_lab.framework.playhead import Playhead
from pla_lab.framework.runs import Run

SETTINGS = {s.key: s.default for s in S.ALGORITHM}


def _build(present: bool):
    d = pla_core.datasets.separable(20, seed=3)
    pts = [(float(x), float(y), float(lab)) for (x, y), lab in zip(d.X, d.y)]
    run = Run(pla_core.pla(*model.arrays(pts)), None, "r")
    scene = payload.Scene(moving=("boundary", "w"), present=present, legend={"font": {"size": 14}})
    return payload.build(run, Playhead(t=1), pts, model.DEFAULT_VIEW, scene, settings=SETTINGS, cls=1, ack=0,
                         height=620, fill=24, theme="light", phone=(410, 120))


def _marker(base) -> float:
    return min(tr["marker"]["size"] for tr in base["data"] if tr.get("meta") == "points")


def test_a_presenters_payload_carries_the_plot_a_phone_draws_instead():
    present, usual = _build(True), _build(False)
    assert usual["phone"] is None
    phone = present["phone"]
    assert (phone["height"], phone["fill"]) == (410, 120)
    assert _marker(phone["base"]) == _marker(usual["base"]) < _marker(present["base"])
    assert phone["base"]["layout"]["font"] == usual["base"]["layout"]["font"]
    assert phone["base"]["layout"]["legend"]["font"]["size"] == 14 < present["base"]["layout"]["legend"]["font"]["size"]
    assert phone["colors"] == usual["colors"]
    assert [tr["x"] for tr in phone["base"]["data"]] == [tr["x"] for tr in present["base"]["data"]]  # the same points
