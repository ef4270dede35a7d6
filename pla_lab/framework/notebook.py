"""A demo as a Jupyter notebook (issue 36): *Download as a notebook* gives an ``.ipynb`` (written with ``nbformat``)
that reproduces the demo on screen with ``pla_core`` alone, and teaches its algorithm: a title linking back to the
demo, how to install ``pla_core``, one import (NumPy, ``pla_core`` and :mod:`pla_core.words`), the points as a literal
array and the settings as named arguments, the run, **the algorithm as a short loop in NumPy** checked against that run
(w for w, exact on the app's decimals), the step shown in the page's own words and numbers, a picture of that step
(matplotlib, imported in that cell only) and a few "try this" cells in the lesson's words.

A lesson says how its run is made in code with its ``notebook(page)`` hook, a :class:`Recipe` (each lesson's is made
in its ``<slug>_notebook.py``); the default (a :class:`~pla_lab.framework.replay.ReplayLesson`'s) is PLA's own run and
loop (:func:`pla_recipe`, :func:`loop`). What a notebook prints comes from :mod:`pla_core.words`, the functions the
page's words are made by (:func:`pla_lab.words.text.num` is ``pla_core.words.num``; ``explain.step_parts`` writes
``pla_core.words``' sentences): exact decimals on grid data (``pla_core.facts``), else 4 significant digits, and no
helper defined in the notebook. No Streamlit here."""

from __future__ import annotations

from dataclasses import dataclass, field

import nbformat
from nbformat import v4

#: The first code cell: NumPy, pla_core, and the page's words and numbers (pla_core.words: exact decimals on grid data,
#: else 4 significant digits, the page's rule; pla_lab.words.text delegates to it)
IMPORTS = """import numpy as np

import pla_core
from pla_core import words  # the page's sentences about a run: print(words.step(trace, t))
from pla_core.words import num, vec  # numbers as the page writes them: exact on grid data, else 4 digits"""

#: PLA as the notes write it, one point at a time, in exact fractions: the loop cell's function. A lesson changes the
#: mistake rule (@RULE@: the margin perceptron's), adds arguments (@ARGS@), lines before the loop (@START@) and after
#: each update (@KEEP@: Pocket's), and what it returns (@RETURN@).
PLA_LOOP = """from fractions import Fraction


def @NAME@(X, y, *, order, eta, w0, bias, sign_zero, seed, max_updates@ARGS@):
    \"\"\"@DOC@\"\"\"
    F = lambda v: Fraction(str(v))  # a decimal as written, 0.1 as 1/10: no sum rounds, a tie is exactly 0
    Xt = np.array([[F(int(bias)), *map(F, x)] for x in X])  # x̃ = (1, x₁, x₂), or (0, x₁, x₂) without a bias
    w, eta, y, n = np.array([*map(F, w0)]), F(eta), [int(v) for v in y], len(y)
    rng = np.random.default_rng(seed)
    visit = rng.permutation(n) if order == "permuted" else np.arange(n)  # cyclic: 0, 1, …, n−1, 0, 1, …

    def wrong(w, i):
@RULE@

@START@    W, right, k = [w], 0, 0  # every wₜ; points in a row found right; the place in the order
    while right < n and len(W) <= max_updates:
        if order == "random":  # a mistake drawn at random (none left: PLA halts)
            bad = [j for j in range(n) if wrong(w, j)]
            if not bad:
                break
            i = bad[rng.integers(len(bad))]
        else:  # the next point in the order
            i, k = visit[k % n], k + 1
            if not wrong(w, i):
                right += 1
                continue
        w, right = w + eta * y[i] * Xt[i], 0  # the update: w ← w + η·y·x̃
        W.append(w)
@KEEP@    return @RETURN@"""

#: The mistake rule of PLA: a score below 0, or a tie the reading of sign(0) counts wrong
PLA_RULE = """        \"\"\"A mistake: y·wᵀx̃ < 0, or a tie (= 0) that this reading of sign(0) counts wrong.\"\"\"
        m = y[i] * (Xt[i] @ w)
        return m < 0 or m == 0 and sign_zero not in ("both", y[i])"""

#: The loop cell's last line: once its assert has held, pla_core.words says so ("The loop makes pla_core's run: the
#: same 12 updates, w for w."); the tests find the loop cell by it (tests/ui/test_demo_notebook.py)
SAME = "print(words.same_run("


