"""README.md is a front page and docs/ holds the rest (issue 23): what a reader follows there must be true. The
README fits about a screen, its two commands are the ones CI and a fresh machine run, every link reaches a file
and heading that exist, every benchmark says how to reproduce it and when it was measured, and the lessons guide
lists the keys each lesson's link holds."""

from __future__ import annotations

import pathlib
import re
import shlex
import unicodedata

import pytest

from pla_lab.framework.shared import SHARED
from pla_lab.lessons import LESSONS

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"```.*?```", re.S)


def text(path: pathlib.Path) -> str:
    return path.read_text(encoding="utf-8")


def section(doc: str, heading: str) -> str:
    """The part of ``doc`` under the heading that starts with ``heading``, up to the next heading of its level."""
    start = doc.index("\n" + heading) + 1
    level = heading.split(" ")[0]
    nxt = re.search(rf"^{level} ", doc[start + len(heading):], re.M)
    return doc[start: start + len(heading) + nxt.start()] if nxt else doc[start:]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped (letters, digits, _ and - kept), spaces → -."""
    words = re.sub(r"[`*]", "", heading.strip()).lower()
    kept = "".join(c for c in words if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(doc: str) -> set[str]:
    found, seen = set(), {}
    for h in re.findall(r"^#{1,6} (.+)$", FENCE.sub("", doc), re.M):
        s = slug(h)
        found.add(s if s not in seen else f"{s}-{seen[s]}")
        seen[s] = seen.get(s, 0) + 1
    return found


def links(path: pathlib.Path) -> list[str]:
    return [a or b for a, b in LINK.findall(FENCE.sub("", text(path)))]


def broken(path: pathlib.Path) -> list[str]:
    """The relative links of one page whose file, or whose #anchor in that file, does not exist."""
    bad = []
    for target in links(path):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto: are not checked offline
            continue
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        if not dest.exists():
            bad.append(target)
        elif anchor and (dest.suffix != ".md" or anchor not in anchors(text(dest))):
            bad.append(target)
    return bad


def test_the_readme_is_a_front_page_of_at_most_150_lines():
    assert len(text(ROOT / "README.md").splitlines()) <= 150


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_reaches_a_file_and_heading_that_exist(page):
    assert broken(page) == []


def test_a_broken_link_or_anchor_is_found(tmp_path):
    (tmp_path / "a.md").write_text("# A page\n\n## Its part\n")
    page = tmp_path / "b.md"
    page.write_text("[ok](a.md#its-part) [no file](c.md) [no heading](a.md#elsewhere) [self](#b) ![img](x.png)\n"
                    "# B\n```\n[in code](nowhere.md)\n```\n")
    assert broken(page) == ["c.md", "a.md#elsewhere", "x.png"]


def test_github_anchors_are_made_as_github_makes_them():
    assert slug("A class on one server process (issue 14) — `python benchmarks/load.py`") == \
        "a-class-on-one-server-process-issue-14--python-benchmarksloadpy"
    assert slug("Memory over 1,000 sessions") == "memory-over-1000-sessions"
    assert anchors("# Same\n## Same\n") == {"same", "same-1"}


def test_the_readme_links_every_docs_page():
    linked = {(ROOT / t.partition("#")[0]).resolve() for t in links(ROOT / "README.md")}
    assert {p.resolve() for p in PAGES[1:]} <= linked


def test_every_benchmark_section_names_its_command_and_a_date():
    doc = text(ROOT / "docs" / "benchmarks.md")
    parts = re.split(r"^## ", doc, flags=re.M)[1:]
    assert len(parts) >= 10
    for part in parts:
        heading = part.splitlines()[0]
        command = re.search(r"`python (benchmarks/\w+\.py)", part)
        assert command and (ROOT / command.group(1)).exists(), heading
        assert re.search(r"\b20\d\d-\d\d-\d\d\b", part), heading


def test_every_benchmark_script_is_in_the_benchmarks_page():
    doc = text(ROOT / "docs" / "benchmarks.md")
    scripts = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_"))
    assert [s for s in scripts if f"python benchmarks/{s}" not in doc] == []


def test_the_two_commands_are_the_ones_ci_and_a_fresh_machine_run():
    part = section(text(ROOT / "README.md"), "## Two commands")
    commands = re.findall(r"^    (\S.*)$", part, re.M)
    ci = [line for line in text(ROOT / ".ci" / "run").splitlines() if line and not line.startswith("#")][-1]
    fresh = text(ROOT / "requirements.txt").splitlines()[0]  # its first line says how to install and start the app
    assert len(commands) == 2
    assert commands[0] in fresh and shlex.split(commands[0])[-3:] == ["streamlit", "run", "app.py"]
    assert shlex.split(commands[1]) == [w for w in shlex.split(ci) if w != "-q"]  # CI's only difference: quiet pip
    assert commands[1] in text(ROOT / "requirements-dev.txt").splitlines()[0]


def test_the_bad_input_page_cites_only_tests_that_exist():
    cited = set(re.findall(r"`(?:test_\w+\.py::)?(test_\w+)`", text(ROOT / "docs" / "bad-input.md")))
    defined = {m for f in (ROOT / "tests").rglob("test_*.py") for m in re.findall(r"^def (test_\w+)", text(f), re.M)}
    assert len(cited) > 20 and cited - defined == set()


def test_the_pla_core_page_has_a_row_for_every_name_pla_core_exports():
    """docs/pla-core.md's table names every name of ``pla_core.__all__`` in backticks, alone, called or as a
    module's part (`pla(X, y, …)`, `datasets.make`, `reference.is_mistake`)."""
    import pla_core

    doc = text(ROOT / "docs" / "pla-core.md")
    table = doc[doc.index("| what | notes |"):]
    table = table[:table.index("\n\n")]
    named = {part for code in re.findall(r"`([^`]+)`", table) for part in re.match(r"[\w.]*", code).group().split(".")}
    assert sorted(set(pla_core.__all__) - named) == []


def own_keys(lesson) -> set[str]:
    """The keys a lesson's link holds beyond those every lesson with points and steps holds."""
    table = {f.link.key for f in lesson.state.fields.values() if f.link is not None}
    common = {"pts", "view", "ax", "t", "wh"}
    return table - common if common <= table else table


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_the_lessons_guide_lists_each_lessons_link_keys(lesson):
    doc = text(ROOT / "docs" / "lessons.md")
    heading = next(h for h in re.findall(r"^## .+$", doc, re.M) if f"(`/{lesson.slug}`" in h)
    said = re.search(r"^\*\*Link keys of its own:\*\*(.*?)(?:\n\n|\Z)", section(doc, heading), re.M | re.S)
    assert said, heading
    assert set(re.findall(r"`(\w+)`\s\(", said.group(1))) == own_keys(lesson), heading


def test_the_lessons_guide_lists_the_keys_every_lesson_shares():
    shared = section(text(ROOT / "docs" / "lessons.md"), "## Keys in a link")
    keys = {f.link.key for f in SHARED.fields.values() if f.link is not None} | {"pts", "view", "ax", "t", "wh"}
    assert keys - set(re.findall(r"`(\w+)`", shared)) == set()
