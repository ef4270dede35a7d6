"""Check yourself on XOR: pure builders of :class:`~pla_lab.api.Question` from the run shown (see
:mod:`pla_lab.framework.questions` for the ones lessons share)."""

from __future__ import annotations

from pla_lab.api import Question, count, next_point, plural, sub, vec, will_halt


def period(trace) -> Question | None:
    """"How many updates until the weights repeat?": the weights' least period once the run cycles
    (``trace.weight_cycle``; the state's, ``trace.cycle``, can be a multiple of it)."""
    if not trace.cycle:
        return None
    s, p = trace.weight_cycle
    s0, p0 = trace.cycle
    n = len(trace.y)
    picks = sorted(dict.fromkeys(c for c in (p, n, 2 * p, p + n, p // 2) if c > 0))
    picks = sorted([p] + [c for c in picks if c != p][:3])
    why = (f"After update {s} the weights are w{sub(s)} = {vec(trace.state_at(s))}; after update {s + p} they are "
           f"{vec(trace.state_at(s + p))} again, and from there they repeat every {count(p, 'update')}, no "
           "fewer: ")
    if (s, p) == (s0, p0):
        why += (f"PLA is at the same place in its pass over the {count(n, 'point')}, so from there the run repeats "
                f"every {count(p, 'update')} and never halts.")
    else:
        why += (f"the whole state (w and PLA's place in its pass over the {count(n, 'point')}) repeats from update "
                f"{s0}, every {count(p0, 'update')}, so the run never halts.")
    return Question("period", "Once PLA's weights start repeating, how many updates does one round of the cycle "
                    "take?", tuple(f"{c} update{plural(c)}" for c in picks), picks.index(p), why)


def xor_steps(trace, t: int, *, separable: bool | None, go: str) -> list[Question]:
    space = "plane in (x₁, x₂, x₁x₂)" if trace.X.shape[1] == 3 else "line"  # the lift: PLA on (x₁, x₂, x₁x₂)
    qs = [next_point(trace, t), period(trace), will_halt(trace, separable=separable, go=go, space=space)]
    return [q for q in qs if q is not None]


# -- Noise & Pocket ---------------------------------------------------------------------------------------------
