// band.js: the margin perceptron's band against pla_core's mistake rule (band_cases.json), and its traces.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { bandEdges, bandPolygon, bandTraces, halfWidth } from "../../pla_lab/drawing/plot/band.js";
import { restExtra, restPose } from "../../pla_lab/drawing/plot/pose.js";
import { noEdits, traces, TWEENED } from "../../pla_lab/drawing/plot/scene.js";
import { payload } from "./fixtures.mjs";

const CASES = JSON.parse(readFileSync(new URL("./band_cases.json", import.meta.url), "utf8"));

// Inside a convex polygon (in order): on the same side of every edge; also how near an edge the point is.
function inside(poly, p) {
  if (!poly) return { in: false, near: Infinity };
  let pos = true, neg = true, near = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i], b = poly[(i + 1) % poly.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const c = ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / (len || 1);
    pos = pos && c >= 0;
    neg = neg && c <= 0;
    near = Math.min(near, Math.abs(c));
  }
  return { in: pos || neg, near };
}

test("the band holds exactly the points that are mistakes whatever their label (pla_core's is_mistake)", () => {
  let checked = 0;
  for (const c of CASES) {
    const poly = bandPolygon(c.w, c.gamma, c.view);
    c.points.forEach((p, i) => {
      const where = inside(poly, p);
      if (where.near < 1e-9) return; // on an edge: the drawing does not decide it
      assert.equal(where.in, c.pos[i] && c.neg[i], `${c.name}: point ${p}`);
      // Outside the band a point is a mistake only on its wrong side.
      const s = c.w[0] + c.w[1] * p[0] + c.w[2] * p[1];
      if (!where.in) assert.deepEqual([c.pos[i], c.neg[i]], [s < 0, s > 0], `${c.name}: point ${p} outside`);
      checked += 1;
    });
  }
  assert.ok(checked > 900, `only ${checked} points checked`);
});

test("the half-width in the plane is (γ/2)·‖w‖/‖(w₁, w₂)‖, ‖w‖ with the bias weight: wider than γ/2 when b ≠ 0", () => {
  for (const c of CASES) {
    const h = halfWidth(c.w, c.gamma);
    if (c.half === null) { assert.equal(h, null, c.name); continue; }
    assert.ok(Math.abs(h - c.half) <= 1e-12 * c.half, `${c.name}: ${h} vs ${c.half}`);
  }
  assert.ok(halfWidth([2, 1, -0.5], 0.2) > 0.1 * 2, "b = 2 makes the band more than twice γ/2 wide");
  assert.equal(halfWidth([0, 3, 4], 0.2), 0.1, "no bias: exactly γ/2");
});

test("the edges lie at ± the half-width from the line, on the +1 side and the −1 side", () => {
  const w = [0.3, 1, -2], gamma = 0.25, v = [-2, 2, -2, 2];
  const [up, down] = bandEdges(w, gamma, v), h = halfWidth(w, gamma), nn = Math.hypot(w[1], w[2]);
  const dist = (p) => (w[0] + w[1] * p[0] + w[2] * p[1]) / nn;
  for (const p of up) assert.ok(Math.abs(dist(p) - h) < 1e-12);
  for (const p of down) assert.ok(Math.abs(dist(p) + h) < 1e-12);
  assert.deepEqual(bandEdges([1, 0, 0], gamma, v), [null, null], "no line, no edges");
});

const gammaPayload = (over = {}) => payload({ moving: ["shade", "band", "ghost", "boundary", "w", "update", "circle"],
  gamma: 0.5, labels: { band: "mistake band" }, ...over });
const at = (d, t) => traces(d, restPose(d, t), restExtra(d, t), noEdits(), "#111111");
const find = (tr, m) => tr.find((x) => x.meta === m);

test("traces: the band under the points after the shading, named in the legend, and moving in a tween", () => {
  const tr = at(gammaPayload(), 1).map((x) => x.meta);
  assert.deepEqual(tr.slice(0, 6), ["shade+", "shade-", "band", "band-edge+", "band-edge-", "ghost"]);
  assert.ok(tr.indexOf("band") < tr.indexOf("points"));
  const band = find(at(gammaPayload(), 1), "band");
  assert.deepEqual([band.name, band.showlegend, band.fill], ["mistake band", true, "toself"]);
  for (const m of ["band", "band-edge+", "band-edge-"]) assert.ok(TWEENED.includes(m), m);
});

test("traces: the band follows w from step to step; at w = 0 it is the whole view; no γ, no band", () => {
  const d = gammaPayload();
  const whole = find(at(d, 0), "band"); // w₀ = 0: every point is a mistake
  assert.deepEqual([Math.min(...whole.x), Math.max(...whole.x), Math.min(...whole.y), Math.max(...whole.y)], d.view);
  for (const t of [1, 2, 3]) {
    const w = d.win.W[t], tr = at(d, t), h = halfWidth(w, d.gamma), nn = Math.hypot(w[1], w[2]);
    const e = find(tr, "band-edge+");
    assert.equal(e.x.length, 2);
    e.x.forEach((x, i) => assert.ok(Math.abs((w[0] + w[1] * x + w[2] * e.y[i]) / nn - h) < 1e-9, `step ${t}`));
  }
  assert.notDeepEqual(find(at(d, 1), "band").x, find(at(d, 2), "band").x);
  assert.deepEqual(bandTraces(payload(), restPose(payload(), 1), "#111").map((x) => x.x), [[], [], []]);
  assert.ok(!at(payload(), 1).some((x) => x.meta === "band"), "a lesson without the layer draws none");
});
