"""Where a lesson's replay is: the step t, whether it plays, and the command counter the browser animates by.

A pure value with one method per move (no Streamlit): every move returns a new :class:`Playhead`. ``T`` is the
length of the run being replayed (its number of updates); a move never leaves 0 ≤ t ≤ T.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Playhead:
    """Step ``t`` of the run; ``seq`` rises whenever the server moves t itself (the browser then animates there);
    ``playing`` with ``stop_at`` (None: to the end) while Play runs."""

    t: int = 0
    seq: int = 0
    playing: bool = False
    stop_at: int | None = None

    def goto(self, t: int, T: int, *, play_to: int | None = None) -> Playhead:
        """Show step t (clamped to the run): the browser animates there, stopped, or playing on to ``play_to``."""
        t = max(0, min(int(t), T))
        return Playhead(t=t, seq=self.seq + 1, playing=play_to is not None and t < T,
                        stop_at=None if play_to is None else min(int(play_to), T))

    def step(self, T: int) -> Playhead:
        return self.goto(self.t + 1, T)

    def back(self, T: int) -> Playhead:
        return self.goto(self.t - 1, T)

    def forward(self, n: int, T: int) -> Playhead:
        return self.goto(self.t + n, T)

    def to_end(self, T: int) -> Playhead:
        return self.goto(T, T)

    def reset(self, T: int) -> Playhead:
        return self.goto(0, T)

    def play_between(self, start: int, stop: int, T: int) -> Playhead:
        """Jump to ``start`` and play to ``stop`` (replaying one period of a cycle)."""
        return self.goto(start, T, play_to=stop)

    def toggle_play(self, T: int) -> Playhead:
        """Play, or pause. Play at the end starts again from 0 (a new seq, so the browser goes back first)."""
        if T == 0:
            return self
        if self.playing:
            return replace(self, playing=False, stop_at=None)
        if self.t >= T:
            return Playhead(t=0, seq=self.seq + 1, playing=True)
        return replace(self, playing=True, stop_at=None)

    def tick(self, t: int, playing: bool, T: int, *, jump: bool = False) -> Playhead:
        """The browser reports the step on screen. It animated there itself, so seq stays, unless it asked for
        the weights around t (``jump``): then a new seq makes the server send them and the browser go there.

        A tick can stop Play but never start it: the browser plays only when the server says so, and a tick sent
        while it played may be handled after a Pause (in the same rerun even: Streamlit 1.67 runs a button's
        on_click before a v2 component's callbacks), which must win."""
        t = max(0, min(int(t), T))
        playing = bool(playing) and self.playing and t < T
        return Playhead(t=t, seq=self.seq + 1 if jump else self.seq, playing=playing,
                        stop_at=self.stop_at if playing else None)

    def pause(self) -> Playhead:
        """Stop playing where the server thinks the browser is (e.g. the lesson was left: its plot is gone)."""
        return replace(self, playing=False, stop_at=None) if self.playing else self

    def clamp(self, T: int) -> Playhead:
        """The same step if the run has it, else the run's end (a link's step past the end, a shorter new run)."""
        return self if self.t <= T else Playhead(t=T, seq=self.seq + 1)
