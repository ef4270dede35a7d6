"""Numbers and sentences about a run, as PLA Lab writes them: the one copy the app's pages and a notebook share.

In a notebook::

    import pla_core
    from pla_core import words
    from pla_core.words import num, vec

    trace = pla_core.pla(X, y)
    print(words.step(trace, 3))  # step 3 as the page says it: how the run ends, w₃, its mistakes, the next update

**Numbers.** :func:`num` is the one rule for the digits shown: an exact value of a run on grid data (a
:class:`~fractions.Fraction`, from :mod:`pla_core.facts`) in full, every decimal of it, so a sum shown adds up
digit for digit; any other number (a run made in floating point, a square root, a mean) to 4 significant digits; 0
is "0" and a minus is the true minus sign "−". :func:`vec` and :func:`par` write vectors and factors with it.

**Sentences** are facts about a run, decided exactly on grid data (:mod:`pla_core.facts`): how a run ends and why
one that cycles never halts, step t's update in numbers and its score term by term, the convergence proof's R, ρ*
and R²/ρ*² and the margins of wₜ and w*, runs compared (two η, the orders of visits over seeds, the readings of
sign(0) side by side), the margin perceptron against its bounds, Pocket's Eᵢₙ, the batch perceptron's sum, an
online arrival, an SGD step, an experiment's summary. They are plain text; with ``bold=True`` they are the page's
Markdown: the numbers a page sets in bold wrapped in ``**…**``, a formula's star escaped (ρ\\*). What a page adds
around them (a glossary link, "press Run to see it", a mark on the plot) is the page's own: a notebook prints these
functions' text, never a copy of it (tests/ui/test_notebook_loops.py holds every notebook to that).
"""

from __future__ import annotations

import math
from fractions import Fraction
from types import SimpleNamespace

import numpy as np

from . import facts
from .experiment import summary
from .geometry import geometric_margin
from .perceptron import predict
from .reference import is_mistake, radius_bound
from .theory import margin

__all__ = ["num", "exact", "par", "vec", "sub", "plural", "count", "cls", "pct", "exactly", "clean_weights",
           "written", "reached", "weights_repeat", "verdict", "head", "mistakes", "next_mistake", "score", "update",
           "ending", "numbers", "step", "pocket_head", "pocket_errors", "e_out", "flips", "criterion", "batch_mistakes",
           "factor", "block", "batch_sums", "batch_update", "online_score", "predicted", "arrival", "prediction",
           "predict_line", "revealed", "so_far", "stream_over", "sgd_head", "moves", "sgd_moved", "wrong_at_end",
           "diverged", "summary_line", "experiment_head", "cycle", "same_run", "proof_R", "proof_rho", "proof_bound",
           "margins_table", "READINGS", "eta_label", "eta_table", "order_range", "first_difference", "parts",
           "sign_table", "margin_numbers", "margin_bound"]

_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_NOISE = 1e-9  # relative size below which a weight is rounding noise of sums that cancel exactly


# -- numbers --------------------------------------------------------------------------------------------------------

def num(v) -> str:
    """A number about a run, as every page writes it: the one rule for the digits shown.

    - An exact value (a :class:`~fractions.Fraction`: a run on grid data, :mod:`pla_core.facts`) in full, every decimal
      of it, so a sum shown adds up digit for digit: ``−0.914894 + 1.874385 = 0.959491``. (One with more than 12
      decimals, 1/3, is not a decimal of the grid: it is written as a float.)
    - Any other number (a run made in floating point, a square root, a mean, a loss) to 4 significant digits:
      ``−0.9149``, ``0.1187``, ``1.235e+04`` (past 4 digits before the point).
    - 0 is "0" and a minus is the true minus sign "−".

    A quantity of an exact run is passed as its Fraction wherever it is shown, never as its float: one number is then
    never written at two precisions on one page (``−0.9149`` in one line, ``−0.914894`` in the next)."""
    if isinstance(v, Fraction):
        return exact(v)
    v = float(v)
    if v == 0:
        return "0"
    return f"{v:.4g}".replace("-", "−")


def exact(v) -> str:
    """A Fraction of the decimal grid in full (its denominator divides a power of 10, at most 12 decimals); anything
    else as :func:`num` writes a float. :func:`num` applies this rule to every number: call that."""
    if not isinstance(v, Fraction):
        return num(v)
    d = 0
    while (v * 10 ** d).denominator != 1:
        d += 1
        if d > 12:
            return num(float(v))
    text = f"{abs(v.numerator * 10 ** d // v.denominator):0{d + 1}d}"
    text = (text[:-d] + "." + text[-d:]).rstrip("0").rstrip(".") if d else text
    return ("−" if v < 0 else "") + text


def par(v) -> str:
    """A number, in parentheses when negative (so '2·(−0.5)', not '2·−0.5')."""
    return f"({num(v)})" if v < 0 else num(v)


def vec(w) -> str:
    """A vector, each number by :func:`num`: ``(1, −0.5, 2.25)``."""
    return "(" + ", ".join(num(v) for v in w) + ")"


def sub(t: int) -> str:
    """A whole number as subscript digits: w₁₂."""
    return str(t).translate(_SUB)


def plural(k: int) -> str:
    """The "s" of "k updates" ("" for one)."""
    return "" if k == 1 else "s"


