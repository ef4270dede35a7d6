"""Download as a notebook (issue 36), the margin perceptron lesson's part: its run in code, the algorithm as a loop
checked against it, the numbers of the step it shows, printed by :mod:`pla_core.words` as the page prints them
(tests/ui/test_demo_notebook.py finds each line on the page), and what to try. Code for the notebook, as text:
nothing here runs it."""

from pla_lab.api import notebook

#: Download as a notebook: the margin perceptron's run in code, step t and the bound as the page says them, tries
NOTEBOOK_RUN = """gamma = options["gamma"]  # a point is a mistake when y·wᵀx̃/‖w‖ < γ/2
trace = pla_core.pla(X, y, stop_on_cycle=False, margin=gamma, **settings)
plain = pla_core.pla(X, y, stop_on_cycle=False, **settings)  # γ = 0: plain PLA on the same points
trace"""

#: The margin perceptron as a loop: PLA's, with its own mistake rule (inside the band of width γ/2, or at w = 0)
LOOP = notebook.loop(
    doc="The margin perceptron: PLA's loop, a point a mistake when y·wᵀx̃/‖w‖ < γ/2. Exactly; returns every wₜ.",
    args=", margin",
    rule="""        \"\"\"In the band or on the wrong side: y·wᵀx̃/‖w‖ < γ/2 (squared: exact); at w = 0, every point.\"\"\"
        m, norm2 = y[i] * (Xt[i] @ w), w @ w
        return norm2 == 0 or m < 0 or 4 * m * m < F(margin) ** 2 * norm2""") + """


W = pla_loop(X, y, margin=gamma, **settings)
assert np.array_equal(W, trace.weights)  # exact: on decimals pla_core runs exactly too
print(words.same_run(len(W) - 1))  # the assert held"""

NOTEBOOK_STEP = """T = len(trace)
if trace.halted:
    print(words.verdict(trace, t))  # how the run ends
print(words.head(trace, t, named=True))
if t < T:
    print(words.update(trace, t))
print(words.margin_numbers(trace))  # R, the best margin ρ* and γ
print(words.margin_bound(trace, t))  # the bound from w₀ = 0 (none when γ ≥ 2ρ*: an empty line), against this run"""
NOTEBOOK_TRIES = (
    ("The margin each run ends with, against the best any line can do (ρ*): the margin perceptron's is at least "
     "γ/2 when it halts.",
     "for run in (trace, plain):  # the margin perceptron's run, then plain PLA's\n"
     "    if run.halted:\n"
     "        print(len(run), num(pla_core.margin(run.weights[-1], X, y, bias=settings['bias'])))  # T, ρ(w_T)\n"
     "print(num(pla_core.max_margin(X, y, bias=settings['bias'])[1]))  # ρ*, the best any line can do"),
    ("Raise γ towards 2ρ* and count the updates: the bound grows as γ shrinks, the margin won grows with γ.",
     "rho = pla_core.max_margin(X, y, bias=settings['bias'])[1]\n"
     "for g in (0.25 * rho, 0.5 * rho, rho, 1.5 * rho):\n"
     "    run = pla_core.pla(X, y, stop_on_cycle=False, margin=g, **settings)\n"
     "    print(num(g), len(run), run.halted)  # γ, the run's updates, whether it halted"),
)


def recipe() -> notebook.Recipe:
    """The margin perceptron page's notebook."""
    return notebook.Recipe(NOTEBOOK_RUN, NOTEBOOK_STEP, tries=NOTEBOOK_TRIES, loop=LOOP,
                           loop_about="The margin perceptron itself: PLA's plain loop with another mistake rule, a "
                                      "point inside the band y·wᵀx̃/‖w‖ < γ/2 (squared: m² against (γ/2)²‖w‖², so "
                                      "on fractions it stays exact, as `pla_core`'s run is on the app's decimals). "
                                      "The `assert` checks it, w for w.",
                           about="The margin perceptron: PLA that also corrects a point inside a band of width γ/2.")
