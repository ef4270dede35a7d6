// One trace of the scene (scene.js: lines, fills, markers, texts, a sign grid) as SVG text in pixels, through a frame
// (axes.js). Each trace is one <g class="pla-mark"> holding what it draws in data units as well (the plot's DOM
// contract, docs/architecture.md): data-meta, data-name, data-x and data-y (JSON, null between strokes), and for the
// points each marker's data-i, data-x, data-y and data-label. Pure: no DOM (tests/js/axes.test.mjs).
import { dashArray, textOffset } from "./axes.js";
import { fmt } from "./marks.js";

/** Text or an attribute value made safe for SVG markup. */
export const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
  .replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const r2 = (v) => Math.round(v * 100) / 100;
const at = (list, i, fallback) => (Array.isArray(list) ? (list[i] ?? fallback) : (list ?? fallback));
const ok = (v) => v !== null && v !== undefined && Number.isFinite(v);

/**
 * A marker's outline centred on (0, 0), as plotly.js draws its symbols (r: half the marker's size in px); `angle`
 * in degrees turns it (the arrow's head points along its line).
 */
export function symbolPath(symbol, r, angle = 0) {
  const s = String(symbol || "circle").replace(/-open$/, "");
  const q = r2(r);
  let d;
  if (s === "x-thin" || s === "x") d = `M${q},${q}L${-q},${-q}M${q},${-q}L${-q},${q}`;
  else if (s === "square") d = `M${q},${q}H${-q}V${-q}H${q}Z`;
  else if (s === "diamond") { const a = r2(1.3 * r); d = `M${a},0L0,${a}L${-a},0L0,${-a}Z`; }
  else if (s === "star") {
    const k = 1.4 * r, p = (x, y) => `${r2(k * x)},${r2(k * y)}`;
    d = `M${p(0.225, -0.309)}H${r2(k * 0.951)}L${p(0.363, 0.118)}L${p(0.588, 0.809)}L${p(0, 0.382)}` +
      `L${p(-0.588, 0.809)}L${p(-0.363, 0.118)}L${p(-0.951, -0.309)}H${r2(-k * 0.225)}L0,${r2(-k)}Z`;
  } else if (s === "arrow") {
    const n = r2(2 * r * Math.cos(Math.PI / 2.5)), a = r2(2 * r * Math.sin(Math.PI / 2.5));
    d = `M0,0L${-n},${a}L${n},${a}Z`;
  } else d = `M${q},0A${q},${q} 0 1,1 0,${-q}A${q},${q} 0 0,1 ${q},0Z`;
  return angle ? { d, transform: ` rotate(${r2(angle)})` } : { d, transform: "" };
}

/** The SVG path through the trace's points in px: a new stroke after each null (plotly's connectgaps: false). */
export function pathOf(xs, ys, f, close = false) {
  let d = "", pen = false;
  for (let i = 0; i < xs.length; i++) {
    if (!ok(xs[i]) || !ok(ys[i])) { pen = false; continue; }
    d += `${pen ? "L" : "M"}${r2(f.px(xs[i]))},${r2(f.py(ys[i]))}`;
    pen = true;
  }
  return d && close ? d + "Z" : d;
}

// An arrow's line stops under its head (plotly's backoff), so its width never shows past the head's point.
function backedOff(tr, f) {
  const xs = tr.x.slice(), ys = tr.y.slice(), n = xs.length - 1, m = tr.marker || {};
  if (n < 1 || at(m.symbol, n) !== "arrow" || !ok(xs[n]) || !ok(xs[n - 1])) return [xs, ys];
  const dx = f.px(xs[n]) - f.px(xs[n - 1]), dy = f.py(ys[n]) - f.py(ys[n - 1]), len = Math.hypot(dx, dy);
  const back = Math.min(len, 0.9 * 2 * (at(m.size, n, 6) / 2) * Math.sin(Math.PI / 2.5));
  if (!(len > 0)) return [xs, ys];
  xs[n] = f.x(f.px(xs[n]) - (dx / len) * back);
  ys[n] = f.y(f.py(ys[n]) - (dy / len) * back);
  return [xs, ys];
}

