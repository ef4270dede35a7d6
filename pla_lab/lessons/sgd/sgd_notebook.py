"""Download as a notebook (issue 36), the the four losses' SGD lesson's part: its run in code, the numbers of the step
(or the results) it shows, printed in the page's own words (tests/ui/test_demo_notebook.py finds each line on the
page), and what to try. Code for the notebook, as text: nothing here runs it."""

#: Download as a notebook: the four losses' runs in code, step t and how each run ends as the page says them, tries
NOTEBOOK_RUN = """kw = dict(eta=settings["eta"], decay=options["decay"], order=settings["order"], w0=settings["w0"],
          bias=settings["bias"], sign_zero=settings["sign_zero"], seed=settings["seed"],
          epochs=max(1, min(int(options["epochs"]), 10_000 // len(y))),  # at most 10,000 steps, as the page
          stop_when_still=False)
runs = {loss: pla_core.sgd(X, y, loss=loss, **kw) for loss in ("perceptron", "hinge", "logistic", "squared")}
trace = runs[options["loss"]]  # the run on the plot
{loss: len(r) for loss, r in runs.items()}"""
NOTEBOOK_STEP = """T, loss = len(trace), options["loss"]
w = weights(trace, t)  # exact for a run made exactly (perceptron or hinge loss, constant η, grid data)
if t < T:
    print(f"t = {t} of {T}, w_{t} = {vec(w)}. The next step, {t + 1}, with the {loss} loss visits point "
          f"#{int(trace.mistakes[t])}")
else:
    print(f"t = {T} of {T}, the {loss} loss's end: w_{T} = {vec(w)}.")
for name, r in runs.items():  # how each run ends
    exact = facts.weights(r, 0) is not None
    changed = np.any(r.updates != 0, axis=1) if exact else np.any(np.diff(r.weights, axis=0) != 0, axis=1)
    moving, R = np.flatnonzero(changed), len(r)
    unseen = np.any(r.updates != 0, axis=1) & ~changed
    if name == "logistic" and unseen.any():
        continue  # steps too small for floating point to add: the page says so in words of its own
    print(f"{name}: w moved at {len(moving)} of {R} steps"
          + (f", last at step {moving[-1] + 1}" if len(moving) and len(moving) < R else ""))
    print(f"{int(r.errors[-1])} of {len(y)} points wrong at the end")"""
NOTEBOOK_TRIES = (
    ("The four losses' lines at the end, side by side: which ones stop moving, and why (a zero gradient)?",
     "for name, r in runs.items():\n"
     "    print(f'{name:>10}: w = {np.round(r.weights[-1], 4)}, {int(r.errors[-1])} points wrong')"),
    ("The perceptron loss with η decaying as 1/√t (options['decay']): does the line settle sooner?",
     "for decay in (False, True):\n"
     "    r = pla_core.sgd(X, y, loss='perceptron', **{**kw, 'decay': decay})\n"
     "    moved = np.flatnonzero(np.any(np.diff(r.weights, axis=0) != 0, axis=1))\n"
     "    print(f'decay {decay}: last move at step {moved[-1] + 1 if len(moved) else 0} of {len(r)}')"),
)
