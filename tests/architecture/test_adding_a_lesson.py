"""docs/adding-a-lesson.md stays true, and nothing in it breaks when a lesson is added: what it says the command
writes is what ``pla_lab.new_lesson`` writes (its files, the registry's lines: held to the command run on today's
registry, never to today's ``LESSONS`` literal); the template compiles and its declaration and page are the sizes
the page gives; the example's declaration imports the lesson API, ``pla_core`` and its own folder and fits 30–90
lines; the page's lists of tests account for every test that reads the registry; and the registry's "why this order"
names every lesson by its title, in order. (The example itself, applied to a lesson the command makes, and the
page's commands are run in a copy of the checkout: tests/architecture/test_new_lesson.py.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pla_lab import new_lesson

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "adding-a-lesson.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, re.S)
DECLARATION = next(b for b in BLOCKS if "class AveragedLesson" in b)
SLUG, TITLE = re.search(r'^    python -m pla_lab\.new_lesson (\w+) "([^"]+)"$', DOC, re.M).groups()


def imports(source: str) -> set[str]:
    tree = ast.parse(source)
    found = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    return found | {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}


def test_the_example_imports_the_api_pla_core_and_its_folder_and_fits_the_promised_size():
    assert {m for m in imports(DECLARATION) if m.startswith("pla_lab")} == {"pla_lab.api", f"pla_lab.lessons.{SLUG}"}
    assert 30 <= DECLARATION.count("\n") <= 90


def test_the_template_compiles_and_keeps_the_sizes_and_imports_the_page_gives():
    made = {p.relative_to(ROOT).as_posix(): text for p, text in new_lesson.files(SLUG, TITLE).items()}
    for path, text in made.items():
        compile(text, path, "exec")
        if path.startswith("pla_lab/"):
            assert {m for m in imports(text) if m.startswith("pla_lab")} <= {"pla_lab.api", f"pla_lab.lessons.{SLUG}"}
    declaration = made[f"pla_lab/lessons/{SLUG}/{SLUG}_lesson.py"]
    assert 30 <= declaration.count("\n") <= 90
    page = made[f"pages/{SLUG}.py"]
    assert len([line for line in page.splitlines() if line and not line.startswith(('"""', "#"))]) == 2


def test_the_files_the_page_lists_are_the_files_the_command_writes():
    table = DOC[DOC.index("| file | what is in it |"):DOC.index("**Its place on the path.**")]
    listed = set(re.findall(rf"^\| `((?:pla_lab/lessons/{SLUG}|pages)/[\w.]+)`", table, re.M))
    tests = re.search(rf"^\| `tests/lessons/{SLUG}/` \|(.*)$", table, re.M).group(1)
    listed |= {f"tests/lessons/{SLUG}/{name}" for name in re.findall(r"`(test_\w+\.py)`", tests)}
    made = {p.relative_to(ROOT).as_posix() for p in new_lesson.files(SLUG, TITLE)}
    assert listed == {m for m in made if not m.endswith("tests/lessons/" + SLUG + "/__init__.py")}
    for also in ("pla_lab/lessons/__init__.py", "README.md", "docs/lessons.md"):
        assert f"| `{also}` |" in table


def test_the_registry_lines_the_page_shows_are_what_the_command_writes():
    """The page's ``LESSONS`` line has a … for the lessons before: it stays true when a lesson is added."""
    from pla_lab import lessons

    shown = next(b for b in BLOCKS if "LESSONS = (" in b)
    source = (ROOT / "pla_lab" / "lessons" / "__init__.py").read_text(encoding="utf-8")
    written = new_lesson.registry(source, SLUG, TITLE, getattr(lessons, new_lesson.BEFORE).title)
    importing = next(line for line in shown.splitlines() if line.startswith("from "))
    assert importing + "\n" in written
    order = re.search(r"^LESSONS = \((.*?)\)", written, re.M | re.S).group(1).split(",")
    pattern = re.search(r"LESSONS = \((.*?)\)", shown).group(1).split(",")
    k = pattern.index(" …")
    head, tail = [n.strip() for n in pattern[:k]], [n.strip() for n in pattern[k + 1:]]
    order = [n.strip() for n in order]
    assert order[:len(head)] == head and order[-len(tail):] == tail
    assert f"before *{lessons.EXPERIMENTS.title}*" in DOC.replace("\n", " ")
    why = written[written.index("Why this order"):]
    assert why.index(f"*{TITLE}*") < why.index(f"- *{lessons.EXPERIMENTS.title}*")


def test_the_pages_lists_of_tests_account_for_every_test_that_reads_the_registry():
    """Every test file that reads the registry is named in the page's commands or lists (taken by -k, run whole, or
    reading lessons it names), and every one named exists."""
    part = DOC[DOC.index("## 5. The commands"):DOC.index("## What you do not touch")]
    named = set(re.findall(r"(tests/(?:ui|e2e|architecture)/test_\w+\.py)", part))
    named |= {f"tests/ui/{n}" for n in re.findall(r"`(test_\w+\.py)`", part) if not n.endswith("_browser.py")}
    assert named and sorted(n for n in named if not (ROOT / n).exists()) == []
    reads = re.compile(r"\bLESSONS\b|\bBY_SLUG\b|pla_lab\.course\.path|from pla_lab\.course import path")
    readers = {p.relative_to(ROOT).as_posix() for folder in ("ui", "e2e") for p in (ROOT / "tests" / folder).glob(
        "test_*.py") if reads.search(p.read_text(encoding="utf-8"))}
    assert "tests/architecture" in part
    assert sorted(readers - named) == []


def test_the_registrys_reasons_name_every_lesson_by_title_in_the_paths_order():
    from pla_lab import lessons

    why = lessons.__doc__[lessons.__doc__.index("Why this order"):]
    first = [why.find(f"*{lesson.title}*") for lesson in lessons.LESSONS]
    assert -1 not in first and first == sorted(first), list(zip((x.title for x in lessons.LESSONS), first))
    assert not re.search(r"^\d+\.|lesson \d|lessons \d", why, re.M)  # never by number: nothing to renumber
