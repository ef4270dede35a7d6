"""A demo on a page that is no lesson (the home page's): a run drawn by the lessons' own plot component, with the
same marks, but played and stepped by its own buttons under it, in the browser alone (the payload's ``local``): it
sends the server nothing, so the page never reruns for it, and a tap on it steps."""

from __future__ import annotations

from pla_lab.framework import payload
from pla_lab.framework import settings as S
from pla_lab.framework.playhead import Playhead
from pla_lab.framework.runs import Run
from pla_lab.framework.say import st
from pla_lab.framework.widgets import plot_component

#: What the demo draws from w: the lessons' first picture of PLA (the sides, the line, the last line, w and the update
#: about to be made, the point it corrects).
MOVING = ("shade", "ghost", "boundary", "w", "update", "circle")


def show(points, view, trace, *, key: str, theme: str, height: int = 400, alt: str = "") -> None:
    """The run ``trace`` on ``points`` at step 0, in ``view``, with Play, Back and Step of its own."""
    settings = {s.key: s.default for s in S.ALGORITHM}
    scene = payload.Scene(moving=MOVING, labels={}, layers={}, alt=alt or None)
    data = payload.build(Run(trace, None, f"{key}-{len(trace)}"), Playhead(), points, view, scene, settings=settings,
                         cls=1, ack=0, height=height, theme=theme, local=True)
    data["base"]["layout"]["legend"] = {**data["base"]["layout"]["legend"], "font": {"size": 14}}
    with st.container(key=key):
        plot_component(key=f"{key}-plot", data=[data])

