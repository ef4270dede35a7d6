"""Check yourself on XOR: pure builders of :class:`~pla_lab.api.Question` from the run shown (see
:mod:`pla_lab.framework.questions` for the ones lessons share)."""

from __future__ import annotations

from pla_lab.api import Question, next_point, plural, sub, vec, will_halt


def period(trace) -> Question | None:
    """"How many updates until the weights repeat?": one round of the cycle pla_core found."""
    if not trace.cycle:
        return None
    s, p = trace.cycle
    n = len(trace.y)
    picks = sorted(dict.fromkeys(c for c in (p, n, 2 * p, p + n, p // 2) if c > 0))
    picks = sorted([p] + [c for c in picks if c != p][:3])
    why = (f"After update {s} the weights are w{sub(s)} = {vec(trace.state_at(s))}; after update {s + p} they are "
           f"{vec(trace.state_at(s + p))} again, with PLA at the same place in its pass over the {n} points, so "
           f"from there the run repeats every {p} update{plural(p)} and never halts.")
    return Question("period", "Once PLA's weights start repeating, how many updates does one round of the cycle "
                    "take?", tuple(f"{c} update{plural(c)}" for c in picks), picks.index(p), why)


def xor_steps(trace, t: int, *, separable: bool | None, go: str) -> list[Question]:
    space = "plane in (x₁, x₂, x₁x₂)" if trace.X.shape[1] == 3 else "line"  # the lift: PLA on (x₁, x₂, x₁x₂)
    qs = [next_point(trace, t), period(trace), will_halt(trace, separable=separable, go=go, space=space)]
    return [q for q in qs if q is not None]


# -- Noise & Pocket ---------------------------------------------------------------------------------------------
