"""``python -m pla_lab.new_lesson <slug> "<Title>"`` (issue 44): what it refuses (a slug or a title it cannot take) and
how it edits the registry, README and docs/lessons.md, alone; then, in a copy of the checkout (every file git tracks
and every untracked one it does not ignore, as they are in the working tree): the command makes a lesson; the same
slug again is refused and changes nothing; docs/adding-a-lesson.md's example is made as the page says (the command,
the page's declaration over the one it wrote, the page's test added to the lesson's tests, README's table again); and
the page's own commands pass there: the fast loop (``-k <slug> -m "not browser"``) for both lessons and the tests it
says to run whole. ``-k`` picks in tests/ui exactly the files the page lists, and in the browser only the lesson's
own test. Nothing is written into the checkout itself."""

from __future__ import annotations

import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pla_lab import new_lesson

pytestmark = pytest.mark.xdist_group("new-lesson")  # its copy of the suite runs on one worker, alone in its group

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "adding-a-lesson.md").read_text(encoding="utf-8")
COMMANDS = DOC[DOC.index("## 5. The commands"):DOC.index("## What you do not touch")]
SLUG, TITLE = re.search(r'^    python -m pla_lab\.new_lesson (\w+) "([^"]+)"$', DOC, re.M).groups()
IN_A_COPY = "PLA_LAB_NEW_LESSON_COPY"  # set in the copy: this file's own copy does not copy again
OTHER = ("tryout", "Mistakes that come back")  # the lesson the command makes as it is


# -- what it refuses, and its edits, alone -------------------------------------------------------------------------


@pytest.mark.parametrize("slug, why", [
    ("pla", "another page"), ("glossary", "another page"), ("set", "another page"), ("halt", "halt_words"),
    ("match", "keyword"), ("class", "keyword"), ("ab", "a slug is"), ("Averaged", "a slug is"),
    ("class_", "a slug is"), ("a__b", "a slug is"), ("9lives", "a slug is"), ("x" * 25, "a slug is"),
    ("averaged-perceptron", "a slug is"), ("pla_many", "pla_many"),
])
def test_a_slug_that_cannot_name_a_lesson_is_refused_with_its_reason(slug, why, tmp_path):
    (tmp_path / "pla_lab" / "lessons").mkdir(parents=True)
    (tmp_path / "pla_lab" / "words").mkdir()
    (tmp_path / "pla_lab" / "words" / "halt_words.py").write_text("")
    (tmp_path / "pla_lab" / "pla_many_lesson.py").write_text("")
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "pla.py").write_text("")
    with pytest.raises(ValueError, match=why):
        new_lesson.check_slug(slug, tmp_path)
    new_lesson.check_slug("averaged_two", tmp_path)  # and a free one is not


def test_the_real_checkout_refuses_its_lessons_and_pages():
    for slug in ("pla", "experiments", "home", "lecture", "class", "sources", "glossary"):
        with pytest.raises(ValueError):
            new_lesson.check_slug(slug)


@pytest.mark.parametrize("title", ["PLA step by step", "glossary", "Bad *title*", "A `code` title", 'A "quoted" one',
                                   "lowercase start", "Tw", "Line\nbreak", " Spaced", "A [link](x)", "Pipe | table",
                                   "A" * 41])
def test_a_title_that_cannot_name_a_lesson_is_refused(title):
    with pytest.raises(ValueError):
        new_lesson.check_title(title, ["PLA step by step", "Why PLA halts"], "- *Why PLA halts* …")
    new_lesson.check_title("The averaged perceptron", ["PLA step by step"], "")


def test_the_command_refuses_a_taken_slug_or_title_and_writes_nothing(capsys, monkeypatch):
    def no(*args, **kw):
        raise AssertionError("the command wrote into the checkout")

    for name in ("write_text", "write_bytes", "mkdir", "unlink", "rmdir"):  # a refusal must not even try
        monkeypatch.setattr(Path, name, no)
    assert new_lesson.main(["pla", "Another title"]) == 1
    assert "a lesson already" in capsys.readouterr().err
    assert new_lesson.main([SLUG, "PLA step by step"]) == 1  # a title taken
    assert "the title of another page" in capsys.readouterr().err
    assert new_lesson.main([SLUG]) == 2  # how to call it


