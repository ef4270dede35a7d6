"""Set w by hand: typed, PLA starts from it (the run pla_core makes with that w₀), the link keeps it, Undo goes back."""

import pla_core
from pla_lab import codec as C
from pla_lab import model
from pla_lab import settings as S

from .helpers import button, key, markdown, plot, start, url


def test_a_typed_w_starts_the_run_there_and_undo_goes_back():
    at = start(None, "../pages/pla.py")
    q0 = url(at)
    at.text_input(key=key("pla", "hand_text")).input("0.2, 1, -0.5").run()
    q = url(at)
    assert q["wh"] == "0.2,1,-0.5" and q["t"] == "0"
    pts, _ = C.decode_points(q["pts"])
    X, y = model.arrays(pts)
    values = dict(S.read_params(q)[0], w0=(0.2, 1.0, -0.5))
    trace = pla_core.pla(X, y, stop_on_cycle=False, **S.pla_kwargs(values))
    assert plot(at)["win"]["W"][0] == [0.2, 1.0, -0.5] and plot(at)["T"] == len(trace)
    assert "w₀ = (0.2, 1, −0.5)" in markdown(at)
    again = start(q, "../pages/pla.py")  # the link reopens the same run
    assert plot(again)["T"] == len(trace) and plot(again)["win"]["W"][0] == [0.2, 1.0, -0.5]
    button(at, "Undo").click().run()
    assert "wh" not in url(at) and plot(at)["win"]["W"][0] == [0, 0, 0] and url(at)["pts"] == q0["pts"]


def test_a_bad_typed_w_says_why_and_changes_nothing():
    at = start(None, "../pages/pla.py")
    at.text_input(key=key("pla", "hand_text")).input("1, nan, 2").run()
    assert "wh" not in url(at)
    assert any("w by hand needs three finite numbers" in t.value for t in at.toast)
