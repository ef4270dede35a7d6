"""A w set by hand, from a link: PLA starts from it (the run pla_core makes with that w₀); bad values say why."""

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S

from .helpers import markdown, plot, start, url, warnings


def test_a_link_with_a_hand_set_w_starts_the_run_there():
    first = url(start(None, "../pages/pla.py"))
    at = start({**first, "wh": "0.2,1,-0.5"}, "../pages/pla.py")
    q = url(at)
    assert q["wh"] == "0.2,1,-0.5"
    pts, _ = C.decode_points(q["pts"])
    X, y = model.arrays(pts)
    values = dict(S.read_params(q)[0], w0=(0.2, 1.0, -0.5))
    trace = pla_core.pla(X, y, stop_on_cycle=False, **S.pla_kwargs(values))
    assert plot(at)["win"]["W"][0] == [0.2, 1.0, -0.5] and plot(at)["T"] == len(trace)
    assert "w₀ = (0.2, 1, −0.5)" in markdown(at)
    assert any("this run starts from 0.2, 1, -0.5" in e.label for e in at.expander)


def test_a_bad_hand_set_w_in_a_link_says_why_and_uses_the_sidebar_s():
    at = start({"wh": "1,nan,2"}, "../pages/pla.py")
    assert "needs three finite numbers" in warnings(at) and "wh" not in url(at)
    assert plot(at)["win"]["W"][0] == [0, 0, 0]
