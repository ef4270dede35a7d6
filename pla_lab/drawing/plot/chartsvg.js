// The chart beside the plot as SVG text, from chart.js's description ({traces, layout}, in plotly's names): panels
// stacked by their y axes' domains over one x axis, ticks and grid, step (hv) or straight lines, the legend, titles,
// notes and the step's marker, laid out as plotly.js laid them (its margins grown to fit tick labels and the legend).
// Its elements are the chart's DOM contract (docs/architecture.md). Pure: no DOM (tests/js/chartsvg.test.mjs).
import { dashArray, FONT, ticks, tickText } from "./axes.js";
import { entries, layoutLegend, legendSvg, roughWidth } from "./legend.js";
import { esc } from "./svgmarks.js";

const GRID = "rgba(128,128,128,0.22)", ZERO = "rgba(128,128,128,0.6)", LINE = 1.3; // LINE: a text's line height
const r2 = (v) => Math.round(v * 100) / 100;
const ok = (v) => v !== null && v !== undefined && Number.isFinite(v);
const json = (v) => esc(JSON.stringify(v));

/** v as d3-format writes it, for the formats the charts use: ".0%", ".1%", ".nf", "d", ".n~g" (else as a tick). */
export function format(v, spec) {
  if (!ok(v)) return "";
  const m = /^\.?(\d*)(~?)([%fdg])$/.exec(spec || "");
  if (!m) return tickText(v);
  const p = m[1] === "" ? 6 : Number(m[1]);
  let s;
  if (m[3] === "%") s = (v * 100).toFixed(p) + "%";
  else if (m[3] === "f") s = v.toFixed(p);
  else if (m[3] === "d") s = Math.round(v).toFixed(0);
  else {
    s = v.toPrecision(Math.max(1, p));
    if (m[2]) s = s.replace(/(\.\d*?)0+(?=e|$)/, "$1").replace(/\.(?=e|$)/, "");
  }
  if (!/[1-9]/.test(s.replace(/e.*$/, ""))) s = s.replace("-", ""); // d3 writes no −0
  return s.replace(/^-/, "−");
}

const axisKeys = (L) => Object.keys(L).filter((k) => /^yaxis\d*$/.test(k))
  .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));

// The y axes laid out from top to bottom px: each panel's place, ticks and labels, and the left margin they need.
function panelsOf(L, measure, top, bottom) {
  const fs = L.font.size, big = Math.round(1.2 * fs), H = Math.max(1, bottom - top);
  const panels = axisKeys(L).map((axis) => {
    const a = L[axis], [d0, d1] = a.domain || [0, 1], [lo, hi] = a.range, pt = top + (1 - d1) * H, h = (d1 - d0) * H;
    const ys = ticks(lo, hi, h, "y", a.nticks);
    const labels = ys.map((v) => (a.tickformat ? format(v, a.tickformat) : tickText(v)));
    const name = axis.replace("axis", ""), title = a.title && a.title.text;
    return { axis, name, lo, hi, top: pt, h, py: (v) => pt + ((hi - v) / (hi - lo)) * h, ticks: ys, labels, title,
             wide: Math.max(0, ...labels.map((s) => measure(s, fs))) };
  });
  const wide = Math.max(0, ...panels.map((p) => p.wide + (p.title ? 4 + big * 1.1 : 0)));
  return { panels, H, left: Math.max(L.margin.l, Math.ceil(wide + 8)) };
}

/**
 * Where everything goes for `width` px: {width, height, left, top, W, H, x0, x1, px, x, xticks, panels, legend, font}
 * (px: data x → px from the chart's left, x: its inverse; a panel: {axis, name, lo, hi, top, h, py, ticks, labels}).
 * The margins grow as plotly's automargin grew them: for the tick labels, the axes' titles and the legend's rows.
 * `measure(text, size)` gives a text's width (the browser's canvas, or about 0.55 em a character).
 */
