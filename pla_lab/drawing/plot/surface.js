// The one module that puts the plot on screen: an <svg> in the plot's element, drawn from the scene's traces
// (scene.js) through the frame of axes.js, its marks by svgmarks.js and its legend by legend.js. The rest of the
// plot's code asks it to draw, to redraw the traces that move, and where a data point is on the page; none of it
// knows how marks are drawn. Its elements are the DOM contract of docs/architecture.md.
import { FONT, frameOf, measurer, ticks, tickText } from "./axes.js";
import { entries, layoutLegend, legendSvg } from "./legend.js";
import { patch, patchAll } from "./patch.js";
import { esc, markSvg } from "./svgmarks.js";

const NS = "http://www.w3.org/2000/svg";
const GRID = "rgba(128,128,128,0.22)", ZERO = "rgba(128,128,128,0.6)", TICK = 5;

/** The colour round a text with a shadow (plotly's "auto"): dark text (#31333F, rgb(…)) gets a white halo, light
 * text a dark one. */
function haloOf(fg) {
  const hex = String(fg).match(/^#([0-9a-f]{6})$/i), rgb = String(fg).match(/rgba?\((\d+),\s*(\d+),\s*(\d+)/);
  const [r, g, b] = hex ? [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16))
    : rgb ? rgb.slice(1, 4).map(Number) : [0, 0, 0];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#444" : "#fff";
}

/** Up to this many points each takes the keyboard's focus (Tab), as each has its number written beside it
 * (pla_lab/drawing/numbers.CAP); more would hold a keyboard in the plot for hundreds of presses. */
const FOCUS = 40;
const points = (traces) => traces.reduce((n, tr) => n + (tr.meta === "points" && tr.x ? tr.x.length : 0), 0);

/** How many px left of the plot area the y axis's ticks, their labels and its title take. */
function yRoom(f, look, measure) {
  const v = f.view, labels = ticks(v[2], v[3], f.height, "y").map((t) => measure(tickText(t), look.font));
  return TICK + 9.1 + Math.max(0, ...labels) + (look.titles[1] ? Math.round(look.font * 1.2) : 0) + 2;
}

/** The grid, the zero lines, the ticks, their labels and the axes' titles around frame f. */
function axesSvg(f, look) {
  const v = f.view, fs = look.font, fg = esc(look.fg), out = { grid: "", axes: "" };
  const xs = ticks(v[0], v[1], f.width, "x"), ys = ticks(v[2], v[3], f.height, "y");
  const x0 = f.left, x1 = f.left + f.width, y0 = f.top, y1 = f.top + f.height;
  const r = (n) => Math.round(n * 100) / 100;
  const line = (t, d) => `<path d="${d}" stroke="${t === 0 ? ZERO : GRID}" stroke-width="${t === 0 ? 1.5 : 1}"/>`;
  for (const t of xs) out.grid += line(t, `M${r(f.px(t))},${y0}V${y1}`); // the grid; at 0 the zero line
  for (const t of ys) out.grid += line(t, `M${x0},${r(f.py(t))}H${x1}`);
  let wide = 0;
  const below = y1 + TICK + 6.2; // the x tick labels' top, as plotly puts them
  for (const t of xs) {
    out.axes += `<path d="M${r(f.px(t))},${y1}v${TICK}" stroke="${ZERO}"/><text class="pla-tick" x="${r(f.px(t))}" ` +
      `y="${r(below + 0.875 * fs)}" text-anchor="middle" font-size="${fs}" fill="${fg}">${tickText(t)}</text>`;
  }
  for (const t of ys) {
    wide = Math.max(wide, look.measure(tickText(t), fs));
    out.axes += `<path d="M${x0},${r(f.py(t))}h${-TICK}" stroke="${ZERO}"/>` +
      `<text class="pla-tick" x="${x0 - TICK - 3}" ` +
      `y="${r(f.py(t) + fs * 0.35)}" text-anchor="end" font-size="${fs}" fill="${fg}">${tickText(t)}</text>`;
  }
  const [tx, ty] = look.titles, tf = Math.round(fs * 1.2); // plotly's axis titles are a fifth larger
  const title = (x, y, text, turn) => `<text class="pla-title" x="${r(x)}" y="${r(y)}" text-anchor="middle" ` +
    `font-size="${tf}" fill="${fg}"${turn ? ` transform="rotate(-90 ${r(x)} ${r(y)})"` : ""}>${esc(text)}</text>`;
  if (tx) out.axes += title((x0 + x1) / 2, below + 1.06 * fs + 0.875 * tf, tx, false);
  if (ty) out.axes += title(x0 - TICK - 3 - wide - 6.1 - 0.175 * tf, (y0 + y1) / 2, ty, true);
  return out;
}

/**
 * An SVG drawing in element `gd`. draw(traces, look) draws every trace, the axes and the legend (look: {height,
 * margins [l, r, t, b, row], view, fg, font, legendFont, titles}); frame(traces, idx) redraws only the traces at
 * those indices (an animation's frame); toPage/toData map data units to the page's px and back.
 */
