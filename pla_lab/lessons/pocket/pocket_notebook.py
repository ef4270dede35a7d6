"""Download as a notebook (issue 36), the Noise and the Pocket algorithm lesson's part: its run in code, Pocket as a
loop checked against it, the numbers of the step it shows, printed by :mod:`pla_core.words` as the page prints them
(tests/ui/test_demo_notebook.py finds each line on the page), the step drawn as the page draws it (w and the pocket ŵ,
the target f, the flipped labels and where ŵ and f disagree), and what to try. Code for the notebook, as text: nothing
here runs it."""

from pla_lab.api import notebook

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

#: Pocket as a loop: PLA's, keeping in the pocket each w that makes strictly fewer mistakes than ŵ
LOOP = notebook.loop(
    "pocket_loop", "Pocket: PLA's loop, keeping in the pocket ŵ the w with the fewest mistakes so far.",
    start="    errors = lambda w: sum(wrong(w, j) for j in range(n))  # the points w gets wrong\n"
          "    w_hat, best, pocket = w, errors(w), [w]  # the pocket ŵ, its mistakes, and ŵ at every step\n",
    keep="        e = errors(w)\n"
         "        if e < best:  # strictly fewer mistakes than ŵ: w goes in the pocket\n"
         "            w_hat, best = w, e\n"
         "        pocket.append(w_hat)\n",
    returns="np.array(W, dtype=float), np.array(pocket, dtype=float)  # every wₜ and ŵₜ, as floats") + """


W, W_hat = pocket_loop(X, y, **settings)
assert np.array_equal(W, trace.weights) and np.array_equal(W_hat, trace.pocket_weights)  # exact, w for w, ŵ for ŵ
print(words.same_run(len(W) - 1))  # the assert held"""

NOTEBOOK_STEP = """print(words.pocket_head(trace, t))
print("\\n".join(words.pocket_errors(trace, t)))  # Eᵢₙ of PLA's wₜ and of the pocket's ŵ
if eout is not None:
    print(words.e_out(eout, t))
if options["noisy"] and options["noise"] > 0:
    print(words.flips(flipped, options["noise"]))"""

#: The step drawn as the page draws it: PLA's wₜ (solid), the pocket ŵ (pink, dash-dot), the target f (green, dashed)
#: and the square the points come from, the flipped labels (□) and where ŵ and f disagree in that square (hatched)
PICTURE = """%matplotlib inline
import matplotlib.pyplot as plt
from matplotlib.patches import Patch

FG, POCKET, TARGET, PLUS, MINUS = "#31333F", "#CC79A7", "#009E73", "#0072B2", "#D55E00"  # the page's colours
w, w_hat, sz = trace.weights[t], trace.pocket_weights[t], settings["sign_zero"]
fig, ax = plt.subplots(figsize=(6, 6))


def line(v, **style):
    \"\"\"The boundary vᵀx̃ = 0 across the view (when v₁ = v₂ = 0 there is none: only its entry in the legend).\"\"\"
    xs = ys = []
    if v[2] != 0 and abs(v[2]) >= abs(v[1]):
        xs = np.array(VIEW[:2])
        ys = -(v[0] + v[1] * xs) / v[2]
    elif v[1] != 0:
        ys = np.array(VIEW[2:])
        xs = -(v[0] + v[2] * ys) / v[1]
    ax.plot(xs, ys, **style)


hatched = []
if f is not None:  # the square the points come from, and where ŵ and f disagree in it: Eₒᵤₜ(ŵ) is its share
    x0, x1, y0, y1 = f[3:]
    g1, g2 = np.meshgrid(np.linspace(x0, x1, 400), np.linspace(y0, y1, 400))
    P = np.column_stack([g1.ravel(), g2.ravel()])
    h, truth = pla_core.predict(w_hat, P, sign_zero=sz), pla_core.predict(f[:3], P)
    differ = (h != truth) & ~((h == 0) & (sz == "both"))  # a tie read as "both" is right for either class
    plt.rcParams["hatch.color"] = POCKET
    if differ.any():
        ax.contourf(g1, g2, differ.reshape(g1.shape).astype(float), levels=[0.5, 1.5], colors="none", hatches=["///"])
    hatched = [Patch(facecolor="none", edgecolor=POCKET, hatch="///", label="ŵ ≠ f")]
    ax.plot([x0, x1, x1, x0, x0], [y0, y0, y1, y1, y0], ":", color=FG, lw=1)
    line(f[:3], color=TARGET, lw=2.5, ls="--", label="f (target)")
line(w, color=FG, lw=1.5, label=f"w{words.sub(t)} (PLA)")
line(w_hat, color=POCKET, lw=3.5, ls="-.", label="ŵ (pocket)")
plus = y > 0  # the labels the run learned (noisy)
ax.scatter(X[plus, 0], X[plus, 1], marker="o", facecolors="none", edgecolors=PLUS, label="y = +1")
ax.scatter(X[~plus, 0], X[~plus, 1], marker="x", color=MINUS, label="y = −1")
ax.scatter(X[flipped, 0], X[flipped, 1], marker="s", s=160, facecolors="none", edgecolors=FG, label="flipped")
ax.set_xlim(*VIEW[:2])
ax.set_ylim(*VIEW[2:])
ax.set_aspect("equal")
ax.set_xlabel("x₁")
ax.set_ylabel("x₂")
ax.set_title(f"step {t}: w{words.sub(t)} = {vec(w)}, ŵ = {vec(w_hat)}")
ax.legend(handles=ax.get_legend_handles_labels()[0] + hatched, loc="lower right", fontsize=8)
plt.show()"""

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
     "    print(p, words.pct(int(run.pocket_errors[-1]), len(y)))  # the noise in %, the pocket's Eᵢₙ"),
)


def recipe() -> notebook.Recipe:
    """The Pocket page's notebook."""
    return notebook.Recipe(NOTEBOOK_RUN, NOTEBOOK_STEP, picture=PICTURE, tries=NOTEBOOK_TRIES, loop=LOOP,
                           loop_about="Pocket itself, as a plain loop: PLA's, one point at a time, and after each "
                                      "update the new w goes in the pocket if it makes strictly fewer mistakes than "
                                      "ŵ. On fractions (the points are decimals), so it is exact as `pla_core`'s run "
                                      "is; the `assert` checks both w and ŵ, step for step.",
                           about="Pocket: PLA that keeps, in its pocket ŵ, the best weights it has seen, on labels "
                                 "noise may have flipped.")
