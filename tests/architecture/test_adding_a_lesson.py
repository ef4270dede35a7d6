"""docs/adding-a-lesson.md stays true: its example lesson, copied from the page as a newcomer would copy it, runs
as a lesson (opens, steps, draws its companion line from ``companion_line``, says the average it computed), meets
the edges every lesson meets (Clear, one point, one class, an empty CSV: tests/ui/test_every_lesson_edges.py's walk),
imports only the lesson API, fits the 30–90 lines the page promises; the registry and page snippets name it, the
guide's ``LESSONS`` line is today's registry with it added, and the registry's "why this order" names every lesson
by its title, in order."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
from streamlit.testing.v1 import AppTest

import pla_core
from pla_lab.framework import model
from pla_lab.words.text import sub, vec
from tests.ui.helpers import button, markdown, plot, points

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "adding-a-lesson.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, re.S)
DECLARATION = next(b for b in BLOCKS if "class AveragedLesson" in b)

#: The lesson as the page gives it, loaded under a module name of its own and rendered alone (a lesson off the
#: registry, as tests/ui/data/study_lesson_app.py is).
SCRIPT = """import sys, types
name = "_averaged_lesson_as_the_page_gives_it"  # never the registry's module, once the lesson is really added
if name not in sys.modules:
    module = types.ModuleType(name)
    exec(compile(SOURCE, "averaged_lesson.py", "exec"), module.__dict__)
    sys.modules[name] = module
sys.modules[name].AVERAGED.render()
"""


def _app(tmp_path, params: dict | None = None) -> AppTest:
    script = tmp_path / "averaged_app.py"
    script.write_text(f"SOURCE = {DECLARATION!r}\n" + SCRIPT, encoding="utf-8")
    at = AppTest.from_file(str(script), default_timeout=30)
    for k, v in (params or {}).items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception
    return at


def test_the_example_declaration_runs_steps_and_draws_its_average(tmp_path):
    at = _app(tmp_path)
    for t in (1, 2):
        button(at, "Step").click().run()
        assert not at.exception, at.exception
        X, y = model.arrays(points(at))
        trace = pla_core.pla(X, y, max_updates=10_000)
        w_bar = trace.weights[: t + 1].mean(axis=0)
        assert f"w̄{sub(t)} = {vec(w_bar)}, over {t + 1} weights" in markdown(at)
        companion = plot(at)["companion"]
        assert companion is not None and companion["label"] == "average w̄ₜ"
        assert np.allclose(companion["W"][t - companion["t0"]], w_bar, atol=1e-12)
        assert "Check yourself" in markdown(at)  # its questions, from the shared builders


def test_the_example_imports_only_the_api_and_fits_the_promised_size():
    tree = ast.parse(DECLARATION)
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert {m for m in imported if m.startswith("pla_lab")} == {"pla_lab.api"}
    assert 30 <= DECLARATION.count("\n") <= 90


def test_the_registry_and_page_snippets_name_the_example():
    registry = next(b for b in BLOCKS if "LESSONS = (" in b)
    assert "from pla_lab.lessons.averaged.averaged_lesson import AVERAGED" in registry
    assert re.search(r"LESSONS = \(.*\bAVERAGED\b.*\)", registry)
    page = next(b for b in BLOCKS if "AVERAGED.render()" in b)
    assert "from pla_lab.lessons import AVERAGED" in page
    assert len([line for line in page.splitlines() if line and not line.startswith(('"""', "#"))]) == 2


def test_the_example_meets_clear_one_point_one_class_and_an_empty_csv(tmp_path):
    """The hooks of the page's example hold where there is no run (its companion once read the run's extras there)."""
    from tests.ui.test_every_lesson_edges import walk

    module = {}
    exec(compile(DECLARATION, "averaged_lesson.py", "exec"), module)
    box = module["AVERAGED"].state.key("transfer")

    def upload(at, name, data):
        at.session_state[box] = True  # the save box opened (AppTest clicks no expander)
        at.run()
        at.file_uploader[0].set_value((name, data, "text/csv")).run()
        return at

    said = walk(lambda params: _app(tmp_path, params), upload)
    assert "There are no points yet" in said["clear"]
    assert "empty" in said["empty csv"].lower() and "line 3" in said["bad csv"].lower()


def test_the_guides_registry_line_is_todays_registry_with_the_example_added():
    from pla_lab import lessons

    registry = next(b for b in BLOCKS if "LESSONS = (" in b)
    guide = re.search(r"LESSONS = \((.*?)\)", registry, re.S).group(1).replace("\n", " ")
    names = {id(v): k for k, v in vars(lessons).items() if k.isupper() and k != "LESSONS"}
    today = [names[id(lesson)] for lesson in lessons.LESSONS]
    today.insert(today.index("COMPARE") + 1, "AVERAGED")
    assert [n.strip() for n in guide.split(",")] == today


def test_the_registrys_reasons_name_every_lesson_by_title_in_the_paths_order():
    from pla_lab import lessons

    why = lessons.__doc__[lessons.__doc__.index("Why this order"):]
    first = [why.find(f"*{lesson.title}*") for lesson in lessons.LESSONS]
    assert -1 not in first and first == sorted(first), list(zip((x.title for x in lessons.LESSONS), first))
    assert not re.search(r"^\d+\.|lesson \d|lessons \d", why, re.M)  # never by number: nothing to renumber
