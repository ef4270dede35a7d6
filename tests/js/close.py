"""Generated cases compared with what pla_core makes now, floats to 1e-12 relative: a CPU or a BLAS build may change
a float's last digit (a band's half-width came out ...977 on one machine and ...978 on another)."""

from __future__ import annotations

import math


def same(a, b, path: str = "") -> None:
    """Assert that a and b are the same JSON-like structure, their floats equal to 1e-12 relative (or 1e-300)."""
    if isinstance(a, float) or isinstance(b, float):
        assert isinstance(a, int | float) and isinstance(b, int | float), (path, a, b)
        assert math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-300) or (math.isnan(a) and math.isnan(b)), (path, a, b)
    elif isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys(), (path, a, b)
        for k in a:
            same(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), (path, len(a), b if not isinstance(b, list) else len(b))
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{path}[{i}]")
    else:
        assert a == b, (path, a, b)