export function chartGeometry(fig, width, measure = roughWidth) {
  const L = fig.layout, m = L.margin, fs = L.font.size, big = Math.round(1.2 * fs), height = L.height;
  const xtitle = L.xaxis.title && L.xaxis.title.text;
  const bottom = height - Math.max(m.b, Math.ceil(fs * 1.25 + (xtitle ? big * 1.4 : 0)));
  let top = m.t, y = panelsOf(L, measure, top, bottom), legend = null;
  if (L.showlegend) { // its rows, over the plot area as wide as the y axes leave it
    const list = entries(fig.traces), size = L.legend.font.size;
    const lay = layoutLegend(list.map((tr) => tr.name), size, width - y.left - m.r, (s) => measure(s, size));
    legend = { list, lay, size };
    top = Math.max(top, lay.rows * lay.rowH + 20 + (L.title ? L.title.font.size * LINE : 0));
    y = panelsOf(L, measure, top, bottom);
  }
  const { panels, left, H } = y, [x0, x1] = L.xaxis.range;
  let W = Math.max(1, width - left - m.r);
  let xticks = ticks(x0, x1, W, "x");
  const last = xticks.length ? xticks[xticks.length - 1] : x0;
  const over = left + ((last - x0) / (x1 - x0)) * W + measure(tickText(last), fs) / 2 + 1 - width;
  if (over > 0) { W = Math.max(1, W - over); xticks = ticks(x0, x1, W, "x"); } // automargin: the last label inside
  return { width, height, left, top, W, H, x0, x1, panels, legend, font: fs, big, xticks, xtitle,
           px: (v) => left + ((v - x0) / (x1 - x0)) * W, x: (p) => x0 + ((p - left) / W) * (x1 - x0),
           paper: (v) => top + (1 - v) * H };
}

/** A series' path in px: steps (hv: across, then up or down) or straight lines, a new stroke after a null. */
export function seriesPath(tr, geo, panel) {
  const hv = !tr.line || (tr.line.shape || "hv") === "hv";
  let d = "", pen = false;
  for (let i = 0; i < tr.x.length; i++) {
    const x = tr.x[i], y = tr.y[i];
    if (!ok(x) || !ok(y)) { pen = false; continue; }
    const X = r2(geo.px(x)), Y = r2(panel.py(y));
    d += !pen ? `M${X},${Y}` : hv ? `H${X}V${Y}` : `L${X},${Y}`;
    pen = true;
  }
  return d;
}

const panelOf = (tr, geo) => geo.panels.find((p) => p.name === (tr.yaxis || "y")) || geo.panels[0];

/** One series: <g class="pla-series"> with what it draws in data units (the DOM contract), clipped to its panel. */
export function seriesSvg(tr, i, geo, id) {
  const p = panelOf(tr, geo), ln = tr.line || {}, w = ln.width ?? 2, d = seriesPath(tr, geo, p);
  const dash = dashArray(ln.dash, w);
  const path = d ? `<path d="${d}" fill="none" stroke="${esc(ln.color || "#444")}" stroke-width="${w}"` +
    (dash ? ` stroke-dasharray="${dash}"` : "") + ` stroke-linejoin="round"/>` : "";
  return `<g class="pla-series" data-i="${i}" data-name="${esc(tr.name || "")}" data-x="${json(tr.x)}" ` +
    `data-y="${json(tr.y)}" clip-path="url(#${id}-${p.name})">${path}</g>`;
}

/** The path of a shape (a vertical line at x across the paper's y0..y1: the step's marker or a mark's line). */
export const shapePath = (s, geo) => `M${r2(geo.px(s.x0))},${r2(geo.paper(s.y1 ?? 1))}V${r2(geo.paper(s.y0 ?? 0))}`;

function shapeSvg(s, geo, id) {
  const ln = s.line || {}, w = ln.width ?? 2, dash = dashArray(ln.dash, w);
  return `<path class="${s.name === "step" ? "pla-marker" : "pla-shape"}" data-x="${s.x0}" d="${shapePath(s, geo)}" ` +
    `stroke="${esc(ln.color || "#444")}" stroke-width="${w}"${dash ? ` stroke-dasharray="${dash}"` : ""} ` +
    `clip-path="url(#${id}-all)"/>`;
}

// An annotation (a panel's title, a mark's label): its lines ("<br>") anchored at x, y as plotly anchors them.
function noteSvg(a, geo, fg) {
  const size = (a.font && a.font.size) || geo.font, lines = String(a.text).split("<br>"), lh = size * LINE;
  const x = a.xref === "paper" ? geo.left + a.x * geo.W : geo.px(a.x);
  const y = a.yref === "paper" ? geo.paper(a.y) : panelOf({ yaxis: a.yref }, geo).py(a.y);
  const tall = lines.length * lh;
  const blockTop = a.yanchor === "top" ? y + 1 : a.yanchor === "middle" ? y - tall / 2 : y - 1 - tall;
  const anchor = a.xanchor === "right" ? "end" : a.xanchor === "center" ? "middle" : "start";
  const ax = r2(anchor === "end" ? x - 1 : anchor === "start" ? x + 1 : x);
  const spans = lines.map((s, i) => `<tspan x="${ax}" y="${r2(blockTop + i * lh + size * 0.95)}">${esc(s)}</tspan>`);
  const color = esc((a.font && a.font.color) || fg);
  return `<text class="pla-note" text-anchor="${anchor}" font-size="${size}" fill="${color}">${spans.join("")}</text>`;
}

