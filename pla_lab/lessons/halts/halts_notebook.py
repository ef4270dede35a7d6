"""Download as a notebook (issue 36), the Why PLA halts lesson's part: its run in code, the numbers of the step (or the
results) it shows, printed in the page's own words (tests/ui/test_demo_notebook.py finds each line on the page), and
what to try. Code for the notebook, as text: nothing here runs it."""

#: Download as a notebook: the proof's quantities in code, as the page says them, and tries
NOTEBOOK_RUN = """trace = pla_core.pla(X, y, stop_on_cycle=False, **settings)
trace"""
NOTEBOOK_STEP = """bias = settings["bias"]
R = pla_core.radius(X, bias=bias)  # the largest ‖x̃ₙ‖
w_star, rho = pla_core.max_margin(X, y, bias=bias)  # the best margin and the unit w* that has it (None: no line)
print(words.proof_R(R))
if w_star is not None:
    support = pla_core.support_points(X, y, bias=bias, w_star=w_star)  # the points on w*'s margin
    print(words.proof_rho(rho, len(support)))
    print(words.proof_bound(pla_core.mistake_bound(X, y, bias=bias, w_f=w_star)))
    print(words.margins_table(trace, t, w_star))  # ρ = minₙ yₙwᵀx̃ₙ/‖w‖ of wₜ and w*, and in the plane"""
NOTEBOOK_TRIES = (
    ("The proof's three quantities at every update, against their bounds (from w₀ = 0): uᵀwₜ ≥ tρ, ‖wₜ‖² ≤ tR², so "
     "t ≤ R²/ρ².",
     "W, t_all = trace.weights, np.arange(len(trace.weights))\n"
     "if w_star is not None and not np.any(W[0]):  # the proof needs a separating line and w₀ = 0\n"
     "    print(bool(np.all(W @ w_star >= t_all * rho - 1e-9)))  # ① uᵀwₜ ≥ tρ at every t\n"
     "    print(bool(np.all((W ** 2).sum(axis=1) <= t_all * R ** 2 + 1e-9)))  # ② ‖wₜ‖² ≤ tR² at every t\n"
     "    print(len(trace), num(R ** 2 / rho ** 2))  # T, the run's updates, and R²/ρ*², at least T"),
    ("Shuffle the order of visits: the number of updates changes, the bound does not.",
     "for seed in range(5):\n"
     "    r = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'order': 'permuted', 'seed': seed})\n"
     "    print(seed, len(r))  # the seed, the run's updates"),
)
