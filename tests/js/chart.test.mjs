// chart.js: the chart beside the plot, from its declaration, without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chartFigure, wrap } from "../../pla_lab/drawing/plot/chart.js";
import { pocketPayload } from "./fixtures.mjs";

const chart = (over = {}) => ({ ...pocketPayload().chart, ...over });
const COLORS = pocketPayload().colors;

test("the y axis shows every value drawn, even above the declared top (E_in = 100% at t = 0)", () => {
  const c = chart({ ymax: 0.7 }), { layout } = chartFigure(c, COLORS, "#222", 0);
  const [lo, hi] = layout.yaxis.range;
  const ys = c.series.flatMap((s) => s.y);
  assert.ok(lo <= Math.min(...ys) && hi >= Math.max(...ys), layout.yaxis.range);
  assert.deepEqual(chartFigure(chart({ ymax: 1 }), COLORS, "#222", 0).layout.yaxis.range, [0, 1], "a top that covers them stays");
});

test("in presenter mode every text of the chart is at least 16 px", () => {
  const c = chart({ marks: [{ x: 2, text: "here" }], panels: [{ title: "① a panel", ymax: 1 }, { title: "② another", ymax: 1 }] });
  for (const [present, least] of [[false, 12], [true, 16]]) {
    const { layout } = chartFigure({ ...c, present }, COLORS, "#222", 0);
    const sizes = [layout.font.size, layout.legend.font.size, ...layout.annotations.map((a) => a.font.size)];
    assert.ok(Math.min(...sizes) >= least, `${present}: ${sizes}`);
  }
  const normal = chartFigure(c, COLORS, "#222", 0).layout, big = chartFigure({ ...c, present: true }, COLORS, "#222", 0).layout;
  assert.ok(big.font.size > normal.font.size);
});

test("a panel's title is wrapped to the chart's width", () => {
  const title = "① w*ᵀwₜ (‖w*‖ = 1) grows at least like t·η·ρ";
  const lines = wrap(title, 300, 18);
  assert.ok(lines.length >= 2 && lines.every((l) => l.length * 0.6 * 18 <= 300), lines);
  assert.equal(lines.join(" "), title, "no word lost");
  assert.deepEqual(wrap(title, 2000, 18), [title]);
  const { layout } = chartFigure(chart({ present: true, panels: [{ title, ymax: 1 }, { title: "②", ymax: 1 }] }),
                                 COLORS, "#222", 0, 300);
  assert.equal(layout.annotations[0].text, wrap(title, 300 - 72, 18).join("<br>"), "from the y axis to the right edge");
  assert.ok(layout.margin.t >= lines.length * 18, "room above the first panel for its lines");
});

test("a mark past the axis's end is said at its edge, not drawn", () => {
  const { layout } = chartFigure(chart({ xmax: 3.1, marks: [{ x: 281, text: "t ≤ R²/ρ² = 281" }] }), COLORS, "#222", 0);
  assert.equal(layout.shapes.length, 1, "only the step's marker");
  const a = layout.annotations.at(-1);
  assert.ok(a.text.includes("281") && a.text.includes("→") && a.x <= 3.1 && a.xanchor === "right", a);
  const inside = chartFigure(chart({ xmax: 300, marks: [{ x: 281, text: "t ≤ 281" }] }), COLORS, "#222", 0).layout;
  assert.equal(inside.shapes.length, 2);
});