def count(k, noun: str, many: str | None = None, *, bold: bool = False) -> str:
    """k and its noun, agreeing: ``count(1, "update")`` is "1 update", ``count(1000, "update")`` "1,000 updates"
    (thousands with a comma). ``k`` may be a number already written (:func:`num`'s "1", "1.5", "2.75e+04"): only
    "1" takes the singular. ``many``: the plural when it is not the noun and an "s" ("pass", "passes").
    ``bold``: the number in bold, "**1** update"."""
    n = k if isinstance(k, str) else f"{int(k):,}"
    return f"{f'**{n}**' if bold else n} {noun if n == '1' else many or noun + 's'}"


def cls(label: float) -> str:
    """A label as its mark and sign: "○ +1" or "× −1"."""
    return "○ +1" if label > 0 else "× −1"


def pct(k: int, n: int) -> str:
    """k of n as a share: "3/20 = 15.0%"."""
    return f"{k}/{n} = {100 * k / n:.1f}%" if n else "—"


def exactly(values) -> list:
    """Decimals of the grid as Fractions, so :func:`num` writes them in full as the exact sums beside them; all
    floats when one of them is not such a decimal."""
    q = [facts.rational(v) for v in values]
    return q if all(v is not None for v in q) else [float(v) for v in values]


def clean_weights(W, eta: float, R: float) -> np.ndarray:
    """Weights for display: entries smaller than 1e-9 of (‖w‖ + η·R) are rounding noise of sums that cancel
    exactly on grid data (e.g. 0.12 − 0.12 + …), so they are shown, and drawn, as 0."""
    W = np.array(W, dtype=float)
    scale = np.linalg.norm(W, axis=-1, keepdims=True) + eta * R
    W[np.abs(W) <= _NOISE * scale] = 0.0
    return W


def _cleaned(trace, t: int) -> np.ndarray:
    """wₜ's floats, rounding noise cleaned to 0 (:func:`clean_weights`)."""
    s = trace.settings
    return clean_weights(trace.weights[t], s["eta"], radius_bound(trace.X, s["bias"]))


def written(trace, t: int) -> tuple:
    """wₜ as the words write it: the exact Fractions of a run on grid data (:func:`num` writes them in full, as the
    exact sums beside them), else the run's floats with the rounding noise of sums that cancel cleaned to 0."""
    wq = facts.weights(trace, t)
    return wq if wq is not None else tuple(float(v) for v in _cleaned(trace, t))


def _b(text, bold: bool) -> str:
    return f"**{text}**" if bold else str(text)


def _m(text: str, bold: bool) -> str:
    """Plain text as Markdown shows it (``bold``: the page's Markdown): a star of a formula (ρ*, w*ᵀx̃) escaped,
    never the start of emphasis."""
    return text.replace("*", "\\*") if bold else text


# -- how a run of PLA ends, and its step t in numbers ---------------------------------------------------------------

def reached(trace, t: int) -> bool:
    """Whether step t has got to what the run's verdict tells: its last update (a halt, or the cap), or for a cycle
    the state's first repeat (``trace.cycle`` = (s, p): after update s + p, w and the next point to visit are what
    they were after update s), from where the cycle can be seen. The weights' own first repeat, which the verdict
    names (``trace.weight_cycle``), is on the screen by then: it comes no later."""
    if trace.cycle and not trace.halted:
        s, p = trace.cycle
        return t >= s + p
    return t >= len(trace)


def weights_repeat(trace, bold: bool = False) -> str:
    """How a run that cycles repeats, as every verdict names it: the weights' first repeat, "from update s on, the
    weights repeat every p updates (w_{s+p} = w_s)", (s, p) = ``trace.weight_cycle`` (the least period, from the
    first update it holds from; the state, w and the next point to visit, can repeat later: ``trace.cycle``).
    ``bold``: p in bold, as the page writes it."""
    s, p = trace.weight_cycle
    return f"from update {s} on, the weights repeat every {_b(p, bold)} update{plural(p)} (w{sub(s + p)} = w{sub(s)})"


def verdict(trace, t: int, *, bold: bool = False, ahead: str = "", why: str = "") -> str:
    """How the whole run ends, in one sentence: a fact once step t has got there (:func:`reached`), before that what
    is coming. ``ahead``: words put after an end not reached yet (a page's "(press Run to see it)"); ``why``: why a
    run stopped at the cap (a page's words from the exact LP). The margin perceptron's halt finds no point in the
    band or on the wrong side."""
    T, seen = len(trace), reached(trace, t)
    later = f" {ahead}" if ahead else ""
    if trace.halted:
        if seen:
            clean = ("no point in the band or on the wrong side" if trace.settings.get("margin", 0) > 0 else
                     "no mistake")
            return f"Halts after {_b(T, bold)} update{plural(T)}: a full pass finds {clean}."
        return f"This run halts after {_b(T, bold)} update{plural(T)}{later}."
    if trace.cycle:
        if seen:
            return f"Never halts: {weights_repeat(trace, bold)}."
        return f"This run never halts: {weights_repeat(trace, bold)}{later}."
    why = f": {why}" if why else ""
    if seen:
        return f"Stopped at the cap of {count(T, 'update')} with mistakes left{why}."
    return f"This run stops at the cap of {count(T, 'update')} with mistakes left{later}{why}."


