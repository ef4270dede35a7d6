// Marks that would leave the plot (issue 20, defect 6): a line off the view is shown at its edge with words, the
// arrows start where they stay in the view, and the legend says at what scale they are drawn.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { clip, octant, offBox } from "../../pla_lab/drawing/plot/geometry.js";
import { lineNote } from "../../pla_lab/drawing/plot/marks.js";
import { anchorOf, restExtra, restPose } from "../../pla_lab/drawing/plot/pose.js";
import { noEdits, traces } from "../../pla_lab/drawing/plot/scene.js";
import { payload } from "./fixtures.mjs";

const CASES = JSON.parse(readFileSync(new URL("./geometry_cases.json", import.meta.url), "utf8"));
const find = (tr, m) => tr.find((x) => x.meta === m);
const at = (d, t) => traces(d, restPose(d, t), restExtra(d, t), noEdits(), "#111111");

// A small seeded generator (mulberry32): the same cases on every run.
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("offBox is pla_core.geometry.off_box", () => {
  assert.ok(CASES.some((c) => c.off) && CASES.some((c) => !c.off));
  for (const c of CASES) {
    const d = offBox(c.w, c.box);
    if (c.off === null) { assert.equal(d, null, c.name); continue; }
    assert.ok(d && Math.abs(d[0] - c.off[0]) < 1e-9 && Math.abs(d[1] - c.off[1]) < 1e-9, `${c.name}: ${d} vs ${c.off}`);
  }
});

test("anchorOf is pla_core.geometry.arrow_start", () => {
  for (const c of CASES) {
    const a = anchorOf(c.w, c.box, c.tips), tol = 1e-9 * Math.max(...c.box.map(Math.abs));
    assert.ok(Math.abs(a[0] - c.start[0]) <= tol && Math.abs(a[1] - c.start[1]) <= tol, `${c.name}: ${a} vs ${c.start}`);
  }
});

