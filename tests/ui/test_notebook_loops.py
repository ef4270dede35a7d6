"""Notebooks that teach the algorithm, not the formatting (issue 44): every lesson's notebook shows its algorithm as a
short plain loop in NumPy and checks it against ``pla_core``'s run, imports the page's numbers from ``pla_core`` (no
helper of its own), prints no sentence of its own making (every word it prints comes from ``pla_core.words``, the
functions the page's words are made by: :func:`test_no_notebook_writes_a_sentence_of_its_own`, whose rule is
:func:`words_made`'s), and the Pocket notebook draws what the page draws.

Here the loop cells are taken from the notebooks themselves and run, in this process, against ``pla_core`` on many
data and settings (hypothesis): every order of visits, reading of sign(0), η, w₀, with and without a bias, the margin
perceptron's γ, Pocket, the batch perceptron's blocks, the online stream's passes and shuffles, SGD's four losses.
(tests/ui/test_demo_notebook.py runs whole notebooks in a kernel.)"""

from __future__ import annotations

import ast
import contextlib
import io
import re
from decimal import Decimal, localcontext
from fractions import Fraction

import matplotlib
import nbformat
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pla_core
from pla_core import words
from pla_lab.framework import demos, notebook
from pla_lab.words import text

from .helpers import LESSONS
from .test_demo_notebook import CASES, case_id

matplotlib.use("Agg")

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WITH_NOTEBOOK = [slug for slug, lesson in LESSONS.items() if demos.notebook_of(lesson, {}, "http://x/") is not None]
#: Helpers a notebook once defined to write the page's numbers: they come from pla_core.words now
HELPERS = {"num", "vec", "par", "exactly", "weights", "update", "exact", "written"}


def cells(slug: str, params: dict | None = None) -> list[str]:
    text_ = demos.notebook_of(LESSONS[slug], params or {}, f"http://localhost:8501/{slug}")
    return [c.source for c in nbformat.reads(text_, as_version=4).cells if c.cell_type == "code"]


def loop_cell(slug: str) -> str:
    found = [c for c in cells(slug) if notebook.SAME in c]
    assert len(found) == 1, slug
    return found[0]


def loops(slug: str) -> dict:
    """The functions the loop cell of ``slug``'s notebook defines (its code before the check), run here."""
    code = loop_cell(slug).rsplit("\n\n\n", 1)[0]
    ns: dict = {"np": np}
    exec(compile(code, f"<{slug} loop>", "exec"), ns)
    return {k: v for k, v in ns.items() if k.endswith("_loop")}


@pytest.mark.parametrize("slug", WITH_NOTEBOOK)
def test_the_first_cell_imports_the_pages_numbers_and_no_cell_defines_its_own(slug):
    code = cells(slug)
    assert code[0] == notebook.IMPORTS and "from pla_core.words import num, vec" in code[0]
    defined = {n.name for c in code for n in ast.walk(ast.parse("\n".join(l for l in c.splitlines()
                                                                         if not l.startswith("%"))))
               if isinstance(n, ast.FunctionDef)}
    assert not defined & HELPERS, defined & HELPERS
    loop = loop_cell(slug)
    assert "assert " in loop and "pla_core." not in loop.rsplit("\n\n\n", 1)[0]  # the loop itself: plain NumPy


# -- the words a notebook prints are pla_core.words' -------------------------------------------------------------

#: What a notebook may call to print words: pla_core.words' functions, as ``words.f(…)`` or by the names the first
#: cell imports (num, vec)
WORDS = set(words.__all__)
IMPORTED = {a.name for n in ast.walk(ast.parse(notebook.IMPORTS)) if isinstance(n, ast.ImportFrom)
            and n.module == "pla_core.words" for a in n.names}
#: Calls that make text: str(x), repr(x), format(x), "…".format(…), "…".join(…)
TEXT_CALLS, TEXT_METHODS = {"str", "repr", "format", "ascii"}, {"format", "format_map", "join"}


def _space(node) -> bool:
    """A string of whitespace only ("\\n"): a separator, no words."""
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and not node.value.strip()


