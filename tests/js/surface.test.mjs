// The plot's own SVG (scene.js's traces drawn by svgmarks.js through axes.frameOf) against the server's first picture
// of the same payload (pla_lab/drawing/picture.py, tests/js/picture_cases.json): every point, the boundary's ends
// and w's arrow land on the same pixel, within 1 px, so the live plot takes over from the picture without a jump.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { frameOf } from "../../pla_lab/drawing/plot/axes.js";
import { restExtra, restPose } from "../../pla_lab/drawing/plot/pose.js";
import { look, noEdits, traces } from "../../pla_lab/drawing/plot/scene.js";
import { markSvg } from "../../pla_lab/drawing/plot/svgmarks.js";

const CASES = JSON.parse(readFileSync(new URL("picture_cases.json", import.meta.url), "utf8"));
const nums = (s) => s.match(/-?[\d.]+(?:e-?\d+)?/g).map(Number);

/** The case's step as the live plot draws it, `width` px wide: {f, svg} (one string of every trace's <g>). */
function live(d, width) {
  const L = look(d, d.colors.fg, d.height, false);
  const m = L.margins, f = { ...frameOf(width, L.height, m.slice(0, 4), d.view), clip: "c", hatch: "h", halo: "#fff" };
  const all = traces(d, restPose(d, d.t), restExtra(d, d.t), noEdits(), d.colors.fg);
  return { f, svg: all.map((tr) => markSvg(tr, f)).join("") };
}

// The picture's marks in data units: points (circle centres, the middle of each ×), the boundary and w's shaft.
function pictured(svg, d) {
  const k = d.present ? 1.5 : 1, pts = [];
  for (const m of svg.matchAll(/<circle class="pt pos" cx="([^"]+)" cy="([^"]+)"/g)) pts.push([+m[1], -m[2]]);
  for (const m of svg.matchAll(/<path class="pt neg" d="M([^L]+)L([^M]+)M/g)) {
    const [a, b] = [nums(m[1]), nums(m[2])];
    pts.push([(a[0] + b[0]) / 2, -(a[1] + b[1]) / 2]);
  }
  const line = (width) => {
    const m = svg.match(new RegExp(`<path d="M([^L"]+)L([^"]+)" stroke="${d.colors.fg}" stroke-width="${String(width).replace(".", "\\.")}(?:\\.0)?"`));
    return m ? [nums(m[1]), nums(m[2])].map(([x, y]) => [x, -y]) : null;
  };
  return { pts, boundary: line(4 * k), shaft: line(3.5 * k) };
}

const near = (a, b, what) => assert.ok(Math.hypot(a[0] - b[0], a[1] - b[1]) <= 1, `${what}: ${a} vs ${b}`);

for (const c of CASES) {
  for (const width of [420, 610]) {
    test(`${c.name}, ${width} px: points, the boundary's ends and w's arrow where the first picture draws them`, () => {
      const d = c.payload, { f, svg } = live(d, width), pic = pictured(c.svg, d);
      const drawn = [...svg.matchAll(/class="pla-pt"[^>]*translate\(([^,]+),([^)]+)\)/g)].map((m) => [+m[1], +m[2]]);
      assert.equal(drawn.length, d.points.length);
      assert.equal(pic.pts.length, d.points.length);
      const px = (p) => [f.px(p[0]), f.py(p[1])];
      for (const p of pic.pts) assert.ok(drawn.some((q) => Math.hypot(q[0] - px(p)[0], q[1] - px(p)[1]) <= 1), `${p}`);
      const g = (meta) => svg.match(new RegExp(`data-meta="${meta}"[^>]*>(.*?)</g>`))[1];
      const ends = (meta) => { const n = nums(g(meta).match(/ d="([^"]+)"/)[1]); return [[n[0], n[1]], n.slice(-2)]; };
      if (pic.boundary) {
        const [a, b] = ends("boundary"), [p, q] = pic.boundary.map(px);
        const same = Math.hypot(a[0] - p[0], a[1] - p[1]) <= 1 ? [p, q] : [q, p];
        near(a, same[0], "boundary start");
        near(b, same[1], "boundary end");
      } else assert.doesNotMatch(g("boundary"), / d="M/, "no line where the picture draws none");
      if (pic.shaft) near(ends("w")[0], px(pic.shaft[0]), "w's arrow starts where the picture's does");
    });
  }
}

test("the cases hold a line, an arrow and presenter mode", () => {
  assert.ok(CASES.some((c) => pictured(c.svg, c.payload).boundary) && CASES.some((c) => pictured(c.svg, c.payload).shaft));
  assert.ok(CASES.some((c) => c.payload.present));
});