def cycle(trace, t: int, *, bold: bool = False, then: str = "") -> str:
    """Why a run that cycles never halts, in its weights: the state (w and the next point to visit) after update
    s + p is what it was after update s (``trace.cycle`` = (s, p)), so PLA repeats the same p updates for ever; as a
    fact once step t has got there (:func:`reached`), before that as what is coming. When the weights alone repeat
    sooner (``trace.weight_cycle``), their own first repeat (plain: on a line of its own). ``then``: a page's words
    put before it (what its Replay button plays). "" for a run that does not cycle."""
    if not trace.cycle or trace.halted:
        return ""
    s, p = trace.cycle
    be = "is" if reached(trace, t) else "will be"
    said = (f"After update {s + p} the state {be} exactly what it was after update {s}: w{sub(s + p)} = w{sub(s)} = "
            f"{vec(written(trace, s))}, at the same place in the pass. From there PLA repeats the same "
            f"{_b(p, bold)} update{plural(p)} for ever, so it can never halt.{then}")
    if trace.weight_cycle == trace.cycle:
        return said
    s, p = trace.weight_cycle
    verb, apart = ("repeat" if be == "is" else "will repeat"), " " if bold else "\n"
    return (f"{said}{apart}The weights alone {verb} sooner: from update {s} on, every {_b(p, bold)} update{plural(p)} "
            f"(w{sub(s + p)} = w{sub(s)}), though after update {s + p} PLA is at another place in its pass than after "
            f"update {s}.")


def head(trace, t: int, *, bold: bool = False, named: bool = False) -> str:
    """Step t and wₜ: "t = 3 of 12 · w₃ = (1, −0.5, 2)" (``named``: "of T = 12")."""
    T = f"T = {len(trace)}" if named else len(trace)
    return f"{_b(f't = {t}', bold)} of {T} · w{sub(t)} = {vec(written(trace, t))}"


def mistakes(trace, t: int, *, bold: bool = False) -> str:
    """How many points wₜ gets wrong: "Mistakes of w₃: 2 of 12 points."."""
    return f"Mistakes of w{sub(t)}: {_b(int(trace.errors[t]), bold)} of {count(len(trace.y), 'point')}."


def _at(trace, t: int):
    """Update t+1's numbers: the point i it corrects, x, y, x̃, the score wₜᵀx̃ (exact on grid data: a tie is 0), η
    and wₜ, each exact where the run is."""
    bias, w = trace.settings["bias"], written(trace, t)
    i = int(trace.mistakes[t])
    x, y = exactly(trace.X[i]), float(trace.y[i])
    xt = [*exactly([1.0 if bias else 0.0]), *x]
    s = trace.score(t)  # 0 for a tie, as the run judged it
    if not isinstance(w[0], float) and not isinstance(xt[0], float):  # the exact score
        s = sum(a * b for a, b in zip(w, xt))
    return SimpleNamespace(i=i, x=x, y=y, xt=xt, score=s, eta=exactly([trace.settings["eta"]])[0], w=w)


def next_mistake(trace, t: int, *, bold: bool = False) -> str:
    """The point update t+1 corrects: "Next mistake: point #4 at x = (0.5, 1), y = ○ +1"."""
    a = _at(trace, t)
    return f"{_b('Next mistake:', bold)} point #{a.i} at x = {vec(a.x)}, y = {cls(a.y)}"


def score(trace, t: int, *, bold: bool = False) -> str:
    """wₜᵀx̃ of the point update t+1 corrects, term by term, and why it is a mistake (its sign, or a tie and the
    reading of sign(0) that counts it wrong)."""
    a = _at(trace, t)
    terms = " + ".join(f"{par(u)}·{par(v)}" for u, v in zip(a.w, a.xt))
    sz = trace.settings["sign_zero"]
    if a.score != 0:
        why = f"sign {'+1' if a.score > 0 else '−1'} ≠ y"
    elif sz is None:
        why = "a tie, and y·wᵀx̃ ≤ 0 counts as a mistake"
    else:
        why = f"a tie: sign(0) = {'+1' if sz > 0 else '−1'} ≠ y"
    return f"w{sub(t)}ᵀx̃ = {terms} = {_b(num(a.score), bold)} → {why}"


def update(trace, t: int, *, bold: bool = False) -> str:
    """Update t+1 in numbers: "w₄ = w₃ + η·y·x̃ = (…) + 1·(+1)·(…) = (…)"."""
    a = _at(trace, t)
    return (f"w{sub(t + 1)} = w{sub(t)} + η·y·x̃ = {vec(a.w)} + {num(a.eta)}·({'+1' if a.y > 0 else '−1'})·"
            f"{vec(a.xt)} = {_b(vec(written(trace, t + 1)), bold)}")


def ending(trace, *, bold: bool = False) -> str:
    """How the run ended, said at its last step: halted, cycling, or stopped at the cap with mistakes left."""
    T = len(trace)
    if trace.halted:
        return _b("Halted: no mistakes in a full pass.", bold)
    if trace.cycle:
        return f"{_b('Cycling:', bold)} {weights_repeat(trace)}; PLA never halts here."
    cap = f"Stopped at the cap ({count(T, 'update')})"
    return f"{_b(cap, bold)} with {count(int(trace.errors[T]), 'mistake')} left."


def numbers(trace, t: int) -> str:
    """Step t of a PLA run in numbers, one line each: t and wₜ, its mistakes, then the next mistake, its score term
    by term and the update (or, at the end, how it ended)."""
    lines = [head(trace, t), mistakes(trace, t)]
    if t < len(trace):
        lines += [next_mistake(trace, t), score(trace, t), update(trace, t)]
    else:
        lines.append(ending(trace))
    return "\n".join(lines)


def step(trace, t: int) -> str:
    """Step t of a PLA run as the page says it: how the run ends (:func:`verdict`), then its :func:`numbers`."""
    return verdict(trace, t) + "\n" + numbers(trace, t)


