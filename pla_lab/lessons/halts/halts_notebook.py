"""Download as a notebook (issue 36), the Why PLA halts lesson's part: its run in code, the numbers of the step (or the
results) it shows, printed in the page's own words (tests/ui/test_demo_notebook.py finds each line on the page), and
what to try. Code for the notebook, as text: nothing here runs it."""

#: Download as a notebook: the proof's quantities in code, as the page says them, and tries
NOTEBOOK_RUN = """trace = pla_core.pla(X, y, stop_on_cycle=False, **settings)
trace"""
NOTEBOOK_STEP = """bias = settings["bias"]
R = pla_core.radius(X, bias=bias)  # the largest ‖x̃ₙ‖
w_star, rho = pla_core.max_margin(X, y, bias=bias)  # the best margin and the unit w* that has it (None: no line)
print(f"R = {num(R)}: the largest ‖x̃ₙ‖")
if w_star is not None:
    print(f"ρ* = {num(rho)}: the best margin")
    print(f"R²/ρ*² = {num(pla_core.mistake_bound(X, y, bias=bias, w_f=w_star))}")


    def margins(w):
        \"\"\"minₙ yₙwᵀx̃ₙ over ‖(b, w₁, w₂)‖ (ρ, augmented) and over ‖(w₁, w₂)‖ (the closest point, in the
        plane).\"\"\"
        xt = np.column_stack([np.full(len(y), 1.0 if bias else 0.0), X])
        m = float(np.min(y * (xt @ w)))
        return m / np.linalg.norm(w), m / np.linalg.norm(w[1:])


    w = trace.weights[t]
    if np.any(w[1:] != 0):
        print(f"| PLA's w_{t} | " + " | ".join(num(v) for v in margins(w)) + " |")
    print("| w* (best margin) | " + " | ".join(num(v) for v in margins(w_star)) + " |")"""
NOTEBOOK_TRIES = (
    ("The proof's three quantities at every update, against their bounds (from w₀ = 0): uᵀwₜ ≥ tρ, ‖wₜ‖² ≤ tR², so "
     "t ≤ R²/ρ².",
     "W, t_all = trace.weights, np.arange(len(trace.weights))\n"
     "if w_star is None or np.any(W[0] != 0):\n"
     "    print('the proof needs a separating line and w₀ = 0')\n"
     "else:\n"
     "    print('uᵀwₜ ≥ tρ at every t:', bool(np.all(W @ w_star >= t_all * rho - 1e-9)))\n"
     "    print('‖wₜ‖² ≤ tR² at every t:', bool(np.all((W ** 2).sum(axis=1) <= t_all * R ** 2 + 1e-9)))\n"
     "    print(f'{len(trace)} updates ≤ R²/ρ*² = {num(R ** 2 / rho ** 2)}')"),
    ("Shuffle the order of visits: the number of updates changes, the bound does not.",
     "for seed in range(5):\n"
     "    r = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'order': 'permuted', 'seed': seed})\n"
     "    print(f'seed {seed}: {len(r)} updates')"),
)
