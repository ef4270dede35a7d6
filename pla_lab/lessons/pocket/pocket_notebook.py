"""Download as a notebook (issue 36), the Noise and the Pocket algorithm lesson's part: its run in code, the numbers of
the step (or the results) it shows, printed in the page's own words (tests/ui/test_demo_notebook.py finds each line
on the page), and what to try. Code for the notebook, as text: nothing here runs it."""

#: Download as a notebook: the Pocket page's run in code (its noise, its target f), step t's numbers, tries
NOTEBOOK_RUN = """y_clean = y
if options["noisy"] and options["noise"] > 0:  # each label flipped with probability p, its coin fixed by the point
    y, flipped = pla_core.datasets.flip_by_point(X, y_clean, options["noise"] / 100, settings["seed"])
else:
    flipped = np.zeros(len(y), dtype=bool)
trace = pla_core.pocket(X, y, **settings)
f = options["f"]  # the target f that labelled the points (b, w₁, w₂) and the square they come from, or None
eout = None if f is None else pla_core.geometry.disagreement_path(trace.pocket_weights, np.array(f[:3]), f[3:],
                                                                  sign_zero=settings["sign_zero"])
trace"""
NOTEBOOK_STEP = """n, err, perr = len(y), int(trace.errors[t]), int(trace.pocket_errors[t])
since = int(np.flatnonzero(trace.pocket_errors[: t + 1] == perr)[0])  # the update that put ŵ in the pocket
print(f"t = {t} of {len(trace)} updates")
print(f"Eᵢₙ(w_{t}), PLA now: {err}/{n} = {100 * err / n:.1f}%")
print(f"Eᵢₙ(ŵ), the pocket: {perr}/{n} = {100 * perr / n:.1f}%"
      + (f" (kept since update {since})" if since else " (w_0, no better w yet)"))
if eout is not None:
    print(f"Eₒᵤₜ(ŵ) against f: {100 * float(eout[t]):.1f}%")
if options["noisy"] and options["noise"] > 0:
    print(f"{int(flipped.sum())} of {n} labels flipped")"""
NOTEBOOK_TRIES = (
    ("PLA's w wanders while the pocket's ŵ only improves: their mistakes over the whole run.",
     "%matplotlib inline\nimport matplotlib.pyplot as plt\n\n"
     "plt.plot(trace.errors / len(y), label='Eᵢₙ(wₜ), PLA')\n"
     "plt.plot(trace.pocket_errors / len(y), label='Eᵢₙ(ŵ), the pocket')\n"
     "plt.xlabel('update t')\nplt.legend()\nplt.show()"),
    ("More noise: flip more labels and see how far the pocket's Eᵢₙ stays from 0 (f itself gets the flipped ones "
     "wrong).",
     "for p in (0, 5, 10, 20, 30):\n"
     "    noisy, _ = pla_core.datasets.flip_by_point(X, y_clean, p / 100, settings['seed'])\n"
     "    run = pla_core.pocket(X, noisy, **settings)\n"
     "    print(f'noise {p}%: the pocket gets {int(run.pocket_errors[-1])} of {len(y)} wrong')"),
)
