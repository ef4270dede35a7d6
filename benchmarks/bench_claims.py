"""The claims oracles (issue 32) with more examples than the suite draws: every test file that checks the words of a
lesson against an exact recomputation (tests/**/test_*claims*.py, tests/core/test_facts.py), run with hypothesis
drawing ``--factor`` times the suite's examples. Prints, per file, the examples hypothesis ran and the seconds taken,
and the totals beside the suite's own (factor 1) when ``--with-suite`` is given.

Run:  python benchmarks/bench_claims.py [--factor 10] [--with-suite]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def files() -> list[str]:
    found = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("test_*claims*.py"))
    return found + ["tests/core/test_facts.py"]


def run(path: str, factor: float) -> tuple[int, int, float, bool]:
    """(examples run, tests, seconds, passed) of one file at ``factor`` × its examples."""
    env = {**os.environ, "PLA_LAB_EXAMPLES": str(factor)}
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
                          "--hypothesis-show-statistics", path], cwd=ROOT, env=env, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    text = out.stdout + out.stderr
    examples = sum(int(m) for m in re.findall(r"- (\d+) passing examples", text))
    tests = sum(int(m) for m in re.findall(r"(\d+) passed", text))
    return examples, tests, dt, out.returncode == 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--factor", type=float, default=10.0)
    ap.add_argument("--with-suite", action="store_true", help="also run each file at factor 1, interleaved")
    a = ap.parse_args()
    factors = [1.0, a.factor] if a.with_suite else [a.factor]
    print(f"| file | {' | '.join(f'×{f:g}: examples, s' for f in factors)} |")
    print("|---|" + "---|" * len(factors))
    total = {f: [0, 0.0] for f in factors}
    failed = []
    for path in files():
        cells = []
        for f in factors:
            ex, _, dt, ok = run(path, f)
            total[f][0] += ex
            total[f][1] += dt
            cells.append(f"{ex:,}, {dt:.1f}" + ("" if ok else " FAILED"))
            if not ok:
                failed.append((path, f))
        print(f"| {path} | {' | '.join(cells)} |", flush=True)
    print(f"| **all** | {' | '.join(f'**{total[f][0]:,}**, {total[f][1]:.1f}' for f in factors)} |")
    if failed:
        print("failed:", failed)
        sys.exit(1)


if __name__ == "__main__":
    main()
