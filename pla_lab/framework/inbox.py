"""What the server makes of the plot's event batches (the delivery rules are in :mod:`pla_lab.framework.protocol`): which
events are new, parsed and checked, and the nonce a new session starts with."""

from __future__ import annotations

import secrets

from pla_lab.framework.protocol import Click, SetW, Tick

MAX_EVENTS = 200  # a batch is read up to this many events (a misbehaving page cannot make a rerun work long)


def session_nonce() -> str:
    """A new session's nonce: no page load's (theirs have no colon), and no other session's."""
    return "session:" + secrets.token_hex(8)


def new_events(batch, nonce: str | None, ack: int) -> tuple[str | None, int, list[Click | Tick | SetW]]:
    """The events of ``batch`` not handled yet, in order, as (nonce, new ack, events).

    ``nonce``/``ack`` are what the server handled last. A batch that is not a well-formed :class:`EventBatch`
    yields nothing; malformed events in it are skipped; a batch from a new page load starts from ack 0.
    """
    if not isinstance(batch, dict) or not isinstance(batch.get("events"), list):
        return nonce, ack, []
    if batch.get("nonce") != nonce:
        nonce, ack = batch.get("nonce"), 0
    out = []
    for ev in batch["events"][:MAX_EVENTS]:
        parsed = _parse(ev)
        if parsed is not None and parsed["id"] > ack:
            ack = parsed["id"]
            out.append(parsed)
    return nonce, ack, out


def _parse(ev) -> Click | Tick | SetW | None:
    if not isinstance(ev, dict):
        return None
    try:
        eid = int(ev["id"])
        if ev.get("kind") == "click":
            remove = ev.get("remove")
            return Click(id=eid, kind="click", x=float(ev["x"]), y=float(ev["y"]),
                         remove=None if remove is None else int(remove), other=bool(ev.get("other")),
                         flip=bool(ev.get("flip")))
        if ev.get("kind") == "setw":
            w = [float(v) for v in ev["w"]]
            if len(w) != 3 or not all(abs(v) <= 1000 for v in w):  # also refuses NaN (never ≤ 1000)
                return None
            return SetW(id=eid, kind="setw", w=w)
        if ev.get("kind") == "tick":
            return Tick(id=eid, kind="tick", t=int(ev["t"]), playing=bool(ev.get("playing")),
                        run=str(ev.get("run", "")), seq=int(ev.get("seq", 0)), jump=bool(ev.get("jump")))
    except (KeyError, TypeError, ValueError, OverflowError):
        return None
    return None
