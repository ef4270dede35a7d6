// The online perceptron's stream layer: which arrival a step draws, the label hidden then revealed, faint points.
import assert from "node:assert/strict";
import { test } from "node:test";
import { restExtra, restPose, stepExtra } from "../../pla_lab/drawing/plot/pose.js";
import { traces } from "../../pla_lab/drawing/plot/scene.js";
import { arrival, FAINT, streamWords } from "../../pla_lab/drawing/plot/stream.js";
import { payload } from "./fixtures.mjs";

// Two arrivals: point 2 (predicted +1, right), then point 1 (predicted +1, a mistake: w moves at step 3 → 4).
function streamPayload() {
  return payload({
    moving: ["shade", "boundary", "w", "circle", "stream"], T: 4,
    win: { t0: 0, W: [[0, 1, 0], [0, 1, 0], [0, 1, 0], [0, 1, 0], [-1, 2, 0.5]], U: [[0, 0, 0], [0, 0, 0], [0, 0, 0],
           [-1, 1, 0.5], [0, 0, 0]].slice(0, 4), I: [[], [], [], [1]], P: null },
    stream: { k0: 0, shown: [2, 1], pred: [1, 1], wrong: [false, true], first: [2, 1, 0, 2] },
  });
}
const at = (d, t) => traces(d, restPose(d, t), restExtra(d, t), null, "#222");
const byMeta = (all, m) => all.filter((tr) => tr.meta === m);
const pointIds = (all) => byMeta(all, "points").flatMap((tr) => tr.customdata);

test("a step names its arrival; between two steps the reveal is drawn", () => {
  const a = streamPayload().stream;
  assert.deepEqual(arrival(a, { t: 0, nt: 0 }), { k: 0, s: 0, reveal: false, i: 2, pred: 1, wrong: false });
  assert.equal(arrival(a, { t: 3, nt: 3 }).reveal, true);
  assert.equal(arrival(a, stepExtra(streamPayload(), 2, 3)).s, 3, "predict → reveal: the label shows at once");
  assert.equal(arrival(a, stepExtra(streamPayload(), 3, 4)).s, 3, "the update moves w under the revealed label");
  assert.equal(arrival(a, { t: 4, nt: 4 }), null, "the end of the stream");
  assert.equal(arrival(a, { ghost: null }), null, "a long jump names no step");
});

test("predicting hides the arriving point's label behind a ?, revealing shows it", () => {
  const d = streamPayload();
  const p = at(d, 2), r = at(d, 3);
  assert.ok(!pointIds(p).includes(1), "hidden while predicted");
  assert.deepEqual(byMeta(p, "arrival")[0].text, ["?"]);
  assert.match(byMeta(p, "arrival-label")[0].text[0], /^ŷ = ○ \+1, y = \?$/);
  assert.ok(pointIds(r).includes(1), "shown once revealed");
  assert.match(byMeta(r, "arrival-label")[0].text[0], /^y = × −1: mistake$/);
  assert.equal(byMeta(r, "arrival-update")[0].x.length, 2, "the update a mistake makes, from w's tip");
  assert.equal(byMeta(at(d, 1), "arrival-update")[0].x.length, 0, "a right prediction makes none");
});

test("points not arrived yet are faint; at the end every point is plain", () => {
  const d = streamPayload();
  const opacity = (all) => Object.fromEntries(byMeta(all, "points").flatMap((tr) =>
    tr.customdata.map((i, n) => [i, tr.marker.opacity[n]])));
  assert.deepEqual(opacity(at(d, 1)), { 0: FAINT, 1: FAINT, 2: 1, 3: FAINT });
  assert.deepEqual(opacity(at(d, 3)), { 0: FAINT, 1: 1, 2: 1, 3: FAINT });
  assert.deepEqual(opacity(at(d, 4)), { 0: 1, 1: 1, 2: 1, 3: 1 });
  assert.equal(pointIds(traces(payload(), restPose(payload(), 0), restExtra(payload(), 0), null, "#222")).length, 4,
               "without a stream the points are as sent");
});

test("the live line says the stream's steps, not updates", () => {
  const d = streamPayload();
  assert.equal(streamWords(d, 0), "Arrival 1 of 2: point #2; w predicts ○ +1; its label is hidden.");
  assert.equal(streamWords(d, 1), "Arrival 1 of 2: point #2 is ○ +1: the prediction was right; w stays.");
  assert.equal(streamWords(d, 2), "Arrival 2 of 2: point #1; w predicts ○ +1; its label is hidden.");
  assert.equal(streamWords(d, 3), "Arrival 2 of 2: point #1 is × −1: a mistake; w becomes (−1, 2, 0.5).");
  assert.equal(streamWords(d, 4), "The stream has ended: 2 arrivals.");
});
