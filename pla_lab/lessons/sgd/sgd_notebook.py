"""Download as a notebook (issue 36), the four losses' SGD lesson's part: its runs in code, SGD as a loop checked
against them, the numbers of the step it shows, printed by :mod:`pla_core.words` as the page prints them
(tests/ui/test_demo_notebook.py finds each line on the page), and what to try. Code for the notebook, as text:
nothing here runs it."""

from pla_lab.api import notebook

#: Download as a notebook: the four losses' runs in code, step t and how each run ends as the page says them, tries
NOTEBOOK_RUN = """kw = dict(eta=settings["eta"], decay=options["decay"], order=settings["order"], w0=settings["w0"],
          bias=settings["bias"], sign_zero=settings["sign_zero"], seed=settings["seed"],
          epochs=max(1, min(int(options["epochs"]), 10_000 // len(y))),  # at most 10,000 steps, as the page
          stop_when_still=False)
runs = {loss: pla_core.sgd(X, y, loss=loss, **kw) for loss in ("perceptron", "hinge", "logistic", "squared")}
trace = runs[options["loss"]]  # the run on the plot
{loss: len(r) for loss, r in runs.items()}"""
#: SGD as a loop, for the four losses: at each step the visited point's (sub)gradient, and w ← w − ηₜ·∇ℓ(w)
LOOP = """from fractions import Fraction


def sgd_loop(X, y, *, loss, eta, decay, order, w0, bias, sign_zero, seed, epochs, stop_when_still=False):
    \"\"\"SGD on one point's loss at a time: w ← w − ηₜ·∇ℓ(w), ∇ℓ = c·x̃ at the margin score m = y·wᵀx̃ (at a kink, as
    sign(0) reads a tie). The perceptron and hinge losses with a constant η run on fractions, exactly; the others
    in floats (ηₜ = η/√t and σ are not decimals). Every step is taken (as the page's runs). Returns every wₜ.\"\"\"
    exact = loss in ("perceptron", "hinge") and not decay
    F = (lambda v: Fraction(str(v))) if exact else float  # a decimal as written, 0.1 as 1/10
    Xt = np.array([[F(int(bias)), *map(F, x)] for x in X])  # x̃ = (1, x₁, x₂), or (0, x₁, x₂) without a bias
    w, y, n, rng = np.array([*map(F, w0)]), [int(v) for v in y], len(y), np.random.default_rng(seed)
    visits = np.arange(epochs * n) % n  # cyclic: 0, 1, …, n−1, 0, 1, …
    if order == "permuted":  # one shuffle of the points, cycled
        visits = rng.permutation(n)[visits]
    elif order == "random":  # each step's point drawn at random
        visits = rng.integers(0, n, size=epochs * n)
    W = [w]
    for t, i in enumerate(visits):
        m = y[i] * (Xt[i] @ w)  # the margin score
        if loss in ("perceptron", "hinge"):  # −y·x̃ below the kink (0, or 1 for the hinge), 0 beyond it
            kink = 0 if loss == "perceptron" else 1
            c = -y[i] if m < kink or m == kink and sign_zero not in ("both", y[i]) else 0
        elif loss == "logistic":  # −y·x̃·(1 − σ(m)), with 1 − σ(m) = σ(−m) = e^(−log(1 + eᵐ))
            c = -y[i] * np.exp(-np.logaddexp(0, m))
        else:  # squared: 2·(wᵀx̃ − y)·x̃, with wᵀx̃ = y·m
            c = 2 * (y[i] * m - y[i])
        w = w - (F(eta) / np.sqrt(t + 1) if decay else F(eta)) * (c * Xt[i])  # the step: w ← w − ηₜ·∇ℓ(w)
        W.append(w)
        if not exact and not np.abs(w).max() <= 1e12:  # diverged: η too large for the squared loss
            break
    return np.array(W, dtype=float)


for loss, r in runs.items():
    W = sgd_loop(X, y, loss=loss, **kw)[:len(r) + 1]
    same = np.array_equal(W, r.weights) if r._grid is not None else np.allclose(W, r.weights, rtol=1e-9, atol=1e-12)
    assert same, loss  # exact where pla_core's run is exact; else the same floats, to rounding
print(words.same_run(len(trace), "step"))  # the assert held, for each of the four losses"""

NOTEBOOK_STEP = """print(words.sgd_head(trace, t))  # wₜ, and the point the next step visits
for name, r in runs.items():  # how each run ends: its loss, then where w moved (or that it diverged)
    print(name)
    if r.stop == "diverged":
        print(words.diverged(len(r)))
        continue
    print(words.sgd_moved(len(r), *words.moves(r)))
    print(words.wrong_at_end(int(r.errors[-1]), len(y)))"""
NOTEBOOK_TRIES = (
    ("The four losses' lines at the end, side by side: which ones stop moving, and why (a zero gradient)?",
     "for name, r in runs.items():\n"
     "    print(name, vec(r.weights[-1]), words.wrong_at_end(int(r.errors[-1]), len(y)))  # the loss, its last w"),
    ("The perceptron loss with η decaying as 1/√t (options['decay']): does the line settle sooner?",
     "for decay in (False, True):\n"
     "    r = pla_core.sgd(X, y, loss='perceptron', **{**kw, 'decay': decay})\n"
     "    print(decay, words.sgd_moved(len(r), *words.moves(r)))  # decaying η or not, where w moved"),
)


def recipe() -> notebook.Recipe:
    """The SGD page's notebook."""
    return notebook.Recipe(NOTEBOOK_RUN, NOTEBOOK_STEP, tries=NOTEBOOK_TRIES, loop=LOOP,
                           loop_about="SGD itself, as a plain loop: one visited point a step, w ← w − ηₜ·∇ℓ(w), the "
                                      "four losses differing only in the gradient. The perceptron and hinge losses "
                                      "with a constant η run on fractions, exact as `pla_core`'s runs are on the "
                                      "app's decimals (checked w for w); the logistic and squared losses, and a "
                                      "decaying η, are floats by nature (σ, √t), so there the check is to rounding.",
                           about="Stochastic gradient descent on four losses (perceptron, hinge, logistic, squared), "
                                 "one visited point a step, from the same start.")
