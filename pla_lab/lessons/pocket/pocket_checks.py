"""Check yourself on Noise & Pocket: pure builders of :class:`~pla_lab.api.Question` from the run shown (see
:mod:`pla_lab.framework.questions` for the ones lessons share)."""

from __future__ import annotations

import numpy as np

import pla_core
from pla_lab.api import Question, count, plural, sub, will_halt


def pocket_worse(trace) -> Question:
    """"Does Pocket's ŵ ever get worse on the data?": its mistakes along the run, against PLA's own w's."""
    best, errs, T, n = trace.pocket_errors, trace.errors, len(trace), len(trace.y)
    up = int(np.sum(np.diff(best) > 0))
    w_up = int(np.sum(np.diff(errs) > 0))
    why = (f"ŵ's mistakes on the {count(n, 'label')} the run learned from go from {int(best[0])} (update 0) to "
           f"{int(best[-1])} (update {T}), up {up} time{plural(up)}: Pocket swaps ŵ only for a w that makes fewer "
           f"mistakes. PLA's own w made more mistakes than the w before it after {w_up} of its {T} update{plural(T)}.")
    return Question("pocket_worse", "Over the whole run, does Pocket's ŵ ever get worse on the data (more mistakes "
                    "than the ŵ before it)?", ("Yes, sometimes", "No, never"), 0 if up else 1, why)


def pocket_vs_w(trace, t: int) -> Question:
    """"At step t, does ŵ get fewer points wrong than w?": both counted by pla_core."""
    kw = dict(bias=trace.settings["bias"], sign_zero=trace.settings["sign_zero"])
    a = int(pla_core.count_mistakes(trace.weights[t], trace.X, trace.y, **kw))
    b = int(pla_core.count_mistakes(trace.pocket_weights[t], trace.X, trace.y, **kw))
    n = len(trace.y)
    kept = ("ŵ₀ = w₀ (no update yet), so they are the same w." if t == 0 else
            f"ŵ is the best of {'w₀ and w₁' if t == 1 else f'w₀, w₁, …, w{sub(t)}'} on these labels, so it never gets "
            f"more wrong than w{sub(t)}" + (f" (here w{sub(t)} is as good as the best so far)." if a == b else "."))
    why = f"w{sub(t)} gets {a} of {count(n, 'point')} wrong and ŵ{sub(t)} gets {b}: {kept}"
    return Question("pocket_vs_w", f"At step {t}, how many points does the pocket ŵ{sub(t)} get wrong, compared with "
                    f"PLA's w{sub(t)}?", ("Fewer", "As many", "More"), 0 if b < a else 1 if b == a else 2, why)


def pocket_steps(trace, t: int, *, separable: bool | None, go: str) -> list[Question]:
    return [pocket_vs_w(trace, t), pocket_worse(trace), will_halt(trace, separable=separable, go=go)]
