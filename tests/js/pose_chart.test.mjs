// pose.js (what is on screen at a step) and chart.js's pure figure.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chartFigure } from "../../pla_lab/drawing/plot/chart.js";
import { I, lerpPose, P, restExtra, restPose, U, W } from "../../pla_lab/drawing/plot/pose.js";
import { payload, pocketPayload } from "./fixtures.mjs";

test("window entries, and null outside the window", () => {
  const d = payload({ win: { ...payload().win, t0: 10 } });
  assert.deepEqual(W(d, 11), [1, 1, 1]);
  assert.equal(W(d, 9), null);
  assert.deepEqual(U(d, 12), [-0.25, -0.5, 0.5]);
  assert.deepEqual(I(d, 12), [2, 3]);
  assert.deepEqual(I(d, 13), [], "no update after the last weights");
  assert.equal(P(d, 10), null, "no pocket");
  assert.deepEqual(P(pocketPayload(), 2), [1, 1, 1]);
});

test("the rest pose scales arrows so the longer of w and w + update is 22% of the view", () => {
  const d = payload(), p = restPose(d, 1);
  const m = Math.max(Math.hypot(1, 1), Math.hypot(1 + 1, 1 + 0.5));
  assert.ok(Math.abs(p.scale - 0.22 * 4 / m) < 1e-12);
  assert.deepEqual(restPose(d, 0).anchor, [0, 0], "no line: the middle of the view");
  const last = restPose(d, 3);
  assert.ok(Math.abs(last.scale - 0.22 * 4 / Math.hypot(1.5, 2)) < 1e-12, "the last step: w alone");
});

test("rest extra: ghost, circle, and the update's feature part", () => {
  const d = payload();
  assert.deepEqual(restExtra(d, 1), { ghost: [0, 0, 0], circle: [1], update: [1, 0.5], by: [1], t: 1, nt: 1, upd: 1 });
  assert.deepEqual(restExtra(d, 3), { ghost: [0.5, 2, 1.5], circle: [], update: null, by: [], t: 3, nt: 3, upd: null });
});

test("poses interpolate, the pocket too", () => {
  const d = pocketPayload(), a = restPose(d, 0), b = restPose(d, 1), m = lerpPose(a, b, 0.5);
  assert.deepEqual(m.w, [0.5, 0.5, 0.5]);
  assert.deepEqual(m.p, [0.5, 0.5, 0.5]);
});

test("the chart is drawn from its declaration: title, axis titles, formats, palette colours", () => {
  const d = pocketPayload(), { traces, layout } = chartFigure(d.chart, d.colors, "#222", 2);
  assert.equal(layout.title.text, "Errors");
  assert.equal(layout.xaxis.title.text, "update t");
  assert.equal(layout.yaxis.title.text, "error");
  assert.equal(layout.yaxis.tickformat, ".0%");
  assert.deepEqual(layout.yaxis.range, [0, 1]);
  assert.equal(layout.shapes[0].x0, 2);
  assert.equal(traces[1].line.color, d.colors.pocket, "a palette name");
  assert.equal(traces[0].line.color, "rgba(128,128,128,0.85)", "a CSS colour");
  assert.equal(layout.yaxis.hoverformat, ".1%", "the readout's format");
  assert.equal(traces[0].x.length, d.chart.x.length + 1, "the last value drawn on past the last update");
  const other = chartFigure({ ...d.chart, y_format: ".2f", title: "" }, d.colors, "#222", 0);
  assert.equal(other.layout.yaxis.tickformat, ".2f");
  assert.equal(other.layout.title, undefined);
});