# -- Pocket ---------------------------------------------------------------------------------------------------------

def pocket_head(trace, t: int, *, bold: bool = False) -> str:
    """"t = 3 of 1000 updates"."""
    T = len(trace)
    return f"{_b(f't = {t}', bold)} of {T} update{plural(T)}"


def pocket_errors(trace, t: int, *, bold: bool = False) -> list[str]:
    """Eᵢₙ of PLA's wₜ and of the pocket's ŵ at step t, and the update that put ŵ in the pocket."""
    n, err, perr = len(trace.y), int(trace.errors[t]), int(trace.pocket_errors[t])
    since = int(np.flatnonzero(trace.pocket_errors[: t + 1] == perr)[0])  # the update that put ŵ in the pocket
    return [f"Eᵢₙ(w{sub(t)}), PLA now: {_b(pct(err, n), bold)}",
            f"Eᵢₙ(ŵ), the pocket: {_b(pct(perr, n), bold)}" + (f" (kept since update {since})" if since else
                                                             " (w₀, no better w yet)")]


def e_out(eout, t: int, *, bold: bool = False) -> str:
    """ŵ's Eₒᵤₜ against the target f at step t (``eout``: :func:`pla_core.geometry.disagreement_path` of the pocket's
    weights)."""
    return f"Eₒᵤₜ(ŵ) against f: {_b(f'{100 * float(eout[t]):.1f}%', bold)}"


def flips(flipped, noise, *, bold: bool = False) -> str:
    """How many labels the noise flipped (``flipped``: which; ``noise``: p in percent)."""
    return f"Noise p = {noise}%: {_b(int(np.sum(flipped)), bold)} of {count(len(flipped), 'label')} flipped"


# -- the batch perceptron -------------------------------------------------------------------------------------------

def criterion(trace, t: int):
    """J(wₜ) = Σ −yₙwₜᵀx̃ₙ over wₜ's mistakes (the run's reading of sign(0)): a Fraction, exact, on grid data (from
    :func:`pla_core.facts.scores`), else trace.criterion's float."""
    m = facts.scores(trace, t)
    if m is None:
        return float(trace.criterion[t])
    sz = trace.settings["sign_zero"]
    return sum((-v for v, lab in zip(m, trace.y) if facts.wrong(v, lab, sz)), Fraction(0))


def batch_mistakes(trace, t: int, *, bold: bool = False) -> str:
    """wₜ's mistakes (the zero-one loss) and the perceptron criterion J(wₜ)."""
    return (f"Mistakes of w{sub(t)} (the zero-one loss): {_b(int(trace.errors[t]), bold)} of {len(trace.y)} · "
            f"perceptron criterion J(w{sub(t)}) = Σ −yₙw{sub(t)}ᵀx̃ₙ over them = {_b(num(criterion(trace, t)), bold)}")


def factor(trace) -> tuple[str, float]:
    """The factor of each yₙx̃ₙ in a batch update, as the note writes it and as a number: η, or η/b averaged."""
    s = trace.settings
    eta, b = s["eta"], s.get("batch_size")
    if not s.get("average"):
        return "η", eta
    return ("(η/b)" if b else "(η/n)"), eta / (b or len(trace.y))


def block(trace, t: int) -> list[int] | None:
    """The points of the mini-batch update t was made on, in list order (None for the full batch): its block ends
    at visit ``visits[t]`` of the stream X[0], X[1], …, X[n−1], X[0], … (:func:`pla_core.batch`)."""
    b = trace.settings.get("batch_size")
    if b is None:
        return None
    n, end = len(trace.y), int(trace.visits[t])
    return [(end - b + j) % n for j in range(b)]


def _ids(idx) -> str:
    idx = [int(i) for i in idx]
    if not idx:
        return "none"
    return "#" + ", #".join(map(str, idx[:12])) + (f", … ({len(idx)} in all)" if len(idx) > 12 else "")


def batch_sums(trace, t: int) -> SimpleNamespace:
    """Update t+1 of a batch run, its parts: the mistakes it sums (``pos``: the ○, ``neg``: the ×), the sums of
    their x̃ (``plus``, ``minus``) and Σ yₙx̃ₙ (``total``), the factor (``name``, ``c``), wₜ and wₜ₊₁, exact on grid
    data."""
    X, y, bias = trace.X, trace.y, trace.settings["bias"]
    used = trace.used(t)
    pos, neg = [int(i) for i in used if y[i] > 0], [int(i) for i in used if y[i] < 0]
    w, w_next = written(trace, t), written(trace, t + 1)
    xt = np.column_stack([np.full(len(y), 1.0 if bias else 0.0), X])
    plus, minus = xt[pos].sum(axis=0), xt[neg].sum(axis=0)
    name, c = factor(trace)
    Z = facts.points(X, y, bias=bias) if isinstance(w[0], Fraction) and facts.rational(c) is not None else None
    if Z is not None:  # exact, as w is: every sum in full
        plus, minus = (tuple(sum((Z[i][k] * int(y[i]) for i in ids), Fraction(0)) for k in range(xt.shape[1]))
                       for ids in (pos, neg))
        c = facts.rational(c)
    return SimpleNamespace(pos=pos, neg=neg, plus=plus, minus=minus, total=[a - b for a, b in zip(plus, minus)],
                           name=name, c=c, w=w, w_next=w_next)


