"""Download as a notebook (issue 36), the the batch perceptron lesson's part: its run in code, the numbers of the step
(or the results) it shows, printed in the page's own words (tests/ui/test_demo_notebook.py finds each line on the
page), and what to try. Code for the notebook, as text: nothing here runs it."""

#: Download as a notebook: the batch perceptron's run in code, step t's numbers as the page says them, tries
NOTEBOOK_RUN = """b = min(options["bs"], len(y)) if options["batch"] == "mini" else None  # None: all n points at once
average = {"note": None, "sum": False, "mean": True}[options["avg"]]  # None: each note's own rule
trace = pla_core.batch(X, y, eta=settings["eta"], w0=settings["w0"], bias=settings["bias"],
                       sign_zero=settings["sign_zero"], max_updates=settings["max_updates"], batch_size=b,
                       average=average)
trace"""
NOTEBOOK_STEP = """from fractions import Fraction


def ids(idx):
    idx = [int(i) for i in idx]
    more = f", … ({len(idx)} in all)" if len(idx) > 12 else ""
    return "none" if not idx else "#" + ", #".join(map(str, idx[:12])) + more


T, n, bias, sz = len(trace), len(y), settings["bias"], settings["sign_zero"]
w = weights(trace, t)
m = facts.scores(trace, t)  # yₙ·wₜᵀx̃ₙ, exact on grid data
J = (sum((-v for v, lab in zip(m, y) if facts.wrong(v, lab, sz)), Fraction(0)) if m is not None
     else float(trace.criterion[t]))
print(f"t = {t} of {T} · w_{t} = {vec(w)}")
print(f"Mistakes of w_{t} (the zero-one loss): {int(trace.errors[t])} of {n} · perceptron criterion "
      f"J(w_{t}) = Σ -yₙw_{t}ᵀx̃ₙ over them = {num(J)}")
if t < T:
    used = trace.used(t)
    pos, neg = [int(i) for i in used if y[i] > 0], [int(i) for i in used if y[i] < 0]
    if b is None:
        print(f"Update {t + 1} sums all {len(used)} mistakes of w_{t} (circled): ○ {ids(pos)}; × {ids(neg)}.")
    Z = facts.points(X, y, bias=bias) if not isinstance(w[0], float) else None  # yₙ·x̃ₙ, exact on grid data
    xt = np.column_stack([np.full(n, 1.0 if bias else 0.0), X])
    plus, minus = xt[pos].sum(axis=0), xt[neg].sum(axis=0)
    if Z is not None:
        plus, minus = (tuple(sum((Z[i][k] * int(y[i]) for i in group), Fraction(0)) for k in range(xt.shape[1]))
                       for group in (pos, neg))
    total = [a - c for a, c in zip(plus, minus)]
    print(f"Σ yₙx̃ₙ = (Σ x̃ₙ over the ○) - (Σ x̃ₙ over the ×) = {vec(plus)} - {vec(minus)} = {vec(total)}")
    if not trace.settings.get("average"):
        print(f"w_{t + 1} = w_{t} + η·Σ yₙx̃ₙ = {vec(w)} + {num(exactly([settings['eta']])[0])}·{vec(total)} = "
              f"{vec(weights(trace, t + 1))}")"""
NOTEBOOK_TRIES = (
    ("Batch is gradient descent on the perceptron criterion J: J need not fall at every step. Where does it rise?",
     "print([u for u in range(1, len(trace) + 1) if trace.criterion[u] > trace.criterion[u - 1]])"),
    ("Against PLA, one mistake at a time, on the same points:",
     "one = pla_core.pla(X, y, stop_on_cycle=False, **settings)\n"
     "print(f'PLA: {len(one)} updates; the batch perceptron: {len(trace)} updates')"),
    ("Mini-batches of b points, summed or averaged:",
     "for size in (1, 5, 10):\n"
     "    for avg in (False, True):\n"
     "        r = pla_core.batch(X, y, eta=settings['eta'], w0=settings['w0'], bias=settings['bias'],\n"
     "                           sign_zero=settings['sign_zero'], max_updates=settings['max_updates'],\n"
     "                           batch_size=size, average=avg)\n"
     "        print(f'b = {size}, {\"average\" if avg else \"sum\"}: {len(r)} updates, halted: {r.halted}')"),
)
