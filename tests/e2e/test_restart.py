"""The fault "the server is killed and started again while a class has the lesson open" (a crash, a redeploy, a
lecturer's laptop that restarts the app). Two students, each with their own demo: a different data set, a
different step. The process is killed (SIGKILL: nothing is flushed, no goodbye) and a new one starts on the same
port. Each browser reconnects by itself, gets its own demo back from the link in its address bar (never the other
student's), Step goes on, and a file can still be loaded into the new process (its upload check is signed with a
new secret)."""

from __future__ import annotations

import signal
import time

import pytest

from pla_lab.framework import codec as C
from tests.browser import READY, TEST_HOOKS, Plot, _free_port, start_server, stop_server


@pytest.fixture()
def restartable():
    port = _free_port()
    procs = [start_server(port=port)[0]]
    yield f"http://127.0.0.1:{port}", procs, lambda: procs.append(start_server(port=port)[0])
    for p in procs:
        stop_server(p)  # the one killed as well: what it wrote before it was killed


def student(browser, url: str, steps: int) -> Plot:
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(TEST_HOOKS)
    plot = Plot(ctx.new_page()).open(url)
    t0 = plot.t()
    for k in range(1, steps + 1):
        plot.page.get_by_role("button", name="Step").click()
        plot.wait_t(t0 + k)
    plot.page.wait_for_function("(t) => new URL(location.href).searchParams.get('t') === String(t)",
                                arg=t0 + steps, timeout=30_000)  # saved in the link: the step survives
    return plot


def test_kill_and_restart_the_server_and_every_student_gets_their_own_demo_back(restartable, browser):
    base, procs, restart = restartable
    rows = [[0.1 * k - 0.45, 0.3 - 0.07 * k, 1 if k % 3 else -1] for k in range(9)]
    a = student(browser, base + "/pla?t=1", 2)  # the default data set, at t = 3
    # Nine points of their own, only opened: the last run was a full one, after which Streamlit's frontend does not
    # ask a new process for a run by itself (pla_lab.framework.frame's watcher does).
    b = student(browser, base + "/pla?t=1&pts=" + C.encode_points(rows), 0)
    before = [(p, p.points(), p.t()) for p in (a, b)]
    assert before[0][1] != before[1][1]

    procs[0].send_signal(signal.SIGKILL)
    procs[0].wait(10)
    for p in (a, b):
        p.page.wait_for_selector("[data-testid=stApp]:not([data-test-connection-state=CONNECTED])", timeout=20_000)
    time.sleep(2)  # the app is down for a moment, as a restart takes
    restart()

    for p, points, t in before:  # each Step must reach the new process: the link says t + 1
        p.page.wait_for_selector(READY, timeout=60_000)
        p.wait_t(t, timeout=30_000)
        assert p.points() == points
        p.page.get_by_role("button", name="Step").click()
        p.wait_t(t + 1, timeout=30_000)
        p.page.wait_for_function("(t) => new URL(location.href).searchParams.get('t') === String(t)", arg=t + 1,
                                 timeout=30_000)
        assert p.points() == points

    # A file loaded after the restart reaches the new process (Streamlit checks uploads against its XSRF cookie).
    b.page.get_by_text("Save or load points (CSV), save the run (JSON) or a notebook").click()
    drop = b.page.locator("[data-testid=stFileUploaderDropzoneInput]")
    drop.wait_for(state="attached", timeout=30_000)
    drop.set_input_files(files=[{"name": "three.csv", "mimeType": "text/csv",
                                 "buffer": b"x1,x2,y\n0.5,0.5,1\n-0.5,-0.5,-1\n0.25,-0.75,-1\n"}])
    b.page.get_by_text("Loaded 3 points from three.csv.").wait_for(timeout=30_000)
    b.page.wait_for_function("() => document.querySelectorAll('.pla-plot .pla-pt').length === 3", timeout=30_000)
    assert a.points() == before[0][1]  # the other student's demo is untouched
