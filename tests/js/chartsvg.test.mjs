// chartsvg.js: the chart beside the plot as SVG text (and charthover.js's readout), without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chartFigure } from "../../pla_lab/drawing/plot/chart.js";
import { readout, valueAt } from "../../pla_lab/drawing/plot/charthover.js";
import { chartGeometry, chartSvg, format, seriesPath } from "../../pla_lab/drawing/plot/chartsvg.js";
import { pocketPayload } from "./fixtures.mjs";

const COLORS = pocketPayload().colors;
const chart = (over = {}) => ({ ...pocketPayload().chart, ...over });
const draw = (c, t = 0, width = 400) => {
  const fig = chartFigure(c, COLORS, "#222", t, width), geo = chartGeometry(fig, width);
  return { fig, geo, svg: chartSvg(fig, geo, "c") };
};
const unesc = (s) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
  .replace(/&amp;/g, "&");
/** The elements of a class in SVG text: their attributes and their text. */
const elements = (svg, cls) => [...svg.matchAll(new RegExp(`<(\\w+) class="${cls}"([^>]*)>`, "g"))].map((m) => {
  const attrs = Object.fromEntries([...m[2].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], unesc(a[2])]));
  const rest = svg.slice(m.index + m[0].length), end = rest.indexOf(`</${m[1]}>`);
  return { ...attrs, text: m[0].endsWith("/>") ? "" : unesc(rest.slice(0, end).replace(/<[^>]+>/g, "")) };
});
/** Each panel's tick labels, top panel first. */
const tickLabels = (svg) => svg.split('<g class="pla-xaxis"')[0].split('<g class="pla-panel"').slice(1)
  .map((p) => elements(p, "pla-tick").map((e) => e.text));

test("numbers as d3-format writes them, for every format the charts use", () => {
  const cases = [[0.2, ".0%", "20%"], [0.0425, ".1%", "4.3%"], [3, ".0f", "3"], [0.5, ".1f", "0.5"],
    [-0.5, ".1f", "−0.5"],
    [0.12345, ".3f", "0.123"], [30, "d", "30"], [29.6, "d", "30"], [1.5, ".3~g", "1.5"], [120, ".3~g", "120"],
    [2, ".3~g", "2"], [1.234e-7, ".3~g", "1.23e-7"], [260.94, ".4~g", "260.9"], [1000, ".4~g", "1000"],
    [-0.0001, ".0%", "0%"], [0.25, undefined, "0.25"]];
  for (const [v, spec, want] of cases) assert.equal(format(v, spec), want, `${v} as ${spec}`);
});

test("tick labels are written in each panel's format, a panel's nticks or fewer", () => {
  assert.deepEqual(tickLabels(draw(chart()).svg)[0], ["0%", "20%", "40%", "60%", "80%", "100%"]);
  const c = chart({ panels: [{ title: "mistakes", y_format: "d", ymax: 30 },
                              { title: "J", y_format: ".4~g", ymax: 0.25 },
                              { title: "cos", y_format: ".1f", ymin: -0.2, ymax: 1.12 }],
                    series: [{ name: "a", y: [30, 9, 5, 0] }, { name: "b", y: [0, 0.25, 0.1, 0], panel: 1 },
                             { name: "c", y: [0, 0.5, 0.9, 1], panel: 2 }] });
  const { fig, svg } = draw(c, 0, 400);
  const [a, b, d] = tickLabels(svg);
  assert.ok(a[0] === "0" && a.length >= 2 && a.every((s) => /^\d+$/.test(s)), a);
  assert.ok(b.length >= 2 && b.every((s) => !/\.\d*0$|\.$/.test(s)), b); // ~: no trailing zeros
  assert.ok(d.includes("−0.2") || d.includes("0.0"), d);
  assert.ok(d.every((s) => /^−?\d\.\d$/.test(s)), d);
  for (const [k, labels] of [["yaxis", a], ["yaxis2", b], ["yaxis3", d]]) {
    assert.ok(labels.length <= fig.layout[k].nticks + 1, `${k}: ${labels} for nticks ${fig.layout[k].nticks}`);
  }
});

test("a step series goes across, then up or down; a linear one straight; a null starts a new stroke", () => {
  const geo = { px: (x) => 10 * x, panels: [] }, panel = { py: (y) => 100 - 10 * y };
  const tr = { x: [0, 1, 2, 3, 4], y: [1, 2, 2, null, 5], line: { shape: "hv" } };
  assert.equal(seriesPath(tr, geo, panel), "M0,90H10V80H20V80M40,50");
  assert.equal(seriesPath({ ...tr, line: { shape: "linear" } }, geo, panel), "M0,90L10,80L20,80M40,50");
  const { svg } = draw(chart());
  const d = svg.match(/data-name="E_in\(w\)"[^>]*><path d="([^"]+)"/)[1];
  assert.match(d, /^M[\d.]+,[\d.]+(H[\d.]+V[\d.]+)+$/, d);
});

