"""What a lesson's hooks see at one rerun (:class:`Page`), built by :func:`pla_lab.framework.frame.current_page`."""

from __future__ import annotations

from dataclasses import dataclass

from pla_lab.framework.runs import Run
from pla_lab.framework.state import PageState


@dataclass(frozen=True)
class Page:
    """What a lesson's hooks see at one rerun: the page's state, the shared settings, the lesson's options, the
    run and the step shown."""

    state: PageState
    settings: dict
    options: dict
    run: Run
    t: int
    theme: str

    @property
    def trace(self):
        return self.run.trace

    @property
    def points(self) -> list:
        return self.state["pts"]
