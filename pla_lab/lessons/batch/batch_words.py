"""The words and numbers of the lesson "Batch perceptron", as Markdown (no Streamlit, no Plotly): the mistakes of
wₜ, the sum over them, wₜ₊₁, the criterion and where it rises, and which note adds and which averages."""

from __future__ import annotations

from pla_core import words
from pla_lab.api import COS495, STEP, ahead, cap_reason, count, halt_words, num, plural, sub, term, vec, verdict
from pla_lab.lessons.batch.batch_figures import steps_text

GUIDE = f"""
**What you see.** PLA corrects one mistake at a time; the {term("batch and mini-batch", "batch perceptron")}
({STEP.name}) looks at every point, circles
**all** the mistakes of w, and adds them up in one update: w ← w + η·Σ yₙx̃ₙ over the mistakes. The chain of small
arrows from the tip of w draws that sum one term at a time, η·yₙ·xₙ (blue: a ○ adds its x; orange: a × subtracts
it), tip to tail; it ends at the tip of the new w (dotted). The bias part of the sum, η·(#○ − #×), is in the words.

**The chart.** Top: the {term("zero-one loss")}, the number of mistakes. Bottom: the
{term("perceptron criterion J", "perceptron criterion")}
J(w) = Σ −yₙwᵀx̃ₙ over the mistakes, each mistake counted by how far it is on the wrong side. The batch update is a
step of gradient descent on J; a red stroke marks a step at which J went **up**.

**Try this.**
1. Step through **Credit card**: four or so mistakes summed at each step, and J rises now and then.
2. Switch **Each update sums the mistakes of** to **b points** with b = 5: each update sums only the mistakes among the next 5 points of the
   list ({COS495.name}), so it takes more, smaller updates.
3. Compare **Update**: sum against average. From w₀ = 0 they draw the same lines (the 1/b only shrinks w); set a
   start w₀ in the sidebar and they part.
4. Load **Noisy XOR**: no line works, so the batch never halts and J goes up and down until the cap.
"""


#: J(wₜ), exact on grid data; a number of the run as the page writes it; the points of update t's mini-batch; the
#: factor of each yₙx̃ₙ: pla_core.words' own, the functions a notebook prints with
criterion_at, shown, block, factor = words.criterion, num, words.block, words.factor


def showing(trace, t: int) -> str:
    """The one line above the numbers: which w the line is, and what the circles and the chain belong to."""
    T = len(trace)
    parts = [f"Showing w{sub(t)} " + ("(the start, before any update)" if t == 0 else
                                     f"(after update {t}{', the last' if t == T else ''})")]
    if t > 0:
        parts.append(f"dashed grey: w{sub(t - 1)}")
    if t < T:
        k = len(trace.used(t))
        parts.append(f"next: update {t + 1} sums {k} mistake{plural(k)} (circled; the chain of small arrows from w's "
                     "tip adds them tip to tail)")
    else:
        parts.append("no update follows, nothing circled")
    return " · ".join(parts)


def rise_text(trace, t: int, ups: list[int]) -> str:
    """At a step where J rose, why it may; always, the steps of the run where it rises."""
    lines = []
    if t in ups:
        a, b = criterion_at(trace, t - 1), criterion_at(trace, t)
        lines.append(f"📈 **J rose at this step:** J(w{sub(t)}) = {shown(b)} > J(w{sub(t - 1)}) = {shown(a)}.")
        if t == 1 and a == 0:
            lines.append("w₀ scores every mistake 0, so J(w₀) = 0, the least J can be: any first step raises it. "
                         "J is smallest at w = 0, which separates nothing: a small J is not the goal, no mistake is.")
        elif trace.settings.get("batch_size"):
            lines.append("A mini-batch step follows one block's part of J, not J itself: it may put other points on "
                         "the wrong side, or push the old ones further, so J need not fall at every step.")
        else:
            lines.append("A step of fixed size η along −∇J can overshoot: the step corrects the summed mistakes but "
                         "may put other points on the wrong side, or push the old ones further. Gradient descent "
                         "with a fixed step need not lower J at every step.")
    lines.append(f"In this run J rises at step{plural(len(ups))} {steps_text(ups)}." if ups else
                 "In this run J never rises.")
    return "  \n".join(lines)


def numbers(trace, t: int, ups: list[int], *, separable=None, go: str = "Run", with_bias=None) -> str:
    """Step t: the verdict, wₜ, its mistakes and J, the update summed over the mistakes (or a mini-batch's) with
    wₜ₊₁, the chain and the bias in words, where J rises, and why the batch is gradient descent."""
    lines = [verdict(trace, t, separable=separable, go=go, with_bias=with_bias), "",
             words.head(trace, t, bold=True), words.batch_mistakes(trace, t, bold=True), "",
             rise_text(trace, t, ups), ""]
    if t < len(trace):
        lines += [*words.batch_update(trace, t, bold=True, mark=" (circled)"), _chain(trace, t)]
    else:
        lines.append(end_line(trace) + (f" {halt_words.halted(halt_words.end(trace))}" if trace.halted else ""))
    lines += ["", descent(trace)]
    return "  \n".join(lines)


