"""Memory over many sessions opened and closed, per-session growth told apart from cache growth (prints figures).

Run:  python benchmarks/sessions.py [--waves 10] [--per-wave 100] [--points 200] [--live 100 200 300] [--uploads 200]

Simulated students (benchmarks/load.py's ``Student``: a websocket session exactly as a browser tab) open the PLA
lesson in waves: ``--per-wave`` connect at once, each presses Step twice (waiting for each answer), then all close.
After each wave the server settles (its ``active_sessions`` metric back to 0, then 1.5 s) and is sampled: RSS and
open file descriptors from /proc, the run cache's entries and evictions from Streamlit's ``/_stcore/metrics``.
Two series, each on a fresh ``streamlit run app.py``, their waves interleaved:
  (a) same link: every session opens one shared link, so after the first every run is a cache hit and any growth
      is per session;
  (b) distinct links: every session opens points of its own (another seed), so PLA Lab's one run cache,
      ``pla_lab/framework/runs.py`` ``_compute`` (``st.cache_resource(max_entries=128)``; the app has no other Streamlit
      cache), fills up to 128 runs and must then hold still, the least recently used run evicted.
Then, on a third fresh server, while (a) and (b) wait out the TTL below:
  (c) live sessions: 100, 200, 300 open at once and kept open: MB of RSS per live session (the slope), and their
      session state as Streamlit measures it (pympler's asizeof, which ``server.enableExpensiveMemoryStats`` turns
      on for /_stcore/metrics; only this server runs with it);
  (d) uploads: sessions that each load a CSV file of points (the uploader's HTTP PUT) and close: the bytes
      Streamlit's uploaded-file manager still holds (its own metric), after they closed and after the TTL;
  and the run cache filled with distinct links as in (b): its bytes by the same asizeof.

What a closed session leaves behind (Streamlit 1.67, read in site-packages): ``Runtime.disconnect_session`` →
``WebsocketSessionManager.disconnect_session`` stops the script, clears the session's caches and *saves the session
for a reconnect* in ``MemorySessionStorage``: a ``TTLCache`` of at most 128 sessions (``maxsize=128``, not an
option) kept ``server.disconnectedSessionTTL`` = 120 s, whose expired entries are only dropped on the next write.
A session dropped from it is never ``shutdown()`` by the manager; ``AppSession.__del__`` does it when the session is
collected (its uploads removed, its script event loop closed). So up to 128 closed sessions stay in memory on
purpose, whatever the app does: with waves of 100, the most sessions held at once is 100 live + 128 stored from
the third wave on. The criterion is a plateau from there (Python's allocator keeps freed arenas, so RSS seldom falls
back): growth per wave, and the slope over the last 5 waves in MB per 100 sessions. The run ends with a wait past
the TTL, one more session opened and closed on each server (the write that drops the expired sessions), a last
sample.

The machine is shared and noisy; RSS is not a timing, but the load average is printed all the same.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import pathlib
import random
import re
import sys
import time
import urllib.request
import uuid

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_ui import link_with_points  # noqa: E402
from benchmarks.load import PATIENCE, Student, loadavg, rss_mb  # noqa: E402
from pla_core import datasets  # noqa: E402
from pla_lab.framework import codec as C  # noqa: E402
from tests.browser import start_server  # noqa: E402

#: Streamlit 1.67's defaults for closed sessions kept for a reconnect (runtime/memory_session_storage.py and the
#: option server.disconnectedSessionTTL): how many, and for how long (s).
STORED_SESSIONS, SESSION_TTL = 128, 120
#: The run cache's size (pla_lab/framework/runs.py, ``_compute``).
RUN_CACHE = 128
STEPS = 2
#: The issue's figure, "about 0.15 MB per session": 15 MB per 100. A plateau grows by less than a tenth of it.
LEAK = 15.0


def same_query(points: int) -> str:
    return link_with_points("", points).split("?", 1)[1]


def distinct_query(seed: int, points: int) -> str:
    """The PLA lesson's query string for separable points of their own (``seed``): a run no other link shares."""
    d = datasets.separable(points, margin=0.02, seed=seed)
    pts = [(C.q(x), C.q(y), float(lab)) for (x, y), lab in zip(d.X, d.y)]
    return f"pts={C.encode_points(pts)}&view=-1.25,1.25,-1.25,1.25"


