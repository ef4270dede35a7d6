// The plot drawn early, on the first picture (index.js's early): the payload the picture carries is read back
// whole, every character its SVG metadata escapes included; a picture without one gives none.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { carried } from "../../pla_lab/drawing/plot/index.js";

const CASE = JSON.parse(readFileSync(new URL("./carried_case.json", import.meta.url), "utf8"));

test("the first picture's data: URI gives back the payload the server put in it", () => {
  assert.deepEqual(carried(CASE.uri), CASE.payload);
  assert.match(CASE.payload.alt, /& "b" < 0 >/); // the escaped characters, and the picture's own words
});

test("a picture that carries nothing, or is no SVG, gives null", () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>';
  assert.equal(carried("data:image/svg+xml;base64," + Buffer.from(svg).toString("base64")), null);
  assert.equal(carried("data:image/svg+xml;base64,%%%"), null);
  const broken = '<svg><metadata id="pla-payload">{"points": [</metadata></svg>';
  assert.equal(carried("data:image/svg+xml;base64," + Buffer.from(broken).toString("base64")), null);
});
