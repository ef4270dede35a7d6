"""What a beginner trips on (issue 33): notation written as a reader sees it, one rule for the digits of a number,
sentences that say what the run on screen does. Every page is read as a user reads it: its Markdown as CommonMark
shows it, its widgets' labels, tooltips and options, and the words of the plot and its chart (the payload the
browser draws, and every plotly figure's titles, names and hover text)."""

from __future__ import annotations

import json
import pathlib
import re
from fractions import Fraction

import pytest

from pla_lab.words.text import num, vec

from .helpers import LESSONS, key, plot, start, url
from .reader import read
from .test_checks_variants_app import answer, question
from .test_words_as_written import shown

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = ["home", *LESSONS, "glossary", "sources", "lecture"]

#: TeX as typed, not as read: a one-letter symbol with an underscore or caret index (x_N, x_d, E_in(, w_f, J_B, x^2,
#: x_{tb+1}), a backslash command (\rho) or a dollar. A code name (pla_core.pla, margin_perceptron_bound) has more
#: than one letter before its underscore and is not notation.
RAW = re.compile(r"(?<![\w.])[^\W\d_][_^][\w{(]|\\[A-Za-z]{2,}|\$")


def raw_notation(text: str) -> list[str]:
    return [text[max(0, m.start() - 20):m.end() + 20] for m in RAW.finditer(text)]


@pytest.mark.parametrize("bad", ["D = {(x₁, y₁), …, (x_N, y_N)}", "(1, x₁, …, x_d)", "E_in(wₜ): the fraction",
                                 "x_{tb+1} … x_{tb+b}", "any w_f of margin ρ", "ρ(w_T) =", "∇J_B", "e^(−m)", "x^2",
                                 "\\rho", "$R^2$", "ρ_f² ="])
def test_the_scan_finds_raw_notation(bad):
    assert raw_notation(bad)


@pytest.mark.parametrize("fine", ["(xₙ, yₙ), n = 1, …, N", "Eᵢₙ(wₜ)", "Eₒᵤₜ(ŵ) against f", "R²/ρ*²", "w*ᵀx̃",
                                  "pla_core.pla's run", "margin_perceptron_bound", "J(wₜ; B)", "exp(−800)",
                                  "Σₙ ℓ", "[margin](glossary#rho)"])
def test_the_scan_leaves_what_a_reader_reads(fine):
    assert not raw_notation(fine)


def _figure_words(spec, out: list[str]) -> None:
    """A plotly figure's titles, trace names, annotations and hover templates."""
    if isinstance(spec, dict):
        for k, v in spec.items():
            if isinstance(v, str) and k in ("text", "name", "title", "hovertemplate"):
                out.append(v)
            else:
                _figure_words(v, out)
    elif isinstance(spec, list):
        for v in spec:
            _figure_words(v, out)


def page_words(at) -> list[str]:
    """Every text a reader of the page can see: Markdown as read, labels, tooltips, options, the plot's words."""
    out = [read(t).text for t in shown(at)]
    out += [o for s in at.selectbox for o in s.proto.options]
    if any(c.proto.component_name == "pla_lab.plot" for c in at.get("bidi_component")):
        p = plot(at)
        out += [p["alt"], *(p.get("labels") or {}).values()]
        out += [t.get("name", "") for layer in (p.get("layers") or {}).values() for t in layer]
        c = p.get("chart")
        if c:
            out += [c["title"], c["x_title"], c["y_title"], c["alt"], *(s.get("name", "") for s in c["series"])]
            out += [v for q in c.get("panels") or [] for v in (q.get("title", ""), q.get("y_title", ""))]
            out += [m["text"] for m in c.get("marks") or []]
    for chart in at.get("plotly_chart"):
        _figure_words(json.loads(chart.proto.spec), out)
    return out


#: Links that show words a page's defaults do not: the proof against f, a mini-batch, the last lesson's runs.
MORE = {"halts": [{"wf": "f"}], "batch": [{"batch": "mini", "bs": "5"}], "margin": [{"gamma": "0.25"}],
        "experiments": [{"runs": "50", "n": "10", "noise": "10"}], "compare": [{"cmp": "order"}, {"cmp": "sign0"}]}


@pytest.mark.parametrize("page", PAGES)
def test_no_page_shows_tex_as_typed(page):
    """Each page opened, stepped twice, run to its end (a study lesson's runs started): no x_N, E_in(, w_f, x^2."""
    found: dict[str, str] = {}
    for link in [{}, *MORE.get(page, [])]:
        at = start(link, f"../pages/{page}.py")
        for label in ("", "Step", "Step", "Run", "Start"):
            for b in [b for b in at.button if b.label.split(" ")[0] == label and not b.disabled][:1]:
                b.click().run()
                assert not at.exception, at.exception
            for text in page_words(at):
                for bit in raw_notation(text):
                    found.setdefault(bit, f"{link} {label or 'opened'}: …{bit}…")
    assert not found, "\n".join(found.values())


# -- one rule for the digits -----------------------------------------------------------------------------------------


def test_num_writes_an_exact_value_in_full_and_any_other_number_to_4_significant_digits():
    assert num(Fraction("-0.914894")) == "−0.914894" and num(Fraction("1.584717")) == "1.584717"
    assert num(-0.914894) == "−0.9149" and num(0.118712) == "0.1187" and num(0.0) == num(Fraction(0)) == "0"
    assert num(Fraction(1, 3)) == num(1 / 3) == "0.3333"  # not a decimal of the grid: a float's 4 digits
    assert vec([Fraction("12.345"), Fraction(-3), 0.5]) == "(12.345, −3, 0.5)"


