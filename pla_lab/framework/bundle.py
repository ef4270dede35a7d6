"""The plot's browser modules (pla_lab/drawing/plot) served as one ES module: on a first visit the page asks for one
file instead of 32, each of which waited for a free connection behind Streamlit's own files (0.6 s on average,
measured on a lesson's first visit), while its first picture waited for the plot's code.

No build step and nothing minified: each module's own text, in a function scope of its own, in the order the modules
import each other; an ``import { a, b } from "./x.js"`` becomes ``const { a, b } = __plaModules["x.js"]`` and the
``export`` keywords go, the scope returning what the module exported. The entry module's exports are the bundle's.
The modules may use only the forms this reads (tests/js/test_node.py checks every module's exports against node's):
one-line named imports from "./…", ``export function|async function|const`` (one name each), ``export { a, b };``
and the entry's ``export default function``; their imports form no cycle.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([^"]+)";$', re.M)
EXPORTED = re.compile(r"^export (?:(?:async )?function\*? (\w+)|const (\w+))", re.M)
LISTED = re.compile(r"^export \{([^}]*)\};\n?", re.M)
DEFAULT = re.compile(r"^export default function\b", re.M)
NAMES = "__plaModules"


def order(folder: Path, entry: str) -> list[str]:
    """The modules ``entry`` imports, itself last, each after the modules it imports; ValueError on a cycle."""
    done: list[str] = []
    path: list[str] = []

    def visit(name: str) -> None:
        if name in done:
            return
        if name in path:
            raise ValueError(f"the plot's modules import each other in a cycle: {' → '.join(path + [name])}")
        path.append(name)
        for _, dep in IMPORT.findall((folder / name).read_text(encoding="utf-8")):
            visit(dep)
        path.pop()
        done.append(name)

    visit(entry)
    return done


def exports(text: str) -> list[str]:
    """The names a module's text exports ("default" for the entry's default function)."""
    names = [a or b for a, b in EXPORTED.findall(text)]
    names += [n.strip() for group in LISTED.findall(text) for n in group.split(",") if n.strip()]
    return names + (["default"] if DEFAULT.search(text) else [])


def scoped(name: str, text: str) -> str:
    """One module as a function scope that returns its exports."""
    names = exports(text)
    body = IMPORT.sub(lambda m: f"const {{{m[1]}}} = {NAMES}[{json.dumps(m[2])}];", text)
    body = LISTED.sub("", body)
    body = DEFAULT.sub("function __default", body)
    body = re.sub(r"^export (?=(?:async )?function|const )", "", body, flags=re.M)
    out = ", ".join("default: __default" if n == "default" else n for n in names)
    return f"{NAMES}[{json.dumps(name)}] = (() => {{\n{body}\nreturn {{ {out} }};\n}})();\n"


def bundle(folder: Path, entry: str = "index.js") -> str:
    """The bundle's text: every module ``entry`` imports, then the entry's exports as its own."""
    names = order(folder, entry)
    parts = [f"// PLA Lab's plot: its modules (pla_lab/drawing/plot/*.js) in one file, served by "
             f"pla_lab/framework/bundle.py.\nconst {NAMES} = {{}};\n"]
    for name in names:
        parts.append(f"// ---- {name}\n" + scoped(name, (folder / name).read_text(encoding="utf-8")))
    own = exports((folder / entry).read_text(encoding="utf-8"))
    named = [n for n in own if n != "default"]
    parts.append(f"const __entry = {NAMES}[{json.dumps(entry)}];\n"
                 + ("export default __entry.default;\n" if "default" in own else "")
                 + (f"export const {{ {', '.join(named)} }} = __entry;\n" if named else ""))
    return "".join(parts)
