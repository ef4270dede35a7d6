"""Generated cases compared with what pla_core makes now, floats to 1e-12: a CPU or a BLAS build may change a
float's last digits (a band's half-width came out ...977 on one machine and ...978 on another; with OpenBLAS's
Sandybridge kernels 314 of the geometry cases' 12,961 floats change, by up to 2.5e-14 relative, in coordinates near
0 that are differences of numbers near 1). So a float may differ by 1e-12 of itself, or by 1e-12 of the largest
number of its case (the first dict around it): a cancellation's rounding is relative to its operands' scale, not to
its result, and a case's scale runs from 1e-151 to 1e150 here."""

from __future__ import annotations

import math

RTOL = 1e-12


def _largest(x) -> float:
    if isinstance(x, float):
        return abs(x) if math.isfinite(x) else 0.0
    if isinstance(x, dict):
        x = list(x.values())
    if isinstance(x, list):
        return max((_largest(v) for v in x), default=0.0)
    return 0.0


def same(a, b, path: str = "", atol: float | None = None) -> None:
    """Assert that a and b are the same JSON-like structure, their floats equal to RTOL relative, or to RTOL of the
    largest |float| of the case they belong to."""
    if isinstance(a, float) or isinstance(b, float):
        assert isinstance(a, int | float) and isinstance(b, int | float), (path, a, b)
        ok = math.isclose(a, b, rel_tol=RTOL, abs_tol=atol or 1e-300) or (math.isnan(a) and math.isnan(b))
        assert ok, (path, a, b)
    elif isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys(), (path, a, b)
        if atol is None:  # a case: its scale
            atol = RTOL * max(_largest(a), _largest(b))
        for k in a:
            same(a[k], b[k], f"{path}.{k}", atol)
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), (path, len(a), b if not isinstance(b, list) else len(b))
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{path}[{i}]", atol)
    else:
        assert a == b, (path, a, b)