def _decimal(s: str) -> Fraction:
    return Fraction(s.strip("*() ").replace("−", "-"))


def _vector(s: str) -> list[Fraction]:
    return [_decimal(v) for v in s.strip("*() ").split(",")]


def numbers_box(at) -> list[str]:
    """The lines of the numbers beside the plot (they start with **t = …**)."""
    text = next(m.value for m in at.markdown if "**t = " in m.value and "Mistakes of w" in m.value)
    return [line.strip() for line in read(text).text.split("\n")]


def test_pla_s_numbers_add_up_as_written_at_one_precision():
    """On grid points every number beside the plot is exact: the score wₜᵀx̃ is the sum of the products shown, the
    next line's y·wₜᵀx̃ is that same number with the same digits (it was −0.9149 above −0.914894), and wₜ₊₁ is wₜ plus
    the update shown."""
    at = start(None, "../pages/pla.py")
    for _ in range(3):
        next(b for b in at.button if b.label == "Step").click().run()
        lines = numbers_box(at)
        score = next(s for s in lines if re.match(r"w\S*ᵀx̃ = ", s))
        terms, value = re.match(r"w\S*ᵀx̃ = (.*) = (\S+) → ", score).groups()
        products = [[_decimal(f) for f in term.split("·")] for term in terms.split(" + ")]
        assert sum(a * b for a, b in products) == _decimal(value)
        gain = next(s for s in lines if s.startswith("The score rises by η‖x̃‖²:"))
        before, plus, after = re.search(r"= (\S+) \+ (\S+) = (\S+) = y·", gain).groups()
        assert _decimal(before) + _decimal(plus) == _decimal(after)
        assert before.lstrip("−") == value.lstrip("−")  # y·wₜᵀx̃ = ±wₜᵀx̃, written with the same digits
        update = next(s for s in lines if "= w" in s and "+ η·y·x̃ = " in s)
        w, eta, y, xt, w_next = re.search(r"= (\(.*?\)) \+ (\S+)·\((\S+)\)·(\(.*?\)) = (\(.*\))", update).groups()
        assert [a + _decimal(eta) * _decimal(y) * b for a, b in zip(_vector(w), _vector(xt))] == _vector(w_next)


def test_batch_s_sums_add_up_as_written():
    """w₁ was (12, 22.81, 6.215) beside J = 260.939177: now the sum of the mistakes and wₜ₊₁ are exact too."""
    at = start(None, "../pages/batch.py")
    next(b for b in at.button if b.label == "Step").click().run()
    lines = numbers_box(at)
    sums = next(s for s in lines if s.startswith("Σ yₙx̃ₙ = "))
    plus, minus, total = re.search(r"= (\([^()]*\)) − (\([^()]*\)) = (\([^()]*\))$", sums).groups()
    assert [a - b for a, b in zip(_vector(plus), _vector(minus))] == _vector(total)
    step = next(s for s in lines if "·Σ yₙx̃ₙ = " in s and s.startswith("w"))
    w, c, total2, w_next = re.search(r"= (\(.*?\)) \+ (\S+)·(\(.*?\)) = (\(.*\))", step).groups()
    assert total2 == total
    assert [a + _decimal(c) * b for a, b in zip(_vector(w), _vector(total))] == _vector(w_next)


# -- sentences that say what the run does ----------------------------------------------------------------------------


def test_the_pocket_question_at_step_0_says_there_is_no_update_yet():
    at = start(None, "../pages/pocket.py")
    starts = "At step 0, how many points does the pocket"
    why = read(answer(at, starts, question(at, starts).options[1])).text  # "As many": ŵ₀ = w₀
    assert "ŵ₀ = w₀ (no update yet)" in why and "w₀ … w₀" not in why


def test_runs_compared_names_each_line_by_its_eta_when_both_runs_are_as_long():
    at = start(None, "../pages/compare.py")
    next(b for b in at.button if b.label == "Step").click().run()
    line = next(t for t in map(lambda s: read(s).text, shown(at)) if t.startswith("Solid:"))
    assert line.startswith("Solid: the η = 1 run's w₁") and " · dashed: the η = " in line and "longer" not in line


def test_sgd_s_order_reads_as_visiting_points_and_keeps_the_shared_setting():
    at = start(None, "../pages/sgd.py")
    order = at.selectbox(key=key("set", "order"))
    assert "a random point each time (with replacement)" in order.proto.options
    assert not any("mistake" in o for o in order.proto.options)
    assert any(c.value.startswith("Which point each step visits") for c in at.sidebar.caption)
    order.set_value("random").run()
    assert url(at)["order"] == "random"  # the same value in the link as on every other lesson
    pla = start({"order": "random"}, "../pages/pla.py")
    assert pla.selectbox(key=key("set", "order")).value == "random"
    assert any("random mistake" in o for o in pla.selectbox(key=key("set", "order")).proto.options)


def test_no_module_uses_streamlit_s_deprecated_use_container_width():
    """Streamlit 1.67 warns that use_container_width goes after 2025-12-31: width="stretch" instead."""
    files = [*ROOT.joinpath("pla_lab").rglob("*.py"), *ROOT.joinpath("pages").glob("*.py"), ROOT / "app.py"]
    assert [str(f.relative_to(ROOT)) for f in files if "use_container_width" in f.read_text()] == []