export function createSurface(gd) {
  // ids of its clip path and hatch pattern, its own on a page that has more than one drawing
  const id = Math.random().toString(36).slice(2, 10), svg = document.createElementNS(NS, "svg"), measure = measurer();
  svg.setAttribute("class", "pla-svg");
  svg.setAttribute("font-family", FONT);
  svg.innerHTML = `<defs><clipPath id="pla-clip-${id}"><rect/></clipPath><pattern id="pla-hatch-${id}" ` +
    `patternUnits="userSpaceOnUse" width="9" height="9"><rect width="9" height="9" fill="rgba(128,128,128,0.10)"/>` +
    `<path d="M-1,10L10,-1M-1,1L1,-1M8,10L10,8" stroke="rgba(128,128,128,0.55)" stroke-width="2.25"/>` +
    `</pattern></defs>` +
    `<g class="pla-grid"></g><g class="pla-marks"></g><g class="pla-axes"></g><g class="pla-legend"></g>` +
    `<rect class="pla-hit" fill="transparent"/>`;
  // The marks take no pointer: the hit box over the plot area (10 px wider each side, for a point at the edge) takes
  // clicks and taps, so a browser's touch adjustment has no mark to move a tap onto.
  const [defs, grid, marks, axes, legend, hit] = svg.children;
  const scratch = document.createElementNS(NS, "g"); // where a frame's marks are parsed, off the page
  gd.prepend(svg);
  let f = null, key = "", count = -1, margins = null, seen = 0;
  // The element's width as the browser last laid it out: read at a draw, it would make the browser lay the page out
  // anew (tens of ms on a slow phone, in an animation's first frame). Observed first, before the plot's own observer
  // draws again for a new width.
  new ResizeObserver(([e]) => { seen = Math.round(e.contentRect.width); }).observe(gd);
  const surface = {
    svg,
    get frame() { return f; },
    draw(traces, look) {
      const width = Math.max(1, seen || Math.round(gd.getBoundingClientRect().width)), m = look.margins;
      const list = entries(traces), names = list.map((tr) => tr.name), grouped = traces.some((tr) => tr.legendgroup);
      // The legend's rows in the plot area's width, and the frame under them, for a left margin.
      const place = (l) => {
        const lay = layoutLegend(names, look.legendFont, width - l - m[1], (s) => measure(s, look.legendFont), grouped);
        const t = m[2] + m[4] * Math.max(0, lay.rows - 1);
        return { lay, top: t, f: frameOf(width, look.height, [l, m[1], t, m[3]], look.view) };
      };
      // plotly's automargin: the left margin grows only where the y axis's labels and title would leave the drawing
      // (a plot as wide as its room, a phone's); a plot with room to spare beside it is centred in the same margins.
      let left = m[0], at = place(left);
      for (let k = 0; k < 2; k++) {
        const need = yRoom(at.f, look, measure);
        if (at.f.left >= need - 0.5) break;
        left += need - at.f.left;
        at = place(left);
      }
      const { lay, top } = at;
      margins = { l: left, r: m[1], t: top, b: m[3] };
      f = Object.assign(frameOf(width, look.height, [left, m[1], top, m[3]], look.view),
                        { clip: `pla-clip-${id}`, hatch: `pla-hatch-${id}`, halo: haloOf(look.fg),
                          focus: points(traces) <= FOCUS });
      const k = [width, look.height, top, left, look.view.join(), look.fg, look.font, look.titles.join("|")].join(";");
      if (k !== key) {
        key = k;
        svg.setAttribute("width", width);
        svg.setAttribute("height", look.height);
        svg.setAttribute("viewBox", `0 0 ${width} ${look.height}`);
        const rect = defs.querySelector("rect");
        for (const [a, v] of [["x", f.left], ["y", f.top], ["width", f.width], ["height", f.height]]) {
          rect.setAttribute(a, v);
          hit.setAttribute(a, a.length === 1 ? v - 10 : v + 20);
        }
        const a = axesSvg(f, { ...look, measure });
        grid.innerHTML = a.grid;
        axes.innerHTML = a.axes;
        svg.dataset.view = look.view.join(" ");
        svg.dataset.area = [f.left, f.top, f.width, f.height].map((v) => v.toFixed(2)).join(" ");
      }
      patchAll(legend, legendSvg(list, lay, left, top - 4, look.legendFont, look.fg, f.hatch));
      patchAll(marks, traces.map((tr) => markSvg(tr, f)).join(""));
      count = traces.length;
      return Promise.resolve();
    },
    frame(traces, idx) {
      if (!f || traces.length !== count) return false;
      for (const i of idx) {
        const el = marks.children[i];
        if (!el) continue;
        scratch.innerHTML = markSvg(traces[i], f);
        patch(el, scratch.firstChild);
      }
      return true;
    },
    /** Data point p as the page's px (the pointer's clientX/Y). */
    toPage(p) {
      return surface.mapper()(p[0], p[1]);
    },
    /** (x, y) in data units → the page's px, for many points at once (the drawing's place read once). */
    mapper() {
      const b = svg.getBoundingClientRect();
      return (x, y) => [b.left + f.px(x), b.top + f.py(y)];
    },
    /** The page's px (clientX/Y) as data units, and whether they lie in the plot area. */
    toData(cx, cy) {
      const b = svg.getBoundingClientRect(), px = cx - b.left, py = cy - b.top;
      const inside = px >= f.left && px <= f.left + f.width && py >= f.top && py <= f.top + f.height;
      return { x: f.x(px), y: f.y(py), px, py, inside };
    },
    /** The margins drawn last, {l, r, t, b} (the top one with the legend's rows), or null before the first draw. */
    get margins() { return margins; },
  };
  return surface;
}
