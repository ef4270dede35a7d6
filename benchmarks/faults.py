"""The fault runs of issue 14 in real headless Chromium (a script that prints figures, not a test).

Run:  python benchmarks/faults.py [--students 5] [--trials 3] [--replicas 2]

Each of S students opens their own demo (a data set of their own, at a step of their own, saved in the link) in a
page of its own. Then, per trial, one fault:
  * restart  — the one server process is killed (SIGKILL) and a new one started on the same port 2 s later;
  * offline  — every student's connection is cut for 10 s (the websocket closed in the browser, reconnecting and
    health checks refused), then given back;
  * replica  — behind nginx (deploy/start.sh, ``--replicas`` processes; skipped without nginx), the process of the
    first student is killed; nginx sends its students to another one while it is started again.
Timed inside each page (Date.now(), polled every 20 ms): from the moment the fault ends (the new process answers
its health check; the line is given back; the kill) until the page is connected again, a script run has started
and finished since, and the plot shows the student's own step at rest. Counted: pages back, pages showing the same points and step as before
(a page showing another student's points would be counted as wrong), and a Step pressed afterwards that arrives.
The fault tests (tests/e2e/test_restart.py, test_faults.py, test_deploy.py) assert the same things for two pages.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import signal
import statistics
import sys
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.load import loadavg, start_cluster  # noqa: E402
from pla_lab.framework import codec as C  # noqa: E402
from tests.browser import ARGS, CHROMIUM, TEST_HOOKS, Plot, _free_port, start_server  # noqa: E402
from tests.e2e.test_faults import cut_the_line  # noqa: E402

#: Installed before a fault: records when the page has lost its connection, and when it is back: connected again, a
#: script run started and finished after that (the demo made again from the link, by the new process if it is
#: one), and the plot at step t at rest.
WATCH = """(t) => {
  window.__fault = { lost: null, ran: false, back: null };
  const id = setInterval(() => {
    const a = document.querySelector('[data-testid=stApp]'), g = document.querySelector('.pla-plot');
    const f = window.__fault, conn = a && a.dataset.testConnectionState === 'CONNECTED';
    if (f.lost === null) { if (!conn) f.lost = Date.now(); return; }
    if (conn && a.dataset.testScriptState === 'running') f.ran = true;
    if (f.ran && conn && a.dataset.testScriptState === 'notRunning' && g && g.data && g.dataset.t === String(t)
        && g.dataset.animating !== '1') { f.back = Date.now(); clearInterval(id); }
  }, 20);
}"""


def demo(k: int) -> str:
    """Student k's own link: 8 + k points of their own (no two students alike), opened at step 1."""
    rows = [[round(0.9 * ((7 * i + 3 * k) % 11) / 11 - 0.45, 4), round(0.8 * ((5 * i + k) % 13) / 13 - 0.4, 4),
             1 if (i + k) % 3 else -1] for i in range(8 + k)]
    return "/pla?t=1&pts=" + C.encode_points(rows)


def healthy(base: str, timeout: float = 60) -> float:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if urllib.request.urlopen(base + "/_stcore/health", timeout=1).read() == b"ok":
                return time.time()
        except OSError:
            time.sleep(0.02)
    raise RuntimeError("the server did not come back")


class Class:
    """S students, each in a browser context of their own, with their demo open at step 1 + (k % 3)."""

    def __init__(self, browser, base: str, students: int):
        self.plots, self.contexts, self.cuts = [], [], []
        for k in range(students):
            ctx = browser.new_context(viewport={"width": 1280, "height": 720})
            ctx.add_init_script(TEST_HOOKS)
            plot = Plot(ctx.new_page())
            self.contexts.append(ctx)
            self.plots.append(plot)
        for k, plot in enumerate(self.plots):
            self.cuts.append(cut_the_line(plot))
            plot.open(base + demo(k))
            for _ in range(k % 3):
                self.step(plot)
        self.before = [(p.points(), p.t()) for p in self.plots]

    @staticmethod
    def step(plot: Plot, timeout=10_000) -> None:
        t = plot.t()
        plot.page.get_by_role("button", name="Step").click()
        plot.wait_t(t + 1, timeout=timeout)
        plot.page.wait_for_function("(t) => new URL(location.href).searchParams.get('t') === String(t)",
                                    arg=t + 1, timeout=timeout)

    def watch(self) -> None:
        for p, (_, t) in zip(self.plots, self.before):
            p.js(WATCH, t)

    def outcome(self, since: float, hit=None) -> dict:
        """Seconds from ``since`` to each page that lost its connection (``hit``: their indices; all by default) back;
        pages with their own demo; then a Step on each."""
        deadline = time.monotonic() + 90
        backs, hit = [], range(len(self.plots)) if hit is None else hit
        for p in (self.plots[k] for k in hit):
            while (b := p.js("() => window.__fault.back")) is None and time.monotonic() < deadline:
                time.sleep(0.05)
            backs.append(None if b is None else b / 1000 - since)
        same = sum(p.points() == pts and p.t() == t for p, (pts, t) in zip(self.plots, self.before))
        stepped, failed = 0, []
        for p in self.plots:
            try:
                self.step(p, timeout=30_000)
                stepped += 1
            except Exception as e:  # noqa: BLE001 (counted, and shown below the table)
                failed.append(f"Step after the fault, …{p.page.url[-30:]}: {str(e).splitlines()[0]}")
        self.before = [(p.points(), p.t()) for p in self.plots]
        return {"back": [b for b in backs if b is not None], "hit": len(hit), "n": len(self.plots), "same": same,
                "stepped": stepped, "failed": failed}

    def close(self) -> None:
        for c in self.contexts:
            c.close()