def said_by_words(node) -> bool:
    """A call of a pla_core.words function (``words.step(trace, t)``, ``num(x)``), some of its lines
    (``words.batch_update(trace, t)[1:]``), or such lines joined by whitespace
    (``"\\n".join(words.pocket_errors(trace, t))``)."""
    if isinstance(node, ast.Subscript):
        return said_by_words(node.value)
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "words":
        return f.attr in WORDS
    if isinstance(f, ast.Name):
        return f.id in IMPORTED
    return (isinstance(f, ast.Attribute) and f.attr == "join" and _space(f.value) and len(node.args) == 1
            and said_by_words(node.args[0]))


def makes_text(node) -> bool:
    """Text made in the notebook: an f-string, str()/repr()/format(), or a string constant joined, added, %-ed or
    .format()-ed (but whitespace joining a words call's lines)."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Call) and not said_by_words(node):
        f = node.func
        return (isinstance(f, ast.Name) and f.id in TEXT_CALLS) or (isinstance(f, ast.Attribute)
                                                                    and f.attr in TEXT_METHODS)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return any(isinstance(v, ast.JoinedStr) or isinstance(v, ast.Constant) and isinstance(v.value, str)
                   for v in (node.left, node.right))
    return False


def bare(node) -> bool:
    """A value printed as it is: a name, an attribute, an item, a number or a bool, a call that makes no text (its
    arguments are its inputs), or tuples, lists, dicts and comprehensions, arithmetic and comparisons of such values;
    never a string."""
    if isinstance(node, ast.Constant):
        return not isinstance(node.value, (str, bytes))
    if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript, ast.Compare)):
        return True
    if isinstance(node, ast.Call):  # words.f(…) is pla_core.words' or nothing
        f = node.func
        return not makes_text(node) and not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                                             and f.value.id == "words")
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(printable(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return all(printable(v) for v in [*node.keys, *node.values] if v is not None)
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
        return printable(node.elt)
    if isinstance(node, ast.DictComp):
        return printable(node.key) and printable(node.value)
    if isinstance(node, ast.BinOp):
        return not makes_text(node) and bare(node.left) and bare(node.right)
    if isinstance(node, ast.UnaryOp):
        return bare(node.operand)
    if isinstance(node, ast.BoolOp):
        return all(printable(v) for v in node.values)
    if isinstance(node, ast.IfExp):
        return printable(node.body) and printable(node.orelse)
    if isinstance(node, ast.Starred):
        return printable(node.value)
    return False


def printable(node) -> bool:
    return said_by_words(node) or bare(node)


def _has_words(node) -> bool:
    """A string constant with words in it: letters with a space between ("the best margin"), not a key ("bias")."""
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)
            and re.search(r"\w\s+\S|\S\s+\w", node.value) is not None)


def words_made(code: str) -> list[str]:
    """The places where a notebook cell's code writes words of its own, each said with its line; none is the rule:

    1. every argument of a ``print`` is a call of a ``pla_core.words`` function (:func:`said_by_words`) or a bare
       value (:func:`bare`), never a string or an f-string; its keywords only ``sep`` and ``end``, whitespace;
    2. the value the cell shows (its last line, an expression) is one too;
    3. no text is made anywhere (:func:`makes_text`: an f-string, ``str()``, ``"…" + x``, ``.format()``,
       ``.join()``) but as an argument of a call other than ``print``: a figure's title or label
       (``ax.set_title(f"step {t}: …")``), a number read exactly (``Fraction(str(v))``);
    4. no string with words in it (:func:`_has_words`) stands anywhere but in such an argument or as a docstring (a
       figure's label, the name of a quantity a words function is given)."""
    tree = ast.parse("\n".join(line for line in code.splitlines() if not line.lstrip().startswith("%")))
    bad: list[str] = []
    inputs = []  # what a call other than print is given, and the docstrings: no words printed there
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id == "print"):
            inputs += [a.value if isinstance(a, ast.keyword) else a for a in [*node.args, *node.keywords]]
        if isinstance(node, (ast.FunctionDef, ast.Module)) and node.body and isinstance(node.body[0], ast.Expr):
            inputs.append(node.body[0].value)
    allowed = {id(n) for a in inputs for n in ast.walk(a)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            bad += [f"line {a.lineno}: print's {ast.unparse(a)}" for a in node.args if not printable(a)]
            bad += [f"line {k.value.lineno}: print's {k.arg}=" for k in node.keywords
                    if k.arg not in ("sep", "end") or not _space(k.value)]
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr) and not printable(last.value):
        bad.append(f"line {last.lineno}: the cell shows {ast.unparse(last.value)}")
    for node in ast.walk(tree):
        if makes_text(node) and id(node) not in allowed:
            bad.append(f"line {node.lineno}: text made, {ast.unparse(node)}")
        elif _has_words(node) and id(node) not in allowed:
            bad.append(f"line {node.lineno}: words written, {node.value!r}")
    return bad


