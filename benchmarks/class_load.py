"""A class of N phones answering a question together (issue 35): prints figures, asserts nothing.

Run:  python benchmarks/class_load.py [--n 200] [--store sqlite|postgresql] [--kill] [--replicas 2]
      (the same as python benchmarks/load.py --class-vote …)

Every phone is a real websocket session speaking Streamlit's protocol (as benchmarks/load.py's students), through
nginx to ``--replicas`` processes (deploy/start.sh) that share one store: a SQLite file, or a PostgreSQL cluster
this script starts (Debian's, as in the tests). What each sends is what Chromium sends:
  * every tab sends its browser's id cookie (``pla_id``, as the head script writes it before the page connects);
  * the lecturer's projector opens /pla in presenter mode and presses *Ask the class* (the button's trigger, in the
    rerun of the fragment it is drawn in); the app switches it to the projector, /class?room=…&present=1 (the key
    stays in the session, and in a cookie the projector's page writes: no address holds it);
  * N phones open the class link at once (within 10 s is the target) and follow the room as the browser does: the
    server's AutoRerun message names the fragment and its interval, and the phone reruns it that often;
  * each phone answers at a random moment within 20 s (the radio's value and the *Answer* button's trigger); a third
    of them change their mind once. With ``--kill``, one replica is killed (SIGKILL) halfway through the vote: its
    phones reconnect through nginx with the same id cookie, open the page again from their own address, and answer
    again if their answer had not been confirmed.

Figures: open time; answer → counted (the rerun that answers the press says "Your answer X is counted": the store
holds it); how far the projector's count lags the answers counted; each replica's rerun time (AutoRerun fragments and
answers, by the replica nginx sent the websocket to); and the check: the store's count equals the phones that
answered, and each phone's answer in the store is the last one it sent.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import signal
import time
from collections import defaultdict
from dataclasses import dataclass, field

import websockets
from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

DONE = (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)
PATIENCE = 30.0


@dataclass
class Tab:
    """One browser tab's websocket session: the page it shows, what its last run drew, the fragments it reruns."""

    base: str
    page: str
    query: str
    ws: object = None
    replica: str = ""
    script_hash: str = ""
    cached: set = field(default_factory=set)
    auto: dict = field(default_factory=dict)  # fragment id → interval (s), from AutoRerun
    widgets: dict = field(default_factory=dict)  # label → (id, options, fragment) of the last run's widgets
    texts: list = field(default_factory=list)  # the words of the run being drawn
    shown: list = field(default_factory=list)  # the words of the last run finished
    done: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False
    runs: list = field(default_factory=list)  # (replica, seconds) of each rerun this tab waited for
    follow: tuple | None = None  # the follower's (trigger id, what it was told the page shows)
    route: str = ""  # nginx's route cookie: the page's requests go to the replica its websocket is on
    browser: str = field(default_factory=lambda: secrets.token_hex(16))  # its id cookie, as ids.js makes it
    moves: int = 0

    def back(self, fragment: str = "", widgets=(), auto: bool = False) -> bytes:
        msg = BackMsg()
        cs = msg.rerun_script
        cs.query_string, cs.page_name = self.query, self.page
        if self.script_hash:
            cs.page_script_hash = self.script_hash
        for wid, kind, value in widgets:
            w = cs.widget_states.widgets.add()
            w.id = wid
            setattr(w, kind, value)
        if fragment:
            cs.fragment_id, cs.is_auto_rerun = fragment, auto
        cs.cached_message_hashes.extend(sorted(self.cached))
        ci = cs.context_info
        ci.timezone, ci.timezone_offset, ci.locale = "UTC", 0, "en-US"
        ci.url, ci.is_embedded, ci.color_scheme = f"{self.base}/{self.page}", False, "light"
        return msg.SerializeToString()

    def connect_headers(self) -> dict:
        """The cookies the browser sends with the websocket: its id (every page load), nginx's route once set."""
        return {"Cookie": f"pla_id={self.browser}" + (f"; pla_route={self.route}" if self.route else "")}

    async def open(self) -> float:
        t0 = time.perf_counter()
        self.ws = await websockets.connect(self.base.replace("http", "ws", 1) + "/_stcore/stream",
                                           subprotocols=["streamlit"], max_size=None, open_timeout=PATIENCE,
                                           origin=self.base, additional_headers=self.connect_headers())
        self.replica = self.ws.response.headers.get("X-PLA-Replica", "")
        for c in self.ws.response.headers.get_all("Set-Cookie"):
            if c.startswith("pla_route="):
                self.route = c.split(";")[0].split("=", 1)[1]
        self.reader = asyncio.create_task(self._read())
        await self.run(self.back())
        return time.perf_counter() - t0

    async def run(self, data: bytes) -> list[str]:
        """Send a rerun and wait for it to finish; the words it drew."""
        self.done.clear()
        t0 = time.perf_counter()
        await self.ws.send(data)
        await asyncio.wait_for(self.done.wait(), PATIENCE)
        if self.closed:
            raise ConnectionError("the websocket closed")
        self.runs.append((self.replica, time.perf_counter() - t0, t0))
        return self.shown

    async def _read(self) -> None:
        from benchmarks.load import read_messages

        try:
            await read_messages(self.ws, self.cached, self._on)
        except websockets.ConnectionClosed:
            pass
        self.closed = True
        self.done.set()

    def _on(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            self.script_hash = msg.new_session.page_script_hash
        elif kind == "navigation":
            self.script_hash = msg.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "auto_rerun":
            self.auto[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            el = msg.delta.new_element
            what = el.WhichOneof("type")
            if what == "markdown":
                self.texts.append(el.markdown.body)
            elif what == "alert":
                self.texts.append(el.alert.body)
            elif what in ("radio", "button"):
                w = getattr(el, what)
                self.widgets[w.label] = (w.id, list(getattr(w, "options", [])), msg.delta.fragment_id)
            elif what == "exception":
                self.texts.append("EXCEPTION " + el.exception.message)
            elif what == "bidi_component" and el.bidi_component.component_name.endswith("class_follow"):
                data = json.loads(el.bidi_component.json)[0]
                self.follow = (_make_trigger_id(el.bidi_component.id, "moved"), data, msg.delta.fragment_id)
        elif kind == "script_finished" and msg.script_finished in DONE:
            self.shown, self.texts = self.texts, []
            self.done.set()

    async def press(self, label: str, more=()) -> list[str]:
        wid, _, fragment = self.widgets[label]
        return await self.run(self.back(fragment, [*more, (wid, "trigger_value", True)]))

    async def moved(self) -> list[str]:
        """The follower saw the room move: its trigger, in a rerun of the student's part."""
        wid, _, fragment = self.follow
        self.moves += 1
        value = json.dumps([{"event": "moved", "value": self.moves}], separators=(",", ":"))
        return await self.run(self.back(fragment, [(wid, "json_trigger_value", value)]))

    async def tick(self) -> list[str]:
        """The fragment's AutoRerun, as the browser sends it."""
        fragment = next(iter(self.auto))
        return await self.run(self.back(fragment, auto=True))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


class Poller:
    """The page's follower asking ``/pla-lab/class/<room>`` every second, over one kept-alive HTTP/1.1 connection
    with the page's route cookie (as the browser's fetch): the state, and each request's time and replica."""

    def __init__(self, base: str, path: str):
        self.host, self.port = base.split("//")[1].split(":")
        self.path, self.conn, self.times = path, None, []

    async def get(self, route: str) -> dict:
        t0 = time.perf_counter()
        for attempt in (0, 1):
            try:
                if self.conn is None:
                    self.conn = await asyncio.open_connection(self.host, int(self.port))
                reader, writer = self.conn
                writer.write(f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nCookie: pla_route={route}\r\n"
                             "Connection: keep-alive\r\n\r\n".encode())
                head = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)).decode("latin-1")
                fields = {k.lower(): v.strip() for k, _, v in (h.partition(":") for h in head.split("\r\n")[1:])}
                body = await reader.readexactly(int(fields.get("content-length", 0)))
                status = int(head.split()[1])
                self.times.append((fields.get("x-pla-replica", ""), time.perf_counter() - t0))
                out = json.loads(body) if body else {}
                out["status"] = status
                return out
            except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError):
                self.conn = None
                if attempt:
                    return {"status": 0}
        return {"status": 0}