test("the compass points", () => {
  assert.deepEqual([[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]].map(octant), [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.equal(octant([1, -0.01]), 0);
});

test("from the anchor, w and w + update end inside the view; on the line whenever they can", () => {
  const r = rng(20);
  let onLine = 0, off = 0;
  for (let i = 0; i < 3000; i++) {
    const v = [-1 - 3 * r(), 1 + 3 * r(), -1 - 3 * r(), 1 + 3 * r()];
    const w = [6 * r() - 3, 2 * r() - 1, 2 * r() - 1], u = [2 * r() - 1, 2 * r() - 1];
    const L = 0.22 * Math.min(v[1] - v[0], v[3] - v[2]);
    const s = L / Math.max(Math.hypot(w[1], w[2]), Math.hypot(w[1] + u[0], w[2] + u[1]));
    const wv = [w[1] * s, w[2] * s], tips = [wv, [wv[0] + u[0] * s, wv[1] + u[1] * s]];
    const a = anchorOf(w, v, tips), eps = 1e-9 * (v[1] - v[0]);
    for (const p of [[0, 0], ...tips]) {
      const x = a[0] + p[0], y = a[1] + p[1];
      assert.ok(x >= v[0] - eps && x <= v[1] + eps && y >= v[2] - eps && y <= v[3] + eps, `case ${i}: ${[x, y]} outside ${v}`);
    }
    const f = Math.abs(w[0] + w[1] * a[0] + w[2] * a[1]) / Math.hypot(w[1], w[2]);
    if (f < 1e-9) onLine += 1;
    // Off the line only when no point of the visible line has room for the arrows (within the 4% inset).
    const seg = clip(w, v);
    if (f >= 1e-9 && seg) {
      off += 1;
      const m = 0.04 * Math.min(v[1] - v[0], v[3] - v[2]);
      for (let k = 0; k <= 20; k++) {
        const q = [seg[0][0] + (k / 20) * (seg[1][0] - seg[0][0]), seg[0][1] + (k / 20) * (seg[1][1] - seg[0][1])];
        const fits = [[0, 0], ...tips].every((p) => q[0] + p[0] >= v[0] + m + eps && q[0] + p[0] <= v[1] - m - eps &&
                                                   q[1] + p[1] >= v[2] + m + eps && q[1] + p[1] <= v[3] - m - eps);
        assert.ok(!fits, `case ${i}: ${q} on the line had room`);
      }
    }
  }
  assert.ok(onLine > 1000 && off > 10, `${onLine} on the line, ${off} beside it`);
});

test("a visible line whose arrows fit keeps the anchor at the middle of its segment", () => {
  assert.deepEqual(anchorOf([0, 1, 0], [-2, 2, -2, 2], [[0.5, 0], [0.5, 0.5]]), [0, 0]);
  assert.deepEqual(anchorOf([0, 0, 0], [-2, 2, -2, 2], [[0, 0], [1, 0]]), [0, 0], "no line: the middle");
});

test("issue 20's step: w₁ = (−1, 0.749, 0.154) at the right edge, its arrows drawn inside the view", () => {
  const d = payload({ view: [-1.25, 1.25, -1.25, 1.25] });
  d.win.W[1] = [-1, 0.749, 0.154];
  d.win.U[1] = [1, 0.296, -0.887];
  d.win.W[2] = [0, 1.045, -0.733];
  const tr = at(d, 1);
  for (const m of ["w", "update", "next w"]) {
    const t = find(tr, m);
    assert.ok(t.x.length === 2 && t.x.every((x) => x >= -1.25 && x <= 1.25) && t.y.every((y) => y >= -1.25 && y <= 1.25),
              `${m}: ${t.x} ${t.y}`);
  }
  assert.ok(find(tr, "boundary").x.length === 2, "the line's corner is still drawn");
  assert.equal(find(tr, "line-note").x.length, 0, "no note: the line is on the plot");
});

test("the legend says the arrows' scale, the one they are drawn at", () => {
  const d = payload(), pose = restPose(d, 1), w = find(at(d, 1), "w");
  assert.equal(w.showlegend, true);
  const s = Number(w.name.match(/×([\d.]+)/)[1]);
  assert.ok(s === Number(pose.scale.toPrecision(2)) && Math.abs(s - pose.scale) <= 0.05 * pose.scale, `${w.name} vs ${pose.scale}`);
  assert.ok(Math.abs((w.x[1] - w.x[0]) - pose.w[1] * pose.scale) < 1e-12, "the arrow is w at that scale");
  assert.match(find(at(d, 0), "w").name, /^w \(×/, "w₀ = 0 has no arrow, the update arrow is still scaled");
});

test("a line off the plot is named at the edge it lies beyond; w = 0 says why there is no line", () => {
  const v = [0, 1, 0, 1], rest = {};
  const right = lineNote([-5, 1, 0], v, rest, "#000");
  assert.deepEqual(right.text, ["line off the plot →"]);
  assert.ok(right.x[0] > 0.9 && right.x[0] < 1 && Math.abs(right.y[0] - 0.5) < 1e-12);
  assert.deepEqual(lineNote([5, 1, 0], v, rest, "#000").text, ["← line off the plot"]);
  assert.deepEqual(lineNote([-5, 1, 1], v, rest, "#000").text, ["line off the plot ↗"]);
  assert.deepEqual(lineNote([1, 0, 1], v, rest, "#000").text, ["line off the plot ↓"]);
  assert.deepEqual(lineNote([0, 0, 0], v, rest, "#000").text, ["w = 0: no line"]);
  assert.deepEqual(lineNote([2, 0, 0], v, rest, "#000").text, ["w₁ = w₂ = 0: no line"]);
  assert.deepEqual(lineNote([-0.5, 1, 1], v, rest, "#000").text, [], "the line is drawn: no note");
  assert.deepEqual(lineNote([-5, 1, 0], v, { moving: true }, "#000").text, [], "not while a step animates");
  for (const c of CASES.filter((c) => c.w.length === 3)) {
    const n = lineNote(c.w, c.box, rest, "#000");
    if (!n.text.length) continue;
    const [x, y] = [n.x[0], n.y[0]];
    assert.ok(x >= c.box[0] && x <= c.box[1] && y >= c.box[2] && y <= c.box[3], `${c.name}: the note is inside the view`);
  }
});

test("the legend keeps w's entry at every step, so it never jumps", () => {
  const d = payload();
  for (let t = 0; t <= d.T; t++) assert.equal(find(at(d, t), "w").showlegend, true, `t = ${t}`);
  assert.equal(find(at(payload({ win: { ...payload().win, W: [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]],
                                        U: [[0, 0, 0], [0, 0, 0], [0, 0, 0]] } }), 3), "w").name, "w", "nothing drawn: no scale");
});
