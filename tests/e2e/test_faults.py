"""Faults a class meets: a student's connection drops for 10 s (a train, flaky classroom Wi-Fi). The browser
retries, comes back at the same step with the same points, and the lesson goes on.

The drop is made in the browser: its websocket is closed, and for 10 s every new websocket and every health check
it tries is refused (Chromium's offline mode would leave an open websocket open)."""

from __future__ import annotations

import time

from tests.browser import READY


def cut_the_line(plot):
    """The page's websocket, relayed so that ``drop()`` closes it and refuses to reconnect until ``restore()``."""
    line = {"down": False, "open": []}

    def connect(ws):
        if line["down"]:
            ws.close()
            return
        srv = ws.connect_to_server()
        line["open"].append((ws, srv))

    def health(route):
        route.abort("internetdisconnected") if line["down"] else route.continue_()

    def drop():
        line["down"] = True
        for ws, srv in line["open"]:
            ws.close()
            srv.close()
        line["open"].clear()

    plot.page.route_web_socket("**/_stcore/stream", connect)
    plot.page.route("**/_stcore/**", health)
    return drop, lambda: line.update(down=False)


def test_ten_seconds_offline_and_the_demo_is_still_there(server, plot):
    drop, restore = cut_the_line(plot)
    plot.open(server + "/pla?t=2")
    points = plot.points()
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(3)
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '3'", timeout=30_000)
    drop()
    plot.page.wait_for_selector("[data-testid=stApp]:not([data-test-connection-state=CONNECTED])", timeout=20_000)
    time.sleep(10)
    restore()
    plot.page.wait_for_selector(READY, timeout=60_000)
    plot.wait_t(3, timeout=30_000)
    assert plot.points() == points
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(4, timeout=30_000)
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '4'", timeout=30_000)
