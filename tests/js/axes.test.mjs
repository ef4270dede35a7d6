// axes.js: the plot's frame (equal scales, centred), its inverse, the ticks plotly chooses, dashes, text offsets;
// svgmarks.js and legend.js: a trace as SVG with the DOM contract, the legend's rows. Pure, without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dashArray, frameOf, textOffset, ticks, tickText } from "../../pla_lab/drawing/plot/axes.js";
import { entries, layoutLegend } from "../../pla_lab/drawing/plot/legend.js";
import { esc, markSvg, pathOf } from "../../pla_lab/drawing/plot/svgmarks.js";

test("the frame keeps equal scales, is centred in the room the margins leave, and x/y undo px/py", () => {
  for (const [w, h, view] of [[600, 400, [-1, 1, -1, 1]], [300, 700, [-4, 4, -3, 3]], [500, 500, [0, 10, -0.5, 0.5]]]) {
    const m = [50, 10, 43, 56], f = frameOf(w, h, m, view);
    assert.ok(Math.abs(f.width / (view[1] - view[0]) - f.height / (view[3] - view[2])) < 1e-9, "one scale");
    const roomW = w - m[0] - m[1], roomH = h - m[2] - m[3];
    assert.ok(f.width <= roomW + 1e-9 && f.height <= roomH + 1e-9);
    assert.ok(Math.abs(f.width - roomW) < 1e-9 || Math.abs(f.height - roomH) < 1e-9, "it fills one side");
    assert.ok(Math.abs(f.left - m[0] - (roomW - f.width) / 2) < 1e-9 && Math.abs(f.top - m[2] - (roomH - f.height) / 2) < 1e-9);
    assert.deepEqual([f.px(view[0]), f.py(view[3])], [f.left, f.top], "the view's top left corner");
    for (const [x, y] of [[view[0], view[2]], [0.3, -0.2], [view[1], view[3]]]) {
      assert.ok(Math.abs(f.x(f.px(x)) - x) < 1e-9 && Math.abs(f.y(f.py(y)) - y) < 1e-9);
    }
    assert.ok(f.py(view[2]) > f.py(view[3]), "y grows upwards");
  }
});

test("ticks: 1, 2 or 5 times a power of ten, from 0, inside the range, more on a longer axis", () => {
  assert.deepEqual(ticks(-1.25, 1.25, 327, "x"), [-1, -0.5, 0, 0.5, 1]);
  assert.deepEqual(ticks(-1.25, 1.25, 327, "y"), [-1, -0.5, 0, 0.5, 1]);
  assert.deepEqual(ticks(0, 100, 400, "x"), [0, 20, 40, 60, 80, 100]);
  assert.ok(ticks(-4, 4, 900, "y").length > ticks(-4, 4, 200, "y").length);
  for (const t of ticks(-0.3, 0.7, 300, "x")) assert.ok(t >= -0.3 && t <= 0.7 && String(t).length <= 4, t);
  assert.deepEqual(ticks(1, 1, 300, "x"), [], "an empty range");
  assert.equal(tickText(-0.5), "−0.5");
  assert.equal(tickText(0.1 + 0.2), "0.3");
});

test("dashes scale with the line, as plotly's; a text goes beside its marker on the side asked", () => {
  assert.equal(dashArray("solid", 4), "");
  assert.equal(dashArray("dash", 4), "12,12");
  assert.equal(dashArray("dot", 1), "3,3");
  const right = textOffset("top right", 12, 13), left = textOffset("bottom left", 12, 13);
  assert.ok(right.dx > 6.5 && right.anchor === "start" && left.dx < -6.5 && left.anchor === "end");
  assert.ok(left.dy > right.dy, "below is further down");
  assert.equal(textOffset("middle center", 12, 0).anchor, "middle");
});

const F = { ...frameOf(400, 400, [0, 0, 0, 0], [0, 1, 0, 1]), clip: "c", hatch: "h", halo: "#fff" };

test("a line breaks at a null (a stroke each), and a trace's <g> says what it draws in data units", () => {
  assert.equal(pathOf([0, 1, null, 0, 1], [0, 1, null, 1, 0], F), "M0,400L400,0M0,0L400,400");
  const g = markSvg({ type: "scatter", mode: "lines", meta: "boundary", name: "b", x: [0, 1], y: [0.5, 0.5],
                      line: { color: "#000", width: 4, dash: "dash" } }, F);
  assert.match(g, /^<g class="pla-mark" data-meta="boundary" data-name="b" data-kind="scatter"/);
  assert.match(g, /data-x="\[0,1\]" data-y="\[0\.5,0\.5\]"/);
  assert.match(g, /stroke-dasharray="12,12"/);
  assert.match(g, /clip-path="url\(#c\)"/);
  const pts = markSvg({ type: "scatter", mode: "markers", meta: "points", label: -1, customdata: [7], x: [0.25], y: [0.75],
                        marker: { symbol: "x-thin-open", size: 13, color: "#D55E00", line: { width: 3 } } }, F);
  assert.match(pts, /class="pla-pt"[^>]*transform="translate\(100,100\)"[^>]*data-i="7" data-x="0.25" data-y="0.75" data-label="-1"/);
  assert.match(markSvg({ mode: "text", x: [0.5], y: [0.5], text: ["<b>"], cliponaxis: false }, F), /&lt;b&gt;/);
  assert.doesNotMatch(markSvg({ mode: "text", x: [0.5], y: [0.5], text: ["1"], cliponaxis: false }, F), /clip-path/);
  assert.equal(esc(`a"b'<&`), "a&quot;b&#39;&lt;&amp;");
});

test("a heatmap of signs is drawn as one rectangle per run of equal cells, nothing where it is transparent", () => {
  const cs = [[0, "red"], [0.5, "rgba(0,0,0,0)"], [1, "blue"]];
  const g = markSvg({ type: "heatmap", meta: "shade+", x: [0.25, 0.75], y: [0.25, 0.75], z: [[-1, -1], [1, 0]],
                      zmin: -1, zmax: 1, colorscale: cs }, F);
  assert.equal((g.match(/<rect/g) || []).length, 2);
  assert.match(g, /fill="red"/);
  assert.match(g, /fill="blue"/);
});

test("the legend: named traces once per group; one row if they fit, else columns as wide as the widest", () => {
  const list = entries([{ name: "a" }, { name: "b", showlegend: false }, { name: "c", legendgroup: "g" },
                        { name: "c", legendgroup: "g" }, { type: "heatmap", name: "h" }, { name: "" }]);
  assert.deepEqual(list.map((t) => t.name), ["a", "c"]);
  const one = layoutLegend(["y = +1", "y = −1"], 15, 600);
  assert.equal(one.rows, 1);
  assert.ok(one.at[1][0] > one.at[0][0]);
  const many = layoutLegend(["y = +1", "y = −1", "w (×0.72)", "previous boundary", "w* (best margin)", "ŵ"], 15, 300);
  assert.ok(many.rows >= 2 && many.at.every(([x]) => x < 300));
  assert.equal(layoutLegend([], 15, 300).rows, 0);
});
