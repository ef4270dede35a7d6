"""The load generator (benchmarks/load.py) speaks Streamlit's websocket protocol as the browser does: a simulated
student opens a shared link, presses Step, and the server answers with the next step (no browser needed)."""

from __future__ import annotations

import asyncio
import random
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

from benchmarks.bench_ui import link_with_points
from benchmarks.load import Student, student_steps
from pla_lab.framework import codec as C


def test_a_simulated_student_opens_a_link_and_steps(server):
    link = link_with_points(server, 20)
    query = link.split("?", 1)[1]

    async def go():
        s = Student(server, "pla", query, random.Random(0))
        await s.open()
        opened = dict(s.payload), s.query
        assert s.step()
        await student_steps(s, 0, 0)  # waits for the answer
        await s.close()
        return s, opened

    # In a thread of its own: Playwright's sync API, used by the browser tests in this process, keeps an event loop
    # running in the main thread, and asyncio.run refuses to start another there.
    with ThreadPoolExecutor(1) as pool:
        s, (first, first_query) = pool.submit(asyncio.run, go()).result()
    shared = urllib.parse.parse_qs(query)["pts"][0]
    assert C.decode_points(urllib.parse.parse_qs(first_query)["pts"][0]) == C.decode_points(shared)
    assert len(first["points"]) == 20 and first["t"] == 0
    assert s.errors == [] and s.stale == 0 and s.outbox == [] and len(s.latencies) == 1
    assert s.payload["t"] == 1 and s.payload["ack"] == 1 and s.payload["nonce"] == s.nonce
    assert urllib.parse.parse_qs(s.query)["t"] == ["1"]  # the link in the address bar moved on too
