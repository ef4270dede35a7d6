"""The import graph of ``pla_lab``, read from its source (every import, those inside functions too)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "pla_lab"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _targets(node: ast.ImportFrom, name: str, is_package: bool, known: set[str]) -> set[str]:
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[: len(base) - node.level + 1]
        mod = ".".join(base + ([node.module] if node.module else []))
    else:
        mod = node.module or ""
    out = {mod} if mod in known else set()
    out |= {f"{mod}.{a.name}" for a in node.names if f"{mod}.{a.name}" in known}
    return out


def graph() -> dict[str, set[str]]:
    """Module -> the pla_lab modules it imports (a package's ``__init__`` counts as the package)."""
    mods = modules()
    known = set(mods)
    out = {}
    for name, path in mods.items():
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                deps |= _targets(node, name, path.name == "__init__.py", known)
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names if a.name in known}
        out[name] = deps - {name}
    return out


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found