NOTEBOOK_LINKS = [(slug, {}) for slug in WITH_NOTEBOOK] + [c for c in CASES if c[1]]


@pytest.mark.parametrize(("slug", "params"), NOTEBOOK_LINKS, ids=[case_id(s, p) for s, p in NOTEBOOK_LINKS])
def test_no_notebook_writes_a_sentence_of_its_own(slug, params):
    """Every word a notebook prints is a pla_core.words function's, the page's own: no f-string, no string of words in
    a print, no text made in a cell (:func:`words_made`'s rule), in every code cell of the notebook of every lesson
    (its default demo, and every link tests/ui/test_demo_notebook.py runs)."""
    code = cells(slug, params)
    made = {k: words_made(c) for k, c in enumerate(code)}
    assert {k: v for k, v in made.items() if v} == {}
    assert sum(c.count("print(") for c in code) >= 3  # it prints


@pytest.mark.parametrize(("code", "ok"), [
    ("print(words.step(trace, t))", True),
    ('print("\\n".join(words.pocket_errors(trace, t)))', True),
    ('print("\\n".join(words.batch_update(trace, t)[1:]))', True),
    ("print(num(x), vec(w))", True),
    ("print(seed, len(r), r.halted)", True),
    ("print(words.revealed(trace, k) if reveal else words.predict_line(trace, k))", True),
    ("{eta: len(r) for eta, r in runs.items()}", True),
    ('ax.set_title(f"step {t}: w{words.sub(t)} = {vec(w)}")', True),
    ("plt.plot(W, label='Eᵢₙ(wₜ), PLA')", True),
    ("def f():\n    \"\"\"A docstring, with words.\"\"\"", True),
    ('print(f"R = {num(R)}")', False),
    ("print('R =', num(R))", False),
    ('print("the same " + str(k) + " updates")', False),
    ('print("R = {}".format(R))', False),
    ('print("R = %s" % R)', False),
    ('print(words.step(trace, t), sep=" · ")', False),
    ('line = f"R = {num(R)}"\nprint(line)', False),
    ('msg = "the proof needs w0 = 0"\nprint(msg)', False),
    ('" | ".join(num(v) for v in w)', False),
    ('f"R = {R}"', False),
    ('print(words.unknown(trace))', False),
])
def test_the_rule_tells_a_sentence_made_in_the_notebook(code, ok):
    assert (words_made(code) == []) == ok, words_made(code)


def test_plas_loop_is_at_most_15_lines():
    tree = ast.parse(loop_cell("pla").rsplit("\n\n\n", 1)[0])
    loop = next(n for n in ast.walk(tree) if isinstance(n, ast.While))
    assert loop.end_lineno - loop.lineno + 1 <= 15


# -- the loops against pla_core ------------------------------------------------------------------------------------

def grid_points(n_max: int = 7, per_unit: int = 10):
    """Up to n_max points on the grid of 1/per_unit (each the float nearest its decimal, as the app stores them)."""
    k = st.integers(-12, 12)
    return st.lists(st.tuples(k, k, st.sampled_from([-1, 1])), min_size=1, max_size=n_max).map(
        lambda rows: (np.array([[a / per_unit, b / per_unit] for a, b, _ in rows]), np.array([c for *_, c in rows])))


