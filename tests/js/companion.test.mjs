// The companion layer alone: a second run's w at each step (held at its last w past its end), and its line drawn
// dashed, in the legend, moving with the pose.
import assert from "node:assert/strict";
import { test } from "node:test";

import { companionW, companionWs } from "../../pla_lab/drawing/plot/companion.js";
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
  assert.deepEqual(b.c, [[1, 0, 1]]);
  const mid = lerpPose(a, b, 0.5);
  assert.deepEqual(mid.c, [[0.5, 0, 0.5]]);
  const tr = traces(data, b, { ghost: null, circle: [], update: null, by: [] }, null, "#000").find((t) => t.meta === "companion");
  assert.equal(tr.line.dash, "dash");
  assert.equal(tr.name, companion.label);
  assert.equal(tr.showlegend, true);
  tr.x.forEach((x, i) => assert.ok(Math.abs(1 + 0 * x + 1 * tr.y[i]) < 1e-12));  // on 1 + x₂ = 0
});

test("several companions: each its own w, colour, dash and legend name, all moving with the pose", () => {
  const two = { ...companion, W: [[0, 1, 0], [0, 2, 0]], last: [0, 2, 0], label: "hinge", color: "neg", dash: "dot" };
  const three = { ...companion, W: [[0, 0, 1], [1, 0, 2]], T: 5, label: "squared", color: "#123456" };
  const many = { ...data, companion: [companion, two, three] };
  assert.deepEqual(companionWs(many, 1), [[1, 0, 1], [0, 2, 0], [1, 0, 2]]);
  assert.deepEqual(companionWs(many, 3), [[1, 0, 1], [0, 2, 0], null]);  // the third's weights at 3 were not sent
  assert.deepEqual(companionW(many, 0, 2), [0, 0, 1]);
  const mid = lerpPose(restPose(many, 0), restPose(many, 1), 0.5);
  assert.deepEqual(mid.c, [[0.5, 0, 0.5], [0, 1.5, 0], [0.5, 0, 1.5]]);
  const lines = traces(many, mid, { ghost: null, circle: [], update: null, by: [] }, null, "#000").filter((t) => t.meta === "companion");
  assert.deepEqual(lines.map((t) => t.name), [companion.label, "hinge", "squared"]);
  assert.deepEqual(lines.map((t) => t.line.color), ["#c7a", "#f00", "#123456"]);  // palette names are read from the palette
  assert.deepEqual(lines.map((t) => t.line.dash), ["dash", "dot", "dash"]);
  lines[1].x.forEach((x) => assert.ok(Math.abs(1.5 * x) < 1e-12));  // the hinge's 1.5·x₁ = 0: the x₂ axis
  assert.equal(traces({ ...data, companion: [] }, restPose(data, 0), { ghost: null, circle: [], update: null, by: [] }, null, "#000")
    .filter((t) => t.meta === "companion").length, 0);
});

test("a companion with arrows draws its w from its own line and, at rest, its step at the shown run's scale", () => {
  const moving = { ...companion, W: [[0, 1, 0], [0.5, 1, 1], [0.5, 1, 1]], T: 5, last: [0.5, 1, 1], label: "hinge", arrows: true };
  const d = { ...data, moving: ["boundary", "companion", "w"], companion: [companion, moving] };
  const pose = restPose(d, 0), extra = { ghost: null, circle: [], update: [1, 0], by: [], upd: 0 };
  const all = traces(d, pose, extra, null, "#000");
  const [w] = all.filter((t) => t.meta === "companion-w"), [u] = all.filter((t) => t.meta === "companion-update");
  assert.equal(all.filter((t) => t.meta === "companion-w").length, 1); // the first companion has no arrows
  const s = pose.scale;
  assert.ok(Math.abs(w.x[1] - w.x[0] - 1 * s) < 1e-9 && Math.abs(w.y[1] - w.y[0]) < 1e-9); // w = (1, 0) scaled
  assert.ok(Math.abs(w.x[0]) < 1e-9); // from its own line, x₁ = 0
  assert.ok(Math.abs(u.x[0] - w.x[1]) < 1e-9 && Math.abs(u.y[1] - u.y[0] - 1 * s) < 1e-9); // step (0, 1) from w's tip
  // between two steps and at a zero step: the step's arrow is not drawn (its trace stays, empty)
  const between = traces(d, pose, { ...extra, moving: true }, null, "#000").find((t) => t.meta === "companion-update");
  assert.equal(between.x.length, 0);
  const still = traces(d, restPose(d, 1), { ...extra, upd: 1 }, null, "#000").find((t) => t.meta === "companion-update");
  assert.equal(still.x.length, 0); // W[1] = W[2]: no step
});