def test_the_template_fills_in_a_slug_of_two_words():
    made = {p.relative_to(ROOT).as_posix(): text for p, text in new_lesson.files("two_words", "Two words").items()}
    assert "class TwoWordsLesson(ReplayLesson):" in made["pla_lab/lessons/two_words/two_words_lesson.py"]
    assert "TWO_WORDS.render()" in made["pages/two_words.py"]
    assert {"tests/lessons/two_words/test_two_words.py", "pla_lab/lessons/two_words/two_words_words.py"} <= set(made)
    for path, text in made.items():
        compile(text, path, "exec")
        assert "{{" not in text, path


REGISTRY = '''"""The registry.

Why this order:

- *One* first.
- *Experiments* last.
"""

from pla_lab.framework import nav
from pla_lab.lessons.experiments.experiments_lesson import EXPERIMENTS
from pla_lab.lessons.one.one_lesson import ONE
from pla_lab.lessons.zeta.zeta_lesson import ZETA

LESSONS = (ONE, ZETA, EXPERIMENTS)
nav.chain(LESSONS)
'''


def test_the_registry_gets_its_import_in_order_its_place_before_experiments_and_a_reason():
    out = new_lesson.registry(REGISTRY, "middle", "The middle one", "Experiments")
    assert ("import EXPERIMENTS\nfrom pla_lab.lessons.middle.middle_lesson import MIDDLE\nfrom pla_lab.lessons.one"
            in out)
    assert "LESSONS = (ONE, ZETA, MIDDLE, EXPERIMENTS)\n" in out
    assert out.index("- *The middle one*") < out.index("- *Experiments* last.")
    alone = new_lesson.registry(REGISTRY.replace(", EXPERIMENTS)", ")"), "middle", "The middle one", None)
    assert "LESSONS = (ONE, ZETA, MIDDLE)\n" in alone and alone.index("- *The middle one*") < alone.index('"""\n\nfrom')
    many = REGISTRY.replace("(ONE, ZETA,", "(" + ", ".join(f"LESSON{k}" for k in range(20)) + ", ONE, ZETA,")
    out = new_lesson.registry(many, "middle", "The middle one", "Experiments")
    assert all(len(line) <= 120 for line in out.splitlines()) and "ZETA, MIDDLE, EXPERIMENTS)" in " ".join(out.split())


def test_docs_lessons_gets_its_section_and_its_path_counted_and_readme_its_table():
    doc = ("# Lessons\n\nEvery page opens: `/` (*Start here*), the two lessons `/pla`, `/experiments`, and `/sources`, "
           "`/glossary`. More.\n\n## PLA (`/pla`)\n\nx\n\n## Experiments (`/experiments`, LFD)\n\ny\n\n"
           "## Sources and Glossary (`/sources`, `/glossary`)\n")
    out = new_lesson.lessons_doc(doc, "middle", "The middle one", "experiments")
    assert "the three lessons `/pla`, `/middle`, `/experiments`, and `/sources`" in out
    assert out.index("## The middle one (`/middle`)") < out.index("## Experiments")
    assert "**Link keys of its own:** none." in out
    readme = "# R\n\n| # | Lesson | x |\n|---|---|---|\n| 1 | **PLA** |\n\nAbout 10 minutes in all.\n\nAfter.\n"
    assert new_lesson.readme(readme, "| # | Lesson | x |\n| 2 |\n\nAbout 15 minutes in all.\n") == \
        "# R\n\n| # | Lesson | x |\n| 2 |\n\nAbout 15 minutes in all.\n\nAfter.\n"


# -- in a copy of the checkout ---------------------------------------------------------------------------------------


def snapshot(root: Path, parts=(".",)) -> dict[str, str]:
    """Every file under ``parts`` of ``root`` (caches left out), by its digest."""
    out = {}
    for part in parts:
        top = root / part
        for p in [top] if top.is_file() else sorted(top.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and ".hypothesis" not in p.parts:
                out[p.relative_to(root).as_posix()] = hashlib.blake2b(p.read_bytes(), digest_size=8).hexdigest()
    return out


def copy_checkout(dest: Path) -> Path:
    """The checkout as it is in the working tree (what is not committed yet too), without git's history or caches."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        src = ROOT / name
        if src.is_file():  # a file deleted in the working tree is listed by git, and left out
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    return dest


def python(root: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """``python args…`` in the copy, with none of this test run's own pytest, worker or data settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PLA_LAB_DATA", "PLA_LAB_CLASS_DB"))}
    env[IN_A_COPY] = "1"
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=timeout)


