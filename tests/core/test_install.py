"""README's notebook section, as a newcomer follows it (issue 21, part 5): its install line, run in a fresh virtual
environment on a copy of the checkout, makes `import pla_core` and its snippet work from another directory."""

from __future__ import annotations

import ast
import os
import pathlib
import re
import shutil
import site
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[2]
SECTION = "## `pla_core` in a notebook"


def notebook_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.index("\n## ", start + len(SECTION))
    return text[start:end]


def third_party_imports() -> set[str]:
    """Top-level modules pla_core imports that are neither its own nor Python's."""
    found = set()
    for path in (ROOT / "pla_core").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return {m for m in found if m not in sys.stdlib_module_names and m != "pla_core"}


def test_pyproject_declares_pla_core_and_every_package_it_imports():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = {re.split(r"[<>=!~ \[]", d)[0].lower() for d in project["project"]["dependencies"]}
    assert third_party_imports() <= declared, (third_party_imports(), declared)
    assert not declared & {"streamlit", "plotly"}  # a notebook gets the core only; the app's are an extra
    packages = project["tool"]["setuptools"]["packages"]
    inits = (ROOT / "pla_core").rglob("__init__.py")
    subpackages = {p.parent.relative_to(ROOT).as_posix().replace("/", ".") for p in inits}
    assert subpackages <= set(packages), subpackages


def _pip(python: pathlib.Path, args: list[str], env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(python), "-m", "pip", *args], capture_output=True, text=True, env=env, timeout=600)


def test_readmes_install_line_makes_its_snippet_run_from_another_directory(tmp_path):
    section = notebook_section()
    install = re.search(r"^    (pip install .*)$", section, re.M)
    assert install, "README's notebook section gives no install line"
    args = install.group(1).split()[2:]
    assert args[-1] == ".", args  # run in the checkout
    snippet = re.search(r"```python\n(.*?)```", section, re.S).group(1)

    checkout = tmp_path / "checkout"  # a copy: the real checkout gets no egg-info, and other runs see no change
    checkout.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, checkout / name)
    shutil.copytree(ROOT / "pla_core", checkout / "pla_core", ignore=shutil.ignore_patterns("__pycache__"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    # NumPy and SciPy as this Python has them (even when it is itself a venv): nothing is downloaded for them.
    site_dir = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                              capture_output=True, text=True, check=True).stdout.strip()
    pathlib.Path(site_dir, "outer.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    base = ["install", "--no-deps", *args[:-1], str(checkout)]
    # The setuptools already installed builds it offline if it can (≥ 70.1, or with the wheel package); if not,
    # pip fetches a build backend from the package index it installed the requirements from.
    done = _pip(python, [*base[:1], "--no-build-isolation", *base[1:]], env)
    if done.returncode:
        done = _pip(python, base, env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]

    elsewhere = tmp_path / "notebook"
    elsewhere.mkdir()
    probe = "import pla_core, sys; print(pla_core.__file__)\n" + snippet
    ran = subprocess.run([str(python), "-c", probe], cwd=elsewhere, capture_output=True, text=True, env=env,
                         timeout=300)
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert pathlib.Path(ran.stdout.splitlines()[0]).is_relative_to(checkout / "pla_core")