function lines(tr, f) {
  const ln = tr.line || {}, width = ln.width ?? 2;
  if (tr.fill === "toself") {
    const d = pathOf(tr.x, tr.y, f, true);
    if (!d) return "";
    const hatch = tr.fillpattern ? `<path d="${d}" fill="url(#${f.hatch})"/>` : "";
    const dash = dashArray(ln.dash, width), edge = width > 0
      ? ` stroke="${esc(ln.color || "#444")}" stroke-width="${width}"${dash ? ` stroke-dasharray="${dash}"` : ""}`
      : ` stroke="none"`;
    return `<path d="${d}" fill="${esc(tr.fillcolor || "none")}"${edge}/>${hatch}`;
  }
  if (!(width > 0)) return "";
  const [xs, ys] = /markers/.test(tr.mode) ? backedOff(tr, f) : [tr.x, tr.y];
  const d = pathOf(xs, ys, f);
  if (!d) return "";
  const dash = dashArray(ln.dash, width);
  return `<path d="${d}" fill="none" stroke="${esc(ln.color || "#444")}" stroke-width="${width}"` +
    (dash ? ` stroke-dasharray="${dash}"` : "") + ` stroke-linejoin="round"/>`;
}

// The screen angle of an arrow head at point i, along the line from the point before it (angleref "previous").
function headAngle(tr, f, i) {
  if (i < 1 || !ok(tr.x[i - 1])) return 0;
  const dx = f.px(tr.x[i]) - f.px(tr.x[i - 1]), dy = f.py(tr.y[i]) - f.py(tr.y[i - 1]);
  return (Math.atan2(dx, -dy) * 180) / Math.PI;
}

function markers(tr, f) {
  const m = tr.marker || {}, pts = tr.meta === "points";
  let out = "";
  for (let i = 0; i < tr.x.length; i++) {
    const x = tr.x[i], y = tr.y[i], size = at(m.size, i, 6);
    if (!ok(x) || !ok(y) || !(size > 0)) continue;
    const symbol = at(m.symbol, i, "circle"), color = at(m.color, i, "#444"), op = at(m.opacity, i, 1);
    const open = /-open$|^x-thin/.test(symbol), lw = (m.line && at(m.line.width, i, 0)) || 0;
    const lc = (m.line && at(m.line.color, i, null)) || color;
    const { d, transform } = symbolPath(symbol, size / 2, symbol === "arrow" ? headAngle(tr, f, i) : 0);
    const paint = open ? `fill="none" stroke="${esc(color)}" stroke-width="${lw || 1}"`
      : `fill="${esc(color)}"` + (lw ? ` stroke="${esc(lc)}" stroke-width="${lw}"` : "");
    const place = `transform="translate(${r2(f.px(x))},${r2(f.py(y))})${transform}"`;
    const fade = op < 1 ? ` opacity="${op}"` : "";
    if (!pts) { out += `<path d="${d}" ${place} ${paint}${fade}/>`; continue; }
    const i0 = at(tr.customdata, i, i), label = tr.label ?? (/^x/.test(symbol) ? -1 : 1);
    // A keyboard reaches each point (Tab) where there are few: its name is its number, coordinates and class.
    const focus = f.focus ? ` tabindex="0" role="img" aria-label="${esc(`#${i0} (${fmt(x)}, ${fmt(y)}), ` +
      (label > 0 ? "○ +1" : "× −1"))}"` : "";
    out += `<path class="pla-pt" d="${d}" ${place} ${paint}${fade} data-i="${i0}" data-x="${x}" data-y="${y}" ` +
      `data-label="${label}"${focus}/>`;
  }
  return out;
}

