// scene.js: the traces for a payload and a pose, without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { restExtra, restPose } from "../../pla_lab/drawing/plot/pose.js";
import { disagreement, fitHeight, look, MARGINS, noEdits, traces, visiblePoints } from "../../pla_lab/drawing/plot/scene.js";
import { area } from "../../pla_lab/drawing/plot/geometry.js";
import { payload, pocketPayload } from "./fixtures.mjs";

const FG = "#111111";
const at = (d, t, edits) => traces(d, restPose(d, t), restExtra(d, t), edits || noEdits(), FG);
const metas = (tr) => tr.map((x) => x.meta);
const find = (tr, m) => tr.find((x) => x.meta === m);

test("the moving list says which layers are drawn, in the declared order", () => {
  assert.deepEqual(metas(at(payload(), 1)),
                   ["shade+", "shade-", "ghost", "f", "points", "points", "boundary", "line-note", "w", "update", "next w", "circle",
                    "numbers", "pending"]);
  const only = at(payload({ moving: ["boundary"] }), 1);
  assert.deepEqual(metas(only), ["f", "points", "points", "boundary", "line-note", "numbers", "pending"]);
  assert.deepEqual(metas(at(pocketPayload(), 1)).slice(0, 3), ["disagree+", "disagree-", "ghost"]);
  assert.ok(metas(at(pocketPayload(), 1)).includes("pocket"));
});

test("the update arrow is U's feature part, never recomputed from the points", () => {
  const d = payload(), pose = restPose(d, 1), up = find(at(d, 1), "update");
  const s = pose.scale, w = pose.w;
  const tip = [pose.anchor[0] + w[1] * s, pose.anchor[1] + w[2] * s];
  assert.ok(Math.abs(up.x[0] - tip[0]) < 1e-12 && Math.abs(up.y[0] - tip[1]) < 1e-12, "starts at the tip of w");
  assert.ok(Math.abs(up.x[1] - up.x[0] - 1 * s) < 1e-12, "Δx = U[1][1]·scale");
  assert.ok(Math.abs(up.y[1] - up.y[0] - 0.5 * s) < 1e-12, "Δy = U[1][2]·scale");
  // η·y·x̃ of point 1 would be (1, 0.5) too only by accident: change U and the arrow follows U alone
  d.win.U[1] = [0, -3, 4];
  const up2 = find(at(d, 1), "update"), s2 = restPose(d, 1).scale;
  assert.ok(Math.abs(up2.x[1] - up2.x[0] + 3 * s2) < 1e-12 && Math.abs(up2.y[1] - up2.y[0] - 4 * s2) < 1e-12);
});

test("the update arrow takes the class colour of its one point, the foreground colour for a batch", () => {
  const d = payload();
  assert.equal(find(at(d, 0), "update").line.color, d.colors.pos); // point 0 is +1
  assert.equal(find(at(d, 1), "update").line.color, d.colors.neg); // point 1 is −1
  assert.equal(find(at(d, 2), "update").line.color, FG); // points 2 and 3
});

test("a batch update circles all its points; the last step has no update and no circle", () => {
  const d = payload(), c = find(at(d, 2), "circle");
  assert.deepEqual([c.x, c.y], [[0.5, -0.5], [-1, 1]]);
  assert.deepEqual(find(at(d, 3), "circle").x, []);
  assert.deepEqual(find(at(d, 3), "update").x, []);
  assert.deepEqual(find(at(d, 0), "ghost").x, [], "no previous boundary at step 0");
});

test("a removed point is hidden at once (and not circled); an added one is drawn as pending", () => {
  const d = payload(), tr = at(d, 0, { add: [[0.3, 0.4, -1]], remove: [0] });
  const shown = tr.filter((x) => x.meta === "points").flatMap((x) => x.customdata);
  assert.deepEqual(shown.sort(), [1, 2, 3]);
  assert.deepEqual(find(tr, "circle").x, [], "point 0 was the one circled");
  const p = find(tr, "pending");
  assert.deepEqual([p.x, p.y, p.marker.color], [[0.3], [0.4], [d.colors.neg]]);
  assert.equal(visiblePoints(d.base.data, []), d.base.data, "no removals: the payload's traces as they are");
});

test("a moving layer is in the legend iff it has a label", () => {
  const pla = at(payload(), 1);
  assert.equal(find(pla, "boundary").showlegend, false);
  const pocket = at(pocketPayload(), 1);
  assert.deepEqual([find(pocket, "boundary").name, find(pocket, "boundary").showlegend], ["w (PLA)", true]);
  assert.deepEqual([find(pocket, "pocket").name, find(pocket, "pocket").showlegend], ["ŵ (pocket)", true]);
  assert.equal(find(pocket, "ghost").showlegend, false);
  const legends = pocket.filter((x) => x.meta.startsWith("disagree") && x.showlegend);
  assert.ok(legends.length <= 1, "the hatched area is named once");
});

test("the shading splits the view at the boundary; w = 0 shades nothing", () => {
  const d = payload(), tr = at(d, 1);
  const poly = (t) => t.x.slice(0, -1).map((x, i) => [x, t.y[i]]);
  assert.ok(Math.abs(area(poly(find(tr, "shade+"))) + area(poly(find(tr, "shade-"))) - 16) < 1e-9);
  assert.deepEqual(find(at(d, 0), "shade+").x, []);
  assert.ok(find(at(d, 0), "w").x.every((x) => x === null), "no arrow for w = 0 (one empty point keeps its legend)");
});

