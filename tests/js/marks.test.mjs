// Seed 001's geometry drawn from w (marks.js through scene.traces), and the chart's stacked panels (chart.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { chartFigure } from "../../pla_lab/drawing/plot/chart.js";
import { fmt, stepWords } from "../../pla_lab/drawing/plot/marks.js";
import { restExtra, restPose } from "../../pla_lab/drawing/plot/pose.js";
import { traces } from "../../pla_lab/drawing/plot/scene.js";
import { COLORS, payload } from "./fixtures.mjs";

const pose = (w) => ({ w, anchor: [0, 0], scale: 1, p: null });
const rest = { ghost: null, circle: [], update: null, by: [] };
const find = (all, meta) => all.find((t) => t.meta === meta);

test("the normal layer draws the origin's perpendicular and the unit normal, labelled at rest only", () => {
  const d = payload({ moving: ["boundary", "normal"] });
  const all = traces(d, pose([-1, 2, 0]), rest, null, "#222"); // the line x = 0.5, ŵ = (1, 0), b/‖(w₁, w₂)‖ = −0.5
  assert.deepEqual([find(all, "offset").x, find(all, "offset").y], [[0, 0.5], [0, 0]]);
  assert.deepEqual([find(all, "unit").x, find(all, "unit").y], [[0.5, 1.5], [0, 0]]);
  assert.deepEqual(find(all, "normal-label").text, ["b/‖(w₁, w₂)‖ = −0.5", "ŵ"]);
  const moving = traces(d, pose([-1, 2, 0]), { ...rest, moving: true }, null, "#222");
  assert.deepEqual(find(moving, "normal-label").text, []);
  const none = traces(d, pose([1, 0, 0]), rest, null, "#222"); // w₁ = w₂ = 0: no line, nothing to draw
  assert.equal(find(none, "unit").x.length, 0);
});

test("the distance layer drops the picked point's perpendicular with its signed distance", () => {
  const d = payload({ moving: ["boundary", "distance"], pick: 2 }); // point 2 is (0.5, −1, +1)
  const all = traces(d, pose([0, 0, 2]), rest, null, "#222"); // the line y = 0, + above it
  const seg = find(all, "distance");
  assert.deepEqual([seg.x, seg.y], [[0.5, 0.5], [-1, 0]]);
  assert.deepEqual(find(all, "distance-label").text, ["#2: d = −1"]);
  assert.equal(seg.line.color, COLORS.pos);
  const none = traces(payload({ moving: ["distance"], pick: null }), pose([0, 0, 2]), rest, null, "#222");
  assert.equal(find(none, "distance").x.length, 0);
});

test("fmt writes 4 significant digits with a true minus sign", () => {
  assert.equal(fmt(-0.123456), "−0.1235");
  assert.equal(fmt(0), "0");
  assert.equal(fmt(2.5, 3), "2.5");
});

test("a chart with panels stacks one y axis per panel over one t axis, with labelled marks", () => {
  const c = { key: "k", title: "", x_title: "update t", y_title: "", y_format: ".0%", hover_format: ".1%", x: [0, 1, 2],
    series: [{ name: "a", y: [0, 1, 2] }, { name: "b", y: [0, 1, 4], panel: 1 },
             { name: "bound", x: [0, 40], y: [0, 1], panel: 2, shape: "linear", dash: "dash" }],
    T: 2, ymax: 1, height: 400, alt: "", xmax: 42, marks: [{ x: 30, text: "t ≤ 30" }],
    panels: [{ title: "① one", ymax: 3 }, { title: "② two", ymax: 5 }, { title: "③ three", ymin: -0.1, ymax: 1.1 }] };
  const { traces: tr, layout } = chartFigure(c, COLORS, "#222", 1);
  assert.deepEqual(tr.map((t) => t.yaxis), ["y", "y2", "y3"]);
  assert.deepEqual(tr[2].x, [0, 40]); // a series with its own x keeps it
  assert.equal(tr[2].line.shape, "linear");
  assert.deepEqual(tr[0].x, [0, 1, 2, 3]); // the others run one pad past T
  assert.ok(layout.yaxis.domain[0] > layout.yaxis2.domain[1] && layout.yaxis2.domain[0] > layout.yaxis3.domain[1]);
  assert.deepEqual(layout.yaxis3.range, [-0.1, 1.1]);
  assert.deepEqual(layout.xaxis.range, [0, 42]);
  assert.equal(layout.shapes[0].x0, 1); // the step marker stays the first shape (mark(t) moves it)
  assert.equal(layout.shapes[1].x0, 30);
  assert.deepEqual(layout.annotations.map((a) => a.text), ["① one", "② two", "③ three", "t ≤ 30"]);
  assert.equal(layout.showlegend, false);
});

test("each step in words, for the screen reader's live line", () => {
  const d = payload(); // update 0 corrects point 0 (○), update 2 corrects points 2 and 3 (a batch)
  assert.equal(stepWords(d, 0), "Step 0 of 3: w starts at (0, 0, 0).");
  assert.equal(stepWords(d, 1), "Update 1 of 3: point #0, a ○ (+1), was on the wrong side; w becomes (1, 1, 1).");
  assert.equal(stepWords(d, 2), "Update 2 of 3: point #1, a × (−1), was on the wrong side; w becomes (0.5, 2, 1.5).");
  assert.equal(stepWords(d, 3), "Update 3 of 3: 2 points were on the wrong side; w becomes (0.25, 1.5, 2).");
  assert.equal(stepWords({ ...d, win: null }, 1), "");
});

test("an SGD run's step visits one point: the words say visited, and whether w moved; a zero step draws no arrow", () => {
  const win = { t0: 0, W: [[0, 0, 0], [1, 1, 1], [1, 1, 1]], U: [[1, 1, 1], [0, 0, 0]], I: [[0], [1]], P: null };
  const d = payload({ visits: true, win, T: 2 });
  assert.equal(stepWords(d, 1), "Step 1 of 2: point #0, a ○ (+1), was visited; w becomes (1, 1, 1).");
  assert.equal(stepWords(d, 2), "Step 2 of 2: point #1, a × (−1), was visited; w stays (1, 1, 1).");
  const at = (t) => traces(d, restPose(d, t), restExtra(d, t), null, "#000").find((tr) => tr.meta === "update");
  assert.equal(at(0).x.length, 2); // step 1 moves w: its arrow is drawn
  assert.equal(at(1).x.length, 0); // step 2's gradient is 0: no arrow, not an arrowhead on a point
});
