"""The Python side of the browser protocol alone: reading event batches, and the JS mirror of the types."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from pla_lab.framework import inbox, protocol

JS = Path(__file__).resolve().parents[2] / "pla_lab" / "drawing" / "plot" / "protocol.js"


def click(i, **kw):
    return {"id": i, "kind": "click", "x": 0.5, "y": -0.25, "remove": None, "other": False, **kw}


def tick(i, t=3, **kw):
    return {"id": i, "kind": "tick", "t": t, "playing": True, "run": "r1", "seq": 2, **kw}


def test_new_events_are_read_once_in_order():
    batch = {"version": 2, "nonce": "a", "events": [click(1), tick(2), click(3, remove=4, other=True)]}
    nonce, ack, events = inbox.new_events(batch, None, 0)
    assert (nonce, ack) == ("a", 3)
    assert [e["kind"] for e in events] == ["click", "tick", "click"]
    assert events[1] == {"id": 2, "kind": "tick", "t": 3, "playing": True, "run": "r1", "seq": 2, "jump": False}
    assert events[2]["remove"] == 4 and events[2]["other"] is True
    # The browser resends what was not acknowledged: only the new ones count.
    more = {"nonce": "a", "events": [click(3), tick(4, t=9)]}
    assert inbox.new_events(more, "a", 3) == ("a", 4, [inbox._parse(tick(4, t=9))])
    assert inbox.new_events(more, "a", 4)[2] == []


def test_a_new_page_load_numbers_from_one_again():
    nonce, ack, events = inbox.new_events({"nonce": "b", "events": [click(1)]}, "a", 57)
    assert (nonce, ack, len(events)) == ("b", 1, 1)


@pytest.mark.parametrize("batch", [None, 7, "x", {"events": "no"}, {"nonce": "a"}, {"nonce": "a", "events": None}])
def test_malformed_batches_yield_nothing(batch):
    assert inbox.new_events(batch, "a", 2) == ("a", 2, [])


def test_malformed_events_are_skipped_and_batches_are_capped():
    bad = [None, {}, {"id": "x", "kind": "click"}, {"id": 1, "kind": "click", "x": "left"}, {"id": 2, "kind": "dance"},
           {"id": 3, "kind": "tick", "t": "1e999"}, click(4)]
    assert [e["id"] for e in inbox.new_events({"nonce": "a", "events": bad}, "a", 0)[2]] == [4]
    flood = {"nonce": "a", "events": [tick(i) for i in range(1, 10_000)]}
    assert len(inbox.new_events(flood, "a", 0)[2]) == inbox.MAX_EVENTS


def _js_typedefs() -> dict[str, set[str]]:
    """{typedef name: its property names} from the JSDoc in protocol.js."""
    out, name = {}, None
    for line in JS.read_text(encoding="utf-8").splitlines():
        m = re.search(r"@typedef\s+\{[^}]*\}\s+(\w+)", line)
        if m:
            name = m.group(1)
            out[name] = set()
            continue
        m = re.search(r"@property\s+\{[^}]*\}\s+\[?(\w+)", line)
        if m and name:
            out[name].add(m.group(1))
    return out


@pytest.mark.parametrize("name", ["Payload", "Window", "Target", "Chart", "Series", "Arrivals", "Click", "Tick",
                                  "EventBatch", "Phone"])
def test_the_js_side_mirrors_every_type_and_field(name):
    js = _js_typedefs()
    assert name in js, f"protocol.js has no @typedef {name}"
    assert js[name] == set(typing.get_type_hints(getattr(protocol, name))), name


def test_both_sides_carry_the_same_version_and_moving_layers():
    text = JS.read_text(encoding="utf-8")
    assert re.search(rf"export const VERSION = {protocol.VERSION};", text)
    for layer in protocol.MOVING_LAYERS:
        assert f'"{layer}"' in text