def count(words: list[str]) -> int | None:
    for w in words:
        if w.endswith(" answered") and w.split()[0].isdigit():
            return int(w.split()[0])
    return None


@dataclass
class Phone:
    base: str
    room: str
    rng: random.Random
    tab: Tab = None
    me: str = ""
    choices: list = field(default_factory=list)  # the letters it means to send, in order
    sent: int = 0  # answers sent
    confirmed: str | None = None  # the last answer the page said was counted
    first_at: float | None = None  # when the page first said an answer was counted (the store's count rose)
    latencies: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    reconnects: int = 0
    runs: list = field(default_factory=list)

    async def open(self) -> float:
        route = self.tab.route if self.tab is not None else ""
        if self.tab is not None:
            self.runs += self.tab.runs
        again = {"browser": self.me} if self.me else {}  # a reconnection: the same browser, the same cookie
        self.tab = Tab(self.base, "class", f"room={self.room}", route=route, **again)
        took = await self.tab.open()
        self.me = self.tab.browser  # who answered, for the store: this phone's browser id, the same after a reconnect
        return took

    async def answer(self, letter: str) -> None:
        _, options, _ = self.tab.widgets["Your answer"]
        option = next((o for o in options if o.startswith(f"{letter}. ")), None)
        if option is None:
            raise KeyError(f"no choice {letter} among {options}")
        t0 = time.perf_counter()
        self.sent += 1
        words = await self.tab.press("Answer", [(self.tab.widgets["Your answer"][0], "string_value", option)])
        if any(f"Your answer {letter} is counted" in w for w in words):
            now = time.perf_counter()
            self.latencies.append(now - t0)
            self.confirmed, self.first_at = letter, self.first_at or now
        else:
            self.errors.append("not counted: " + " | ".join(words)[-200:])

    async def follow(self) -> None:
        """One tick of the page's follower: ask for the room's state; if the question or the reveal is not what the
        page shows, its trigger (a rerun of the student's part). A verdict drawn is timed (``verdict_at``)."""
        got = await self.poller.get(self.tab.route)
        _, shown, _ = self.tab.follow
        if got.get("status") == 200 and (got["q"] != shown["q"] or got["revealed"] != shown["revealed"]):
            words = await self.tab.moved()
            if any(w.startswith(("**Right:**", "**Not quite:**", "Answers are closed")) for w in words):
                self.verdict_at = time.perf_counter()

    async def vote(self, start: float, window: float, until: float) -> None:
        """Follow the room (its state asked every second), answer at random moments within ``window``; after a lost
        connection, open again and answer again what was not confirmed."""
        moments = sorted(start + self.rng.uniform(0.5, window) for _ in self.choices)
        todo = list(zip(moments, self.choices))
        self.poller, self.verdict_at = Poller(self.base, f"/pla-lab/class/{self.room}"), None
        # A class opens the link over several seconds, so their pages' timers do not tick together: the first tick
        # comes at a moment of its own within the second
        await asyncio.sleep(self.rng.uniform(0, 1.0))
        while time.perf_counter() < until:
            try:
                if self.tab.closed:
                    self.reconnects += 1
                    await asyncio.sleep(self.rng.uniform(0.2, 1.5))  # the browser's backoff
                    await self.open()
                    if self.confirmed != self.choices[-1] and not todo:
                        todo = [(time.perf_counter(), self.choices[-1])]
                if todo and time.perf_counter() >= todo[0][0]:
                    await self.answer(todo.pop(0)[1])
                    continue
                await asyncio.sleep(1.0)
                if not self.tab.closed:
                    await self.follow()
            except (ConnectionError, websockets.ConnectionClosed, asyncio.TimeoutError, OSError, KeyError) as e:
                if not self.tab.closed:
                    self.errors.append(repr(e)[:160])
                    await asyncio.sleep(1)
        if self.tab is not None:
            self.runs += self.tab.runs
            await self.tab.close()