def metrics(base: str, *families: str) -> dict[str, float]:
    """Streamlit's /_stcore/metrics (OpenMetrics text) as {series with its labels: value}."""
    url = base + "/_stcore/metrics" + ("?" + "&".join(f"families={f}" for f in families) if families else "")
    out = {}
    for line in urllib.request.urlopen(url, timeout=PATIENCE).read().decode().splitlines():
        m = re.match(r"^([a-z_]+(?:\{[^}]*\})?) (\S+)$", line)
        if m:
            out[m.group(1)] = float(m.group(2))
    return out


def metric(m: dict, name: str, *labels: str) -> float:
    """The sum of the series called ``name`` whose labels hold all of ``labels``."""
    return sum(v for k, v in m.items() if k.split("{")[0] == name and all(s in k for s in labels))


def fds(pid: int) -> int:
    return len(list(pathlib.Path(f"/proc/{pid}/fd").iterdir()))


async def settle(base: str, pause: float = 1.5) -> None:
    """Wait until the server has disconnected every closed session, then ``pause`` more."""
    end = time.perf_counter() + PATIENCE
    while time.perf_counter() < end and metrics(base, "active_sessions").get("active_sessions", 0) > 0:
        await asyncio.sleep(0.2)
    await asyncio.sleep(pause)


def sample(base: str, pid: int) -> dict:
    rss, n = rss_mb(pid), fds(pid)  # before the metrics request, which allocates too
    m = metrics(base)
    return {"rss": rss, "fds": n, "runs": int(metric(m, "cache_memory_bytes", "_compute")),
            "evicted": int(metric(m, "cache_evictions_total", "_compute", 'reason="max_entries"'))}


class Uploader(Student):
    """A student who also loads a CSV file of points, as the uploader sends it: an HTTP PUT for its session."""

    session_id = ""

    def _on(self, msg) -> None:
        if msg.WhichOneof("type") == "new_session":
            self.session_id = msg.new_session.initialize.session_id
        super()._on(msg)

    def upload(self, data: bytes, xsrf: str) -> None:
        b = uuid.uuid4().hex
        body = (f'--{b}\r\nContent-Disposition: form-data; name="file"; filename="points.csv"\r\n'
                "Content-Type: text/csv\r\n\r\n").encode() + data + f"\r\n--{b}--\r\n".encode()
        req = urllib.request.Request(
            f"{self.base}/_stcore/upload_file/{self.session_id}/{uuid.uuid4().hex}", data=body, method="PUT",
            headers={"Content-Type": f"multipart/form-data; boundary={b}", "X-Xsrftoken": xsrf,
                     "Cookie": f"_streamlit_xsrf={xsrf}"})
        urllib.request.urlopen(req, timeout=PATIENCE).close()


def xsrf_token(base: str) -> str:
    """The XSRF cookie the health check sets; the browser sends it back with an upload, as a cookie and a header."""
    cookies = urllib.request.urlopen(base + "/_stcore/health", timeout=PATIENCE).headers.get_all("Set-Cookie") or []
    return next(c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("_streamlit_xsrf="))


def points_csv(n: int) -> bytes:
    d = datasets.separable(n, margin=0.02, seed=3)
    out = io.StringIO()
    datasets.save_points(out, d.X, d.y)
    return out.getvalue().encode()


def uploaded_kb(base: str) -> float:
    return metric(metrics(base, "cache_memory_bytes"), "cache_memory_bytes", "UploadedFileManager") / 1024


async def open_step(s: Student) -> None:
    """Open the page and press Step ``STEPS`` times, each time waiting for the server's answer."""
    await s.open()
    for _ in range(STEPS):
        if not s.step():
            break
        end = time.perf_counter() + PATIENCE
        while s.outbox and time.perf_counter() < end:
            await asyncio.sleep(0.05)