def loop(name: str = "pla_loop", doc: str = "PLA, one point at a time, exactly: returns w₀, w₁, …, w_T.", *,
         rule: str = PLA_RULE, args: str = "", start: str = "", keep: str = "",
         returns: str = "np.array(W, dtype=float)  # each wₜ as the float nearest it, as pla_core gives them") -> str:
    """The code of a PLA-like loop (:data:`PLA_LOOP`) with a lesson's changes."""
    code = PLA_LOOP
    for key, value in (("@NAME@", name), ("@DOC@", doc), ("@RULE@", rule), ("@ARGS@", args), ("@START@", start),
                       ("@KEEP@", keep), ("@RETURN@", returns)):
        code = code.replace(key, value)
    return code


#: Runs the loop on the demo's points and settings and checks it against pla_core's run, w for w: exact, since on the
#: app's points (decimals) pla_core's run is exact too (pla_core.grid)
PLA_CHECK = """W = pla_loop(X, y, **settings)
assert np.array_equal(W, trace.weights)  # exact: on decimals pla_core runs exactly too, and hands back these floats
print(words.same_run(len(W) - 1))  # the assert held"""

#: How a run of plain PLA ends and step t's numbers, as every stepping lesson of plain PLA says them (explain.verdict,
#: explain.step_parts: both made by pla_core.words)
PLA_STEP = "print(words.step(trace, t))  # how the run ends, wₜ, its mistakes, the next update in numbers"

#: The step drawn: the points, numbered, and the boundary wₜᵀx̃ = 0 with its two sides shaded (a line, or for the XOR
#: lesson's lift (x₁, x₂, x₁x₂) the curve it draws back in the plane)
PICTURE_CODE = '''%matplotlib inline
import matplotlib.pyplot as plt

w = np.asarray(@W@, dtype=float)
fig, ax = plt.subplots(figsize=(5.5, 5.5))
g1, g2 = np.meshgrid(np.linspace(*VIEW[:2], 300), np.linspace(*VIEW[2:], 300))
features = [g1, g2, g1 * g2][:len(w) - 1]
score = w[0] + sum(wk * f for wk, f in zip(w[1:], features))
if np.ptp(score) > 0:  # w = 0 draws no boundary
    ax.contourf(g1, g2, score, levels=[-np.inf, 0, np.inf], colors=["#D55E00", "#0072B2"], alpha=0.12)
    ax.contour(g1, g2, score, levels=[0], colors="#31333F")
plus = y > 0
ax.scatter(X[plus, 0], X[plus, 1], marker="o", facecolors="none", edgecolors="#0072B2", label="y = +1")
ax.scatter(X[~plus, 0], X[~plus, 1], marker="x", color="#D55E00", label="y = −1")
for k, (a, b) in enumerate(X[:, :2]):
    ax.annotate(str(k), (a, b), textcoords="offset points", xytext=(4, 4), fontsize=7)
ax.set_xlim(*VIEW[:2])
ax.set_ylim(*VIEW[2:])
ax.set_aspect("equal")
ax.set_xlabel("x₁")
ax.set_ylabel("x₂")
ax.set_title(f"step {t}: w{words.sub(t)} = {vec(w)}")
ax.legend(loc="lower right")
plt.show()'''


def picture(w: str = "trace.weights[t]") -> str:
    """The picture's code, drawing the boundary of ``w`` (an expression: the w the step shows)."""
    return PICTURE_CODE.replace("@W@", w)


PICTURE = picture()


@dataclass(frozen=True)
class Recipe:
    """How a lesson's run is made in code: ``run`` defines ``trace`` from ``X``, ``y``, ``settings`` (the
    ``pla_core`` keyword arguments) and ``options`` (the lesson's); ``loop``: the algorithm as a plain loop, run on the
    same inputs and checked against ``trace`` (an ``assert``), its last line :data:`SAME`'s;
    ``step`` prints the numbers of step ``t`` with :mod:`pla_core.words`; ``picture``: the step drawn (None: none);
    ``tries``: (what to try, in words; its code)."""

    run: str
    step: str = PLA_STEP
    picture: str | None = PICTURE
    tries: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    about: str = ""  # a line under the title: what the lesson's run is
    data: str | None = None  # for a lesson without points of its own (Experiments): the code of its inputs
    loop: str = loop() + "\n\n\n" + PLA_CHECK
    loop_about: str = ("PLA itself, as the notes write it: a plain loop, one point at a time. It works on fractions "
                       "(the points are decimals, 0.1 is 1/10), so no sum rounds and a tie is exactly 0, as in "
                       "`pla_core`'s own run on the app's points; the `assert` checks that it makes that run, w for w.")