function texts(tr, f) {
  const font = (tr.textfont && tr.textfont.size) || 12, color = (tr.textfont && tr.textfont.color) || "#444";
  const halo = tr.textfont && tr.textfont.shadow ? ` stroke="${f.halo}" stroke-width="2.5" paint-order="stroke"` : "";
  const withMarkers = /markers/.test(tr.mode), m = tr.marker || {};
  let out = "";
  for (let i = 0; i < tr.x.length; i++) {
    const x = tr.x[i], y = tr.y[i], text = at(tr.text, i, "");
    if (!ok(x) || !ok(y) || text === "" || text === null) continue;
    const o = textOffset(at(tr.textposition, i, "middle center"), font, withMarkers ? at(m.size, i, 6) : 0);
    out += `<text x="${r2(f.px(x) + o.dx)}" y="${r2(f.py(y) + o.dy)}" text-anchor="${o.anchor}" font-size="${font}" ` +
      `fill="${esc(color)}"${halo}>${esc(text)}</text>`;
  }
  return out;
}

// A heatmap of signs as rectangles, one per run of equal cells in a row, coloured by the scale's nearest stop.
function heatmap(tr, f) {
  const xs = tr.x, ys = tr.y, cs = tr.colorscale || [], lo = tr.zmin ?? -1, hi = tr.zmax ?? 1;
  if (!xs || xs.length < 1 || !ys || ys.length < 1) return "";
  const dx = xs.length > 1 ? xs[1] - xs[0] : 1, dy = ys.length > 1 ? ys[1] - ys[0] : 1;
  const colorOf = (z) => {
    const s = (z - lo) / (hi - lo);
    return cs.reduce((best, c) => (Math.abs(c[0] - s) < Math.abs(best[0] - s) ? c : best), cs[0] || [0, "none"])[1];
  };
  let out = "";
  ys.forEach((y, j) => {
    const row = tr.z[j];
    for (let i = 0; i < xs.length;) {
      let k = i;
      while (k + 1 < xs.length && row[k + 1] === row[i]) k++;
      const color = colorOf(row[i]);
      if (color && !/,\s*0\)$/.test(color)) {
        const x0 = f.px(xs[i] - dx / 2), x1 = f.px(xs[k] + dx / 2), y0 = f.py(y + dy / 2), y1 = f.py(y - dy / 2);
        out += `<rect x="${r2(x0)}" y="${r2(y0)}" width="${r2(x1 - x0 + 0.5)}" height="${r2(y1 - y0 + 0.5)}" ` +
          `fill="${esc(color)}"/>`;
      }
      i = k + 1;
    }
  });
  return out;
}

/**
 * The trace as one <g>: its lines (or fill), markers and texts in px, clipped to the plot area unless the trace
 * says not (cliponaxis: false). `f`: the frame (axes.frameOf) with `clip`, `hatch` (ids of the drawing's clip path
 * and hatch pattern), `halo` (the colour round a text that has a shadow) and `focus` (the points take the keyboard).
 */
export function markSvg(tr, f) {
  const kind = tr.type === "heatmap" ? "heatmap" : "scatter";
  let body = "", data = "";
  if (kind === "heatmap") body = heatmap(tr, f);
  else {
    const mode = tr.mode || "lines";
    if (/lines/.test(mode) || tr.fill === "toself") body += lines(tr, f);
    if (/markers/.test(mode)) body += markers(tr, f);
    if (/text/.test(mode)) body += texts(tr, f);
    data = ` data-x="${esc(JSON.stringify(tr.x || []))}" data-y="${esc(JSON.stringify(tr.y || []))}"`;
    if (/text/.test(mode)) data += ` data-text="${esc(JSON.stringify(tr.text || []))}"`;
  }
  const clip = tr.cliponaxis === false ? "" : ` clip-path="url(#${f.clip})"`;
  return `<g class="pla-mark" data-meta="${esc(tr.meta || "")}" data-name="${esc(tr.name || "")}" ` +
    `data-kind="${kind}"${data}${clip}>${body}</g>`;
}
