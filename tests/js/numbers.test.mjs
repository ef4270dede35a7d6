// Each point's number beside its marker (marks.numberTrace through scene.traces): the words name points "#k".
import assert from "node:assert/strict";
import { test } from "node:test";
import { restExtra, restPose } from "../../pla_lab/drawing/plot/pose.js";
import { traces } from "../../pla_lab/drawing/plot/scene.js";
import { payload } from "./fixtures.mjs";

const SIDES = ["top right", "middle left", "middle right", "top center"];
const at = (d, t, edits) => traces(d, restPose(d, t), restExtra(d, t), edits || null, "#222");
const numbers = (all) => all.find((tr) => tr.meta === "numbers");
// {number: [x, y, side]} of what the trace writes
const written = (tr) => Object.fromEntries(tr.text.map((s, n) => [s, [tr.x[n], tr.y[n], tr.textposition[n]]]));
// {number: the size of the unseen marker plotly offsets it by}
const offsets = (tr) => Object.fromEntries(tr.text.map((s, n) => [s, tr.marker.size[n]]));

test("every point is numbered by its index, at its own place, on the side the payload gives", () => {
  const d = payload({ numbers: SIDES }), tr = numbers(at(d, 1));
  assert.deepEqual(written(tr), Object.fromEntries(d.points.map((p, i) => [String(i), [p[0], p[1], SIDES[i]]])));
  // in the theme's text colour with a halo, never taking a hover or a legend entry, offset by the marker's size
  assert.equal(tr.mode, "markers+text");
  assert.deepEqual([tr.textfont.color, tr.textfont.size, tr.hoverinfo, tr.showlegend], ["#222", 12, "skip", false]);
  assert.ok(tr.marker.color === "rgba(0,0,0,0)" && tr.marker.line.width === 0);
  // beside its 13 px marker, and the circled point's (update 1 corrects point 1) outside the 34 px ring round it
  assert.deepEqual(offsets(tr), { 0: 13, 1: 34, 2: 13, 3: 13 });
  // over every layer of the step (the circled point's ring, the lines), under the points just clicked
  const metas = at(d, 1).map((x) => x.meta);
  assert.deepEqual(metas.slice(-3), ["circle", "numbers", "pending"]);
});

test("a point just removed loses its number; one relabelled keeps it", () => {
  const d = payload({ numbers: SIDES });
  assert.deepEqual(numbers(at(d, 0, { add: [], remove: [1], flip: [] })).text.sort(), ["0", "2", "3"]);
  assert.deepEqual(numbers(at(d, 0, { add: [], remove: [], flip: [2] })).text.sort(), ["0", "1", "2", "3"]);
});

test("above the cap (numbers null) only the points the step names are numbered: the circled and the picked", () => {
  const d = payload({ numbers: null });
  assert.deepEqual(written(numbers(at(d, 1))), { 1: [-1, -0.5, "top right"] }); // update 1 corrects point 1
  assert.deepEqual(numbers(at(d, 2)).text.sort(), ["2", "3"]); // a batch: both its points
  assert.deepEqual(numbers(at(d, 3)).text, []); // the end: none circled
  const picked = payload({ numbers: null, moving: ["boundary", "distance"], pick: 3 });
  assert.deepEqual(numbers(at(picked, 3)).text, ["3"]);
});

test("presenter mode: 1.5× the font, offset by its larger markers", () => {
  const d = payload({ numbers: SIDES, present: true });
  d.base.data.forEach((tr) => { tr.marker = { size: 20 }; });
  const tr = numbers(at(d, 0));
  assert.equal(tr.textfont.size, 18);
  assert.deepEqual(offsets(tr), { 0: 51, 1: 20, 2: 20, 3: 20 }); // point 0 circled: its ring is 1.5 × 34 px
});

test("a stream numbers the points arrived, and its arrival's ?, above or below it clear of the words beside", () => {
  // Two arrivals: point 2, then point 1; point 0 and 3 come later (faint until then).
  const d = payload({
    numbers: SIDES, moving: ["boundary", "circle", "stream"], T: 4,
    win: { t0: 0, W: [[0, 1, 0], [0, 1, 0], [0, 1, 0], [0, 1, 0], [-1, 2, 0.5]],
           U: [[0, 0, 0], [0, 0, 0], [0, 0, 0], [-1, 1, 0.5]], I: [[], [], [], [1]], P: null },
    stream: { k0: 0, shown: [2, 1], pred: [1, 1], wrong: [false, true], first: [2, 1, 0, 2] },
  });
  const predicting = numbers(at(d, 0)); // point 2 is the grey ?: numbered, offset as its 28 px marker is
  assert.deepEqual(written(predicting), { 2: [0.5, -1, "top right"] });
  assert.deepEqual(predicting.marker.size, [28]);
  assert.deepEqual(offsets(numbers(at(d, 1))), { 2: 34 }); // revealed, right: ringed, its number outside the ring
  const revealed = numbers(at(d, 3)); // point 1 revealed (its words beside it, middle right): its number goes above
  assert.deepEqual(written(revealed), { 1: [-1, -0.5, "top left"], 2: [0.5, -1, "middle right"] });
  assert.deepEqual(offsets(revealed), { 1: 34, 2: 13 }); // a mistake: circled (the circle layer)
  assert.deepEqual(numbers(at(d, 4)).text.sort(), ["0", "1", "2", "3"]); // the end: every point arrived
});