def end_line(trace) -> str:
    """How the run ended (step t has got there): no mistake left, cycling, or the cap."""
    T, left = len(trace), int(trace.errors[len(trace)])
    if trace.halted:
        return (f"{'✅' if halt_words.end(trace).separates else '⚠️'} **No mistake left:** J = 0 and the sum is empty, "
                "so the batch perceptron stops.")
    if trace.cycle:
        return (f"🔁 **Cycling:** {halt_words.weights_repeat(trace, bold=False)}: the batch perceptron never halts "
                "here.")
    return f"⏹ **Stopped at the cap ({count(T, 'update')})** with {left} mistake{plural(left)} left."


def present(trace, t: int, ups: list[int], *, separable=None, go: str = "Run", with_bias=None) -> str:
    """Presenter mode's numbers, the pieces of :func:`numbers` without their explanations: how the run ends, wₜ, its
    mistakes and J (and whether J rose at this step), and the next update's sum and wₜ₊₁."""
    T, n = len(trace), len(trace.y)
    J = criterion_at(trace, t)
    if t >= T:
        head = end_line(trace)
    elif trace.halted or trace.cycle:
        head = verdict(trace, t, separable=separable, go=go, with_bias=with_bias)
    else:  # the verdict's first sentence: the LP's answer, without PLA's own doubt the full words add
        head = (f"This run stops at the cap of {count(T, 'update')} {ahead(go)}: "
                f"{cap_reason(separable, bias=trace.settings['bias'], with_bias=with_bias)}.")
    rose = f" · 📈 up from {shown(criterion_at(trace, t - 1))}" if t in ups else ""
    lines = [head, words.head(trace, t, bold=True),
             f"Mistakes of w{sub(t)}: **{int(trace.errors[t])}** of {n} · J(w{sub(t)}) = **{shown(J)}**{rose}"]
    if t < T:
        k, b = len(trace.used(t)), trace.settings.get("batch_size")
        lines.append(f"Update {t + 1} sums **{k}** mistake{plural(k)}" + (f" of a block of b = {b}" if b else "")
                     + f": w{sub(t + 1)} = **{vec(words.written(trace, t + 1))}**")
    return "  \n".join(lines)


def descent(trace) -> str:
    """Which gradient step the update is, in this run's mode: on J (the full batch, summed or averaged over n), or
    on one block's part of J (mini-batches: stochastic gradient descent on blocks, not a step on J itself)."""
    name, _ = factor(trace)
    b = trace.settings.get("batch_size")
    flat = "The zero-one loss counts the same mistakes but has no slope to follow: it is flat, then jumps."
    if b is None:
        scaled = "J" if name == "η" else "J/n"
        return (f"**Batch = gradient descent on {scaled}** ({STEP.name}): J's gradient is −Σ yₙx̃ₙ over the mistakes "
                f"of all n points, so wₜ₊₁ = wₜ − η∇{'J' if name == 'η' else '(J/n)'}(wₜ) is exactly this "
                f"update. {flat}")
    scaled = "J(wₜ; B)" if name == "η" else "(J(wₜ; B)/b)"
    return (f"**Mini-batch = stochastic gradient descent on blocks** ({COS495.name}): write J(w; B) = Σ −yₙwᵀx̃ₙ over "
            f"w's mistakes in the block B only. This update is wₜ₊₁ = wₜ − η∇{scaled}, a step on the block's part "
            "of J, not on J itself, whose gradient sums the mistakes of all n points; a block with no mistake "
            f"makes no update. {flat}")


def _chain(trace, t: int) -> str:
    """What the chain of small arrows draws for update t+1, and the bias's part of the sum."""
    u = words.batch_sums(trace, t)
    return (f"The chain of small arrows from w's tip adds each {u.name}·yₙ·xₙ tip to tail (blue: a ○ adds its x; "
            f"orange: a × subtracts it) and ends at the tip of the new w (dotted). "
            + (f"The bias b changes by {u.name}·(#○ − #×) = {num(u.c)}·({len(u.pos)} − {len(u.neg)}) = "
               f"{num(u.c * (len(u.pos) - len(u.neg)))}, from {num(u.w[0])} to {num(u.w_next[0])}."
               if trace.settings["bias"] else "With no bias, b stays 0."))


def rule(trace, asked: int | None) -> str:
    """Which note sums and which averages, and what this run does (``asked``: the b asked for, if more than n)."""
    text = (f"**Sum or average?** {STEP.Of} batch perceptron adds the sum, θ ← θ + η·Σ yᵢxᵢ over the mistakes M; "
            f"{COS495.of} mini-batch steps on the average loss of its b points, θ ← θ − η∇((1/b)·Σ l), that is "
            "(η/b)·Σ yᵢxᵢ over the block's mistakes (1/b, not 1 over the number of mistakes). "
            f"This run adds {this_run(trace)}. From w₀ = 0 the factor only stretches every w (and J with it): the same lines, "
            "the same mistakes.")
    return text + too_big(trace, asked)


def this_run(trace) -> str:
    """What this run's update adds: the factor, over which mistakes, and whose rule it is."""
    b = trace.settings.get("batch_size")
    name, c = factor(trace)
    return (f"{name}·Σ = {num(c)}·Σ" + (f" over each block of b = {b}" if b else " over all mistakes")
            + (f" ({STEP.of} sum)" if name == "η" else f" ({COS495.of} average)"))


def too_big(trace, asked: int | None) -> str:
    """A line saying that the b asked for is more than n, so a block takes all n; else ""."""
    n, b = len(trace.y), trace.settings.get("batch_size")
    big = asked is not None and b is not None and asked > b
    return (f"  \n⚠️ b = {asked} is more than the {count(n, 'point')}: each mini-batch takes all {n} (b = {n})."
            if big else "")