def pla_settings():
    w = st.integers(-4, 4).map(lambda k: k / 4)
    return st.fixed_dictionaries(dict(
        order=st.sampled_from(["cyclic", "permuted", "random"]), eta=st.sampled_from([1.0, 0.5, 0.1, 2.0, 0.3]),
        w0=st.tuples(w, w, w), bias=st.booleans(), sign_zero=st.sampled_from([None, 1, -1, "both"]),
        seed=st.integers(0, 50), max_updates=st.integers(0, 60))).map(
        lambda s: {**s, "w0": s["w0"] if s["bias"] else (0.0, *s["w0"][1:])})


@SETTINGS
@given(grid_points(), pla_settings())
def test_plas_loop_makes_pla_cores_run(data, kw):
    X, y = data
    W = LOOPS["pla"]["pla_loop"](X, y, **kw)
    assert np.array_equal(W, pla_core.pla(X, y, stop_on_cycle=False, **kw).weights)


@SETTINGS
@given(grid_points(), pla_settings(), st.sampled_from([0.05, 0.1, 0.3, 0.5, 1.2]))
def test_the_margin_perceptrons_loop_makes_pla_cores_run(data, kw, gamma):
    X, y = data
    W = LOOPS["margin"]["pla_loop"](X, y, margin=gamma, **kw)
    assert np.array_equal(W, pla_core.pla(X, y, stop_on_cycle=False, margin=gamma, **kw).weights)


@SETTINGS
@given(grid_points(), pla_settings())
def test_pockets_loop_keeps_pla_cores_pocket(data, kw):
    X, y = data
    W, W_hat = LOOPS["pocket"]["pocket_loop"](X, y, **kw)
    trace = pla_core.pocket(X, y, **{**kw, "max_updates": kw["max_updates"] or 1})
    if kw["max_updates"]:
        assert np.array_equal(W, trace.weights) and np.array_equal(W_hat, trace.pocket_weights)


@SETTINGS
@given(grid_points(), pla_settings(), st.integers(1, 7), st.sampled_from([None, True, False]))
def test_the_batch_loop_makes_pla_cores_run(data, kw, b, average):
    X, y = data
    b = None if b > len(y) else b
    kw = {k: kw[k] for k in ("eta", "w0", "bias", "sign_zero", "max_updates")}
    trace = pla_core.batch(X, y, batch_size=b, average=average, **kw)
    W = LOOPS["batch"]["batch_loop"](X, y, b=b, average=trace.settings["average"], **kw)
    assert np.array_equal(W[:len(trace) + 1], trace.weights)  # pla_core stops at a repeat, the loop at the cap
    assert trace.stop == "cycle" or len(W) == len(trace) + 1


@SETTINGS
@given(grid_points(), pla_settings(), st.integers(1, 4), st.booleans())
def test_the_online_loop_makes_pla_cores_run(data, kw, passes, shuffle):
    X, y = data
    kw = {k: kw[k] for k in ("eta", "w0", "bias", "sign_zero", "seed")}
    W = LOOPS["online"]["online_loop"](X, y, passes=passes, shuffle=shuffle, **kw)
    assert np.array_equal(W, pla_core.online(X, y, passes=passes, shuffle=shuffle, **kw).weights)


@SETTINGS
@given(grid_points(), pla_settings(), st.sampled_from(pla_core.LOSSES), st.booleans(), st.integers(1, 6))
def test_the_sgd_loop_makes_pla_cores_runs(data, kw, loss, decay, epochs):
    X, y = data
    kw = {**{k: kw[k] for k in ("order", "eta", "w0", "bias", "sign_zero", "seed")}, "decay": decay, "epochs": epochs}
    trace = pla_core.sgd(X, y, loss=loss, stop_when_still=False, **kw)
    with np.errstate(all="ignore"):
        W = LOOPS["sgd"]["sgd_loop"](X, y, loss=loss, **kw)[:len(trace) + 1]
    if trace._grid is not None:  # exact: w for w
        assert np.array_equal(W, trace.weights)
    else:  # floats by nature (η/√t, σ): to rounding
        assert np.allclose(W, trace.weights, rtol=1e-9, atol=1e-12)


LOOPS = {slug: loops(slug) for slug in ("pla", "margin", "pocket", "batch", "online", "sgd")}


# -- Pocket's picture ----------------------------------------------------------------------------------------------

