"""deploy/start.sh: two Streamlit processes behind Debian's nginx with sticky sessions, on loopback. A class opens
the app through nginx: the websocket goes through, each browser stays on one process, the class is spread over
both, and when a process dies mid-lesson its students reconnect to the other one with their demo (from the link
in the address bar): only an unsaved step could be lost."""

from __future__ import annotations

import os
import pathlib
import shutil
import signal
import subprocess
import tempfile
import urllib.request

import pytest

from tests.browser import READY, ROOT, TEST_HOOKS, Plot, _free_port

pytestmark = pytest.mark.xdist_group("deploy")  # one cluster (nginx and two replicas) for the file's tests


@pytest.fixture(scope="module")
def cluster():
    if not shutil.which("nginx"):
        if os.environ.get("PLA_LAB_REQUIRE_BROWSER"):
            pytest.fail("nginx is missing but the deployment test is required (apt-get install -y nginx)")
        pytest.skip("nginx not installed (apt-get install -y nginx)")
    folder = pathlib.Path(tempfile.mkdtemp())
    port = _free_port()
    proc = subprocess.Popen(["bash", "deploy/start.sh", "2", str(port), str(folder)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    line = proc.stdout.readline()
    assert line.startswith("PLA Lab:"), line + proc.stdout.read()
    yield f"http://127.0.0.1:{port}", folder
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(20)


def replica(url: str, route: str | None = None) -> tuple[str, str]:
    """(the process that answered, the route cookie nginx gave) for one request, with or without a route cookie."""
    req = urllib.request.Request(url, headers={"Cookie": f"pla_route={route}"} if route else {})
    with urllib.request.urlopen(req) as r:
        cookies = dict(c.split(";")[0].split("=", 1) for c in r.headers.get_all("Set-Cookie"))
        return r.headers["X-PLA-Replica"], cookies["pla_route"]  # Streamlit sets its own (_streamlit_xsrf) too


def test_a_class_is_spread_over_the_replicas_and_each_browser_stays_on_one(cluster):
    base, _ = cluster
    first = [replica(base + "/_stcore/health") for _ in range(24)]
    assert {r for r, _ in first} == {f"127.0.0.1:{int(base.rsplit(':', 1)[1]) + k}" for k in (1, 2)}
    for r, route in first[:6]:
        assert {replica(base + "/pla", route)[0] for _ in range(5)} == {r}


def test_a_student_keeps_the_demo_when_their_replica_dies(cluster, browser):
    base, folder = cluster
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(TEST_HOOKS)
    plot = Plot(ctx.new_page())
    plot.open(base + "/pla?t=2")
    points = plot.points()
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(3)
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '3'", timeout=30_000)
    route = next(c["value"] for c in ctx.cookies() if c["name"] == "pla_route")
    mine, _ = replica(base + "/_stcore/health", route)
    os.kill(int((folder / f"replica-{mine.rsplit(':', 1)[1]}.pid").read_text()), signal.SIGKILL)
    # The browser notices and reconnects through nginx (to the other process while this one starts again), and the
    # link in its address bar brings the demo back in the new session.
    assert replica(base + "/_stcore/health", route)[0] != mine
    plot.page.wait_for_selector(READY, timeout=60_000)
    plot.page.wait_for_function("() => { const g = document.querySelector('.pla-plot');"
                                " return g && g.querySelector('.pla-svg[data-area]') && g.dataset.t === '3'; }", timeout=60_000)
    assert plot.points() == points
    plot.page.get_by_role("button", name="Step").click()  # and the lesson goes on
    plot.wait_t(4, timeout=30_000)
    ctx.close()


def test_a_replica_killed_mid_question_loses_no_answer_and_counts_none_twice(cluster, browser):
    """Issue 35: the replicas share the class's store (here the SQLite file every process on the machine reaches).
    Students answer, the process serving one of them is killed, they reconnect through nginx to the other, and their
    recorded answers stand: the count is the same, and a changed answer is still one."""
    import re

    from playwright.sync_api import expect

    from tests.classroom import ask_the_class

    base, folder = cluster
    lecturer, room = ask_the_class(browser, base)
    count = lecturer.locator(".st-key-class-count")
    students = [browser.new_context(viewport={"width": 390, "height": 844}).new_page() for _ in range(4)]
    for s, letter in zip(students, "AABB"):
        s.goto(base + f"/class?room={room}")
        s.wait_for_selector(READY, timeout=60_000)
        s.locator("label").filter(has_text=re.compile(rf"^{letter}\. ")).click()
        s.get_by_role("button", name="Answer", exact=True).click()
        expect(s.get_by_text(f"Your answer {letter} is counted")).to_be_visible(timeout=10_000)
    expect(count).to_have_text("4 answered", timeout=5_000)
    routes = [next(c["value"] for c in s.context.cookies() if c["name"] == "pla_route") for s in students]
    mine = replica(base + "/_stcore/health", routes[0])[0]
    moved = [s for s, r in zip(students, routes) if replica(base + "/_stcore/health", r)[0] == mine]
    os.kill(int((folder / f"replica-{mine.rsplit(':', 1)[1]}.pid").read_text()), signal.SIGKILL)
    assert replica(base + "/_stcore/health", routes[0])[0] != mine
    late = browser.new_context(viewport={"width": 390, "height": 844}).new_page()  # one more, after the kill
    late.goto(base + f"/class?room={room}")  # its route may name the killed replica, still starting again
    late.wait_for_selector(READY, timeout=120_000)
    late.locator("label").filter(has_text=re.compile(r"^A\. ")).click()
    late.get_by_role("button", name="Answer", exact=True).click()
    for s, letter in zip(students, "AABB"):  # each page follows the room again (the moved ones reconnected), its
        expect(s.get_by_text("5 answered")).to_be_visible(timeout=30_000)  # answer as the store has it
        expect(s.get_by_text(f"Your answer {letter} is counted")).to_be_visible(timeout=15_000)
    expect(count).to_have_text("5 answered", timeout=30_000)
    s = moved[0]  # changes its mind on the other replica: still one answer
    s.locator("label").filter(has_text=re.compile(r"^C\. ")).click()
    s.get_by_role("button", name="Answer", exact=True).click()
    expect(s.get_by_text("Your answer C is counted")).to_be_visible(timeout=10_000)
    lecturer.get_by_role("button", name="Show answers").click()
    expect(lecturer.locator(".st-key-class-chart img[alt^='Answers']")).to_have_attribute(
        "alt", re.compile(r"^Answers: A 2, B 2, C 1\b"))
    expect(count).to_have_text("5 answered")
    print(f"\n{len(moved)} of 4 students moved to the other replica with their answers")
    for p in (lecturer, *students, late):
        p.context.close()
