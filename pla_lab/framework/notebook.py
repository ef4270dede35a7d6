"""A demo as a Jupyter notebook (issue 36): *Download as a notebook* gives an ``.ipynb`` (written with ``nbformat``)
that reproduces the demo on screen with ``pla_core`` alone: a title linking back to the demo, how to install
``pla_core``, the points as a literal array and the settings as named arguments, the run, the step shown with the same
numbers the page shows beside the plot, a picture of that step (matplotlib, imported in that cell only) and a few
"try this" cells in the lesson's words.

A lesson says how its run is made in code with its ``notebook(page)`` hook, a :class:`Recipe`; the default (a
:class:`~pla_lab.framework.replay.ReplayLesson`'s) is PLA's own run. The numbers are printed by the notebook's own
small ``num``, the page's rule (:func:`pla_lab.words.text.num`): exact decimals on grid data (``pla_core.facts``),
else 4 significant digits. No Streamlit here."""

from __future__ import annotations

from dataclasses import dataclass, field

import nbformat
from nbformat import v4

#: The notebook's own way of writing a number, the page's rule (no import of the app needed).
NUM = '''from fractions import Fraction


def num(v):
    """A number as the page writes it: a decimal of the grid (a Fraction) in full, else 4 significant digits."""
    if isinstance(v, Fraction):
        d = 0
        while (v * 10 ** d).denominator != 1 and d <= 12:
            d += 1
        if d <= 12:
            text = f"{abs(v.numerator * 10 ** d // v.denominator):0{d + 1}d}"
            text = (text[:-d] + "." + text[-d:]).rstrip("0").rstrip(".") if d else text
            return ("-" if v < 0 else "") + text
    v = float(v)
    return "0" if v == 0 else f"{v:.4g}"


def vec(w):
    return "(" + ", ".join(num(a) for a in w) + ")"


def par(v):
    """A number, in parentheses when negative ("2·(-0.5)")."""
    return f"({num(v)})" if v < 0 else num(v)


def exactly(values):
    """Decimals of the grid as Fractions (num writes them in full); all floats if one is not such a decimal."""
    q = [facts.rational(v) for v in values]
    return q if all(v is not None for v in q) else [float(v) for v in values]


def weights(trace, t):
    """wₜ, exact on grid data (pla_core.facts), else as floats."""
    return facts.weights(trace, t) or [float(v) for v in trace.weights[t]]


def update(trace, t):
    """Update t+1 in numbers: the point it corrects (index, x, label), wₜᵀx̃ term by term, and the update itself."""
    w, i = weights(trace, t), int(trace.mistakes[t])
    x, label = exactly(trace.X[i]), int(trace.y[i])
    xt = exactly([1.0 if trace.settings["bias"] else 0.0]) + x
    both = not isinstance(w[0], float) and not isinstance(xt[0], float)
    score = sum(a * b for a, b in zip(w, xt)) if both else trace.score(t)  # exact on grid data
    terms = " + ".join(f"{par(a)}·{par(b)}" for a, b in zip(w, xt))
    eta = exactly([trace.settings["eta"]])[0]
    step = (f"w_{t + 1} = w_{t} + η·y·x̃ = {vec(w)} + {num(eta)}·({'+1' if label > 0 else '-1'})·{vec(xt)} = "
            f"{vec(weights(trace, t + 1))}")
    return i, x, label, f"w_{t}ᵀx̃ = {terms} = {num(score)}", step'''

#: How a run of plain PLA ends, as the PLA lesson says it (explain.verdict, step_parts' end)
PLA_END = '''T = len(trace)
if trace.halted:  # how the whole run ends, as the page says it
    print(f"This run halts after {T} updates" if t < T else "Halted: no mistakes in a full pass.")
elif trace.cycle:
    s, p = trace.cycle
    print(f"This run never halts: from update {s} on, the weights repeat every {p} updates (w_{s + p} = w_{s})"
          if t < s + p else f"Never halts: from update {s} on, the weights repeat every {p} updates")
else:
    print(f"This run stops at the cap of {T:,} updates with mistakes left" if t < T else
          f"Stopped at the cap ({T:,} updates) with {int(trace.errors[t])} mistakes left.")'''

#: Step t's numbers, as every stepping lesson of plain PLA writes them (explain.step_parts): t and wₜ, its mistakes,
#: the next mistake, its score term by term and the update
PLA_NUMBERS = '''n = len(trace.y)
print(f"t = {t} of {len(trace)} · w_{t} = {vec(weights(trace, t))}")
print(f"Mistakes of w_{t}: {int(trace.errors[t])} of {n} point{'s' if n != 1 else ''}.")
if t < len(trace):
    i, x, label, score, step = update(trace, t)
    print(f"Next mistake: point #{i} at x = {vec(x)}, y = {'○ +1' if label > 0 else '× -1'}")
    print(score)
    print(step)'''

PLA_STEP = PLA_END + "\n" + PLA_NUMBERS

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
ax.set_title(f"step {t}: w_{t} = {vec(w)}")
ax.legend(loc="lower right")
plt.show()'''


def picture(w: str = "trace.weights[t]") -> str:
    """The picture's code, drawing the boundary of ``w`` (an expression: the w the step shows)."""
    return PICTURE_CODE.replace("@W@", w)


PICTURE = picture()


@dataclass(frozen=True)
class Recipe:
    """How a lesson's run is made in code: ``run`` defines ``trace`` from ``X``, ``y``, ``settings`` (the
    ``pla_core`` keyword arguments) and ``options`` (the lesson's); ``step`` prints the numbers of step ``t``;
    ``picture``: the step drawn (None: none); ``tries``: (what to try, in words; its code)."""

    run: str
    step: str = PLA_STEP
    picture: str | None = PICTURE
    tries: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    about: str = ""  # a line under the title: what the lesson's run is
    data: str | None = None  # for a lesson without points of its own (Experiments): the code of its inputs


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
        v4.new_code_cell("import numpy as np\n\nimport pla_core\nfrom pla_core import facts\n\n" + NUM),
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