async def projector(base: str) -> tuple[Tab, str, str]:
    """The lecturer: /pla in presenter mode, *Ask the class* pressed; their tab on the projector's view, the room (and
    "": the key is in the lecturer's session, never in the address)."""
    tab = Tab(base, "pla", "present=1")
    await tab.open()
    await tab.press("Ask the class")
    while "room=" not in tab.query:  # the switch to /class: a new run of the whole page
        tab.done.clear()
        await asyncio.wait_for(tab.done.wait(), PATIENCE)
    tab.page = "class"
    params = dict(p.split("=", 1) for p in tab.query.split("&"))
    assert "key" not in params, "the projector's address holds the key: its browser sent no id cookie"
    return tab, params["room"], ""


async def watch(tab: Tab, until: float, into: list) -> None:
    """The projector following the room: (time, count shown) at every tick."""
    while time.perf_counter() < until:
        await asyncio.sleep(next(iter(tab.auto.values()), 1.0))
        try:
            if tab.closed:
                await tab.open()
            into.append((time.perf_counter(), count(await tab.tick())))
        except (ConnectionError, websockets.ConnectionClosed, asyncio.TimeoutError, OSError) as e:
            into.append((time.perf_counter(), None))
            await asyncio.sleep(0.5 if "closed" in repr(e) else 0)


