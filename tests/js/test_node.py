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


# Node imports each module, then the server's bundle of them: every module's exports as the bundle reads them
# (pla_lab/framework/bundle.py) are node's, in full; the bundle exports what the entry module does, and works (it
# reads a first picture's payload, the carried case).
BUNDLE_CHECK = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, bundle, expected, cased] = process.argv.slice(2);
const want = JSON.parse(readFileSync(expected, "utf8")), bad = [];
for (const [name, names] of Object.entries(want)) {
  const got = Object.keys(await import(pathToFileURL(`${dir}/${name}`).href)).sort();
  if (JSON.stringify(got) !== JSON.stringify([...names].sort())) bad.push([name, got, names]);
}
const entry = Object.keys(await import(pathToFileURL(`${dir}/index.js`).href)).sort();
const b = await import(pathToFileURL(bundle).href);
if (JSON.stringify(Object.keys(b).sort()) !== JSON.stringify(entry)) bad.push(["bundle", Object.keys(b), entry]);
const c = JSON.parse(readFileSync(cased, "utf8"));
if (JSON.stringify(b.carried(c.uri)) !== JSON.stringify(c.payload)) bad.push(["carried", "differs"]);
console.log(JSON.stringify(bad));
"""


def test_the_plot_s_bundle_is_its_modules(tmp_path):
    node = shutil.which("node")
    if node is None:
        if os.environ.get("PLA_LAB_REQUIRE_BROWSER"):
            pytest.fail("node is missing but the browser code's tests are required (PLA_LAB_REQUIRE_BROWSER is set)")
        pytest.skip("node not installed (apt-get install -y nodejs)")
    from pla_lab.framework import bundle, server

    names = bundle.order(server.PLOT_DIR, "index.js")
    assert names[-1] == "index.js" and len(names) == len(set(names))
    want = {n: bundle.exports((server.PLOT_DIR / n).read_text(encoding="utf-8")) for n in names}
    (tmp_path / "bundle.mjs").write_text(server.plot_bundle(), encoding="utf-8")
    (tmp_path / "want.json").write_text(json.dumps(want), encoding="utf-8")
    (tmp_path / "check.mjs").write_text(BUNDLE_CHECK, encoding="utf-8")
    run = subprocess.run([node, str(tmp_path / "check.mjs"), str(server.PLOT_DIR), str(tmp_path / "bundle.mjs"),
                          str(tmp_path / "want.json"), str(make_picture_cases.CARRIED)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and json.loads(run.stdout) == [], run.stdout + run.stderr
    with pytest.raises(ValueError, match="cycle"):  # modules that import each other are refused, never half-run
        (tmp_path / "a.js").write_text('import { b } from "./b.js";\nexport const a = 1;\n', encoding="utf-8")
        (tmp_path / "b.js").write_text('import { a } from "./a.js";\nexport const b = 2;\n', encoding="utf-8")
        bundle.order(tmp_path, "a.js")
