"""The marker that closes a box of words names its step as the plot's said.js expects (tests/js/said.test.mjs pins the
same strings on the browser's side)."""

from pla_lab.framework.replay_page import step_key


def test_the_marker_key_is_box_run_and_step():
    assert step_key("words", "0123abcd", 7) == "step-words-0123abcd-7"
    assert step_key("under", "", 0) == "step-under-none-0"
    assert step_key("words", "0123abcd", 7, end=False) == "from-words-0123abcd-7"
