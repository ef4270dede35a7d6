// The companion layer alone: a second run's w at each step (held at its last w past its end), and its line drawn
// dashed, in the legend, moving with the pose.
import assert from "node:assert/strict";
import { test } from "node:test";

import { companionW } from "../../pla_lab/drawing/plot/companion.js";
import { lerpPose, restPose } from "../../pla_lab/drawing/plot/pose.js";
import { traces } from "../../pla_lab/drawing/plot/scene.js";

const win = { t0: 0, W: [[0, 0, 0], [1, 1, 0], [0, 1, 1], [1, 2, 1]], U: [[1, 1, 0], [-1, 0, 1], [1, 1, 0]], I: [[0], [1], [0]], P: null };
const companion = { t0: 0, W: [[0, 0, 0], [1, 0, 1]], T: 1, last: [1, 0, 1], label: "η = 2 (dashed), T = 1" };
const data = {
  view: [-2, 2, -2, 2], colors: { pos: "#00f", neg: "#f00", pocket: "#c7a", pos_fill: "#00f1", neg_fill: "#f001" },
  moving: ["boundary", "companion"], labels: { boundary: "η = 1 (solid)" }, points: [[1, 0, 1], [0, 1, -1]],
  base: { data: [] }, layers: {}, win, T: 3, companion,
};

test("the companion's w is its own wₜ, then its last w once it has ended", () => {
  assert.deepEqual(companionW(data, 0), [0, 0, 0]);
  assert.deepEqual(companionW(data, 1), [1, 0, 1]);
  assert.deepEqual(companionW(data, 3), [1, 0, 1]);  // halted at 1: held there
  assert.equal(companionW({ ...data, companion: null }, 1), null);
  assert.equal(companionW({ ...data, companion: { ...companion, t0: 5, T: 9 } }, 2), null);  // outside the weights sent
});

test("its line is drawn dashed in the legend, and moves with the pose between two steps", () => {
  const a = restPose(data, 0), b = restPose(data, 1);
  assert.deepEqual(b.c, [1, 0, 1]);
  const mid = lerpPose(a, b, 0.5);
  assert.deepEqual(mid.c, [0.5, 0, 0.5]);
  const tr = traces(data, b, { ghost: null, circle: [], update: null, by: [] }, null, "#000").find((t) => t.meta === "companion");
  assert.equal(tr.line.dash, "dash");
  assert.equal(tr.name, companion.label);
  assert.equal(tr.showlegend, true);
  tr.x.forEach((x, i) => assert.ok(Math.abs(1 + 0 * x + 1 * tr.y[i]) < 1e-12));  // on 1 + x₂ = 0
});
