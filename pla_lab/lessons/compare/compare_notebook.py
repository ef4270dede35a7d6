"""Download as a notebook (issue 36), the Runs compared lesson's part: its runs in code (PLA's loop, checked against the
run on the plot, comes with the default recipe), the numbers of the step it shows, in the page's numbers
(:mod:`pla_core.words`; tests/ui/test_demo_notebook.py finds each line on the page), and what to try. Code for the
notebook, as text: nothing here runs it."""

from pla_lab.api import notebook

#: Download as a notebook: the three comparisons in code, step t's numbers as the page says them, tries
NOTEBOOK_RUN = """view = options["cmp"]  # what is compared: "eta", "order" or "sign0"


def run(**change):
    \"\"\"PLA as the lesson runs it (to the cap: a cycle is played), with one setting changed.\"\"\"
    return pla_core.pla(X, y, stop_on_cycle=False, **{**settings, **change})


trace = run()  # the run of these settings: the plot's, or in the η view the chosen η's
if view == "eta":  # η = 1 against the chosen η, from the same w₀
    base = run(eta=1.0)
elif view == "order":  # every order of visits, 20 seeds each: the updates T of each run
    seeds = range(settings["seed"], settings["seed"] + 20)
    counts = {order: [len(run(order=order, seed=s)) for s in seeds] for order in ("cyclic", "permuted", "random")}
else:  # the same run under each reading of a tie (the plot's first): ≤ 0 a mistake (None), sign(0) = ±1, < 0 ("both")
    runs = [trace] + [run(sign_zero=s) for s in (None, 1, -1, "both") if s != settings["sign_zero"]]
trace"""
#: The picture: the run of the settings at step t, held at its last w once it has ended (in the η view the η = 1 run
#: can be the longer, the one the page follows)
PICTURE = notebook.picture("trace.weights[min(t, len(trace))]")
NOTEBOOK_STEP = """if view == "eta":
    print(words.eta_table(base, trace, t))  # both runs at step t: their updates T, wₜ and ‖wₜ‖
elif view == "order":
    for order, T in counts.items():
        print(words.order_range(order, T, seeds))  # T's range over the seeds
else:
    print(words.sign_table(runs))  # each reading's first updates (the point corrected, then wₜ); ◆: where it parts"""
NOTEBOOK_TRIES = (
    ("From w₀ = 0, η only stretches w: check that every wₜ of a run with η = 10 is 10 times the one with η = 1.",
     "a = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'eta': 1.0, 'w0': (0.0, 0.0, 0.0)})\n"
     "b = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'eta': 10.0, 'w0': (0.0, 0.0, 0.0)})\n"
     "print(len(a), len(b), np.allclose(10 * a.weights, b.weights))"),
    ("Now from another w₀: the runs part.",
     "for eta in (1.0, 10.0):\n"
     "    r = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'eta': eta, 'w0': (0.0, -3.0, 3.0)})\n"
     "    print(eta, len(r))  # η, the run's updates"),
)
