"""The browser code's own tests: the geometry cases are what pla_core makes, and ``node --test tests/js/`` passes.

Without ``node`` this is skipped locally, but with PLA_LAB_REQUIRE_BROWSER set (CI) it fails instead.
"""

from __future__ import annotations

import base64
import json
import math
import os
import pathlib
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from tests.js import make_geometry_cases, make_picture_cases
from tests.js.close import same

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def test_geometry_cases_are_pla_core_s():
    committed = json.loads(make_geometry_cases.OUT.read_text(encoding="utf-8"))
    same(committed, make_geometry_cases.cases())  # else: python tests/js/make_geometry_cases.py


def test_picture_cases_are_the_servers_pictures():
    committed = json.loads(make_picture_cases.OUT.read_text(encoding="utf-8"))
    made = make_picture_cases.cases()
    same([c["payload"] for c in committed], [c["payload"] for c in made])  # else: python tests/js/make_picture_cases.py
    number = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")
    for old, new in zip(committed, made):  # the same SVG, its numbers (written to 4 digits) to their last digit
        assert number.sub("#", old["svg"]) == number.sub("#", new["svg"]), old["name"]
        for a, b in zip(number.findall(old["svg"]), number.findall(new["svg"])):
            assert math.isclose(float(a), float(b), rel_tol=1e-3, abs_tol=1e-4), (old["name"], a, b)


def test_the_carried_case_is_the_servers():
    committed = json.loads(make_picture_cases.CARRIED.read_text(encoding="utf-8"))
    made = make_picture_cases.carried_case()
    same(committed["payload"], made["payload"])  # else: python tests/js/make_picture_cases.py
    # the server's picture gives its payload back, escaped and all (index.test.mjs reads the committed one in node)
    svg = ET.fromstring(base64.b64decode(made["uri"].split(",", 1)[1]).decode())
    meta = svg.findall("{http://www.w3.org/2000/svg}metadata[@id='pla-payload']")
    assert len(meta) == 1 and json.loads(meta[0].text) == made["payload"]


def test_node_tests_pass():
    node = shutil.which("node")
    if node is None:
        if os.environ.get("PLA_LAB_REQUIRE_BROWSER"):
            pytest.fail("node is missing but the browser code's tests are required (PLA_LAB_REQUIRE_BROWSER is set)")
        pytest.skip("node not installed (apt-get install -y nodejs)")
    run = subprocess.run([node, "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