def the_pages_command(k: int, slug_expression: str) -> list[str]:
    """The k-th ``python -m pytest …`` of the page's commands, with the lesson's slug replaced, on one process."""
    line = re.findall(r"^    python -m pytest (.*)$", COMMANDS, re.M)[k]
    args = [slug_expression if a == SLUG else a for a in shlex.split(line)]
    return ["-m", "pytest", *args, "-n", "0", "-q", "-p", "no:cacheprovider"]


def files_run(root: Path, report: Path) -> set[str]:
    """The test files (from ``root``) of a JUnit report's test cases."""
    out = set()
    for case in ET.parse(report).getroot().iter("testcase"):
        parts = case.get("classname").split(".")  # tests.ui.test_docs, or tests.ui.test_x.TheClass
        while len(parts) > 1 and not (root / Path(*parts)).with_suffix(".py").is_file():
            parts = parts[:-1]
        out.add("/".join(parts) + ".py")
    return out


@pytest.mark.skipif(bool(os.environ.get(IN_A_COPY)), reason="already in a copy made by this test")
def test_a_made_lesson_and_the_pages_example_pass_the_pages_commands_in_a_copy_of_the_checkout(tmp_path):
    root = copy_checkout(tmp_path / "checkout")
    made = python(root, "-m", "pla_lab.new_lesson", *OTHER)
    assert made.returncode == 0, made.stderr
    before = snapshot(root)
    again = python(root, "-m", "pla_lab.new_lesson", OTHER[0], "Another title")
    assert again.returncode == 1 and "a lesson already" in again.stderr
    assert snapshot(root) == before  # refused, and nothing written

    # the page's example: the command, the page's declaration and test, README's table again
    made = python(root, "-m", "pla_lab.new_lesson", SLUG, TITLE)
    assert made.returncode == 0, made.stderr
    declaration = next(b for b in re.findall(r"```python\n(.*?)```", DOC, re.S) if "class AveragedLesson" in b)
    (root / "pla_lab" / "lessons" / SLUG / f"{SLUG}_lesson.py").write_text(declaration, encoding="utf-8")
    added = re.search(rf"`tests/lessons/{SLUG}/test_{SLUG}\.py` gets, at its end:\n\n```python\n(.*?)```", DOC, re.S)
    with open(root / "tests" / "lessons" / SLUG / f"test_{SLUG}.py", "a", encoding="utf-8") as f:
        f.write("\n\n" + added.group(1))
    readme = python(root, "-m", "pla_lab.new_lesson", "--readme")
    assert readme.returncode == 0, readme.stderr

    # the fast loop, for both lessons: passes, and picks in tests/ui the files the page lists
    fast = python(root, *the_pages_command(0, f"{OTHER[0]} or {SLUG}"), f"--junitxml={tmp_path / 'fast.xml'}")
    assert fast.returncode == 0, fast.stdout[-6000:]
    listed = {f"tests/ui/{n}" for n in re.findall(r"`(test_\w+\.py)`", COMMANDS[:COMMANDS.index("run them whole")])
              if n != "test_own_settings.py"}  # picked only for a lesson with an option named like a setting
    ran = files_run(root, tmp_path / "fast.xml")
    assert {f for f in ran if f.startswith("tests/ui/")} == listed
    assert {f"tests/lessons/{s}/test_{s}{part}.py" for s in (OTHER[0], SLUG) for part in ("", "_claims")} <= ran

    # the tests that take every lesson at once, whole (this file left out: no copy within the copy)
    whole = python(root, *the_pages_command(1, SLUG), "--ignore=tests/architecture/test_new_lesson.py")
    assert whole.returncode == 0, whole.stdout[-6000:]

    # -k in the browser picks the lesson's own test alone
    browser = python(root, *the_pages_command(2, OTHER[0]), "--collect-only")
    picked = set(re.findall(r"^(tests/\S+?\.py)::", browser.stdout, re.M))
    assert picked == {f"tests/lessons/{OTHER[0]}/test_{OTHER[0]}_browser.py"}, browser.stdout[-3000:]
