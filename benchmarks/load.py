"""Load generator: simulated students that speak Streamlit's own websocket protocol (prints figures, not a test).

Run:  python benchmarks/load.py [--n 10 50 100 150 200] [--steps 15] [--seconds 45] [--browsers 2]
      python benchmarks/load.py --class-vote [--n 200] [--store sqlite|postgresql] [--kill]   (issue 35's class vote)

One machine can play a class this way without a browser per student. For each N it starts a fresh
`streamlit run app.py` on a free port, warms it with one session, then:
  * open: N sessions connect to ``/_stcore/stream`` at once and open the PLA lesson from one shared link
    (``/pla?pts=…`` with 200 points), as a class does when the lecturer shares it;
  * step: each student presses Step every 1–3 s (uniform), at most ``--steps`` times within ``--seconds``.

What goes over the wire is what Chromium sends (captured from a real page load and a Step press):
  * connect with subprotocol ``streamlit``; the first BackMsg is ``rerun_script`` with the link's query string, the
    page name (``pla``), no widget states and the browser's context (time zone, locale, URL, colour scheme). The
    server answers ``new_session`` (the page's script hash), deltas, ``page_info_changed`` (the query string the app
    wrote), ``script_finished``;
  * Step is served in the browser (pla_lab/drawing/plot/input.js): it animates, then reports the step shown as a *tick*, an
    event of the plot component (pla_lab.framework.protocol). The browser sends it as the component's trigger value
    (``json_trigger_value`` of its ``…__events`` widget, every event not yet acknowledged, numbered) in a
    ``rerun_script`` that names the plot's fragment, the page's script hash, the current query string and the
    hashes of the cached messages. That is a fragment rerun, answered by the plot's new payload (which echoes the
    last event id handled, ``ack``) and ``script_finished`` FINISHED_FRAGMENT_RUN_SUCCESSFULLY.
    (Other widgets' states are not echoed back: Streamlit then keeps their last values, as it does for the browser.)

Per rerun (a Step): latency from sending its tick to the ``script_finished`` of the rerun whose payload
acknowledges it. Counted apart: errors (connection lost, an exception drawn, a compile error, a page that never
finished), *stale* answers (a finished rerun whose payload does not acknowledge a tick sent before it started, or
shows another step than asked: the student sees the wrong step for a moment) and *dropped* ticks (never
acknowledged within 30 s of the end). Server CPU comes from /proc/<pid>/stat (utime+stime), RSS from
/proc/<pid>/status; the load average from /proc/loadavg, since the machine is shared.

``--browsers K`` runs K headless Chromium pages on the same server during the step phase (a subprocess, so the
generator's own CPU does not slow them twice), each a student of its own taking turns: Step, then a click on the
plot at a random spot (a point added, or removed if it hits one), at most every 2 s and only once the last press
was answered. Timed inside each page: Step press → the animation's first frame, click → its point drawn (both
served in the browser), and press → the server's answer drawn (the plot's new payload). ``--n 0`` measures them
on an idle server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field

import numpy as np
import websockets
from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_ui import cpu_seconds as _cpu_seconds  # noqa: E402
from benchmarks.bench_ui import link_with_points
from tests.browser import _free_port, start_server  # noqa: E402

DONE = (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)
#: How long a student waits for a page or for the last answers before counting them lost.
PATIENCE = 30.0


def _rss_mb(pid: int) -> float:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pids) -> float:
    """CPU seconds of the server: one process, or the sum over the replicas behind nginx (a tuple of pids)."""
    return sum(_cpu_seconds(p) for p in (pids if isinstance(pids, tuple) else (pids,)))


def rss_mb(pids) -> float:
    return sum(_rss_mb(p) for p in (pids if isinstance(pids, tuple) else (pids,)))


def start_cluster(replicas: int) -> tuple[subprocess.Popen, str, tuple[int, ...]]:
    """deploy/start.sh: ``replicas`` processes behind nginx (needs nginx); (its process, nginx's URL, replica pids)."""
    import tempfile

    folder, port = pathlib.Path(tempfile.mkdtemp()), _free_port()
    proc = subprocess.Popen(["bash", "deploy/start.sh", str(replicas), str(port), str(folder)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    line = proc.stdout.readline()
    if not line.startswith("PLA Lab:"):
        raise RuntimeError(line + proc.stdout.read())
    pids = tuple(int((folder / f"replica-{port + k}.pid").read_text()) for k in range(1, replicas + 1))
    return proc, f"http://127.0.0.1:{port}", pids


def loadavg() -> str:
    return " ".join(pathlib.Path("/proc/loadavg").read_text().split()[:3])


@dataclass
class Student:
    """One simulated browser tab: a websocket session on the lesson page and the plot's outbox."""

    base: str           # http://host:port
    page: str           # the page's name in the URL: "pla"
    query: str          # the shared link's query string
    rng: random.Random
    ws: object = None
    script_hash: str = ""       # the page's script hash, sent back with every rerun
    plot_id: str = ""           # the trigger widget of the plot component
    fragment: str = ""          # the fragment the plot is drawn in
    payload: dict | None = None  # the plot's last payload
    cached: set = field(default_factory=set)
    nonce: str = ""
    next_id: int = 1
    outbox: list = field(default_factory=list)  # events not acknowledged: (event, time sent)
    finished: asyncio.Event = field(default_factory=asyncio.Event)
    opened_at: float | None = None
    latencies: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    stale: int = 0
    sent: int = 0
    payload_this_run: dict | None = None

    def _back(self, widgets=()) -> bytes:
        msg = BackMsg()
        cs = msg.rerun_script
        cs.query_string = self.query
        cs.page_name = self.page
        if self.script_hash:
            cs.page_script_hash = self.script_hash
        for wid, value in widgets:
            w = cs.widget_states.widgets.add()
            w.id = wid
            w.json_trigger_value = value
        if widgets:
            cs.fragment_id = self.fragment
            cs.cached_message_hashes.extend(sorted(self.cached))
        ci = cs.context_info
        ci.timezone, ci.timezone_offset, ci.locale = "UTC", 0, "en-US"
        ci.url, ci.is_embedded, ci.color_scheme = f"{self.base}/{self.page}", False, "light"
        return msg.SerializeToString()

    async def open(self) -> float:
        """Connect and load the page; the seconds until its script finished."""
        t0 = time.perf_counter()
        url = self.base.replace("http", "ws", 1) + "/_stcore/stream"
        self.ws = await websockets.connect(url, subprotocols=["streamlit"], max_size=None, open_timeout=PATIENCE,
                                           origin=self.base)
        self.reader = asyncio.create_task(self._read())
        await self.ws.send(self._back())
        await asyncio.wait_for(self.finished.wait(), PATIENCE)
        if self.payload is None:
            raise RuntimeError("the page finished without drawing the plot")
        self.opened_at = time.perf_counter()
        self.nonce = f"load{self.rng.getrandbits(48):x}"
        return self.opened_at - t0

    async def _read(self) -> None:
        try:
            await read_messages(self.ws, self.cached, self._on)
        except websockets.ConnectionClosed as e:
            if e.rcvd is None or e.rcvd.code != 1000:
                self.errors.append(f"connection closed: {e}")
        self.finished.set()

    def _on(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            self.script_hash = msg.new_session.page_script_hash
        elif kind == "navigation":  # an st.navigation app: the page shown is named here, not in new_session
            self.script_hash = msg.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            el = msg.delta.new_element
            if el.WhichOneof("type") == "exception":
                self.errors.append("exception drawn: " + el.exception.message[:200])
            elif el.WhichOneof("type") == "bidi_component" and el.bidi_component.component_name.endswith("plot"):
                self.plot_id = _make_trigger_id(el.bidi_component.id, "events")
                self.fragment = msg.delta.fragment_id
                self.payload = self.payload_this_run = _payload(el.bidi_component)
        elif kind == "script_finished":
            if msg.script_finished == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                self.errors.append("compile error")
            if msg.script_finished in DONE:
                self._answered(self.payload_this_run)
                self.payload_this_run = None
                self.finished.set()

    def _answered(self, p: dict | None) -> None:
        """A rerun finished: the ticks its payload acknowledges are answered; one sent before it and not, stale."""
        if not self.outbox or p is None:
            return
        now = time.perf_counter()
        ack = p["ack"] if p.get("nonce") == self.nonce else 0
        done = [(ev, at) for ev, at in self.outbox if ev["id"] <= ack]
        self.outbox = [(ev, at) for ev, at in self.outbox if ev["id"] > ack]
        self.latencies += [now - at for _, at in done]
        if self.outbox or (done and not done[-1][0]["jump"] and p["t"] != done[-1][0]["t"]):
            self.stale += 1

    def step(self) -> bool:
        """Press Step as the browser serves it: one step on from the step shown, reported as a tick (a jump when
        its weights are not in the payload's window). False at the end of the run."""
        p = self.payload
        pending = [ev for ev, _ in self.outbox]
        t = (pending[-1]["t"] if pending else p["t"]) + 1
        if t > p["T"]:
            return False
        win = p["win"]
        jump = not (win and win["t0"] <= t < win["t0"] + len(win["W"]))
        ev = {"id": self.next_id, "kind": "tick", "t": t, "playing": False, "run": p["run"], "seq": p["seq"],
              "jump": jump}
        self.next_id += 1
        self.outbox.append((ev, time.perf_counter()))
        batch = {"version": p["version"], "nonce": self.nonce, "events": [e for e, _ in self.outbox]}
        value = json.dumps([{"event": "events", "value": batch}], separators=(",", ":"))
        self.sent += 1
        asyncio.ensure_future(self.ws.send(self._back([(self.plot_id, value)])))
        return True

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            await asyncio.wait_for(self.reader, 10)


async def read_messages(ws, cached: set, on) -> None:
    """Every ForwardMsg the server sends on ``ws``, to ``on``, as the browser reads them: a cacheable message is kept
    (its hash added to ``cached``, which the next rerun reports), and a ``ref_hash`` is the kept message it names.
    Ends when the websocket closes (websockets.ConnectionClosed)."""
    cache: dict[str, ForwardMsg] = {}
    async for data in ws:
        msg = ForwardMsg()
        msg.ParseFromString(data)
        if msg.WhichOneof("type") == "ref_hash":
            msg = cache[msg.ref_hash]
        elif msg.metadata.cacheable:
            cache[msg.hash] = msg
            cached.add(msg.hash)
        on(msg)


def _payload(bc) -> dict:
    data = json.loads(bc.json) if bc.json else None
    return data[0] if isinstance(data, list) else data


async def student_steps(s: Student, steps: int, until: float) -> None:
    for _ in range(steps):
        await asyncio.sleep(s.rng.uniform(1.0, 3.0))
        if time.perf_counter() > until or s.ws.state.name != "OPEN" or not s.step():
            break
    end = time.perf_counter() + PATIENCE
    while s.outbox and time.perf_counter() < end and s.ws.state.name == "OPEN":
        await asyncio.sleep(0.1)


async def sample_rss(pid: int, into: list, stop: asyncio.Event) -> None:
    while not stop.is_set():
        into.append(rss_mb(pid))
        await asyncio.sleep(0.5)


async def class_of(n: int, base: str, pid: int, query: str, steps: int, seconds: float, seed: int) -> dict:
    """N students open the link at once, then step; what they saw and what the server spent."""
    rng = random.Random(seed)
    students = [Student(base, "pla", query, random.Random(rng.getrandbits(64))) for _ in range(n)]
    rss0 = rss_mb(pid)
    out = {"n": n, "rss0": rss0, "load_open": loadavg()}
    c0, w0 = cpu_seconds(pid), time.perf_counter()
    opens = await asyncio.gather(*(s.open() for s in students), return_exceptions=True)
    out["open_wall"] = time.perf_counter() - w0
    out["open_cpu"] = cpu_seconds(pid) - c0
    out["open_s"] = [o for o in opens if isinstance(o, float)]
    out["open_errors"] = [repr(o)[:200] for o in opens if not isinstance(o, float)]
    out["rss_open"] = rss_mb(pid)
    live = [s for s, o in zip(students, opens) if isinstance(o, float)]
    await asyncio.sleep(1.0)
    rss, stop = [], asyncio.Event()
    sampler = asyncio.create_task(sample_rss(pid, rss, stop))
    c0, w0, p0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    out["load_step0"] = loadavg()
    await asyncio.gather(*(student_steps(s, steps, w0 + seconds) for s in live))
    out["step_wall"] = time.perf_counter() - w0
    out["step_cpu"] = cpu_seconds(pid) - c0
    out["client_cpu"] = time.process_time() - p0
    out["load_step1"] = loadavg()
    stop.set()
    await sampler
    out["rss_max"] = max(rss) if rss else float("nan")
    out["lat"] = [x for s in students for x in s.latencies]
    out["sent"] = sum(s.sent for s in students)
    out["stale"] = sum(s.stale for s in students)
    out["dropped"] = sum(len(s.outbox) for s in students)
    out["errors"] = [e for s in students for e in s.errors] + out["open_errors"]
    await asyncio.gather(*(s.close() for s in live), return_exceptions=True)
    return out


def warm(base: str, pid: int, query: str) -> None:
    """One session opens the page and takes a step, so the first students do not pay for the imports."""
    async def go():
        s = Student(base, "pla", query, random.Random(0))
        await s.open()
        s.step()
        await student_steps(s, 0, 0)
        await s.close()
    asyncio.run(go())


def browsers(base: str, link: str, k: int, seconds: float) -> subprocess.Popen:
    """K headless Chromium pages clicking and stepping, in a subprocess that prints their figures (JSON)."""
    return subprocess.Popen([sys.executable, __file__, "--browser-only", link, "--browsers", str(k),
                             "--seconds", str(seconds)], stdout=subprocess.PIPE, text=True, cwd=ROOT)


#: Installed in each real page: every press (mousedown) on Step or on the plot, every redraw of the plot, every new
#: payload drawn (the server's answer), timed inside the page (performance.now()).
RECORD = """() => {
  const gd = document.querySelector('.pla-plot'), rec = window.__load = { press: [], drawn: [], answer: [] };
  document.addEventListener('mousedown', (e) => {
    const kind = e.target.closest('.st-key-app-step') ? 'step' : e.target.closest('.pla-plot') ? 'click' : null;
    if (kind) rec.press.push([kind, performance.now()]);
  }, true);
  new MutationObserver(() => rec.drawn.push(performance.now()))  // the plot's SVG drawn anew (surface.js)
    .observe(gd.querySelector('.pla-svg .pla-marks'), { childList: true, subtree: true });
  let seen = window.__plaLab.stats.dataAt;
  setInterval(() => { const d = window.__plaLab.stats.dataAt; if (d !== seen) { seen = d; rec.answer.push(d); } }, 5);
}"""
#: A page's figures from its records: per press, ms to the first redraw (a click's point drawn), to the first
#: animation frame (a Step), and to the server's answer drawn; null when it never came.
FIGURES = """() => {
  const r = window.__load, tr = window.__plaLab.stats.transitions, out = [];
  const after = (xs, t) => { const x = xs.find((v) => v > t); return x === undefined ? null : x - t; };
  for (const [kind, t] of r.press) {
    const anim = tr.map((x) => x.start);
    out.push({ kind, drawn: kind === 'click' ? after(r.drawn, t) : after(anim, t), answer: after(r.answer, t) });
  }
  return out;
}"""


def browser_only(link: str, k: int, seconds: float) -> None:
    """K pages, each a student in a browser context of its own, taking turns: a page presses Step or clicks the
    plot (alternately; a click at a random spot adds a point, or removes one it hits) once its last press has been
    answered, at most every 2 s; for ``seconds``. Prints a JSON list of {kind, drawn, answer} in ms."""
    from playwright.sync_api import sync_playwright

    from tests.browser import ARGS, CHROMIUM, READY, TEST_HOOKS, Plot

    rng = random.Random(1)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        plots = []
        for _ in range(k):
            ctx = b.new_context(viewport={"width": 1280, "height": 720})
            ctx.add_init_script(TEST_HOOKS)
            plot = Plot(ctx.new_page())
            plot.page.goto(link)
            plot.page.wait_for_selector(READY, timeout=120_000)
            plot.page.wait_for_function("() => window.__plaLab && window.__plaLab.stats.interactiveAt",
                                        timeout=120_000)
            plot.js(RECORD)
            plots.append(plot)
        view = plots[0].view()
        last = [0.0] * k
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for i, plot in enumerate(plots):
                if time.monotonic() - last[i] < 2 or not plot.js(
                        "() => { const r = window.__load; return !r.press.length ||"
                        " r.answer.some((a) => a > r.press.at(-1)[1]); }") and time.monotonic() - last[i] < 30:
                    continue
                last[i] = time.monotonic()
                if len(plot.js("() => window.__load.press")) % 2:
                    plot.click_data(rng.uniform(view[0], view[1]) * 0.9, rng.uniform(view[2], view[3]) * 0.9)
                else:
                    plot.page.get_by_role("button", name="Step").click()
            time.sleep(0.05)
        time.sleep(5)  # the last answers
        out = [f for plot in plots for f in plot.js(FIGURES)]
        b.close()
    print(json.dumps(out))


def pct(xs, q) -> float:
    return float(np.percentile(xs, q)) * 1000 if xs else float("nan")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, nargs="+", default=[10, 50, 100, 150, 200])
    ap.add_argument("--points", type=int, default=200)
    ap.add_argument("--steps", type=int, default=15, help="Step presses per student at most")
    ap.add_argument("--seconds", type=float, default=45, help="the step phase lasts at most this long")
    ap.add_argument("--browsers", type=int, default=0, help="real Chromium pages stepping alongside the load")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--replicas", type=int, default=0,
                    help="serve through deploy/start.sh: this many processes behind nginx (0: one process alone)")
    ap.add_argument("--browser-only", metavar="LINK", help=argparse.SUPPRESS)
    ap.add_argument("--class-vote", action="store_true",
                    help="a class answering a question instead (benchmarks/class_load.py): --n phones (200 if not "
                         "given), --replicas (2 if not given)")
    ap.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite", help="--class-vote's store")
    ap.add_argument("--kill", action="store_true", help="--class-vote: kill one replica halfway through the vote")
    args = ap.parse_args(argv)
    if args.class_vote:
        from benchmarks import class_load

        n = args.n[0] if argv and "--n" in argv or "--n" in sys.argv else 200
        return class_load.main(n, args.store, args.replicas or 2, args.kill, args.seed)
    if args.browser_only:
        return browser_only(args.browser_only, args.browsers, args.seconds)

    rows = []
    for n in args.n:
        if args.replicas:
            proc, base, pids = start_cluster(args.replicas)
        else:
            proc, base = start_server()
            pids = proc.pid
        try:
            link = link_with_points(base, args.points).replace(base + "/?", base + "/pla?")
            query = link.split("?", 1)[1]
            for _ in range(3 * max(1, args.replicas)):  # each replica likely warmed (nginx spreads new sessions)
                warm(base, pids, query)
            chrome = browsers(base, link, args.browsers, args.seconds) if args.browsers else None
            r = asyncio.run(class_of(n, base, pids, query, args.steps, args.seconds, args.seed))
            if chrome is not None:
                r["browser"] = json.loads(chrome.communicate(timeout=600)[0])
        finally:
            if args.replicas:
                os.killpg(proc.pid, 15)
                proc.wait(20)
            else:
                proc.terminate()
                proc.wait(10)
        rows.append(r)
        report(r)
    print()
    print(table(rows))


def report(r: dict) -> None:
    lat, ops = r["lat"], r["open_s"]
    if not r["n"]:  # an idle server: only the real browsers' figures mean something
        print("\nN = 0 (an idle server)")
        return report_browsers(r)
    print(f"\nN = {r['n']}: open {len(ops)} pages in {r['open_wall']:.1f} s "
          f"(p50 {pct(ops, 50):.0f} ms, p95 {pct(ops, 95):.0f} ms; server CPU {r['open_cpu']:.1f} s, "
          f"{r['open_cpu'] / max(1, len(ops)) * 1000:.0f} ms a page); load average {r['load_open']}")
    print(f"  steps: {r['sent']} ticks sent over {r['step_wall']:.1f} s, {len(lat)} answered: "
          f"p50 {pct(lat, 50):.0f} ms, p95 {pct(lat, 95):.0f} ms, p99 {pct(lat, 99):.0f} ms; "
          f"stale {r['stale']}, dropped {r['dropped']}, errors {len(r['errors'])}")
    print(f"  server CPU {r['step_cpu'] / r['step_wall'] * 100:.0f} % of a core "
          f"({r['step_cpu'] / max(1, len(lat)) * 1000:.0f} ms a Step); RSS {r['rss0']:.0f} MB idle → "
          f"{r['rss_open']:.0f} MB with {len(ops)} sessions "
          f"({(r['rss_open'] - r['rss0']) / max(1, len(ops)):.2f} MB each), max {r['rss_max']:.0f} MB; "
          f"generator CPU {r['client_cpu'] / r['step_wall'] * 100:.0f} % of a core; "
          f"load average {r['load_step0']} → {r['load_step1']}")
    report_browsers(r)
    for e in sorted(set(r["errors"]))[:5]:
        print("  error:", e)


def report_browsers(r: dict) -> None:
    if "browser" not in r:
        return
    for kind, first in (("step", "press → animation starts"), ("click", "click → its point drawn")):
        f = [x for x in r["browser"] if x["kind"] == kind]
        drawn = [x["drawn"] / 1000 for x in f if x["drawn"] is not None]
        answer = [x["answer"] / 1000 for x in f if x["answer"] is not None]
        print(f"  Chromium alongside, {kind}: {len(f)} presses; {first} p50 {pct(drawn, 50):.0f} ms, "
              f"p95 {pct(drawn, 95):.0f} ms; → the server's answer drawn p50 {pct(answer, 50):.0f} ms, "
              f"p95 {pct(answer, 95):.0f} ms; {len(f) - len(answer)} never answered")


def table(rows: list[dict]) -> str:
    head = ("| N | page open p50 / p95 | Step p50 | p95 | p99 | ticks sent / answered | stale | dropped | errors "
            "| server CPU | RSS (max) | load avg |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for r in rows:
        if not r["n"]:
            continue
        lat, ops = r["lat"], r["open_s"]
        lines.append(
            f"| {r['n']} | {pct(ops, 50) / 1000:.1f} / {pct(ops, 95) / 1000:.1f} s | {pct(lat, 50):.0f} ms "
            f"| {pct(lat, 95):.0f} ms | {pct(lat, 99):.0f} ms | {r['sent']} / {len(lat)} | {r['stale']} "
            f"| {r['dropped']} | {len(r['errors'])} | {r['step_cpu'] / r['step_wall'] * 100:.0f} % "
            f"| {r['rss_max']:.0f} MB | {r['load_step1'].split()[0]} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