async def wave(base: str, queries: list[str], rng: random.Random, upload: bytes | None = None) -> list[str]:
    """Sessions open the queries at once, step (and upload ``upload``, when given), then all close; their errors."""
    students = [Uploader(base, "pla", q, random.Random(rng.getrandbits(64))) for q in queries]
    xsrf = xsrf_token(base) if upload else ""

    async def one(s: Uploader) -> None:
        await open_step(s)
        if upload:
            await asyncio.to_thread(s.upload, upload, xsrf)

    done = await asyncio.gather(*(one(s) for s in students), return_exceptions=True)
    await asyncio.gather(*(s.close() for s in students), return_exceptions=True)
    errors = [repr(d)[:160] for d in done if isinstance(d, BaseException)]
    errors += [e for s in students for e in s.errors]
    errors += [f"{len(s.outbox)} Step(s) never answered" for s in students if s.outbox]
    return errors


async def waves(args, servers: dict) -> list[dict]:
    """The interleaved waves of series (a) and (b); one row a wave, printed as it comes."""
    rng, same = random.Random(args.seed), same_query(args.points)
    rows = [{"wave": 0, **{k: sample(base, pid) for k, (base, pid) in servers.items()}}]
    for w in range(1, args.waves + 1):
        row = {"wave": w, "sessions": w * args.per_wave, "errors": []}
        for key, (base, pid) in servers.items():
            queries = ([same] * args.per_wave if key == "same" else
                       [distinct_query(10_000 + w * args.per_wave + i, args.points) for i in range(args.per_wave)])
            t0 = time.perf_counter()
            row["errors"] += await wave(base, queries, rng)
            await settle(base)
            row[key] = sample(base, pid)
            row[key]["seconds"] = time.perf_counter() - t0
        row["load"] = loadavg()
        rows.append(row)
        print(line(rows[-2], row), flush=True)
    return rows


async def past_ttl(servers: dict, last_close: float) -> dict:
    """Past the TTL: one more session opened and closed on each server (saving it drops the expired ones)."""
    await asyncio.sleep(max(0.0, last_close + SESSION_TTL + 5 - time.perf_counter()))
    row = {"wave": "TTL", "errors": []}
    for key, (base, pid) in servers.items():
        row["errors"] += await wave(base, [same_query(20)], random.Random(0))
        await settle(base, 3.0)
        row[key] = sample(base, pid)
    row["load"] = loadavg()
    return row


async def live(base: str, pid: int, counts: list[int], points: int) -> list[dict]:
    """Series (c): ``counts`` sessions kept open in turn; RSS and Streamlit's session-state bytes each time."""
    query, rng, students = same_query(points), random.Random(1), []
    await settle(base, 1.0)
    out = [{"live": 0, "rss": rss_mb(pid), "state_mb": 0.0, "errors": 0}]
    try:
        for n in counts:
            more = [Student(base, "pla", query, random.Random(rng.getrandbits(64))) for _ in range(n - len(students))]
            done = await asyncio.gather(*(open_step(s) for s in more), return_exceptions=True)
            students += more
            await asyncio.sleep(6)  # the endpoint keeps its memory figures 5 s
            rss, m = rss_mb(pid), metrics(base)
            out.append({"live": int(m.get("active_sessions", 0)), "rss": rss,
                        "state_mb": metric(m, "cache_memory_bytes", "st_session_state") / 2**20,
                        "errors": sum(isinstance(d, BaseException) for d in done)})
    finally:
        await asyncio.gather(*(s.close() for s in students), return_exceptions=True)
    return out


async def uploads(base: str, n: int, per_wave: int, data: bytes) -> dict:
    """Series (d): n sessions (``per_wave`` at once) each load the CSV file and close; the uploads still held."""
    rng, errors = random.Random(2), []
    for k in range(0, n, per_wave):
        errors += await wave(base, [same_query(20)] * min(per_wave, n - k), rng, upload=data)
        await settle(base)
    return {"n": n, "file_kb": len(data) / 1024, "held_kb": uploaded_kb(base), "errors": errors}


async def run_cache_mb(base: str, per_wave: int, points: int) -> float:
    """The run cache filled with distinct links (as in (b)), in MB by asizeof (the server's expensive memory stats)."""
    for k in range(0, 2 * RUN_CACHE, per_wave):
        await wave(base, [distinct_query(90_000 + k + i, points) for i in range(per_wave)], random.Random(k))
        await settle(base)
    await asyncio.sleep(5)  # the endpoint keeps its memory figures 5 s
    return metric(metrics(base, "cache_memory_bytes"), "cache_memory_bytes", "_compute") / 2**20