async def vote(base: str, n: int, seed: int, kill, *, window: float = 20.0, opening: float = 10.0) -> dict:
    rng = random.Random(seed)
    lecturer, room, key = await projector(base)
    phones = [Phone(base, room, random.Random(rng.getrandbits(64))) for _ in range(n)]
    t0 = time.perf_counter()
    opens = await asyncio.gather(*(p.open() for p in phones), return_exceptions=True)
    for p in phones:  # one of the question's choices, and for a third of them another one after it
        if p.tab.widgets.get("Your answer"):
            letters = "ABCDEFGH"[:len(p.tab.widgets["Your answer"][1])]
            first = p.rng.choice(letters)
            p.choices = [first] + ([p.rng.choice(letters.replace(first, ""))] if p.rng.random() < 1 / 3 else [])
    out = {"open_wall": time.perf_counter() - t0, "open_s": [o for o in opens if isinstance(o, float)],
           "open_errors": [repr(o)[:160] for o in opens if not isinstance(o, float)]}
    live = [p for p, o in zip(phones, opens) if isinstance(o, float)]
    start = out["start"] = time.perf_counter()
    until = start + window + 8
    seen: list = []
    jobs = [asyncio.create_task(p.vote(start, window, until)) for p in live]
    jobs.append(asyncio.create_task(watch(lecturer, until, seen)))
    if kill:
        await asyncio.sleep(window / 2)
        out["killed"] = kill()
    await asyncio.sleep(max(0.0, start + window + 2 - time.perf_counter()))
    out["revealed_at"] = time.perf_counter()
    await lecturer.press("Reveal")  # the phones follow: each draws its verdict
    await asyncio.gather(*jobs)
    out.update(room=room, key=key, phones=live, seen=seen, lecturer=lecturer)
    await lecturer.close()
    return out


def lags(phones, seen) -> list[float]:
    """For the k-th answer counted (by the time its page said so), how long until the projector showed k or more."""
    counted = sorted(p.first_at for p in phones if p.first_at is not None)
    out = []
    for k, at in enumerate(counted, 1):
        shown = next((t for t, c in seen if t >= at and c is not None and c >= k), None)
        out.append(float("inf") if shown is None else shown - at)
    return out


def per_replica(phones, lecturer, since: float) -> dict[str, list[float]]:
    """Each replica's reruns after ``since`` (the vote's start: the pages' first loads are counted apart)."""
    out = defaultdict(list)
    for r, s, t0 in [x for p in phones for x in p.runs] + lecturer.runs:
        if t0 >= since:
            out[r].append(s)
    return out


def kill_one(folder, port: int):
    """A function that kills replica 1 (SIGKILL; deploy/start.sh starts it again) and says which and when."""
    def kill():
        pid = int((folder / f"replica-{port + 1}.pid").read_text())
        os.kill(pid, signal.SIGKILL)
        return f"127.0.0.1:{port + 1} (pid {pid})"
    return kill


def pct(xs, q) -> float:
    import numpy as np

    return float(np.percentile(xs, q)) * 1000 if xs else float("nan")


