"""The PLA page through Streamlit's AppTest: settings, steps, the URL, and bad links."""

from __future__ import annotations

import pytest

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S

from tests.ui.helpers import button, key, markdown, plot, points, start, url, view, warnings


def expected_trace(at):
    pts, _ = C.decode_points(url(at)["pts"])
    values, _ = S.read_params(url(at))
    return pla_core.pla(*model.arrays(pts), stop_on_cycle=False, **S.pla_kwargs(values))


def test_default_page_shows_a_run_and_writes_the_whole_demo_into_the_url():
    at = start()
    q = url(at)
    assert set(q) >= {"v", "order", "eta", "w0", "bias", "sign0", "seed", "cap", "speed", "pts", "view", "t"}
    assert q["t"] == "0"
    trace = expected_trace(at)
    assert f"This run halts after **{len(trace)}** updates (press **Run** to see it)." in markdown(at)
    assert "**t = 0**" in markdown(at)


def test_step_back_epoch_run_reset_move_t_and_the_url():
    at = start()
    trace = expected_trace(at)
    seqs = [plot(at)["seq"]]
    button(at, "Step").click().run()
    assert url(at)["t"] == "1" and "**t = 1**" in markdown(at)
    seqs.append(plot(at)["seq"])
    button(at, "Step").click().run()
    button(at, "Back").click().run()
    assert url(at)["t"] == "1"
    button(at, "Epoch").click().run()
    assert int(url(at)["t"]) == model.epoch_end(trace, 1)
    button(at, "Run").click().run()
    assert int(url(at)["t"]) == len(trace)
    assert "Halted: no mistakes in a full pass" in markdown(at)
    assert button(at, "Step").disabled
    button(at, "Run").click().run()  # outside the fragment it stays enabled; at the end it changes nothing
    assert int(url(at)["t"]) == len(trace)
    button(at, "Reset").click().run()
    assert url(at)["t"] == "0"
    seqs.append(plot(at)["seq"])
    assert seqs[0] < seqs[1] < seqs[2]  # every server-side move asks the browser to animate (a new seq)
    assert plot(at)["t"] == 0 and plot(at)["win"]["W"][0] == [0, 0, 0]


def test_numbers_show_the_substituted_update():
    at = start()
    trace = expected_trace(at)
    i = int(trace.mistakes[0])
    assert f"point #{i}" in markdown(at)
    from pla_lab.words.text import vec
    assert f"**{vec(trace.weights[1])}**" in markdown(at)


def test_the_url_reopens_the_same_demo_in_a_new_session():
    at = start()
    at.sidebar.selectbox(key=key("set", "order")).set_value("permuted").run()
    at.sidebar.number_input(key=key("set", "seed")).set_value(42).run()
    at.sidebar.selectbox(key=key("set", "sign0")).set_value("+1").run()
    button(at, "Step").click().run()
    button(at, "Step").click().run()
    link = url(at)
    assert link["order"] == "permuted" and link["seed"] == "42" and link["sign0"] == "+1" and link["t"] == "2"
    again = start(link)
    assert url(again) == link
    assert points(at) == points(again) and plot(at)["points"] == plot(again)["points"]
    assert "**t = 2**" in markdown(again)
    assert markdown(again) == markdown(at)


def test_settings_change_the_run():
    at = start()
    before = markdown(at)
    at.sidebar.selectbox(key=key("set", "order")).set_value("random").run()
    assert url(at)["order"] == "random"
    at.sidebar.number_input(key=key("set", "eta")).set_value(0.5).run()
    assert url(at)["eta"] == "0.5"
    at.sidebar.toggle(key=key("set", "bias")).set_value(False).run()
    assert url(at)["bias"] == "0"
    assert markdown(at) != before


def test_bad_w0_text_keeps_the_last_good_value():
    at = start()
    at.sidebar.text_input(key=key("set", "w0")).input("1, two, 3").run()
    assert not at.exception
    assert any("w₀" in e.value for e in at.sidebar.error)
    assert url(at)["w0"] == "0,0,0"
    at.sidebar.text_input(key=key("set", "w0")).input("0.5, 1, -1").run()
    assert url(at)["w0"] == "0.5,1,-1" and not at.sidebar.error


@pytest.mark.parametrize(
    "params,words",
    [
        ({"eta": "banana", "t": "-3"}, "eta=banana is not a number"),
        ({"pts": "1garbage"}, "damaged"),
        ({"pts": "9xyz"}, "not in a format"),
        ({"view": "0,1"}, "view=0,1"),
        ({"order": "<script>"}, "order=<script>"),
        ({"t": "99999"}, "past the end"),
        ({"cap": "1e12"}, "cap=1e12"),
    ],
)
def test_bad_links_show_a_message_not_a_traceback(params, words):
    at = start(params)
    assert not at.exception
    assert words in warnings(at), warnings(at)
    assert plot(at)["points"]  # there is still something to look at


