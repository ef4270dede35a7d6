// The shape of the browser code: small ES modules, no module-level mutable state, all importable without a DOM.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

const DIR = new URL("../../pla_lab/drawing/plot/", import.meta.url);
const FILES = readdirSync(DIR).filter((f) => f.endsWith(".js"));

test("every module imports without a browser", async () => {
  assert.ok(FILES.includes("index.js"));
  for (const f of FILES) await import(new URL(f, DIR));
  const index = await import(new URL("index.js", DIR));
  assert.equal(typeof index.default, "function");
});

test("modules are short and hold no mutable state of their own", () => {
  for (const f of FILES) {
    const src = readFileSync(new URL(f, DIR), "utf8");
    assert.ok(src.split("\n").length <= 200, `${f} is over 200 lines`);
    assert.doesNotMatch(src, /^(export\s+)?(let|var)\s/m, `${f} has a module-level let/var`);
    assert.doesNotMatch(src, /window\.__plaPlotly/, `${f} uses a global promise for plotly.js`);
  }
});

test("protocol.js mirrors protocol.py's version and moving layers", async () => {
  const { VERSION, MOVING_LAYERS } = await import(new URL("protocol.js", DIR));
  const py = readFileSync(new URL("../../framework/protocol.py", DIR), "utf8");
  assert.equal(VERSION, Number(py.match(/^VERSION = (\d+)/m)[1]));
  const layers = py.match(/^MOVING_LAYERS = \(([^)]*)\)/m)[1].match(/"([^"]+)"/g).map((s) => s.slice(1, -1));
  assert.deepEqual([...MOVING_LAYERS], layers);
  for (const name of ["Window", "Target", "Series", "Chart", "Payload", "Click", "Tick", "EventBatch"]) {
    assert.match(py, new RegExp(`^class ${name}\\(TypedDict`, "m"), `${name} in protocol.py`);
    assert.match(readFileSync(new URL("protocol.js", DIR), "utf8"), new RegExp(`@typedef \\{Object\\} ${name}\\b`), name);
  }
});

test("protocol.js declares every field of protocol.py's TypedDicts", () => {
  const py = readFileSync(new URL("../../framework/protocol.py", DIR), "utf8");
  const js = readFileSync(new URL("protocol.js", DIR), "utf8");
  for (const m of py.matchAll(/^class (\w+)\(TypedDict[^)]*\):\n((?:(?:    .*)?\n)+)/gm)) {
    const block = js.split(`@typedef {Object} ${m[1]}\n`)[1].split("*/")[0];
    for (const f of m[2].matchAll(/^    (\w+): /gm)) {
      assert.match(block, new RegExp(`@property \\{[^}]+\\} \\[?${f[1]}\\]?`), `${m[1]}.${f[1]} in protocol.js`);
    }
  }
});