def restart_trials(browser, students: int, trials: int) -> list[dict]:
    port = _free_port()
    base, procs = f"http://127.0.0.1:{port}", [start_server(port=port)[0]]
    out = []
    try:
        cls = Class(browser, base, students)
        for _ in range(trials):
            cls.watch()
            procs[-1].send_signal(signal.SIGKILL)
            procs[-1].wait(10)
            time.sleep(2)
            procs.append(start_server(port=port)[0])
            out.append(cls.outcome(healthy(base)))
        cls.close()
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                p.wait(10)
    return out


def offline_trials(browser, students: int, trials: int) -> list[dict]:
    proc, base = start_server()
    out = []
    try:
        cls = Class(browser, base, students)
        for _ in range(trials):
            cls.watch()
            for drop, _ in cls.cuts:
                drop()
            time.sleep(10)
            since = time.time()
            for _, restore in cls.cuts:
                restore()
            out.append(cls.outcome(since))
        cls.close()
    finally:
        proc.terminate()
        proc.wait(10)
    return out


def replica_of(base: str, ctx) -> str:
    """The port of the replica nginx sends this browser to (by its route cookie)."""
    route = next(c["value"] for c in ctx.cookies() if c["name"] == "pla_route")
    req = urllib.request.Request(base + "/_stcore/health", headers={"Cookie": f"pla_route={route}"})
    return urllib.request.urlopen(req).headers["X-PLA-Replica"].rsplit(":", 1)[1]


def replica_trials(browser, students: int, trials: int, replicas: int) -> list[dict]:
    proc, base, _ = start_cluster(replicas)
    folder = pathlib.Path(next(a for a in proc.args if a.startswith("/")))
    out = []
    try:
        cls = Class(browser, base, students)
        for _ in range(trials):
            cls.watch()
            on = [replica_of(base, ctx) for ctx in cls.contexts]
            since = time.time()
            os.kill(int((folder / f"replica-{on[0]}.pid").read_text()), signal.SIGKILL)
            r = cls.outcome(since, [k for k, port in enumerate(on) if port == on[0]])
            healthy(f"http://127.0.0.1:{on[0]}")  # started again by start.sh before the next trial
            out.append(r)
        cls.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(20)
    return out


def row(name: str, runs: list[dict], since: str, failures: list) -> str:
    failures += [f"{name}: {f}" for r in runs for f in r["failed"]]
    back = [b for r in runs for b in r["back"]]
    n, hit = sum(r["n"] for r in runs), sum(r["hit"] for r in runs)
    med = statistics.median(back) if back else float("nan")
    return (f"| {name} | {since} | {len(runs)} × {runs[0]['n'] if runs else 0} | {len(back)} / {hit} "
            f"| {med:.1f} s | {max(back, default=float('nan')):.1f} s | {sum(r['same'] for r in runs)} / {n} "
            f"| {sum(r['stepped'] for r in runs)} / {n} |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--students", type=int, default=5)
    ap.add_argument("--trials", type=int, default=3)
    ap.add_argument("--replicas", type=int, default=2, help="for the replica fault (0: skip it)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    print(f"load average {loadavg()}")
    failures = []
    lines = ["| fault | timed from | trials × students | pages cut off, back | back p50 | back max | own demo, same step "
             "| a Step after |", "|---|---|---|---:|---:|---:|---:|---:|"]
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        lines.append(row("server killed, restarted 2 s later", restart_trials(b, args.students, args.trials),
                         "new process healthy", failures))
        print(lines[-1], flush=True)
        lines.append(row("connection cut for 10 s", offline_trials(b, args.students, args.trials),
                         "line given back", failures))
        print(lines[-1], flush=True)
        if args.replicas and shutil.which("nginx"):
            lines.append(row(f"replica killed ({args.replicas} behind nginx)",
                             replica_trials(b, args.students, args.trials, args.replicas), "the kill", failures))
            print(lines[-1], flush=True)
        b.close()
    print(f"load average {loadavg()}\n")
    print("\n".join(lines))
    for f in failures:
        print(f)


if __name__ == "__main__":
    main()
