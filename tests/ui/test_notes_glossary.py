"""Issue 22: the notes named as a reader knows them (never "seed 001"), the Sources page, the Glossary, and the
glossary links of the lessons (pla_lab.words.text.term)."""

from __future__ import annotations

import inspect
import pathlib
import re

import pytest

import pla_core
from pla_lab.course import library
from pla_lab.words import explain, glossary, notes
from pla_lab.words.text import literal, md, term

from .helpers import LESSONS, start
from .reader import LINK, read

ROOT = pathlib.Path(__file__).resolve().parents[2]
#: A note by its file's number: "seed 001", "seeds 002, 004", "Seed 000's", "(002)", "001's", "003 flags".
NUMBERED = re.compile(r"(?i)\bseeds? 0\d|(?<![\d,.\w])00[0-4](?![\d,.])")
PAGES = {**{slug: f"../pages/{slug}.py" for slug in LESSONS},
         "sources": "../pages/sources.py", "glossary": "../pages/glossary.py"}
#: The link of a view a lesson shows only when asked (Runs compared's three comparisons).
VIEWS = [("compare", {"cmp": v}) for v in ("eta", "order", "sign0")] + [("batch", {"batch": "mini"})]


def everything(at) -> list[str]:
    """Every text of the page a reader can meet: Markdown, captions, alerts, expander labels and their content
    (AppTest holds a folded expander's elements too), headings, widget labels, tooltips and options."""
    out = [e.value for kind in ("markdown", "caption", "info", "success", "warning", "error", "title", "header",
                                "subheader") for e in at.get(kind)]
    out += [e.proto.expandable.label for e in at.get("expandable")]
    for kind in ("button", "toggle", "checkbox", "radio", "selectbox", "number_input", "slider", "select_slider",
                 "text_input", "download_button"):
        for e in at.get(kind):
            out += [e.proto.label, e.proto.help, *getattr(e.proto, "options", [])]
    return [s for s in out if s]


def links(texts) -> list[str]:
    return [m.group(2) for s in texts for m in LINK.finditer(s)]


def open_page(slug: str, params: dict | None = None):
    return start(params, page=PAGES[slug])


@pytest.mark.parametrize("slug,params", [(slug, None) for slug in PAGES] + VIEWS)
def test_no_page_names_a_note_by_its_file_number(slug, params):
    texts = everything(open_page(slug, params))
    found = sorted({m.group() for s in texts for m in NUMBERED.finditer(read(s).text)})
    assert found == [], f"/{slug}: {found}"


def test_pla_core_and_the_readme_name_the_notes_as_the_app_does():
    """A notebook user reads pla_core's docstrings; the README and docs/ are read before the app."""
    docs = [inspect.getdoc(m) or "" for m in (pla_core, *(getattr(pla_core, n) for n in pla_core.__all__))]
    docs += [inspect.getdoc(m) or "" for m in map(inspect.getmodule, (pla_core.pla, pla_core.radius,
                                                                      pla_core.unit_normal, pla_core.datasets))]
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    assert len(pages) > 1
    for where, text in (("pla_core", "\n".join(docs)), *((p.name, p.read_text()) for p in pages)):
        assert not NUMBERED.search(re.sub(r"\b(?:seed|seeds) 0\b", "", text)), (where, NUMBERED.search(text))
        named = set(re.findall(r"the [\w-]+ notes|the Princeton COS 495 lecture|David Press's AI notes", text))
        assert named - {"the five notes"} <= {n.name for n in notes.NOTES}, named
    assert {n.name for n in notes.NOTES} <= set(re.findall(r"the [\w-]+ notes|the Princeton COS 495 lecture|"
                                                           r"David Press's AI notes", "\n".join(docs)))


def test_a_term_is_a_link_md_keeps_and_nothing_else_becomes_one():
    for t in glossary.TERMS:
        link = term(t.name)
        assert md(link) == link and md(f"see {link}.") == f"see {link}."
        assert read(md(f"a {link} b")).text == f"a {t.name} b"  # the reader sees the term's words, as written
        assert LINK.fullmatch(link).group(2) == f"glossary#{t.key}"
    assert read(md(term("R²/ρ*²", "the bound"))).text == "the bound"
    with pytest.raises(KeyError):
        term("[a](//evil.example)")  # only a glossary term is ever linked, never text from outside
    assert not LINK.search(md(literal("[a](//evil.example) [b](glossary#cap)")))


#: The words the issue names, linked where they are used
NAMED = {"halts": {"R", "rho-star", "street"}, "pla": {"augmented-space"},
         "pocket": {"e-in", "e-out", "set-up", "pocket"}, "xor": {"certificate"}, "compare": {"companion"},
         "experiments": {"lfd", "g"}, "margin": {"gamma"}, "batch": {"criterion"}}


@pytest.mark.parametrize("slug", list(LESSONS))
def test_every_lesson_links_its_jargon_to_an_entry_of_the_glossary(slug):
    """At least one glossary link on every lesson, and every link of its page goes to an entry of the glossary
    (by slug, so ``-k <slug>`` runs it for a new lesson)."""
    to = links(everything(open_page(slug)))
    linked = {u.split("#", 1)[1] for u in to if u.startswith("glossary#")}
    assert to and all(u.startswith("glossary#") for u in to), (slug, to)
    assert linked <= {t.key for t in glossary.TERMS}, (slug, linked - {t.key for t in glossary.TERMS})
    assert NAMED.get(slug, set()) <= linked, (slug, NAMED.get(slug, set()) - linked)


def test_the_exact_lp_is_linked_where_the_cap_is_reached():
    """PLA alone cannot tell "not separable" from "not yet": the words at the cap say which, from the exact LP."""
    assert term("exact LP") in explain.cap_reason(False)
    said = [s for s in everything(open_page("pocket")) if "says so" in s]  # noisy labels, run to the cap
    assert said and all(term("exact LP") in s for s in said)


def test_the_glossary_has_an_entry_for_every_term_with_its_anchor_and_lessons_that_exist():
    at = open_page("glossary")
    heads = {h.proto.anchor: h.value for h in at.subheader}
    assert heads == {t.key: md(t.name) for t in glossary.TERMS}
    assert len(heads) == len(glossary.TERMS) >= 30
    text = everything(at)
    for t in glossary.TERMS:
        assert md(t.says) in text
    for u in links(text):  # the index (#key) and the lessons where each term is shown
        assert u[1:] in heads if u.startswith("#") else u in LESSONS, u
    for name in ("exact LP", "certificate", "augmented space", "street", "support points", "Eᵢₙ", "Eₒᵤₜ", "g",
                 "LFD", "cap", "R", "ρ*", "margin γ"):
        assert name in glossary.BY_NAME


def test_the_sources_page_names_each_note_says_where_they_disagree_and_the_slips():
    at = open_page("sources")
    text = everything(at)
    shown = "\n".join(read(s).text for s in text)
    for n in notes.NOTES:
        assert n.Name in shown and n.line in shown
        assert all(library.TITLES[s] in shown for s in n.lessons)
    for topic in ("sign(0)", "step size η", "bound"):
        assert topic in shown
    for n, slip, slug in notes.SLIPS:
        assert read(md(slip)).text in shown
    assert set(links(text)) <= set(LESSONS) and set(links(text)) >= {"margin", "online", "compare"}
    assert "died in 1971" in shown
