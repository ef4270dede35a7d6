"""PLA Lab uses Streamlit's public API only: no module of the app imports from Streamlit's internals."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_module_of_the_app_imports_streamlit_internals():
    files = [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "pla_lab").rglob("*.py")]
    private = []
    for f in files:
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            private += [f"{f.relative_to(ROOT)}: {n}" for n in names if n.startswith("streamlit.")]
    assert len(files) > 20 and private == []