def line(prev: dict, row: dict) -> str:
    a, b, pa, pb = row["same"], row["distinct"], prev["same"], prev["distinct"]
    return (f"| {row['wave']} | {row.get('sessions', '')} | {a['rss']:.1f} | {a['rss'] - pa['rss']:+.1f} | {a['fds']} "
            f"| {b['rss']:.1f} | {b['rss'] - pb['rss']:+.1f} | {b['fds']} | {b['runs']} ({b['evicted']} evicted) "
            f"| {len(row['errors'])} | {row['load'].split()[0]} |")


HEAD = ("| wave | sessions so far | RSS (a) same link, MB | Δ | fds | RSS (b) distinct links, MB | Δ | fds "
        "| (b) runs cached | errors | load |\n|---|---|---|---|---|---|---|---|---|---|---|")


def first_plateau_wave(per_wave: int) -> int:
    """The wave from which the most sessions held at once (one wave live, the store of closed ones full) is reached:
    the one after the wave that fills the store."""
    return -(-STORED_SESSIONS // per_wave) + 1


def late(rows: list[dict], key: str, per_wave: int) -> tuple[float, list[dict]]:
    """Least-squares growth of RSS over the last (up to) 5 waves from the plateau's first, in MB per 100 sessions."""
    tail = [r for r in rows if isinstance(r["wave"], int) and r["wave"] >= first_plateau_wave(per_wave)][-5:]
    if len(tail) < 2:
        return float("nan"), tail
    x = np.array([r["wave"] * per_wave for r in tail], dtype=float)
    return float(np.polyfit(x, [r[key]["rss"] for r in tail], 1)[0] * 100), tail


def verdict(rows: list[dict], key: str, per_wave: int) -> str:
    k, tail = late(rows, key, per_wave)
    growth = ", ".join(f"{r[key]['rss'] - p[key]['rss']:+.1f}" for p, r in zip(rows, rows[1:])
                       if isinstance(r["wave"], int))
    if not tail or np.isnan(k):
        w = first_plateau_wave(per_wave)
        return f"growth per wave {growth} MB; too few waves for a slope (it needs waves {w} and {w + 1})"
    fd = sorted({r[key]["fds"] for r in tail})
    ok = "a plateau: bounded" if k < LEAK / 10 else "GROWS"
    return (f"growth per wave {growth} MB; slope over waves {tail[0]['wave']}–{tail[-1]['wave']} "
            f"{k:+.2f} MB per 100 sessions → {ok} (a plateau grows by < {LEAK / 10:.1f} MB per 100, a tenth of the "
            f"issue's 0.15 MB a session); file descriptors over those waves {', '.join(map(str, fd))}")


async def run(args) -> tuple[list[dict], list[dict], dict | None]:
    procs, servers = [], {}
    try:
        for key in ("same", "distinct"):
            proc, base = start_server()
            procs.append(proc)
            servers[key] = (base, proc.pid)
            await wave(base, [same_query(20)], random.Random(0))  # the imports paid before the baseline
            await settle(base)
        print(f"{args.waves} waves of {args.per_wave} sessions (each opens the PLA lesson with {args.points} points, "
              f"presses Step {STEPS}×, closes); load average {loadavg()}\n")
        print(HEAD, flush=True)
        rows = await waves(args, servers)
        last_close, live_rows, up, cache_mb = time.perf_counter(), [], None, None
        if args.live or args.uploads:  # (c), (d) and the run cache's bytes: a server of their own, as (a), (b) wait
            proc, base = start_server("--server.enableExpensiveMemoryStats", "true")
            procs.append(proc)
            await wave(base, [same_query(20)], random.Random(0))
            if args.live:  # first: a later series would leave freed memory for its sessions to reuse
                live_rows = await live(base, proc.pid, sorted(args.live), args.points)
            if args.uploads:
                up = await uploads(base, args.uploads, args.per_wave, points_csv(500))
            uploads_closed = time.perf_counter()
            cache_mb = await run_cache_mb(base, args.per_wave, args.points)
        if args.ttl:
            rows.append(await past_ttl(servers, last_close))
            print(line(rows[-2], rows[-1]), flush=True)
            if up is not None:
                await asyncio.sleep(max(0.0, uploads_closed + SESSION_TTL + 5 - time.perf_counter()))
                await wave(base, [same_query(20)], random.Random(0))
                await settle(base, 6.0)  # and the endpoint's 5 s memory figures renewed
                up["after_ttl_kb"] = uploaded_kb(base)
    finally:
        for p in procs:
            p.terminate()
            p.wait(10)
    return rows, live_rows, up, cache_mb


def report(args, rows: list[dict], live_rows: list[dict], up: dict | None, cache_mb: float | None) -> None:
    print(f"\n(a) same link: {verdict(rows, 'same', args.per_wave)}")
    print(f"(b) distinct links: {verdict(rows, 'distinct', args.per_wave)}")
    ka, tail = late(rows, "same", args.per_wave)
    kb, _ = late(rows, "distinct", args.per_wave)
    if len(tail) > 1:
        gap, runs = np.mean([r["distinct"]["rss"] - r["same"]["rss"] for r in tail]), tail[-1]["distinct"]["runs"]
        print(f"    (b) − (a) over those waves: {gap:+.1f} MB on average with {runs} runs cached "
              f"({gap * 1024 / max(1, runs):.0f} KB a run), slope {kb - ka:+.2f} MB per 100")
    if cache_mb is not None:
        print(f"    the full run cache ({RUN_CACHE} runs of {args.points} points) by asizeof, on the (c) server: "
              f"{cache_mb:.1f} MB ({cache_mb * 1024 / RUN_CACHE:.0f} KB a run)")
    walls = [r[k]["seconds"] for r in rows if isinstance(r["wave"], int) and r["wave"] for k in ("same", "distinct")]
    print(f"    a wave took {np.mean(walls):.1f} s on average (open, 2 Steps, close, settle)")
    if len(live_rows) > 1:
        x = np.array([r["live"] for r in live_rows], dtype=float)
        k = float(np.polyfit(x, [r["rss"] for r in live_rows], 1)[0])
        print(f"\n(c) live sessions (one link, {args.points} points, Step pressed {STEPS}×): "
              + ", ".join(f"{r['live']} open → RSS {r['rss']:.1f} MB (session state {r['state_mb']:.1f} MB)"
                          for r in live_rows))
        print(f"    {k:.3f} MB of RSS per live session (the slope); session state "
              f"{live_rows[-1]['state_mb'] / max(1, live_rows[-1]['live']) * 1024:.0f} KB a session by asizeof; "
              f"open errors {sum(r['errors'] for r in live_rows)}")
        if len(tail) > 1:
            peak = args.per_wave + STORED_SESSIONS
            print(f"    expected plateau of (a), if a stored closed session weighs what a live one does: "
                  f"{rows[0]['same']['rss']:.1f} MB idle + {peak} sessions ({args.per_wave} live + "
                  f"{STORED_SESSIONS} stored) × {k:.3f} = {rows[0]['same']['rss'] + peak * k:.1f} MB; "
                  f"measured {np.mean([r['same']['rss'] for r in tail]):.1f} MB")
    if up is not None:
        held = up["held_kb"] / up["file_kb"]
        after = f", after the TTL {up['after_ttl_kb']:.0f} KB" if "after_ttl_kb" in up else ""
        print(f"\n(d) uploads: {up['n']} sessions each loaded a {up['file_kb']:.1f} KB CSV file and closed; the server "
              f"holds {up['held_kb']:.0f} KB = {held:.0f} files (closed sessions kept for a reconnect: at most "
              f"{STORED_SESSIONS}){after}; errors {len(up['errors'])}")
    errors = [e for r in rows for e in r.get("errors", [])] + (up["errors"] if up else [])
    for e in sorted(set(errors))[:5]:
        print("  error:", e)
    print(f"load average at the end {loadavg()}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--waves", type=int, default=10)
    ap.add_argument("--per-wave", type=int, default=100)
    ap.add_argument("--points", type=int, default=200)
    ap.add_argument("--live", type=int, nargs="*", default=[100, 200, 300],
                    help="series (c): live sessions kept open at once (none: skip it)")
    ap.add_argument("--uploads", type=int, default=200, help="series (d): sessions that upload a file (0: skip)")
    ap.add_argument("--no-ttl", dest="ttl", action="store_false",
                    help=f"skip the last sample, past the {SESSION_TTL} s TTL of closed sessions")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    report(args, *asyncio.run(run(args)))


if __name__ == "__main__":
    main()