test("a live series is drawn up to the step shown, as its data-y says", () => {
  const c = chart({ series: [{ name: "mistakes so far", y: [0, 1, 1, 2], color: "fg", live: true }], t_per_x: 2 });
  const { svg } = draw(c, 4);
  const [s] = elements(svg, "pla-series");
  assert.deepEqual(JSON.parse(s["data-x"]), [0, 1, 2, 3, 4]);
  assert.deepEqual(JSON.parse(s["data-y"]), [0, 1, 1, null, null], "x ≤ t/2 = 2 only");
  const [m] = elements(svg, "pla-marker");
  assert.equal(Number(m["data-x"]), 2);
});

test("the step's marker is drawn at its x across every panel; the svg maps data x to px", () => {
  const c = chart({ panels: [{ title: "one", ymax: 1 }, { title: "two", ymax: 1 }],
                    series: [{ name: "a", y: [1, 0.5, 0.25, 0] }, { name: "b", y: [0, 0.5, 1, 1], panel: 1 }] });
  const { geo, svg } = draw(c, 2, 500);
  const [m] = elements(svg, "pla-marker"), [root] = elements(svg, "pla-chart-svg");
  assert.equal(Number(m["data-x"]), 2);
  const [x0, x1] = root["data-xrange"].split(" ").map(Number), [left, width] = root["data-xpx"].split(" ").map(Number);
  const px = left + ((2 - x0) / (x1 - x0)) * width;
  const [mx, top, bottom] = m.d.match(/^M([\d.]+),([\d.]+)V([\d.]+)$/).slice(1).map(Number);
  assert.ok(Math.abs(mx - px) < 0.01, `${m.d} against ${px}`);
  assert.ok(Math.abs(top - geo.top) < 0.01 && Math.abs(bottom - (geo.top + geo.H)) < 0.01, m.d);
});

test("each panel says its y range; the ranges are chartFigure's", () => {
  const c = chart({ panels: [{ title: "one", ymax: 3 }, { title: "two", ymin: -0.1, ymax: 1.1 }],
                    series: [{ name: "a", y: [0, 1, 2, 4] }, { name: "b", y: [0, 0.5, 1, 1], panel: 1 }] });
  const { fig, svg } = draw(c);
  const ranges = elements(svg, "pla-panel").map((p) => p["data-range"].split(" ").map(Number));
  assert.deepEqual(ranges, [fig.layout.yaxis.range, fig.layout.yaxis2.range]);
  assert.ok(ranges[0][1] >= 4, "widened to the series' values");
  assert.deepEqual(ranges[1], [-0.1, 1.1]);
});

test("a mark past the axis is said at its right edge and not drawn; one inside is a dotted line with its label", () => {
  const far = draw(chart({ xmax: 3.1, marks: [{ x: 281, text: "t ≤ R²/ρ² = 281" }] }));
  assert.equal(elements(far.svg, "pla-shape").length, 0);
  const note = elements(far.svg, "pla-note").at(-1);
  assert.equal(note.text, "t ≤ R²/ρ² = 281 →");
  assert.equal(note["text-anchor"], "end");
  const x = Number(far.svg.match(/class="pla-note"[^>]*><tspan x="([\d.]+)"/)[1]);
  assert.ok(Math.abs(x - (far.geo.left + far.geo.W - 1)) < 0.01, x);
  const inside = draw(chart({ xmax: 300, marks: [{ x: 281, text: "t ≤ 281" }] }));
  const [line] = elements(inside.svg, "pla-shape");
  assert.equal(Number(line["data-x"]), 281);
  assert.ok(line["stroke-dasharray"], "dotted");
  assert.ok(elements(inside.svg, "pla-note").some((n) => n.text === "t ≤ 281"));
});

test("a panel's title keeps its lines; the legend and titles are there, text escaped", () => {
  const { svg } = draw(chart({ title: "a < b", panels: [{ title: "① a long title that wraps in two", ymax: 1 },
                                                      { title: "②", ymax: 1 }], present: true }), 0, 260);
  const notes = [...svg.matchAll(/<text class="pla-note"[^>]*>(.*?)<\/text>/g)]
    .map((m) => m[1].match(/<tspan/g).length);
  assert.ok(notes[0] >= 2, "the first title in lines");
  assert.ok(svg.includes(">a &lt; b</text>"));
  assert.equal(elements(svg, "pla-legend").length, 0, "stacked panels: no legend");
  const one = draw(chart()).svg;
  assert.deepEqual(elements(one, "pla-legend-item").map((e) => e.text), ["E_in(w)", "E_in(ŵ)"]);
});

test("the readout gives each series' value at the step pointed at, in its hover format", () => {
  const { fig } = draw(chart(), 0);
  assert.deepEqual(readout(fig, 2), ["update t = 2", "E_in(w): 25.0%", "E_in(ŵ): 50.0%"]);
  const line = { x: [0, 10], y: [0, 5], line: { shape: "linear" } };
  assert.equal(valueAt(line, 4), 2);
  assert.equal(valueAt(line, 11), null);
  assert.equal(valueAt({ x: [0, 1, 2], y: [3, null, 1], line: { shape: "hv" } }, 1.5), null, "a gap");
});
