"""Download as a notebook (issue 36), the Experiments lesson's part: its run in code, the numbers of the step (or the
results) it shows, printed in the page's own words (tests/ui/test_demo_notebook.py finds each line on the page), and
what to try. Code for the notebook, as text: nothing here runs it."""

from pla_lab.api import notebook

#: Download as a notebook: the experiment in code (pla_core.experiment, the same runs and seeds), its summary as
#: the page says it, tries
NOTEBOOK_RUN = """from pla_core import experiment

res = experiment.experiment(n, 0, runs, noise=p, seed=seed, bound_runs=min(runs, 200), **kw)
len(res["T"])"""
NOTEBOOK_STEP = """def stats(name, x):
    m = experiment.summary(x)
    return f"{name}: mean {m['mean']:.4g}, median {m['median']:.4g}, 90th percentile {m['p90']:.4g}"


k, cap = len(res["T"]), kw["max_updates"]
capped = int((res["stop"] == "max_updates").sum())
print(f"{k:,} runs of N = {n:,}, noise {p:.0%}, {kw['order']} order: {capped:,} hit the cap of {cap:,} updates.")
print(stats("Updates T", res["T"]) + f", {capped:,} of {k:,} hit the cap")
print(stats("P[f ≠ g]", res["P"]))"""
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
     "    print(f'N = {size}: mean T {r[\"T\"].mean():.4g}, mean P[f ≠ g] {r[\"P\"].mean():.4g}')"),
    ("Each run's T against its own bound R²/ρ*² (the first 200 runs): never past it.",
     "ratio = res['T'] / res['bound']\n"
     "ok = np.isfinite(ratio)\n"
     "largest = np.nanmax(ratio) if ok.any() else float('nan')\n"
     "print(f'{ok.sum()} runs with a bound; the largest T / bound is {largest:.4g}')"),
)


def notebook_recipe(cfg: dict):
    """The notebook of the experiment ``cfg`` (N, runs, p, seed, pla_many's keyword arguments)."""
    data = (f"n, runs, p, seed = {cfg['n']!r}, {cfg['runs']!r}, {cfg['p']!r}, {cfg['seed']!r}  # N, runs, noise, seed\n"
            f"kw = {cfg['kw']!r}  # pla_many's keyword arguments (the sidebar's and the page's settings)")
    return notebook.Recipe(NOTEBOOK_RUN, NOTEBOOK_STEP, picture=NOTEBOOK_PICTURE, tries=NOTEBOOK_TRIES, data=data,
                           about="A thousand PLA runs on random targets (Learning from Data, chapter 1's homework): "
                                 "each run draws its own points and target f.")