def pla_recipe(tries=(), about: str = "") -> Recipe:
    """PLA's run as the lessons make it (pla_lab.framework.runs.pla): to the cap, a cycle played on."""
    return Recipe("trace = pla_core.pla(X, y, stop_on_cycle=False, **settings)\ntrace", tries=tuple(tries),
                  about=about or "PLA: each update adds η·y·x̃ of a misclassified point to w.")


def literal(values) -> str:
    """A list of numbers as Python reads them (the shortest decimal that is the float)."""
    return ", ".join(repr(float(v)) if not float(v).is_integer() else repr(int(v)) for v in values)


def _words(text: str) -> str:
    """The app's words in a Markdown cell: a star is a star (ρ*, w*), never the start of emphasis."""
    return text.replace("*", "\\*")


def build(*, title: str, link: str, points, settings: dict, options: dict, t: int, view, recipe: Recipe) -> str:
    """The notebook's JSON text (nbformat 4, validated)."""
    cells = [
        v4.new_markdown_cell(f"# {title}: the demo as code\n\nThis notebook reproduces [the demo]({link}) with "
                             f"`pla_core`, the package PLA Lab computes with: the same "
                             + ("settings and runs, with the same numbers the page shows." if points is None else
                                f"points, settings and run, at step {t}, with the same numbers the page shows beside "
                                "the plot.") + f"\n\n{_words(recipe.about)}\n\n**To run it:** in a checkout of PLA Lab, "
                             "`pip install -e .` installs `pla_core` (it needs NumPy and SciPy); `pip install "
                             "matplotlib` for the pictures. Then *Run all*."),
        v4.new_code_cell(IMPORTS),
    ]
    if points is None:
        cells += [v4.new_markdown_cell("What the page asks for:"), v4.new_code_cell(recipe.data or "")]
    else:
        rows = "\n".join(f"    [{literal(p[:2])}]," for p in points)
        labels = literal(int(p[2]) for p in points)
        named = ", ".join(f"{k}={v!r}" for k, v in settings.items())
        cells += [
            v4.new_markdown_cell("The points, as the demo has them (x₁, x₂), and their labels y = ±1:"),
            v4.new_code_cell(f"X = np.array([\n{rows}\n])\ny = np.array([{labels}])\nVIEW = ({literal(view)})  "
                             "# the plot's x₁ and x₂ ranges\nX.shape"),
            v4.new_markdown_cell("The settings (the sidebar's), as `pla_core`'s named arguments, and the lesson's own "
                                 "options:"),
            v4.new_code_cell(f"settings = dict({named})\noptions = {options!r}"),
        ]
    cells += [
        v4.new_markdown_cell("The run:"),
        v4.new_code_cell(recipe.run),
        v4.new_markdown_cell(_words(recipe.loop_about)),
        v4.new_code_cell(recipe.loop),
        v4.new_markdown_cell("What the page shows, in its numbers:" if points is None else
                             f"Step {t}, the step the demo shows, in the page's numbers:"),
        v4.new_code_cell(recipe.step if points is None else f"t = {t}\n{recipe.step}"),
    ]
    if recipe.picture:
        cells += [v4.new_markdown_cell("The step drawn (matplotlib):"), v4.new_code_cell(recipe.picture)]
    for words, code in recipe.tries:
        cells += [v4.new_markdown_cell(f"**Try this.** {_words(words)}"), v4.new_code_cell(code)]
    nb = v4.new_notebook(cells=cells, metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"}})
    nbformat.validate(nb)
    return nbformat.writes(nb)


def inputs(lesson, page, recipe: Recipe, link: str) -> dict:
    """What :func:`build` needs for ``lesson``'s demo as ``page`` shows it (``link``: the demo's own link,
    absolute), read now: a download button builds the notebook later, outside the script's run."""
    from pla_lab.framework import settings as S

    if recipe.data is not None or page is None:
        return dict(title=lesson.title, link=link, points=None, settings={}, options={}, t=0, view=(), recipe=recipe)
    return dict(title=lesson.title, link=link, points=list(page.points), settings=S.pla_kwargs(page.settings),
                options=dict(page.options), t=page.t, view=tuple(page.state["view"]), recipe=recipe)


def write(lesson, page, recipe: Recipe, link: str) -> str:
    """The notebook of ``lesson``'s demo as ``page`` shows it, now."""
    return build(**inputs(lesson, page, recipe, link))
