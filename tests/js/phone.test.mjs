// phone.js: how a phone draws a presenter's payload, and the chart's height under the plot, without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chartHeight, onScreen } from "../../pla_lab/drawing/plot/phone.js";
import { traces } from "../../pla_lab/drawing/plot/scene.js";
import { restExtra, restPose } from "../../pla_lab/drawing/plot/pose.js";
import { payload } from "./fixtures.mjs";

const phoneBase = (d) => ({ ...d.base, layout: { ...d.base.layout, font: { size: 16 } } });

test("a presenter's payload on a phone is drawn with its phone sizes and colours, and not as presenting", () => {
  const d = payload();
  const sent = { ...d, present: true, height: 620, fill: 24, base: { ...d.base, layout: { ...d.base.layout, font: { size: 21 } } },
                 phone: { height: 410, fill: 120, colors: { ...d.colors, pos: "#00f" }, base: phoneBase(d) } };
  const shown = onScreen(sent, true);
  assert.equal(shown.present, false);
  assert.equal(shown.phone, null);
  assert.deepEqual([shown.height, shown.fill, shown.base.layout.font.size, shown.colors.pos], [410, 120, 16, "#00f"]);
  assert.equal(shown.T, sent.T);
  // Its lines are as wide as outside presenter mode (presenter mode draws the boundary 1.5× as wide).
  const width = (p) => traces(p, restPose(p, 1), restExtra(p, 1), undefined, "#111").find((tr) => tr.meta === "boundary").line.width;
  assert.ok(width(shown) < width(sent));
  assert.equal(width(shown), width({ ...d, present: false }));
  // On a wide screen, or outside presenter mode, the payload is drawn as it was sent.
  assert.equal(onScreen(sent, false), sent);
  const own = onScreen(d, true);
  assert.equal(own.present, d.present);
  assert.deepEqual({ ...own, base: null }, { ...d, base: null });
});

test("a phone's legend is at most 12 px, so plotly lays a long one out in two columns, not one", () => {
  const d = payload();
  d.base.layout.legend = { orientation: "h", font: { size: 15 } };
  assert.equal(onScreen(d, true).base.layout.legend.font.size, 12);
  assert.equal(d.base.layout.legend.font.size, 15); // the payload itself is left as it was
  assert.equal(onScreen(d, false).base.layout.legend.font.size, 15);
  d.base.layout.legend.font.size = 11;
  assert.equal(onScreen(d, true).base.layout.legend.font.size, 11);
});

test("the chart is as tall as the plot beside it; under it on a phone, short enough for Back/Step/Play", () => {
  assert.equal(chartHeight(560, false, 720), 560);
  const h = chartHeight(400, true, 844);
  assert.ok(h < 400 && 400 + h + 80 <= 844, h);
  assert.ok(chartHeight(410, true, 500) >= 260); // a short window still gets a readable chart
  assert.ok(chartHeight(300, true, 2000) <= 300); // never taller than the plot
  // Three stacked panels need more than one: never under 110 px each, when the plot is that tall.
  assert.ok(chartHeight(410, true, 780, 3) >= 330 && chartHeight(410, true, 780, 1) < 330);
  assert.ok(chartHeight(300, true, 500, 3) <= 300);
});
