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
        return norm2 == 0 or m < 0 or 4 * m * m < F(margin) ** 2 * norm2""") + f"""


W = pla_loop(X, y, margin=gamma, **settings)
assert np.array_equal(W, trace.weights)  # exact: on decimals pla_core runs exactly too
print(f"{notebook.SAME}: the same {{len(W) - 1}} updates, w for w.")"""

NOTEBOOK_STEP = """T, bias = len(trace), settings["bias"]
if trace.halted:
    print(words.verdict(trace, t))  # how the run ends
print(words.head(trace, t, named=True))
if t < T:
    print(words.update(trace, t))
R = pla_core.radius(X, bias=bias)
w_star, rho = pla_core.max_margin(X, y, bias=bias)
if w_star is not None:
    print(f"R = {num(R)}, the best margin ρ* = {num(rho)}, γ = {num(gamma)}")
    if gamma <= rho and not np.any(settings["w0"]):
        bound = pla_core.margin_perceptron_bound(X, y, gamma, bias=bias)
        print(f"at most 8R²/(γρ*) + 4R/ρ* = {num(bound)} updates")"""
NOTEBOOK_TRIES = (
    ("The margin each run ends with, against the best any line can do (ρ*): the margin perceptron's is at least "
     "γ/2 when it halts.",
     "for name, run in (('margin perceptron', trace), ('plain PLA', plain)):\n"
     "    if run.halted:\n"
     "        rho_run = pla_core.margin(run.weights[-1], X, y, bias=settings['bias'])\n"
     "        print(f'{name}: {len(run)} updates, ρ = {num(rho_run)}')\n"
     "print('ρ* =', num(pla_core.max_margin(X, y, bias=settings['bias'])[1]))"),
    ("Raise γ towards 2ρ* and count the updates: the bound grows as γ shrinks, the margin won grows with γ.",
     "rho = pla_core.max_margin(X, y, bias=settings['bias'])[1]\n"
     "for g in (0.25 * rho, 0.5 * rho, rho, 1.5 * rho):\n"
     "    run = pla_core.pla(X, y, stop_on_cycle=False, margin=g, **settings)\n"
     "    print(f'γ = {num(g)}: {len(run)} updates, halted: {run.halted}')"),
)


def recipe() -> notebook.Recipe:
    """The margin perceptron page's notebook."""
    return notebook.Recipe(NOTEBOOK_RUN, NOTEBOOK_STEP, tries=NOTEBOOK_TRIES, loop=LOOP,
                           loop_about="The margin perceptron itself: PLA's plain loop with another mistake rule, a "
                                      "point inside the band y·wᵀx̃/‖w‖ < γ/2 (squared: m² against (γ/2)²‖w‖², so "
                                      "on fractions it stays exact, as `pla_core`'s run is on the app's decimals). "
                                      "The `assert` checks it, w for w.",
                           about="The margin perceptron: PLA that also corrects a point inside a band of width γ/2.")
