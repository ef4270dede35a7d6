"""docs/architecture.md stays the true map: every file it names exists, every module of the framework and every
browser module is on it, and its diagrams name only folders and modules that exist."""

from __future__ import annotations

import re
from pathlib import Path

import plotly

from .imports import PACKAGE, ROOT

DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
FRAMEWORK = DOC[DOC.index("## The framework, one job per module"):DOC.index("## Rules that hold everywhere")]


def _exists(name: str) -> bool:
    """A name the page gives in backticks: a path from the repository's root, or a module of pla_lab (a framework
    module's bare file name, a browser module's, ``drawing/plot/x.js`` or ``framework/x.py``)."""
    name = name.rstrip("/").replace("<slug>", "pla").replace("*.js", "plot.js")
    if name == "plotly.min.js":  # the installed plotly package's own, which the app serves
        return (Path(plotly.__file__).parent / "package_data" / name).exists()
    candidates = [ROOT / name, PACKAGE / name, *(PACKAGE / folder / name for folder in
                                                 ("framework", "drawing", "drawing/plot", "words", "course", "lessons/pla"))]
    return any(p.exists() for p in candidates)


def test_every_file_the_page_names_exists():
    named = {n for n in re.findall(r"`([\w./<>*-]+\.(?:py|js|md)|[\w./<>-]+/)`", DOC)}
    assert named, "the page names no files"
    assert sorted(n for n in named if not _exists(n)) == []


def test_every_framework_module_is_on_the_page():
    modules = {p.name for p in (PACKAGE / "framework").glob("*.py") if p.name != "__init__.py"}
    assert sorted(m for m in modules if f"`{m}`" not in FRAMEWORK) == []


def test_every_browser_module_is_on_the_page():
    modules = {p.name for p in (PACKAGE / "drawing" / "plot").glob("*.js")}
    assert sorted(m for m in modules if f"`{m}`" not in DOC) == []


def test_the_diagrams_name_only_what_exists():
    diagrams = "\n".join(re.findall(r"```mermaid\n(.*?)```", DOC, re.S))
    assert diagrams.count("flowchart") == 1 and diagrams.count("sequenceDiagram") == 1
    paths = set(re.findall(r"(?:pla_lab|pages|drawing/plot|lessons/pla|framework)[\w/.]*", diagrams))
    paths = {p.rstrip("/.").replace("lessons/pla/", "pla_lab/lessons/pla/") for p in paths}
    paths = {p if p.startswith(("pla_lab", "pages")) else "pla_lab/" + p for p in paths}
    assert paths and sorted(p for p in paths if not (ROOT / p).exists()) == []
    for module in re.findall(r"\b(\w+)\.(?:py|js)\b", diagrams):
        assert list(PACKAGE.rglob(f"{module}.py")) or list(PACKAGE.rglob(f"{module}.js")) or \
            (ROOT / "pages" / f"{module}.py").exists() or module == "app", module
