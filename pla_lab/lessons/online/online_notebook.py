"""Download as a notebook (issue 36), the online perceptron lesson's part: its run in code, the algorithm as a loop
checked against it, the numbers of the step it shows, printed by :mod:`pla_core.words` as the page prints them
(tests/ui/test_demo_notebook.py finds each line on the page), and what to try. Code for the notebook, as text:
nothing here runs it."""

from pla_lab.api import notebook

#: Download as a notebook: the online perceptron's stream in code, step t as the page says it (two steps an arrival:
#: predict, then reveal), tries
NOTEBOOK_RUN = """trace = pla_core.online(X, y, eta=settings["eta"], w0=settings["w0"], bias=settings["bias"],
                       sign_zero=settings["sign_zero"], passes=options["passes"], shuffle=options["shuffle"],
                       seed=settings["seed"])
stream = trace.stream  # at time k it predicts point stream.shown[k] with w = trace.weights[stream.weight_index[k]]
len(stream), int(stream.wrong.sum())"""
#: The online perceptron as a loop: each arrival is predicted, its label revealed, and w learns on a mistake
LOOP = """from fractions import Fraction


def online_loop(X, y, *, eta, w0, bias, sign_zero, passes, shuffle, seed):
    \"\"\"The online perceptron over the stream X[0], X[1], … (``passes`` times, each pass shuffled if ``shuffle``):
    predict sign(wᵀx̃), then see y, and on a mistake w ← w + η·y·x̃. Exactly, on fractions; returns every wₜ.\"\"\"
    F = lambda v: Fraction(str(v))  # a decimal as written, 0.1 as 1/10: no sum rounds, a tie is exactly 0
    Xt = np.array([[F(int(bias)), *map(F, x)] for x in X])  # x̃ = (1, x₁, x₂), or (0, x₁, x₂) without a bias
    w, eta, y, n = np.array([*map(F, w0)]), F(eta), [int(v) for v in y], len(y)
    rng, W = np.random.default_rng(seed), [w]
    for _ in range(passes):
        missed = 0
        for i in rng.permutation(n) if shuffle else range(n):  # point i arrives
            m = y[i] * (Xt[i] @ w)  # y·wᵀx̃: the prediction sign(wᵀx̃) against the label revealed
            if m < 0 or m == 0 and sign_zero not in ("both", y[i]):  # a mistake (a tie: as sign(0) reads it)
                w, missed = w + eta * y[i] * Xt[i], missed + 1  # learn: w ← w + η·y·x̃
                W.append(w)
        if not missed:  # a pass without a mistake: w is right on every point, the rest of the stream changes nothing
            break
    return np.array(W, dtype=float)  # each wₜ as the float nearest it, as pla_core gives them


W = online_loop(X, y, eta=settings["eta"], w0=settings["w0"], bias=settings["bias"], sign_zero=settings["sign_zero"],
                passes=options["passes"], shuffle=options["shuffle"], seed=settings["seed"])
assert np.array_equal(W, trace.weights)  # exact: on decimals pla_core runs exactly too
print(words.same_run(len(W) - 1))  # the assert held"""

NOTEBOOK_STEP = """k, reveal = divmod(t, 2)  # step t: arrival k, predicted (t even) then revealed (t odd)
if k >= len(stream):
    print(words.stream_over(trace))
else:
    print(words.arrival(trace, k))  # the point, and the w it is predicted by
    print(words.revealed(trace, k) if reveal else words.predict_line(trace, k))
    print(words.so_far(trace, k, reveal))  # the mistakes of the labels revealed so far"""
NOTEBOOK_PICTURE_W = ("trace.weights[stream.weight_index[min(t // 2, len(stream) - 1)]] if len(stream) else "
                      "trace.weights[-1]")
NOTEBOOK_TRIES = (
    ("The mistake bound holds for any stream: take many passes in shuffled orders and count the mistakes.",
     "for seed in range(5):\n"
     "    r = pla_core.online(X, y, eta=settings['eta'], w0=(0.0, 0.0, 0.0), bias=settings['bias'],\n"
     "                        sign_zero=settings['sign_zero'], passes=5, shuffle=True, seed=seed)\n"
     "    print(seed, int(r.stream.wrong.sum()), len(r.stream))  # the seed, the mistakes, the predictions\n"
     "print(num(pla_core.mistake_bound(X, y, bias=settings['bias'])))  # R²/ρ*², the bound on the mistakes"),
)


def recipe() -> notebook.Recipe:
    """The online perceptron page's notebook."""
    return notebook.Recipe(NOTEBOOK_RUN, NOTEBOOK_STEP, picture=notebook.picture(NOTEBOOK_PICTURE_W),
                           tries=NOTEBOOK_TRIES, loop=LOOP,
                           loop_about="The online perceptron itself, as a plain loop over the stream: predict, see "
                                      "the label, learn from a mistake; a pass without one ends it. On fractions, so "
                                      "it is exact as `pla_core`'s run is on the app's decimals; the `assert` checks "
                                      "it, w for w.",
                           about="The online perceptron: points arrive one at a time; it predicts, then sees the "
                                 "label and learns from a mistake.")
