"""Download as a notebook (issue 36), the Experiments lesson's part: its runs in code, PLA as a loop checked against
the first of them, its summary printed by :mod:`pla_core.words` as the page prints it (tests/ui/test_demo_notebook.py
finds each line on the page), and what to try. Code for the notebook, as text: nothing here runs it."""

from pla_lab.api import notebook

#: Download as a notebook: the experiment in code (pla_core.experiment, the same runs and seeds), its summary as
#: the page says it, tries
NOTEBOOK_RUN = """from pla_core import experiment

res = experiment.experiment(n, 0, runs, noise=p, seed=seed, bound_runs=min(runs, 200), **kw)
len(res["T"])"""
#: PLA as a loop, on the first run's data (its points, labels and own seed), checked against that run
LOOP = notebook.loop() + """


data = experiment.lfd_runs(n, 0, 1, noise=p, seed=seed)  # run 0: its points, its labels, its own seed
W = pla_loop(data.X[0], data.y[0], seed=int(data.seeds[0]), **kw)
assert len(W) - 1 == res["T"][0] and np.array_equal(W[-1], res["w"][0])  # exact: on decimals pla_many is exact too
print(words.same_run(len(W) - 1, whole=False))  # the assert held, for run 0 of the experiment"""

NOTEBOOK_STEP = """print(words.experiment_head(res, n, runs, p, kw["order"], kw["max_updates"]))
capped = int((res["stop"] == "max_updates").sum())
print(words.summary_line("Updates T", res["T"], capped=capped, k=len(res["T"])))
print(words.summary_line("P[f ≠ g]", res["P"]))"""
NOTEBOOK_PICTURE = """%matplotlib inline
import matplotlib.pyplot as plt

fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.5))
left.hist(res["T"], bins=30, color="#0072B2")
left.set_xlabel("T (updates)")
left.set_title("Updates T per run")
right.hist(res["P"], bins=30, color="#009E73")
right.set_xlabel("P[f ≠ g]")
right.set_title("P[f ≠ g] per run (exact)")
plt.show()"""
NOTEBOOK_TRIES = (
    ("Learning from Data's exercise 1.4: how T grows with N. Run a smaller experiment at a few N:",
     "for size in (10, 20, 40, 80):\n"
     "    r = experiment.experiment(size, 0, 100, seed=seed, **kw)\n"
     "    print(size, num(r['T'].mean()), num(r['P'].mean()))  # N, the mean T, the mean P[f ≠ g]"),
    ("Each run's T against its own bound R²/ρ*² (the first 200 runs): never past it.",
     "ratio = res['T'] / res['bound']\n"
     "ok = np.isfinite(ratio)\n"
     "largest = np.nanmax(ratio) if ok.any() else float('nan')\n"
     "print(int(ok.sum()), num(largest))  # the runs with a bound, the largest T / bound"),
)


def notebook_recipe(cfg: dict):
    """The notebook of the experiment ``cfg`` (N, runs, p, seed, pla_many's keyword arguments)."""
    data = (f"n, runs, p, seed = {cfg['n']!r}, {cfg['runs']!r}, {cfg['p']!r}, {cfg['seed']!r}  # N, runs, noise, seed\n"
            f"kw = {cfg['kw']!r}  # pla_many's keyword arguments (the sidebar's and the page's settings)")
    return notebook.Recipe(NOTEBOOK_RUN, NOTEBOOK_STEP, picture=NOTEBOOK_PICTURE, tries=NOTEBOOK_TRIES, data=data,
                           loop=LOOP,
                           loop_about="PLA itself, as the notes write it: a plain loop, one point at a time, on the "
                                      "first run's points (decimals: on fractions it is exact, as `pla_core`'s runs "
                                      "are); the `assert` checks it makes that run's updates and last w.",
                           about="A thousand PLA runs on random targets (Learning from Data, chapter 1's homework): "
                                 "each run draws its own points and target f.")