def test_a_link_with_too_many_points_is_capped_and_points_outside_the_view_are_shown():
    pts = [(C.q(-3 + 0.01 * i), C.q(((i * 37) % 200) / 100 - 1), 1.0 if i % 2 else -1.0) for i in range(700)]
    at = start({"pts": C.encode_points(pts), "view": "-1,1,-1,1"})
    assert "at most 500" in warnings(at) and "widened" in warnings(at)
    assert len(points(at)) == 500 and len(plot(at)["points"]) == 500
    v = view(at)
    assert plot(at)["view"] == list(v)
    assert all(v[0] <= x <= v[1] and v[2] <= y <= v[3] for x, y, _ in points(at))


def test_clear_then_undo_and_presets():
    at = start()
    pts = points(at)
    button(at, "Clear").click().run()
    assert points(at) == [] and plot(at)["points"] == [] and plot(at)["win"] is None
    assert any("no points yet" in i.value for i in at.info)
    assert button(at, "Step").disabled
    assert url(at)["pts"] == C.encode_points([])
    button(at, "Undo").click().run()
    assert points(at) == pts
    at.selectbox(key=key("pla", "preset")).set_value("xor").run()
    assert len(points(at)) == 4
    assert "This run never halts" in markdown(at) and "every **4** updates" in markdown(at)
    assert at.selectbox(key=key("pla", "preset")).value is None
    at.selectbox(key=key("pla", "preset")).set_value("credit").run()
    assert view(at) == (-0.5, 10.5, -0.5, 10.5)


def test_one_class_data_halts_at_once():
    at = start({"pts": C.encode_points([(0.5, 0.5, 1.0), (0.1, -0.2, 1.0)])})
    assert "This run halts after **1** update (press" in markdown(at)


def test_play_toggles_and_play_at_the_end_restarts():
    at = start()
    button(at, "Play").click().run()
    assert plot(at)["playing"] is True
    assert any(b.label == "Pause" for b in at.button)
    button(at, "Pause").click().run()
    assert plot(at)["playing"] is False and any(b.label == "Play" for b in at.button)
    button(at, "Run").click().run()
    seq = plot(at)["seq"]
    button(at, "Play").click().run()
    assert plot(at)["t"] == 0 and plot(at)["playing"] is True and plot(at)["seq"] > seq


def test_scrubber_moves_t():
    at = start()
    at.slider(key=key("pla", "scrub")).set_value(3).run()
    assert url(at)["t"] == "3" and "**t = 3**" in markdown(at)


def test_clear_then_more_reruns_and_settings_changes_do_not_crash():
    at = start()
    button(at, "Clear").click().run()
    at.run()
    at.run()
    at.sidebar.number_input(key=key("set", "eta")).set_value(0.5).run()
    at.sidebar.number_input(key=key("set", "eta")).set_value(0.25).run()
    assert not at.exception
    at = start({"pts": C.encode_points([(0.5, 0.5, 1.0), (0.1, -0.2, 1.0)]), "sign0": "+1"})
    assert "Halts after **0** updates" in markdown(at)
    at.sidebar.number_input(key=key("set", "seed")).set_value(3).run()
    at.sidebar.number_input(key=key("set", "seed")).set_value(4).run()
    assert not at.exception


def test_the_share_link_is_the_address_bar():
    at = start()
    button(at, "Step").click().run()
    button(at, "Step").click().run()
    at.sidebar.number_input(key=key("set", "eta")).set_value(0.5).run()
    assert not at.code  # the share box runs its content only when opened
    at.session_state[key("pla", "share")] = True  # the learner opens the box (AppTest cannot click an expander)
    at.run()
    code = at.code[-1].value
    shared = dict(kv.split("=", 1) for kv in code.split("?", 1)[1].split("&"))
    from urllib.parse import unquote
    assert {k: unquote(v) for k, v in shared.items()} == url(at)
    assert shared["t"] == "2" and shared["eta"] == "0.5"


def test_pause_with_a_stale_scrubber_value_pauses_where_it_plays():
    """Pressed while playing, Pause's rerun can carry the scrubber's value from a rerun before (Streamlit's frontend
    sends back what the server wrote earlier): that is not the learner scrubbing. Seen in the browser: the run
    jumped back to that step and played on, so Pause did nothing (3 of 8 presses on a loaded machine)."""
    at = start({"t": "5"})
    button(at, "Play").click().run()
    assert plot(at)["playing"] is True
    seq = plot(at)["seq"]
    at.slider(key=key("pla", "scrub")).set_value(3)
    button(at, "Pause").click().run()
    assert plot(at)["playing"] is False and any(b.label == "Play" for b in at.button)
    assert plot(at)["t"] == 5 and plot(at)["seq"] == seq and url(at)["t"] == "5"