def batch_update(trace, t: int, *, bold: bool = False, mark: str = "") -> list[str]:
    """Update t+1 of a batch run in three lines: the mistakes it sums (all of wₜ's, or a mini-batch's), Σ yₙx̃ₙ, and
    wₜ₊₁. ``mark``: how a page marks the summed points, said after them (" (circled)")."""
    s, used = batch_sums(trace, t), trace.used(t)
    blk = block(trace, t)
    if blk is None:
        head_ = (f"{_b(f'Update {t + 1} sums all {len(used)} mistake{plural(len(used))} of w{sub(t)}', bold)}{mark}: "
                 f"○ {_ids(s.pos)}; × {_ids(s.neg)}.")
    else:
        b, before = len(blk), int(trace.visits[t - 1]) if t else 0
        skipped = (int(trace.visits[t]) - before) // b - 1
        head_ = (f"{_b(f'Update {t + 1} is made on the mini-batch {_ids(blk)}', bold)} (b = {b}, the next points in "
                 f"list order{f'; the {skipped} block{plural(skipped)} before it held no mistake' if skipped else ''})."
                 f" Of w{sub(t)}'s {count(trace.errors[t], 'mistake')}, {len(used)} "
                 f"{'is' if len(used) == 1 else 'are'} in it{mark} and summed: ○ {_ids(s.pos)}; × {_ids(s.neg)}.")
    return [head_,
            f"Σ yₙx̃ₙ = (Σ x̃ₙ over the ○) − (Σ x̃ₙ over the ×) = {vec(s.plus)} − {vec(s.minus)} = {vec(s.total)}",
            f"w{sub(t + 1)} = w{sub(t)} + {s.name}·Σ yₙx̃ₙ = {vec(s.w)} + {num(s.c)}·{vec(s.total)} = "
            f"{_b(vec(s.w_next), bold)}"]


# -- the online perceptron: predict, then reveal --------------------------------------------------------------------

def online_score(trace, k: int):
    """wᵀx̃ of arrival k of an online run with the w it is predicted by: exact on grid data (a tie is 0, not the
    −1.4e−17 a float sum of the grid's decimals leaves), else the float, 0 within the run's tie band (facts.TIE)."""
    i, u = int(trace.stream.shown[k]), int(trace.stream.weight_index[k])
    wq, xq = facts.weights(trace, u), facts.points(trace.X[i:i + 1], [1], bias=trace.settings["bias"])
    if wq is not None and xq is not None:  # this point only: a step stays cheap at 500 points
        return sum((a * b for a, b in zip(wq, xq[0])), Fraction(0))
    w, xt = trace.weights[u], np.concatenate([[1.0 if trace.settings["bias"] else 0.0], trace.X[i]])
    s, R = float(w @ xt), radius_bound(trace.X, trace.settings["bias"])
    tie = is_mistake(s, float(np.sqrt(w @ w)), R) and is_mistake(-s, float(np.sqrt(w @ w)), R)
    return 0.0 if tie else s  # within facts.TIE of 0: the run judged it a tie, as Trace.score says


def predicted(y: float, sign_zero) -> str:
    """A prediction in words; 0 is a tie, which the reading of sign(0) makes wrong (or right) for both labels."""
    if y:
        return cls(y)
    return "no class: a tie, wrong for either label" if sign_zero is None else "a tie, right for either label"


def _arrival(trace, k: int):
    st = trace.stream
    i, u = int(st.shown[k]), int(st.weight_index[k])
    s = trace.settings
    p = predict(trace.weights[u], trace.X[i:i + 1], bias=s["bias"], sign_zero=s["sign_zero"])[0]
    return i, u, p


def arrival(trace, k: int, *, bold: bool = False) -> str:
    """Arrival k of an online run (from 0): "Arrival 4 of 40 (pass 1): point #3 at (0.5, −1); w = (…)."."""
    m, n = len(trace.stream), len(trace.y)
    i, u, _ = _arrival(trace, k)
    x = trace.X[i]
    return (f"{_b(f'Arrival {k + 1} of {m}', bold)} (pass {k // n + 1}): point #{i} at ({num(x[0])}, {num(x[1])}); "
            f"w = {vec(_cleaned(trace, u))}.")


def prediction(trace, k: int, *, bold: bool = False) -> str:
    """What arrival k is predicted: "ŷ = sign(wᵀx̃) = sign(0.5) = ○ +1"."""
    _, _, p = _arrival(trace, k)
    return (f"ŷ = sign(wᵀx̃) = sign({num(online_score(trace, k))}) = "
            f"{_b(predicted(p, trace.settings['sign_zero']), bold)}")


def predict_line(trace, k: int, *, bold: bool = False) -> str:
    """Arrival k predicted, its label hidden."""
    return f"{_b('Predict:', bold)} {prediction(trace, k, bold=bold)}. Its label is hidden"


def _ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


def revealed(trace, k: int, *, bold: bool = False, short: bool = False) -> str:
    """Arrival k's label revealed, and what the perceptron does with it: w stays, or it learns (its update in
    numbers, ``short``: only the new w)."""
    st, s = trace.stream, trace.settings
    i, u, _ = _arrival(trace, k)
    y = float(trace.y[i])
    said = f"{_b('Revealed:', bold)} y = {_b(cls(y), bold)}; {prediction(trace, k, bold=bold)}: "
    if not st.wrong[k]:
        return said + f"{_b('right', bold)}, so w stays."
    nth = int(st.wrong[:k + 1].sum())
    xt = np.concatenate([[1.0 if s["bias"] else 0.0], trace.X[i]])
    learns = "" if short else f"{vec(_cleaned(trace, u))} + {num(s['eta'])}·{par(y)}·{vec(xt)} = "
    return (said + f"{_b('a mistake', bold)}, the {_ordinal(nth)}. So w learns: w ← w + η·y·x̃ = {learns}"
            f"{_b(vec(_cleaned(trace, u + 1)), bold)}")


