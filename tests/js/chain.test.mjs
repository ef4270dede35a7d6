// chain.js: the batch update drawn tip to tail, without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chainLinks, chainTraces } from "../../pla_lab/drawing/plot/chain.js";
import { lerpPose, restExtra, restPose, stepExtra } from "../../pla_lab/drawing/plot/pose.js";
import { noEdits, traces } from "../../pla_lab/drawing/plot/scene.js";
import { COLORS, payload } from "./fixtures.mjs";

// A batch run on the fixture's 4 points with c = 0.5 (η = 1 averaged over b = 2): update 0 sums points 0, 1 and 3,
// update 1 sums point 2 alone. W and U agree with c·Σ yₙx̃ₙ, as the server sends them.
function batchPayload(over = {}) {
  const pts = payload().points, c = 0.5;
  const sum = (idx) => idx.reduce((s, i) => s.map((v, j) => v + c * pts[i][2] * [1, pts[i][0], pts[i][1]][j]), [0, 0, 0]);
  const W = [[0.2, -0.4, 0.3]], I = [[0, 1, 3], [2]], U = I.map(sum);
  U.forEach((u) => W.push(W[W.length - 1].map((v, j) => v + u[j])));
  return payload({ moving: ["boundary", "w", "update", "circle", "chain"], T: 2,
                   win: { t0: 0, W, U, I, P: null, c }, ...over });
}
const FG = "#111111";
const find = (tr, m) => tr.find((x) => x.meta === m);
const close = (a, b) => Math.abs(a - b) < 1e-12;
const ends = (tr) => { const x = tr.x.filter((v) => v !== null), y = tr.y.filter((v) => v !== null); return [x, y]; };

test("the links are c·yₙ·xₙ of the update's points, in their order, from wₖ to wₖ₊₁", () => {
  const d = batchPayload(), L = chainLinks(d, 0), p = d.points;
  assert.deepEqual(L.labels, [1, -1, -1]);
  assert.deepEqual(L.vs[0], [-0.4, 0.3]);
  [0, 1, 3].forEach((i, j) => {
    assert.ok(close(L.vs[j + 1][0] - L.vs[j][0], 0.5 * p[i][2] * p[i][0]));
    assert.ok(close(L.vs[j + 1][1] - L.vs[j][1], 0.5 * p[i][2] * p[i][1]));
  });
  const end = L.vs[L.vs.length - 1], w1 = d.win.W[1];
  assert.ok(close(end[0], w1[1]) && close(end[1], w1[2]), "the sum reaches w₁");
  assert.equal(chainLinks(d, 2), null, "no update after the last step");
  // The factor comes from the window: twice c, twice each link.
  const L2 = chainLinks(batchPayload({ win: { ...d.win, c: 1 } }), 0);
  assert.ok(close(L2.vs[1][0] - L2.vs[0][0], 2 * (L.vs[1][0] - L.vs[0][0])));
});

test("at rest the chain starts at the tip of w's arrow and ends at the new w's tip, one arrow per point", () => {
  const d = batchPayload(), tr = traces(d, restPose(d, 0), restExtra(d, 0), noEdits(), FG);
  const w = find(tr, "w"), next = find(tr, "next w"), pos = find(tr, "chain+"), neg = find(tr, "chain-");
  assert.equal(pos.line.color, COLORS.pos);
  assert.equal(neg.line.color, COLORS.neg);
  assert.equal(pos.marker.symbol.filter((s) => s === "arrow").length, 1, "one ○ mistake");
  assert.equal(neg.marker.symbol.filter((s) => s === "arrow").length, 2, "two × mistakes");
  // Point 0 (a ○) comes first: its arrow starts at w's tip; the last × arrow ends at the tip of the dotted new w.
  assert.ok(close(pos.x[0], w.x[1]) && close(pos.y[0], w.y[1]));
  const [nx, ny] = ends(neg);
  assert.ok(close(nx[nx.length - 1], next.x[1]) && close(ny[ny.length - 1], next.y[1]));
  // The links join tip to tail: the ○ arrow's tip is where the first × arrow starts.
  assert.ok(close(pos.x[1], neg.x[0]) && close(pos.y[1], neg.y[0]));
  assert.equal(find(traces(d, restPose(d, 2), restExtra(d, 2), noEdits(), FG), "chain+").x.length, 0, "none at the end");
  assert.equal(find(traces(batchPayload({ moving: ["w"] }), restPose(d, 0), restExtra(d, 0), noEdits(), FG), "chain+"),
               undefined, "drawn only when the lesson asks for it");
});

test("while the update animates, the chain stays put and w's tip slides along it to its end", () => {
  const d = batchPayload(), a = restPose(d, 0), b = restPose(d, 1), extra = stepExtra(d, 0, 1);
  for (const e of [0, 0.5, 1]) {
    const pose = lerpPose(a, b, e), [pos, neg] = chainTraces(d, pose, extra, COLORS);
    const tip = (w) => [pose.anchor[0] + w[1] * pose.scale, pose.anchor[1] + w[2] * pose.scale];
    const start = tip(d.win.W[0]), end = tip(d.win.W[1]), [nx, ny] = ends(neg);
    assert.ok(close(pos.x[0], start[0]) && close(pos.y[0], start[1]), `starts at w₀'s tip (e = ${e})`);
    assert.ok(close(nx[nx.length - 1], end[0]) && close(ny[ny.length - 1], end[1]), `ends at w₁'s tip (e = ${e})`);
  }
  // At the end of the step w is w₁: the tip of its arrow is where the chain ends.
  const tr = traces(d, lerpPose(a, b, 1), extra, noEdits(), FG), w = find(tr, "w"), [nx, ny] = ends(find(tr, "chain-"));
  assert.ok(close(w.x[1], nx[nx.length - 1]) && close(w.y[1], ny[ny.length - 1]));
});

test("the legend names the chain once when the payload labels it", () => {
  const d = batchPayload({ labels: { chain: "η·yₙxₙ" } });
  const [pos, neg] = chainTraces(d, restPose(d, 0), restExtra(d, 0), COLORS);
  assert.deepEqual([pos.name, pos.showlegend, neg.showlegend], ["η·yₙxₙ", true, false]);
  const [p2] = chainTraces(batchPayload(), restPose(d, 0), restExtra(d, 0), COLORS);
  assert.equal(p2.showlegend, false);
});
