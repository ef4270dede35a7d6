// geometry.js against pla_core.geometry (the definition): cases written by make_geometry_cases.py.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { area, clip, clipPoly, curve, perpendicular, rect, signGrid } from "../../pla_lab/drawing/plot/geometry.js";

const CASES = JSON.parse(readFileSync(new URL("./geometry_cases.json", import.meta.url), "utf8"));
const REL = 1e-9;

const scale = (box) => Math.max(...box.map(Math.abs));
const close = (a, b, tol) => Math.abs(a - b) <= tol;
const near = (p, q, tol) => close(p[0], q[0], tol) && close(p[1], q[1], tol);

// Two polygons are the same if every vertex of each is (within tol) a vertex of the other and the areas agree.
function samePolygon(a, b, tol, msg) {
  if (a === null || b === null) return assert.equal(a, b, msg);
  for (const p of a) assert.ok(b.some((q) => near(p, q, tol)), `${msg}: vertex ${p} of JS is not in Python's`);
  for (const q of b) assert.ok(a.some((p) => near(p, q, tol)), `${msg}: vertex ${q} of Python is not in JS's`);
  assert.ok(close(area(a), area(b), tol * tol + REL * area(b)), `${msg}: area ${area(a)} vs ${area(b)}`);
}

test("the cases cover the edge cases", () => {
  assert.ok(CASES.length >= 300);
  for (const word of ["vertical", "horizontal", "misses", "corner", "w1 = w2 = 0", "scaled by 1e-150", "scaled by 1e+150"]) {
    assert.ok(CASES.some((c) => c.name.includes(word)), word);
  }
  assert.ok(CASES.some((c) => c.seg === null) && CASES.some((c) => c.seg !== null));
});

test("clip is pla_core.geometry.clip_line", () => {
  for (const c of CASES) {
    const seg = clip(c.w, c.box), tol = REL * scale(c.box);
    if (c.seg === null) { assert.equal(seg, null, c.name); continue; }
    assert.ok(seg, `${c.name}: JS found no segment`);
    assert.ok(near(seg[0], c.seg[0], tol) && near(seg[1], c.seg[1], tol), `${c.name}: ${JSON.stringify(seg)} vs ${JSON.stringify(c.seg)}`);
  }
});

test("clipPoly of the box is pla_core.geometry.half_plane", () => {
  for (const c of CASES) {
    const tol = REL * scale(c.box);
    samePolygon(clipPoly(rect(c.box), c.w, 1), c.pos, tol, `${c.name} (+)`);
    samePolygon(clipPoly(rect(c.box), c.w, -1), c.neg, tol, `${c.name} (−)`);
  }
});

test("the two half-planes of a line tile the box", () => {
  for (const c of CASES.filter((c) => c.w.some((x) => x !== 0))) { // w = 0: both are the whole box
    const [xmin, xmax, ymin, ymax] = c.box, total = (xmax - xmin) * (ymax - ymin);
    const sum = area(clipPoly(rect(c.box), c.w, 1)) + area(clipPoly(rect(c.box), c.w, -1));
    assert.ok(close(sum, total, 1e-9 * total), c.name);
  }
});

test("clipPoly(null) is null, and a polygon on one side is kept whole", () => {
  assert.equal(clipPoly(null, [0, 1, 0], 1), null);
  assert.deepEqual(clipPoly(rect([0, 1, 0, 1]), [5, 1, 1], 1), rect([0, 1, 0, 1]));
});

test("curve of a lifted w with w₃ = 0 is its straight line", () => {
  const v = [-1, 1, -1, 1], w = [0.1, 1, -0.5, 0];
  const [xs, ys] = curve(w, v);
  assert.equal(xs.filter((x) => x === null).length, 1, "one stroke");
  xs.forEach((x, i) => { if (x !== null) assert.ok(Math.abs(w[0] + w[1] * x + w[2] * ys[i]) < 1e-12); });
});

test("curve of the XOR boundary x₁x₂ = 0 is two strokes on the axes", () => {
  const [xs, ys] = curve([0, 0, 0, 1], [-1.005, 1.005, -1.005, 1.005]);
  assert.ok(xs.filter((x) => x === null).length >= 2);
  xs.forEach((x, i) => { if (x !== null) assert.ok(Math.abs(x * ys[i]) < 1e-12, `${x}, ${ys[i]}`); });
  assert.equal(curve([1, 0, 0, 0], [-1, 1, -1, 1]), null, "a constant has no boundary");
});

test("signGrid gives the sign at cell centres", () => {
  const g = signGrid([0, 0, 0, 1], [-1, 1, -1, 1], 4);
  assert.deepEqual(g.xs, [-0.75, -0.25, 0.25, 0.75]);
  assert.deepEqual(g.z[0], [1, 1, -1, -1]);
  assert.deepEqual(g.z[3], [-1, -1, 1, 1]);
});

test("perpendicular is pla_core.geometry.signed_distance and foot", () => {
  for (const c of CASES) {
    const o = perpendicular(c.w, c.p), tol = REL * scale(c.box);
    if (c.d === null) { assert.equal(o, null, c.name); continue; }
    assert.ok(close(o.d, c.d, tol), `${c.name}: d ${o.d} vs ${c.d}`);
    assert.ok(near(o.foot, c.foot, tol), `${c.name}: foot ${o.foot} vs ${c.foot}`);
  }
});