def so_far(trace, k: int, revealed_: bool, *, bold: bool = False) -> str:
    """The mistakes of the labels revealed so far, at arrival k (its own counted once ``revealed_``)."""
    seen = k + revealed_
    done = int(trace.stream.wrong[:seen].sum())
    return f"{_b(f'Mistakes so far: {done}', bold)} in {seen} revealed label{plural(seen)}"


def stream_over(trace, *, bold: bool = False) -> str:
    """The end of an online run's stream: its mistakes, predictions and passes, and the final w."""
    m, n, M = len(trace.stream), len(trace.y), int(trace.stream.wrong.sum())
    return (f"{_b('The stream is over:', bold)} {M} mistake{plural(M)} in {m} prediction{plural(m)} "
            f"({count(m // n, 'pass', 'passes')} over {count(n, 'point')}). Final w = {vec(_cleaned(trace, len(trace)))}.")


# -- SGD on a loss --------------------------------------------------------------------------------------------------

def _sgd_w(trace, t: int):
    """wₜ of an SGD run: the exact Fractions of an exact run (written in full), else the run's floats."""
    return facts.weights(trace, t) if trace._grid is not None else trace.weights[t]


def sgd_head(trace, t: int, *, bold: bool = False) -> str:
    """Step t of an SGD run (:func:`pla_core.sgd`): wₜ and the point the next step visits, or the run's end."""
    T, loss = len(trace), trace.settings["loss"]
    if t >= T:
        return f"{_b(f't = {T} of {T}', bold)}, the {loss} loss's end: w{sub(T)} = {vec(_sgd_w(trace, T))}."
    i, y = int(trace.mistakes[t]), trace.y[int(trace.mistakes[t])]
    x = [float(trace.settings["bias"]), *trace.X[i]]
    if trace._grid is not None:  # every number in full, as the exact weights beside it
        x = [facts.rational(v) for v in x]
    return (f"{_b(f't = {t} of {T}', bold)}, w{sub(t)} = {vec(_sgd_w(trace, t))}. The next step, {t + 1}, with the "
            f"{_b(f'{loss} loss', bold)} visits point #{i} (x̃ = {vec(x)}, y = {num(y)}):")


def moves(trace) -> tuple[int, int | None, int]:
    """Where an SGD run moved w: (steps at which w changed, in floating point for a float run; the last such step t,
    or None; steps whose non-zero update was below what floating point can add to w, logistic loss only)."""
    if trace._grid is not None:
        changed = np.any(trace.updates != 0, axis=1)
    else:
        changed = np.any(np.diff(trace.weights, axis=0) != 0, axis=1)
    moving = np.flatnonzero(changed)
    unseen = (int(np.sum(np.any(trace.updates != 0, axis=1) & ~changed)) if trace.settings["loss"] == "logistic"
              else 0)
    return len(moving), int(moving[-1]) if len(moving) else None, unseen


def sgd_moved(T: int, moved: int, last: int | None, unseen: int) -> str:
    """How often a run of T steps moved w (:func:`moves`): "w moved at 12 of 40 steps, last at step 31"."""
    if unseen:
        return (f"w changed in floating point at {moved} of {T} step{plural(T)}; at {unseen} other"
                f"{'' if unseen == 1 else 's'} its step was smaller than floating point can add to w")
    return (f"w moved at {moved} of {T} step{plural(T)}" +
            (f", last at step {last + 1}" if last is not None and moved < T else ""))


def wrong_at_end(k: int, n: int) -> str:
    """"3 of 20 points wrong at the end"."""
    return f"{k} of {n} point{plural(n)} wrong at the end"


def diverged(T: int, *, bold: bool = False) -> str:
    """An SGD run that diverged (``trace.stop == "diverged"``, after T steps): "diverged: a weight passed 10¹² at step
    40."."""
    return f"{_b('diverged', bold)}: a weight passed 10¹² at step {T}."


# -- an experiment of many runs (pla_core.experiment) ---------------------------------------------------------------

def summary_line(name: str, x, *, capped: int | None = None, k: int | None = None, bold: bool = False) -> str:
    """Mean, median and 90th percentile of ``x`` (:func:`pla_core.experiment.summary`), and how many of k runs hit
    the cap."""
    m = {k: f"{v:.4g}" for k, v in summary(x).items()}
    line = (f"{_b(name + ':', bold)} mean {_b(m['mean'], bold)}, median {_b(m['median'], bold)}, "
            f"90th percentile {_b(m['p90'], bold)}")
    return line + (f", {_b(f'{capped:,}', bold)} of {k:,} hit the cap" if capped is not None else "")


def experiment_head(res: dict, n: int, runs: int, noise: float, order: str, cap: int, *, bold: bool = False) -> str:
    """What an experiment ran (``res``: :func:`pla_core.experiment.experiment`'s results, ``runs`` asked for): its
    runs of N points, the noise, the order, and how many hit the cap."""
    k, capped = len(res["T"]), int((np.asarray(res["stop"]) == "max_updates").sum())
    return (f"{_b(f'{k:,} run{plural(k)}', bold)} of N = {n:,}" + (f" (stopped after {k:,} of {runs:,})"
                                                                    if k < runs else "")
            + f", noise {noise:.0%}, {order} order: {_b(f'{capped:,}', bold)} hit the cap of {count(cap, 'update')}.")