// A panel: its grid and zero lines, y ticks and title, and its series.
function panelSvg(p, geo, fig, fg, id) {
  const x0 = geo.left, x1 = geo.left + geo.W, y0 = r2(p.top), y1 = r2(p.top + p.h), fs = geo.font;
  let out = "";
  for (const t of geo.xticks) out += `<path d="M${r2(geo.px(t))},${y0}V${y1}" stroke="${t === 0 ? ZERO : GRID}"/>`;
  p.ticks.forEach((t, i) => {
    const y = r2(p.py(t));
    out += `<path d="M${x0},${y}H${r2(x1)}" stroke="${t === 0 ? ZERO : GRID}"/><text class="pla-tick" x="${x0 - 3}" ` +
      `y="${r2(y + fs * 0.35)}" text-anchor="end" font-size="${fs}" fill="${esc(fg)}">${esc(p.labels[i])}</text>`;
  });
  if (p.lo < 0 && p.hi > 0 && !p.ticks.includes(0)) {
    out += `<path d="M${x0},${r2(p.py(0))}H${r2(x1)}" stroke="${ZERO}"/>`;
  }
  if (p.title) {
    const x = r2(x0 - 3 - p.wide - 4 - geo.big * 0.25), y = r2(p.top + p.h / 2);
    out += `<text class="pla-title" x="${x}" y="${y}" transform="rotate(-90 ${x} ${y})" text-anchor="middle" ` +
      `font-size="${geo.big}" fill="${esc(fg)}">${esc(p.title)}</text>`;
  }
  const series = fig.traces.map((tr, i) => (panelOf(tr, geo) === p ? seriesSvg(tr, i, geo, id) : "")).join("");
  return `<g class="pla-panel" data-axis="${p.name}" data-range="${p.lo} ${p.hi}" data-ypx="${y0} ${r2(p.h)}">` +
    `${out}${series}</g>`;
}

/**
 * The chart as one <svg class="pla-chart-svg"> laid out by geo (chartGeometry); `id` prefixes its clip paths' ids
 * (unique on the page). data-xrange and data-xpx map a data x to a px: left + (x − x0) / (x1 − x0) · width.
 */
export function chartSvg(fig, geo, id) {
  const L = fig.layout, fg = L.font.color, { left, top, W, H, font: fs } = geo;
  const rect = (name, y, h) => `<clipPath id="${id}-${name}"><rect x="${r2(left)}" y="${r2(y)}" width="${r2(W)}" ` +
    `height="${r2(h)}"/></clipPath>`;
  let out = `<defs>${geo.panels.map((p) => rect(p.name, p.top, p.h)).join("")}${rect("all", top, H)}</defs>`;
  if (L.title) {
    const y = r2((1 - L.title.y) * geo.height + L.title.font.size);
    out += `<text class="pla-title" x="${r2(L.title.x * geo.width + 2)}" y="${y}" font-size="${L.title.font.size}" ` +
      `fill="${esc(fg)}">${esc(L.title.text)}</text>`;
  }
  if (geo.legend) {
    const g = geo.legend;
    out += `<g class="pla-legend">${legendSvg(g.list, g.lay, left, top - 4, g.size, fg, `${id}-none`)}</g>`;
  }
  out += geo.panels.map((p) => panelSvg(p, geo, fig, fg, id)).join("");
  const base = r2(top + H);
  out += `<g class="pla-xaxis">` + geo.xticks.map((t) => `<text class="pla-tick" x="${r2(geo.px(t))}" ` +
    `y="${r2(base + fs)}" text-anchor="middle" font-size="${fs}" fill="${esc(fg)}">${tickText(t)}</text>`)
    .join("");
  if (geo.xtitle) {
    out += `<text class="pla-title" x="${r2(left + W / 2)}" y="${r2(base + fs + geo.big * 1.1)}" ` +
      `text-anchor="middle" font-size="${geo.big}" fill="${esc(fg)}">${esc(geo.xtitle)}</text>`;
  }
  out += "</g>" + (L.shapes || []).map((s) => shapeSvg(s, geo, id)).join("");
  out += (L.annotations || []).map((a) => noteSvg(a, geo, fg)).join("");
  return `<svg class="pla-chart-svg" xmlns="http://www.w3.org/2000/svg" width="${geo.width}" height="${geo.height}" ` +
    `style="display:block" ` +
    `viewBox="0 0 ${geo.width} ${geo.height}" font-family="${esc(FONT)}" data-xrange="${geo.x0} ${geo.x1}" ` +
    `data-xpx="${r2(left)} ${r2(W)}">${out}</svg>`;
}