def main(n: int, store: str, replicas: int, kill: bool, seed: int) -> None:
    """One vote of ``n`` phones on ``replicas`` processes behind nginx sharing a ``store``; prints the figures."""
    import pathlib
    import sys
    import tempfile

    root = pathlib.Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    from benchmarks.load import cpu_seconds, loadavg, start_cluster
    from pla_lab.framework.classroom import Store
    from tests.pg import postgres

    pg = None
    os.environ["PLA_LAB_DATA"] = tempfile.mkdtemp(prefix="pla-class-load-")
    if store == "postgresql":
        pg = postgres()
        os.environ["PLA_LAB_CLASS_DB"] = pg.url
        url = pg.url
    else:
        os.environ.pop("PLA_LAB_CLASS_DB", None)
        url = f"sqlite:///{os.environ['PLA_LAB_DATA']}/class.sqlite"
    proc, base, pids = start_cluster(replicas)
    folder = pathlib.Path(proc.args[4])
    port = int(base.rsplit(":", 1)[1])
    try:
        def cpu():  # the replicas alive at both ends (a killed one is not counted)
            out = {}
            for pid in pids:
                try:
                    out[pid] = cpu_seconds(pid)
                except OSError:
                    pass
            return out

        c0, load0, g0 = cpu(), loadavg(), time.process_time()
        out = asyncio.run(vote(base, n, seed, kill_one(folder, port) if kill else None))
        c1 = cpu()
        cpu, generator = sum(c1[p] - c0[p] for p in c1 if p in c0), time.process_time() - g0
        phones, seen = out["phones"], out["seen"]
        s = Store(url)
        held = s.view(out["room"])["question"]["answered"]
        answered = [p for p in phones if p.sent]
        wrong = [p for p in answered if s.my_answer(out["room"], p.me) != "ABCDEFGH".index(p.choices[-1])]
        lat = [x for p in phones for x in p.latencies]
        lag = lags(phones, seen)
        errors = [e for p in phones for e in p.errors] + out["open_errors"]
        print(f"\n{n} phones, {replicas} replicas behind nginx, store {store}{', one replica killed' if kill else ''}"
              f" (load {load0} → {loadavg()}; the generator shares the machine)")
        print(f"  open the class link: all {len(out['open_s'])} within {out['open_wall']:.1f} s "
              f"(p50 {pct(out['open_s'], 50):.0f} ms, p95 {pct(out['open_s'], 95):.0f} ms); errors {len(out['open_errors'])}")
        print(f"  answers sent {sum(p.sent for p in phones)} by {len(answered)} phones; the store counts {held}; "
              f"store's answer = the phone's last: {len(answered) - len(wrong)}/{len(answered)}")
        print(f"  answer → counted: p50 {pct(lat, 50):.0f} ms, p95 {pct(lat, 95):.0f} ms, max {pct(lat, 100):.0f} ms "
              f"({len(lat)} answers confirmed)")
        finite = [x for x in lag if x != float('inf')]
        print(f"  projector's count behind the answers counted: p50 {pct(finite, 50):.0f} ms, p95 {pct(finite, 95):.0f}"
              f" ms, max {pct(finite, 100):.0f} ms; never shown: {len(lag) - len(finite)}")
        for r, runs in sorted(per_replica(phones, out["lecturer"], out["start"]).items()):
            print(f"  replica {r}: {len(runs)} reruns during the vote, p50 {pct(runs, 50):.0f} ms, p95 {pct(runs, 95):.0f} ms")
        polls = defaultdict(list)
        for p in phones:
            for r, t in getattr(p, "poller", Poller(base, "")).times:
                polls[r].append(t)
        for r, ts in sorted(polls.items()):
            print(f"  replica {r}: {len(ts)} requests for the room's state, p50 {pct(ts, 50):.1f} ms, "
                  f"p95 {pct(ts, 95):.1f} ms")
        verdicts = [p.verdict_at - out["revealed_at"] for p in phones if getattr(p, "verdict_at", None)]
        print(f"  Reveal → the phone shows its verdict: {len(verdicts)}/{len(phones)} phones, p50 "
              f"{pct(verdicts, 50):.0f} ms, p95 {pct(verdicts, 95):.0f} ms, max {pct(verdicts, 100):.0f} ms")
        print(f"  server CPU {cpu:.1f} s, the generator's {generator:.1f} s, over the vote; reconnects {sum(p.reconnects for p in phones)}"
              + (f"; killed {out['killed']}" if kill else "") + f"; errors {len(errors)}")
        for e in errors[:5]:
            print("    " + e)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(20)
        if pg is not None:
            pg.remove()


if __name__ == "__main__":
    import pathlib
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
    from benchmarks.load import main as load_main

    load_main(["--class-vote", *sys.argv[1:]])