# -- a notebook's loop, checked -------------------------------------------------------------------------------------

def same_run(k: int, noun: str = "update", *, whole: bool = True) -> str:
    """What a notebook's loop cell says once its ``assert`` has held: the loop made pla_core's run, "the same 12
    updates, w for w" (``noun``: "step" for SGD; ``whole=False``: the updates and the last w, all a run of
    :func:`pla_core.pla_many` keeps)."""
    return (f"The loop makes pla_core's run: the same {count(k, noun)}"
            + (", w for w." if whole else " and the same last w."))


# -- the convergence proof: R, ρ*, R²/ρ*² and the margins (Why PLA halts) ------------------------------------------

def proof_R(R, *, bold: bool = False) -> str:
    """R (:func:`pla_core.radius`): "R = 1.532: the largest ‖x̃ₙ‖, how far the farthest point is from the origin."."""
    return f"{_b(f'R = {num(R)}', bold)}: the largest ‖x̃ₙ‖, how far the farthest point is from the origin."


def proof_rho(rho, k: int, *, bold: bool = False, mark: str = "") -> str:
    """ρ*, the best margin (:func:`pla_core.max_margin`), and the k support points that sit on it
    (:func:`pla_core.support_points`). ``mark``: how a page marks them, said after them (" (ringed)")."""
    return (_b(_m(f"ρ* = {num(rho)}", bold), bold) + _m(
        ": the best margin, minₙ yₙw*ᵀx̃ₙ for the unit w* that makes it largest (exact: the nearest point of a convex "
        f"hull); {k} support point{plural(k)} {'sits' if k == 1 else 'sit'} on it", bold) + f"{mark}.")


def proof_bound(bound, *, bold: bool = False) -> str:
    """R²/ρ*² (:func:`pla_core.mistake_bound`): the most updates PLA makes from w₀ = 0."""
    return (_b(_m(f"R²/ρ*² = {num(bound)}", bold), bold) + ": from w₀ = 0, PLA makes at most this many updates, in any "
            "order, with any η and any reading of sign(0).")


def _margins(w, X, y, bias) -> tuple[str, str]:
    """(the margin in augmented space, the distance in the plane of the closest point to the line) of w, or "—"
    twice when w draws no line."""
    if not np.any(w[1:]):
        return "—", "—"
    return num(margin(w, X, y, bias=bias)), num(geometric_margin(w, X, y))


def margins_table(trace, t: int, w_star, *, bold: bool = False) -> str:
    """PLA's margin at step t beside w*'s (``w_star``: :func:`pla_core.max_margin`'s), in augmented space
    (:func:`pla_core.margin`) and in the plane (:func:`pla_core.geometric_margin`), as a Markdown table."""
    X, y, bias = trace.X, trace.y, trace.settings["bias"]
    rho_t, d_t = _margins(trace.weights[t], X, y, bias)
    rho_s, d_s = _margins(w_star, X, y, bias)
    return "\n".join([f"{_b('Margins', bold)} (negative: some point is on the wrong side)", "",
                      "| line | ρ, augmented | closest point, in the plane |", "|---|---:|---:|",
                      f"| PLA's w{sub(t)} | {rho_t} | {d_t} |", _m(f"| w* (best margin) | {rho_s} | {d_s} |", bold)])


# -- runs compared: η and w₀, the order of visits, the readings of sign(0) ------------------------------------------

#: How a table names each reading of sign(0) (``sign_zero``): a tie a mistake for both (≤ 0), sign(0) = +1 or −1,
#: a tie right for both (< 0)
READINGS = {None: "≤ 0", 1: "+1", -1: "−1", "both": "< 0"}


def eta_label(eta) -> str:
    """"η = 0.5"."""
    return f"η = {num(eta)}"


def _held(trace, t: int) -> np.ndarray:
    """wₜ as a table shows it, a run that has ended held at its last w."""
    return _cleaned(trace, min(t, len(trace)))


def eta_table(base, chosen, t: int, *, bold: bool = False) -> str:
    """Two runs on the same points from the same w₀ at step t, ``base`` with η = 1 and ``chosen`` with another η:
    each run's updates T (✓: it halted), wₜ (held at its last w once it has ended) and ‖wₜ‖. The longer run (η = 1
    on a tie) is the solid line a page draws, the other the dashed one."""
    main_is_base = len(base) >= len(chosen)
    rows = ["| run | updates T | wₜ | ‖wₜ‖ |", "|---|---|---|---|"]
    for trace, solid in ((base, main_is_base), (chosen, not main_is_base)):
        w = _held(trace, t)
        held = f" (held: it ended at {len(trace)})" if t > len(trace) else ""
        rows.append(f"| {eta_label(trace.settings['eta'])} ({'solid' if solid else 'dashed'}) | {len(trace)}"
                    f"{' ✓' if trace.halted else ''} | {vec(w)}{held} | {num(np.linalg.norm(w))} |")
    return (f"{_b(f't = {t}', bold)} · both runs start from w₀ = {vec(base.weights[0])}{'  ' if bold else ''}\n\n"
            + "\n".join(rows))


