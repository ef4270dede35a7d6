"""How many examples a claims test's hypothesis strategy draws: ``examples(n)`` is n in the suite (CI's time), and
n × $PLA_LAB_EXAMPLES when a benchmark asks for more (``python benchmarks/bench_claims.py``)."""

from __future__ import annotations

import os


def examples(n: int) -> int:
    """n, times the factor $PLA_LAB_EXAMPLES (1 unless set): the suite runs n, a longer run more."""
    return max(1, round(n * float(os.environ.get("PLA_LAB_EXAMPLES", "1"))))
