"""The course's data sets the core is tested against are in the repository, unchanged: a clone with nothing beside
it has them (tests/core/data/ntu-mlfoundations-hw1/README.md says where they come from)."""

from __future__ import annotations

import hashlib
import re

import pytest

import pla_core as pc

from .test_oracles import REF

#: file → (rows, sha256), read from the data's own README, the one place that states them
ROWS = {m[1]: (int(m[2]), m[3]) for m in
        re.finditer(r"^\| (\S+\.dat) +\| (\d+) \| ([0-9a-f]{64}) \|$", (REF / "README.md").read_text("utf-8"), re.M)}


def test_the_readme_lists_every_data_file():
    assert sorted(ROWS) == sorted(p.name for p in REF.glob("*.dat")) == [
        "hw1_15_train.dat", "hw1_18_test.dat", "hw1_18_train.dat"]


@pytest.mark.parametrize("name", sorted(ROWS))
def test_each_file_is_the_course_s_own(name):
    rows, sha = ROWS[name]
    assert hashlib.sha256((REF / name).read_bytes()).hexdigest() == sha
    X, y = pc.load_points(REF / name)
    assert X.shape == (rows, 4) and set(y.tolist()) == {-1, 1}


def test_the_tests_read_the_repository_s_copy_not_a_folder_beside_it():
    assert REF.is_relative_to(REF.parents[3]) and REF.parents[3].joinpath("pyproject.toml").is_file()


def test_no_code_reads_a_folder_beside_the_checkout():
    """Nothing the suite or the app runs reads ../shared (the project's notes and data as laid out for its
    developers): a clone anywhere else has no such folder."""
    root = REF.parents[3]
    beside = re.compile(r"""["']\.\./shared|["']shared["']\s*/|["']reference-data["']""")
    found = [f"{p.relative_to(root)}:{n}" for folder in ("pla_core", "pla_lab", "pages", "tests", "benchmarks", "deploy")
             for p in sorted((root / folder).rglob("*.py"))
             for n, line in enumerate(p.read_text("utf-8").splitlines(), 1) if beside.search(line)]
    assert found == []
