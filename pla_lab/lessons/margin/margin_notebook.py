"""Download as a notebook (issue 36), the the margin perceptron lesson's part: its run in code, the numbers of the step
(or the results) it shows, printed in the page's own words (tests/ui/test_demo_notebook.py finds each line on the
page), and what to try. Code for the notebook, as text: nothing here runs it."""

#: Download as a notebook: the margin perceptron's run in code, step t and the bound as the page says them, tries
NOTEBOOK_RUN = """gamma = options["gamma"]  # a point is a mistake when y·wᵀx̃/‖w‖ < γ/2
trace = pla_core.pla(X, y, stop_on_cycle=False, margin=gamma, **settings)
plain = pla_core.pla(X, y, stop_on_cycle=False, **settings)  # γ = 0: plain PLA on the same points
trace"""
NOTEBOOK_STEP = """T, bias = len(trace), settings["bias"]
if trace.halted:  # how the run ends, as the page says it
    print(f"This run halts after {T} updates" if t < T else
          f"Halts after {T} updates: a full pass finds no point in the band or on the wrong side.")
print(f"t = {t} of T = {T} · w_{t} = {vec(weights(trace, t))}")
if t < T:
    print(update(trace, t)[4])
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