def run_cells(code: list[str]) -> tuple[dict, list]:
    """The notebook's code run here (its %magics dropped), and each cell's figures as it left them."""
    import matplotlib.pyplot as plt

    ns: dict = {}
    figures = []
    for source in code:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile("\n".join(l for l in source.splitlines() if not l.startswith("%")), "<cell>", "exec"), ns)
        figures.append([plt.figure(k) for k in plt.get_fignums()])
        for fig in figures[-1]:
            fig.canvas.draw()  # while it is open
        plt.close("all")
    return ns, figures


@pytest.mark.parametrize("params", [{"t": "40", "seed": "3"}, {}, {"t": "25", "noisy": "0"}])
def test_the_pocket_picture_draws_what_the_page_draws(params):
    code = cells("pocket", params)
    ns, figures = run_cells(code)
    k = next(i for i, c in enumerate(code) if 'set_title(f"step {t}' in c)
    (fig,) = figures[k]
    ax = fig.axes[0]
    t, trace = ns["t"], ns["trace"]
    labels = [x.get_text() for x in ax.get_legend().get_texts()]
    assert {"ŵ (pocket)", f"w{words.sub(t)} (PLA)", "f (target)", "flipped", "ŵ ≠ f"} <= set(labels), labels
    lines = {ln.get_label(): ln for ln in ax.get_lines()}
    w_hat = trace.pocket_weights[t]
    if np.any(w_hat[1:]):  # ŵ's line lies on ŵᵀx̃ = 0, drawn dash-dot in the pocket's colour
        x, y_ = lines["ŵ (pocket)"].get_data()
        assert np.allclose(w_hat[0] + w_hat[1] * np.asarray(x) + w_hat[2] * np.asarray(y_), 0, atol=1e-9)
        assert lines["ŵ (pocket)"].get_linestyle() == "-." and lines["ŵ (pocket)"].get_color() == "#CC79A7"
    f = ns["f"]
    xf, yf = lines["f (target)"].get_data()
    assert np.allclose(f[0] + f[1] * np.asarray(xf) + f[2] * np.asarray(yf), 0, atol=1e-9)
    flipped = next(c for c in ax.collections if c.get_label() == "flipped")
    assert len(flipped.get_offsets()) == int(ns["flipped"].sum())
    hatched = [c for c in ax.collections if list(getattr(c, "hatches", None) or []) == ["///"]]  # a contourf
    assert bool(hatched) == (float(ns["eout"][t]) > 0)  # the region where ŵ and f disagree, when there is one


# -- the page's numbers are pla_core's -----------------------------------------------------------------------------

def test_the_pages_numbers_are_pla_cores():
    for name in ("num", "vec", "par", "exact", "exactly", "plural", "sub", "cls", "pct", "clean_weights"):
        assert getattr(text, name) is getattr(words, name), name


@settings(max_examples=400, deadline=None)
@given(st.integers(-10**9, 10**9), st.integers(0, 8))
def test_num_writes_a_grid_decimal_in_full(k, d):
    v = Fraction(k, 10**d)
    want = format(Decimal(k).scaleb(-d).normalize(), "f").replace("-", "−")
    assert words.num(v) == text.num(v) == ("0" if k == 0 else want)
    assert words.vec([v, -v]) == text.vec([v, -v]) == f"({words.num(v)}, {words.num(-v)})"
    assert words.par(v) == (f"({want})" if k < 0 else words.num(v))


@settings(max_examples=400, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False, width=64))
def test_num_writes_any_other_number_to_4_significant_digits(v):
    want = "0" if v == 0 else f"{v:.4g}".replace("-", "−")
    assert words.num(v) == text.num(v) == want
    assert "-" not in words.num(v)
    q = Fraction(v)  # a float as a Fraction: in full when it is a decimal of at most 12 decimals (0.5, 2⁻¹²)
    if any((q * 10**k).denominator == 1 for k in range(13)):
        with localcontext() as ctx:
            ctx.prec = 400
            want = "0" if q == 0 else format((Decimal(q.numerator) / q.denominator).normalize(), "f")
        want = want.replace("-", "−")
    assert words.num(q) == text.num(q) == want
