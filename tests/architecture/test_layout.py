"""The layout shows the architecture (issue 23), read from the source: the layers import only downward, a lesson
folder imports the lesson API and itself, never another lesson, no import cycle, no two modules share a name, no
class over 160 lines, and nothing but the registry lists the lessons."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pla_lab.lessons import LESSONS

from .imports import PACKAGE, ROOT, cycles, graph, modules

#: What each layer may import from pla_lab, besides itself (pla_lab.api is the lessons' door to the layers below).
LAYERS = {
    "pla_lab.words": (),
    "pla_lab.drawing": ("pla_lab.words",),
    "pla_lab.framework": ("pla_lab.words", "pla_lab.drawing"),
    "pla_lab.api": ("pla_lab.words", "pla_lab.drawing", "pla_lab.framework"),
}


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_pla_lab_has_no_import_cycle():
    assert cycles(graph()) == []


def test_the_cycle_check_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_each_layer_imports_only_the_layers_below_it(layer):
    allowed = (layer, *LAYERS[layer])
    bad = {m: sorted(d for d in deps if not any(_in(d, a) for a in allowed))
           for m, deps in graph().items() if _in(m, layer)}
    assert {m: d for m, d in bad.items() if d} == {}


def test_a_lesson_folder_imports_the_api_and_itself_never_another_lesson():
    bad = {}
    for m, deps in graph().items():
        parts = m.split(".")
        if len(parts) < 4 or parts[:2] != ["pla_lab", "lessons"]:
            continue
        folder = ".".join(parts[:3])
        wrong = sorted(d for d in deps if d != "pla_lab.api" and not _in(d, folder))
        if wrong:
            bad[m] = wrong
    assert bad == {}


def test_every_lesson_has_its_folder_declaration_and_page():
    for lesson in LESSONS:
        folder = PACKAGE / "lessons" / lesson.slug
        assert (folder / f"{lesson.slug}_lesson.py").is_file(), lesson.slug
        assert type(lesson).__module__ == f"pla_lab.lessons.{lesson.slug}.{lesson.slug}_lesson"
        assert (ROOT / "pages" / f"{lesson.slug}.py").is_file(), lesson.slug
    folders = {p.name for p in (PACKAGE / "lessons").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == {lesson.slug for lesson in LESSONS}


def test_no_two_modules_share_a_name():
    seen: dict[str, list[str]] = {}
    for name, path in modules().items():
        if path.name != "__init__.py":
            seen.setdefault(path.stem, []).append(name)
    assert {k: v for k, v in seen.items() if len(v) > 1} == {}


def test_no_class_over_160_lines_and_no_module_over_260():
    long_classes, long_modules = [], []
    for name, path in modules().items():
        source = path.read_text(encoding="utf-8")
        if source.count("\n") > 260:
            long_modules.append(name)
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > 160:
                long_classes.append(f"{name}.{node.name}")
    assert long_classes == [] and long_modules == []


def _slug_lists(path: Path, slugs: set[str]) -> list[int]:
    """Lines of literal tuples, lists or sets in ``path`` that name all the lessons, or all but one: a list the next
    lesson would have to join. (A table of cases for some lessons, read with a default for the others, is not one:
    benchmarks/page_cost.py's hand-picked links.)"""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        items = getattr(node, "elts", None)
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and items:
            named = {i.value for i in items if isinstance(i, ast.Constant) and i.value in slugs}
            if len(named) >= len(slugs) - 1:
                found.append(node.lineno)
    return found


def test_nothing_but_the_registry_lists_the_lessons():
    slugs = {lesson.slug for lesson in LESSONS}
    files = [*PACKAGE.rglob("*.py"), *(ROOT / "benchmarks").glob("*.py"), *(ROOT / "tests").rglob("*.py")]
    lists = {str(p.relative_to(ROOT)): _slug_lists(p, slugs) for p in files if p != Path(__file__)}
    assert {f: lines for f, lines in lists.items() if lines} == {}


def test_the_list_check_finds_a_list(tmp_path):
    slugs = {lesson.slug for lesson in LESSONS}
    f = tmp_path / "x.py"
    f.write_text(f"ORDER = {tuple(sorted(slugs))[1:]!r}\nOTHER = ('pla', 'xor')\n")
    assert _slug_lists(f, slugs) == [1]
