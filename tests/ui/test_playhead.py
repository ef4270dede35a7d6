"""The playback state machine alone: every move of a Playhead, no Streamlit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pla_lab.framework.playhead import Playhead

T = 10


def test_step_back_goto_stay_in_the_run_and_raise_seq_each_time():
    h = Playhead()
    h = h.step(T)
    assert (h.t, h.seq, h.playing) == (1, 1, False)
    h = h.back(T).back(T)
    assert (h.t, h.seq) == (0, 3)  # a Back at 0 still asks the browser to show 0
    assert h.forward(25, T).t == T and h.to_end(T).t == T and h.goto(-4, T).t == 0
    assert h.to_end(T).step(T).t == T
    assert h.goto(7, T).reset(T).t == 0


def test_play_pause_and_play_at_the_end_starts_again():
    h = Playhead(t=3, seq=5).toggle_play(T)
    assert h.playing and h.t == 3 and h.seq == 5  # the browser plays on from where it is: no new command
    h = h.toggle_play(T)
    assert not h.playing and h.t == 3
    end = Playhead(t=T, seq=2).toggle_play(T)
    assert end == Playhead(t=0, seq=3, playing=True)
    assert Playhead().toggle_play(0) == Playhead()  # nothing to play


def test_play_between_plays_one_period_then_a_tick_at_its_end_stops():
    h = Playhead(t=8).play_between(4, 8, T)
    assert (h.t, h.playing, h.stop_at) == (4, True, 8) and h.seq == 1
    h = h.tick(6, True, T)
    assert (h.t, h.playing, h.stop_at, h.seq) == (6, True, 8, 1)
    h = h.tick(8, False, T)
    assert (h.t, h.playing, h.stop_at) == (8, False, None)


def test_ticks_follow_the_browser_and_a_jump_asks_for_new_weights():
    h = Playhead(seq=4)
    assert h.tick(7, False, T) == Playhead(t=7, seq=4)
    assert h.tick(7, False, T, jump=True).seq == 5
    assert h.toggle_play(T).tick(99, True, T) == Playhead(t=T, seq=4, playing=False)  # a tick past the end: stopped at T
    assert h.tick(-3, False, T).t == 0


def test_a_tick_sent_while_playing_never_undoes_a_pause():
    """CI: a Pause click and a tick the browser sent while playing reached the server in one rerun; the tick's
    callback ran after the click's and set the run playing again, so Pause did nothing (the XOR run played on)."""
    h = Playhead(t=3, seq=2).toggle_play(T).toggle_play(T)  # Play, then Pause
    h = h.tick(5, True, T)
    assert (h.t, h.playing, h.seq) == (5, False, 2)
    assert Playhead(t=3, seq=2).toggle_play(T).tick(5, True, T).playing  # while playing, ticks keep it playing


def test_pause_and_clamp():
    assert Playhead(t=4, playing=True, stop_at=8).pause() == Playhead(t=4)
    assert Playhead(t=4).pause() == Playhead(t=4)
    assert Playhead(t=40, seq=1).clamp(T) == Playhead(t=T, seq=2)
    assert Playhead(t=4, seq=1).clamp(T) == Playhead(t=4, seq=1)


MOVES = st.lists(st.sampled_from(["step", "back", "to_end", "reset", "toggle_play", "tick", "jump", "pause"]),
                 max_size=40)


@given(MOVES, st.integers(0, 50), st.integers(-100, 100))
def test_any_sequence_of_moves_keeps_t_in_the_run_and_seq_never_falls(moves, n, where):
    h = Playhead()
    for m in moves:
        before = h
        if m == "tick":
            h = h.tick(where, True, n)
        elif m == "jump":
            h = h.tick(where, False, n, jump=True)
        elif m == "pause":
            h = h.pause()
        else:
            h = getattr(h, m)(n)
        assert 0 <= h.t <= n and h.seq >= before.seq
        assert not (h.playing and h.t >= n and h.stop_at is None) or m == "toggle_play"


@pytest.mark.parametrize("move", ["step", "back", "to_end", "reset"])
def test_a_server_move_stops_play(move):
    assert not getattr(Playhead(t=3, playing=True), move)(T).playing
