"""Faults on the server: the cache of runs fills up (st.cache_resource, max_entries=128). Older runs are dropped
and computed again when asked for, each run is the one its own points and settings make, and no demo gets another
one's run."""

from __future__ import annotations

import numpy as np

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import runs
from pla_lab.framework import settings as S
from pla_lab.lessons import PLA

SETTINGS = {s.key: s.default for s in S.ALGORITHM} | {"w0": (0.0, 0.0, 0.0), "cap": 1000}


def demo(k: int) -> tuple[list, str]:
    d = pla_core.datasets.separable(12, margin=0.05, seed=k)
    pts = [(C.q(x), C.q(y), float(lab)) for (x, y), lab in zip(d.X, d.y)]
    return pts, C.encode_points(pts)


def test_a_full_cache_drops_old_runs_and_computes_them_again_each_for_its_own_points():
    demos = [demo(k) for k in range(140)]  # more than the cache holds
    first = [runs.run(PLA, pts, code, SETTINGS, {}) for pts, code in demos]
    again = [runs.run(PLA, pts, code, SETTINGS, {}) for pts, code in demos[:20]]  # dropped by now: computed again
    for (pts, _), a, b in zip(demos, first, again):
        X, y = np.array([p[:2] for p in pts]), np.array([p[2] for p in pts])
        want = pla_core.pla(X, y, **S.pla_kwargs(SETTINGS))
        assert a.id == b.id and a.trace is not b.trace  # the same run, made again
        for r in (a, b):
            assert r.T == len(want) and r.trace.weights.tobytes() == want.weights.tobytes()
    assert len({r.id for r in first}) == len(demos)
