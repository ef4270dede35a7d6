"""Download as a notebook (issue 36), the batch perceptron lesson's part: its run in code, the algorithm as a loop
checked against it, the numbers of the step it shows, printed by :mod:`pla_core.words` as the page prints them
(tests/ui/test_demo_notebook.py finds each line on the page), and what to try. Code for the notebook, as text:
nothing here runs it."""

from pla_lab.api import notebook

#: Download as a notebook: the batch perceptron's run in code, step t's numbers as the page says them, tries
NOTEBOOK_RUN = """b = min(options["bs"], len(y)) if options["batch"] == "mini" else None  # None: all n points at once
average = {"note": None, "sum": False, "mean": True}[options["avg"]]  # None: each note's own rule
trace = pla_core.batch(X, y, eta=settings["eta"], w0=settings["w0"], bias=settings["bias"],
                       sign_zero=settings["sign_zero"], max_updates=settings["max_updates"], batch_size=b,
                       average=average)
trace"""
#: The batch perceptron as a loop: each update adds η·Σ yₙx̃ₙ over the mistakes of w among a block of points (all n,
#: or the next b of the list)
LOOP = """from fractions import Fraction


def batch_loop(X, y, *, eta, w0, bias, sign_zero, max_updates, b=None, average=False):
    \"\"\"The batch perceptron: w ← w + η·Σ yₙx̃ₙ over the mistakes of w in a block, all n points (b = None) or the
    next b points of the list, wrapping; exactly, on fractions. Returns every wₜ.\"\"\"
    F = lambda v: Fraction(str(v))  # a decimal as written, 0.1 as 1/10: no sum rounds, a tie is exactly 0
    Xt = np.array([[F(int(bias)), *map(F, x)] for x in X])  # x̃ = (1, x₁, x₂), or (0, x₁, x₂) without a bias
    w, y, n = np.array([*map(F, w0)]), [int(v) for v in y], len(y)
    b = b or n  # the full batch: one block of all n points
    c = F(eta) / (b if average else 1)  # each yₙx̃ₙ's factor: η, or η/b averaged

    def wrong(w, i):
        \"\"\"A mistake: y·wᵀx̃ < 0, or a tie (= 0) that this reading of sign(0) counts wrong.\"\"\"
        m = y[i] * (Xt[i] @ w)
        return m < 0 or m == 0 and sign_zero not in ("both", y[i])

    W, start, clean = [w], 0, 0  # every wₜ; where the next block starts; blocks in a row without a mistake
    while clean < -(-n // b) and len(W) <= max_updates:  # ⌈n/b⌉ such blocks: every point is right
        M = [i for i in ((start + j) % n for j in range(b)) if wrong(w, i)]  # the block's mistakes
        start = (start + b) % n
        if not M:
            clean += 1
            continue
        w, clean = w + c * sum(y[i] * Xt[i] for i in M), 0  # the update: w ← w + η·Σ yₙx̃ₙ
        W.append(w)
    return np.array(W, dtype=float)  # each wₜ as the float nearest it, as pla_core gives them


W = batch_loop(X, y, b=b, average=trace.settings["average"], **{k: settings[k] for k in
                                                                ("eta", "w0", "bias", "sign_zero", "max_updates")})
T = len(trace)  # pla_core also stops where the run repeats (a cycle): the loop runs on to the cap
assert np.array_equal(W[:T + 1], trace.weights)  # exact: on decimals pla_core runs exactly too
print(words.same_run(T))  # the assert held"""

NOTEBOOK_STEP = """print(words.verdict(trace, t))  # how the run ends
print(words.head(trace, t))
print(words.batch_mistakes(trace, t))  # wₜ's mistakes and the perceptron criterion J(wₜ)
if t < len(trace):
    print("\\n".join(words.batch_update(trace, t)[1:]))  # Σ yₙx̃ₙ over the mistakes, and wₜ₊₁"""
NOTEBOOK_TRIES = (
    ("Batch is gradient descent on the perceptron criterion J: J need not fall at every step. Where does it rise?",
     "print([u for u in range(1, len(trace) + 1) if trace.criterion[u] > trace.criterion[u - 1]])"),
    ("Against PLA, one mistake at a time, on the same points:",
     "one = pla_core.pla(X, y, stop_on_cycle=False, **settings)\n"
     "print(len(one), len(trace))  # the updates of PLA, of the batch perceptron"),
    ("Mini-batches of b points, summed or averaged:",
     "for size in (1, 5, 10):\n"
     "    for avg in (False, True):\n"
     "        r = pla_core.batch(X, y, eta=settings['eta'], w0=settings['w0'], bias=settings['bias'],\n"
     "                           sign_zero=settings['sign_zero'], max_updates=settings['max_updates'],\n"
     "                           batch_size=size, average=avg)\n"
     "        print(size, avg, len(r), r.halted)  # b, averaged or summed, the run's updates, whether it halted"),
)


def recipe() -> notebook.Recipe:
    """The batch perceptron page's notebook."""
    return notebook.Recipe(NOTEBOOK_RUN, NOTEBOOK_STEP, tries=NOTEBOOK_TRIES, loop=LOOP,
                           loop_about="The batch perceptron itself, as a plain loop: each update sums the mistakes of "
                                      "w in a block (all n points, or the next b), on fractions, so it is exact as "
                                      "`pla_core`'s run is on the app's decimals; the `assert` checks it, w for w.",
                           about="The batch perceptron: each update adds up the mistakes of w (all n points, or a "
                                 "mini-batch of b).")
