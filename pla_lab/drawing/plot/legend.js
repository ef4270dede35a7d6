// The plot's legend above its plot area, as plotly.js laid it out: one row if every entry fits, else columns as wide
// as the widest entry (pla_lab/drawing/picture.legend_rows guesses the same for the first picture). Pure: traces in,
// entries, rows and SVG text out (tests/js/axes.test.mjs).
import { dashArray } from "./axes.js";
import { esc, symbolPath } from "./svgmarks.js";

const SAMPLE = 40; // px of an entry before its name: its line or marker drawn in the middle of it
const GAP = 5; // px after a name
const MAX_MARKER = 16, MAX_LINE = 10; // plotly's legend draws no larger marker or wider line

/** The legend's entries, in the traces' order: each named trace shown in it, once per legend group. */
export function entries(traces) {
  const seen = new Set(), out = [];
  for (const tr of traces) {
    if (tr.showlegend === false || !tr.name || tr.type === "heatmap") continue;
    if (tr.legendgroup) {
      if (seen.has(tr.legendgroup)) continue;
      seen.add(tr.legendgroup);
    }
    out.push(tr);
  }
  return out;
}

/** A name's width in px at `font` px: about 0.55 em a character (the measure of Open Sans's digits and letters). */
export const roughWidth = (text, font) => 0.55 * font * String(text).length;

/**
 * Where each entry goes: {rows, rowH, at: [[x, row]…]} for entries named `names` at `font` px in `room` px (the
 * plot area's width). `measure(text)` gives a name's width (the browser's, or roughWidth in Node); `grouped`: some
 * entry stands for a legend group.
 */
export function layoutLegend(names, font, room, measure = (s) => roughWidth(s, font), grouped = false) {
  const widths = names.map((n) => SAMPLE + measure(n) + GAP);
  const rowH = Math.round(font * 1.4);
  if (!names.length) return { rows: 0, rowH, at: [] };
  const one = widths.reduce((a, b) => a + b, 0) < room, slot = Math.max(...widths);
  // plotly's horizontal legend: one row if every entry fits; else each entry in a slot as wide as the widest
  // (columns), or, with legend groups, as wide as itself; a new row where the next would reach the edge.
  let x = 0, row = 0;
  const at = widths.map((w) => {
    const next = one || grouped ? w : slot;
    if (x > 0 && x + next >= room) { x = 0; row += 1; }
    const p = [x, row];
    x += next;
    return p;
  });
  return { rows: row + 1, rowH, at };
}

// The sample an entry shows: its line (with its dash), its fill, or its marker.
function sample(tr, cx, cy, hatch) {
  const mode = tr.mode || "lines", ln = tr.line || {};
  if (tr.fill === "toself") {
    const fill = tr.fillpattern ? `url(#${hatch})` : esc(tr.fillcolor || "none");
    return `<rect x="${cx - 15}" y="${cy - 6}" width="30" height="12" fill="${fill}"/>`;
  }
  if (/lines/.test(mode) && (ln.width ?? 2) > 0) {
    const w = Math.min(MAX_LINE, ln.width ?? 2), dash = dashArray(ln.dash, w);
    const dot = /markers/.test(mode) ? `<circle cx="${cx}" cy="${cy}" r="3" fill="${esc(ln.color || "#444")}"/>` : "";
    return `<path d="M${cx - 15},${cy}h30" stroke="${esc(ln.color || "#444")}" stroke-width="${w}" fill="none"` +
      (dash ? ` stroke-dasharray="${dash}"` : "") + "/>" + dot;
  }
  if (/markers/.test(mode)) {
    const m = tr.marker || {}, one = (v) => (Array.isArray(v) ? v.find((x) => x) : v);
    const symbol = one(m.symbol) || "circle", color = one(m.color) || "#444";
    const size = Math.min(MAX_MARKER, one(m.size) || 6);
    const { d } = symbolPath(symbol, size / 2);
    const open = /-open$|^x-thin/.test(symbol), lw = Math.min(3, (m.line && one(m.line.width)) || 1);
    const paint = open ? `fill="none" stroke="${esc(color)}" stroke-width="${lw}"` : `fill="${esc(color)}"`;
    return `<path d="${d}" transform="translate(${cx},${cy})" ${paint}/>`;
  }
  return "";
}

/**
 * The legend as SVG: rows upwards from `bottom` px (the plot area's top, less a gap), from `left` px, in the
 * theme's text colour. Each entry is a <g class="pla-legend-item"> with its name as text (the DOM contract).
 */
export function legendSvg(list, lay, left, bottom, font, fg, hatch) {
  const top = bottom - lay.rows * lay.rowH;
  return list.map((tr, i) => {
    const [x, row] = lay.at[i], cy = Math.round(top + (row + 0.5) * lay.rowH), cx = left + x + SAMPLE / 2;
    return `<g class="pla-legend-item" data-meta="${esc(tr.meta || "")}">${sample(tr, cx, cy, hatch)}` +
      `<text x="${left + x + SAMPLE}" y="${cy + Math.round(font * 0.35) - 2}" font-size="${font}" fill="${esc(fg)}">` +
      `${esc(tr.name)}</text></g>`;
  }).join("");
}
