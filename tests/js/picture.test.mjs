// The first picture alone: the step drawn as plain SVG from the payload before plotly.js is there, each point where
// the live plot puts it (equal scales, centred), the line on wᵀx̃ = 0, the circled point, nothing from a user.
import assert from "node:assert/strict";
import { test } from "node:test";

import { frame, picture } from "../../pla_lab/drawing/plot/picture.js";
import { payload } from "./fixtures.mjs";

const nums = (s, re) => [...s.matchAll(re)].map((m) => m.slice(1).map(Number));

test("the plot area has equal scales and is centred in what the margins leave", () => {
  const P = frame([-2, 2, -1, 1], 600, 400);
  assert.equal(P.s, Math.min(540 / 4, 268 / 2));
  assert.ok(Math.abs((P.x(2) - P.x(-2)) / 4 - (P.y(-1) - P.y(1)) / 2) < 1e-9); // one unit is as long on both axes
  assert.ok(Math.abs(P.x(0) - (50 + 540 / 2)) < 1e-9 && Math.abs(P.y(0) - (44 + 268 / 2)) < 1e-9);
});

test("every point is drawn where it lies, ○ for +1 and × for −1, with the line, w and the circle of step t", () => {
  const d = payload({ t: 1, moving: ["boundary", "w", "circle"] });
  const svg = picture(d, 640, 500, "#123456");
  const P = frame(d.view, 640, 500);
  const pos = nums(svg, /<circle class="pt pos" cx="([-\d.]+)" cy="([-\d.]+)"/g);
  const neg = nums(svg, /<path class="pt neg" d="M([-\d.]+),([-\d.]+)L/g);
  assert.equal(pos.length, d.points.filter((p) => p[2] > 0).length);
  assert.equal(neg.length, d.points.filter((p) => p[2] < 0).length);
  d.points.filter((p) => p[2] > 0).forEach((p, k) => {
    assert.ok(Math.abs(pos[k][0] - P.x(p[0])) <= 0.051 && Math.abs(pos[k][1] - P.y(p[1])) <= 0.051);
  });
  // the boundary of w₁ = (1, 1, 1): both ends on 1 + x₁ + x₂ = 0, read back from pixels
  const [[x1, y1, x2, y2]] = nums(svg, /<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" stroke="#123456" stroke-width="4"/g);
  for (const [px, py] of [[x1, y1], [x2, y2]]) {
    const x = d.view[0] + (px - P.area[0]) / P.s, y = d.view[3] - (py - P.area[1]) / P.s;
    assert.ok(Math.abs(1 + x + y) < 0.01, `${x}, ${y}`);
  }
  assert.match(svg, /<polygon points=/); // w's arrowhead
  assert.equal(nums(svg, /<circle cx="([-\d.]+)" cy="([-\d.]+)" r="17"/g).length, 1); // update 1's point circled
  assert.match(svg, /aria-hidden="true"/); // the figure around it carries the alt text
});

test("a colour is written as an attribute value, never as markup", () => {
  const d = payload({ colors: { pos: '"><script>alert(1)</script>', neg: "#f00", pocket: "#c7a" } });
  assert.doesNotMatch(picture(d, 400, 400, "#000"), /<script>/);
});

test("no run yet: the points alone; nothing to draw: nothing", () => {
  const d = payload({ win: null, t: 0 });
  const svg = picture(d, 400, 400, "#000");
  assert.equal(nums(svg, /<circle class="pt pos" cx="([-\d.]+)"/g).length, 2);
  assert.doesNotMatch(svg, /<polygon/);
});