def order_range(order: str, counts, seeds, *, bold: bool = False) -> str:
    """The updates T of runs in one order of visits over a range of seeds (``counts[k]``: seed ``seeds[k]``'s):
    "permuted: T from 9 to 14 over seeds 0–19"."""
    return (f"{order}: T from {_b(min(counts), bold)} to {_b(max(counts), bold)} over seeds "
            f"{seeds[0]}–{seeds[-1]}")


def first_difference(a, b) -> int | None:
    """The first update t (1, 2, …) whose corrected point or result differs between runs a and b, or where one of
    them has ended and the other goes on; None when the two runs are the same."""
    k = min(len(a), len(b))
    differ = (a.mistakes[:k] != b.mistakes[:k]) | np.any(a.weights[1:k + 1] != b.weights[1:k + 1], axis=1)
    if differ.any():
        return int(differ.argmax()) + 1
    return None if len(a) == len(b) else k + 1


def _cut(trace, cap: int) -> bool:
    """The run stopped before the cap ``cap`` without halting: it was followed less far (it might have gone on)."""
    return not trace.halted and len(trace) < cap


def parts(a, b) -> int | None:
    """Where run b parts from run a (:func:`first_difference`), None where it does not, or where b was only followed
    less far than a's cap and its end is all that differs (the runs were not made to go on)."""
    d = first_difference(a, b)
    return None if _cut(b, int(a.settings["max_updates"])) and d == len(b) + 1 else d


def _cell(trace, t: int, cap: int) -> str:
    T = len(trace)
    if t > T:
        return "— (halted)" if trace.halted else "— (not followed)" if _cut(trace, cap) else "— (cap)"
    i = int(trace.mistakes[t - 1])
    return f"#{i}{cls(trace.y[i]).split()[0]} {vec(_held(trace, t))}"


def sign_table(runs, *, rows: int = 12, upto: int | None = None, mark: str = "{}") -> str:
    """The first updates of runs that differ only in their reading of sign(0), side by side, a Markdown table: for
    each update t the point each run corrected and wₜ after it. ``runs[0]`` is the one a page draws; in each other
    column the first update where that run parts from it (:func:`parts`) is marked ◆ (``mark``: how a page
    highlights the cell, a format string). ``upto``: the ``rows`` updates that end there, not the first ones."""
    first, cap = runs[0], int(runs[0].settings["max_updates"])
    longest = max(len(r) for r in runs)
    n = max(1, min(rows, longest))
    head = "| t | " + " | ".join(READINGS[r.settings["sign_zero"]] + (" · plot" if r is first else "")
                                 for r in runs) + " |"
    out = [head, "|---" * (len(runs) + 1) + "|"]
    part = [None] + [parts(first, r) for r in runs[1:]]
    last = n if upto is None else min(longest, max(n, upto))
    for t in range(last - n + 1, last + 1):
        cells = []
        for r, d in zip(runs, part):
            text = "never starts" if t == 1 and len(r) == 0 else _cell(r, t, cap)
            cells.append(mark.format(f"◆ {text}") if d == t else text)
        out.append(f"| {t} | " + " | ".join(cells) + " |")
    return "\n".join(out)


# -- the margin perceptron against its bounds -----------------------------------------------------------------------

def margin_numbers(trace, *, bold: bool = False, f=None) -> str:
    """R, the best margin ρ* and γ of a margin perceptron's run (``f``: its :func:`pla_core.facts.margin_facts`, when
    a page has them already): "R = 1.532, the best margin ρ* = 0.1921, γ = 0.15"."""
    f = facts.margin_facts(trace) if f is None else f
    return (f"R = {num(f.R)}, the best margin {_b(_m(f'ρ* = {num(f.rho_star)}', bold), bold)}, "
            f"γ = {_b(num(f.gamma), bold)}")


def _this_run(trace, t: int, within: bool, bold: bool) -> str:
    T = len(trace)
    done = trace.halted and t >= T
    made = (f"made {_b(T, bold)}" if done else f"makes {_b(T, bold)}" if trace.halted else
            f"reaches the cap, {_b(f'{T:,}', bold)}")
    return f"this run {made} update{plural(T)}" + (" ✅" if done and within else "")


def margin_bound(trace, t: int, *, bold: bool = False, f=None) -> str:
    """The bound that holds for a margin perceptron's run from w₀ = 0, against the run at step t (a fact once t has
    got to its end): 8R²/(γρ*) + 4R/ρ* for γ ≤ ρ*, else M̄ (:func:`pla_core.margin_perceptron_log_bound`) for
    γ < 2ρ*; "" when none does (no line separates the points, γ ≥ 2ρ*, or M̄ too large to compute). Every comparison
    exact on grid data (``f``: :func:`pla_core.facts.margin_facts`, when a page has them already)."""
    f = facts.margin_facts(trace) if f is None else f
    T = len(trace)
    if not f.separable:
        return ""
    if f.vs_rho <= 0:
        return (_m("γ ≤ ρ*, so from w₀ = 0 at most 8R²/(γρ*) + 4R/ρ* = ", bold)
                + f"{count(num(f.bound), 'update', bold=bold)}; {_this_run(trace, t, f.within(T), bold)}.")
    if f.vs_2rho < 0 and math.isfinite(f.wide):
        return (f"From w₀ = 0 at most {count(math.floor(f.wide), 'update', bold=bold)}, the largest M with "
                + _m("M(ρ* − γ/2) ≤ R + (R²/2ρ*)(1 + ln M)", bold)
                + f"; {_this_run(trace, t, T <= math.floor(f.wide), bold)}.")
    return ""
