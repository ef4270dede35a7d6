"""Download as a notebook (issue 36), the Runs compared lesson's part: its runs in code (PLA's loop, checked against the
run on the plot, comes with the default recipe), the numbers of the step it shows, in the page's numbers
(:mod:`pla_core.words`; tests/ui/test_demo_notebook.py finds each line on the page), and what to try. Code for the
notebook, as text: nothing here runs it."""

#: Download as a notebook: the three comparisons in code, step t's numbers as the page says them, tries
NOTEBOOK_RUN = """view = options["cmp"]  # what is compared: "eta", "order" or "sign0"


def run(**change):
    \"\"\"PLA as the lesson runs it (to the cap: a cycle is played), with one setting changed.\"\"\"
    return pla_core.pla(X, y, stop_on_cycle=False, **{**settings, **change})


if view == "eta":  # η = 1 against the chosen η, from the same w₀
    runs = {"η = 1": run(eta=1.0), f"η = {num(settings['eta'])}": run()}
elif view == "order":  # every order of visits, 20 seeds each
    seeds = range(settings["seed"], settings["seed"] + 20)
    runs = {order: [run(order=order, seed=s) for s in seeds] for order in ("cyclic", "permuted", "random")}
else:  # the same run under each reading of a tie: y·wᵀx̃ ≤ 0 a mistake, sign(0) = +1, sign(0) = −1, < 0 a mistake
    runs = {"≤ 0": run(sign_zero=None), "+1": run(sign_zero=1), "−1": run(sign_zero=-1), "< 0": run(sign_zero="both")}
trace = run()  # the run on the plot
runs"""
NOTEBOOK_STEP = """if view == "eta":
    print(f"t = {t} · both runs start from w_0 = {vec(words.exactly(settings['w0']))}")
    for name, r in runs.items():  # each run's wₜ and its length ‖wₜ‖
        u = min(t, len(r))
        print(f"| {vec(words.written(r, u))} | {num(float(np.linalg.norm(r.weights[u])))} |")
elif view == "order":
    for order, rs in runs.items():
        counts = [len(r) for r in rs]
        print(f"{order}: T from {min(counts)} to {max(counts)} over seeds {seeds[0]}–{seeds[-1]}")
else:
    for reading, r in runs.items():  # the update each reading makes: the point it corrects, then w
        for u in range(1, min(t + 1, len(r)) + 1):
            i = int(r.mistakes[u - 1])
            print(f"#{i}{'○' if y[i] > 0 else '×'} {vec(words.written(r, u))}")"""
NOTEBOOK_TRIES = (
    ("From w₀ = 0, η only stretches w: check that every wₜ of a run with η = 10 is 10 times the one with η = 1.",
     "a = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'eta': 1.0, 'w0': (0.0, 0.0, 0.0)})\n"
     "b = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'eta': 10.0, 'w0': (0.0, 0.0, 0.0)})\n"
     "print(len(a), len(b), np.allclose(10 * a.weights, b.weights))"),
    ("Now from another w₀: the runs part.",
     "for eta in (1.0, 10.0):\n"
     "    r = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'eta': eta, 'w0': (0.0, -3.0, 3.0)})\n"
     "    print(f'η = {eta}: {len(r)} updates')"),
)
