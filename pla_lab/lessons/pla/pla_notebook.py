"""Download as a notebook (issue 36), the PLA step by step lesson's part: its run in code, the numbers of the step (or
the results) it shows, printed in the page's own words (tests/ui/test_demo_notebook.py finds each line on the page),
and what to try. Code for the notebook, as text: nothing here runs it."""

#: The notebook's "try this" cells (Download as a notebook): the lesson's Look at, in code.
NOTEBOOK_TRIES = (
    ("Each update raises the corrected point's score y·wᵀx̃ by η‖x̃‖² (what the numbers beside the plot show). "
     "Check it for every update of the run:",
     "xt = np.hstack([np.ones((len(X), 1)) if settings['bias'] else np.zeros((len(X), 1)), X])\n"
     "for u in range(len(trace)):\n"
     "    i = trace.mistakes[u]\n"
     "    gain = y[i] * (trace.weights[u + 1] - trace.weights[u]) @ xt[i]\n"
     "    assert np.isclose(gain, settings['eta'] * xt[i] @ xt[i])\n"
     "len(trace)  # the updates checked: each raised its point's score by η‖x̃‖²"),
    ("Starting from w = 0, η only stretches w: the same lines, the same number of updates. Try three:",
     "for eta in (0.1, 1.0, 10.0):\n"
     "    run = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'eta': eta, 'w0': (0.0, 0.0, 0.0)})\n"
     "    print(eta, len(run), run.halted)  # η, the run's updates, whether it halted"),
    ("Visit the points in a shuffled order (another seed, another order) and count the updates again:",
     "for seed in range(5):\n"
     "    run = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'order': 'permuted', 'seed': seed})\n"
     "    print(seed, len(run))  # the seed, the run's updates"),
)