test("the disagreement of ŵ and f, with the constant-prediction rule", () => {
  const f = { w: [0, 1, 0], box: [-1, 1, -1, 1] };
  const A = (pair) => pair.map(area);
  assert.deepEqual(A(disagreement([0, 1, 0], f, null)), [0, 0], "ŵ = f");
  assert.deepEqual(A(disagreement([0, -1, 0], f, null)), [2, 2], "ŵ = −f");
  assert.deepEqual(A(disagreement([1, 0, 0], f, null)), [2, 0], "always +1: wrong where f says −1");
  assert.deepEqual(A(disagreement([-1, 0, 0], f, null)), [0, 2], "always −1");
  assert.deepEqual(A(disagreement([0, 0, 0], f, 1)), [2, 0], "b = 0 with sign(0) = +1");
  assert.deepEqual(A(disagreement([0, 0, 0], f, -1)), [0, 2], "b = 0 with sign(0) = −1");
  assert.deepEqual(A(disagreement([0, 0, 0], f, null)), [4, 0], "b = 0 with no rule: wrong everywhere");
  const d = pocketPayload(), tr = at(d, 0); // ŵ₀ = 0 with sign0 = +1
  assert.equal(find(tr, "disagree+").fillpattern.shape, "/");
  assert.equal(find(tr, "disagree+").showlegend, true);
});

test("a 4-weight w draws a curve and a sign heatmap, and no arrows", () => {
  const d = payload({ win: { t0: 0, W: [[0, 0, 0, 0], [0, 0, 0, 1]], U: [[0, 0, 0, 1]], I: [[0]], P: null }, T: 1 });
  const tr = at(d, 1);
  assert.equal(find(tr, "shade+").type, "heatmap");
  assert.ok(find(tr, "boundary").x.includes(null), "strokes separated by gaps");
  assert.deepEqual(find(tr, "w").x, []);
  assert.deepEqual(find(at(d, 0), "update").x, [], "no update arrow in the plane for a lifted w");
});

test("what the surface draws round the traces: the base figure's sizes, the theme colour, this screen's margins", () => {
  const d = payload({ margins: { wide: [1, 2, 3, 4, 5], present: [6, 7, 8, 9, 10], phone: [11, 12, 13, 14, 15] } });
  d.base.layout.xaxis = { title: { text: "x₁" } };
  const L = look(d, FG, 420, false);
  assert.deepEqual([L.fg, L.font, L.height, L.view, L.titles], [FG, 16, 420, d.view, ["x₁", ""]]);
  assert.deepEqual(L.margins, [1, 2, 3, 4, 5]);
  assert.deepEqual(look(d, FG, 0, true).margins, [11, 12, 13, 14, 15], "a phone's, even in presenter mode");
  assert.deepEqual(look({ ...d, present: true }, FG, 0, false).margins, [6, 7, 8, 9, 10]);
  assert.equal(look(d, FG, 0, false).height, 500, "the payload's height when the plot has none of its own");
  assert.deepEqual(look(payload(), FG, 0, false).margins, MARGINS.wide, "a payload without margins");
});

test("fitHeight: fixed without fill; with fill as tall as the screen allows, square at most, never under height", () => {
  const data = { height: 410, fill: 120, base: { layout: { margin: { l: 50, r: 10, t: 40, b: 45 } } } };
  assert.equal(fitHeight({ ...data, fill: null }, 900, 190, 1080), 410);
  // 1280×720 with the sidebar open: the fold is the limit, and it is the least height.
  assert.equal(fitHeight(data, 469, 190, 720), 410);
  // 1280×1024 (a 4:3 projector): the width is the limit, and the sidebar collapsed gives it more.
  assert.equal(fitHeight(data, 469, 190, 1024), 469 - 60 + 85);
  assert.equal(fitHeight(data, 646, 190, 1024), 646 - 60 + 85);
  // 1920×1080: the fold again.
  assert.equal(fitHeight(data, 848, 190, 1080), 1080 - 190 - 120);
  // A phone: never under the payload's height.
  assert.equal(fitHeight(data, 340, 150, 844), 410);
  assert.equal(fitHeight(data, 0, 150, 844), 410);
});

test("a named line not drawn (w = 0 at t = 0) keeps its legend entry, so the legend does not grow at step 1", () => {
  const d = pocketPayload(); // w₀ = 0: no boundary and no pocket line at step 0
  for (const meta of ["boundary", "pocket"]) {
    const before = find(at(d, 0), meta), after = find(at(d, 1), meta);
    assert.equal(before.showlegend, true, meta);
    assert.equal(before.name, after.name, meta);
    assert.ok(before.x.length > 0 && before.x.every((x) => x === null), `${meta}: one empty point at step 0`);
    assert.ok(after.x.length === 2 && after.x.every((x) => typeof x === "number"), `${meta} is drawn at step 1`);
  }
  // A line the legend does not name stays empty, as before.
  assert.deepEqual(find(at(payload(), 0), "boundary").x, []);
});

test("fitHeight with the margins plotly drew: a legend of three rows gets its room on top of a square plot area", () => {
  const data = { height: 410, fill: 120, base: { layout: { margin: { l: 50, r: 10, t: 40, b: 45 } } } };
  const drawn = { l: 75, r: 10, t: 125, b: 55 };
  assert.equal(fitHeight(data, 432, 40, 1080, drawn), 432 - 75 - 10 + 125 + 55);
  assert.equal(fitHeight(data, 432, 100, 720, drawn), 720 - 100 - 120, "the fold still caps it");
});
