// The first picture: the lesson's step drawn as a plain SVG from the payload while plotly.js is still loading
// (points, the boundary or the runs' lines, w, the circled point), in the live plot's place and size, so the page
// does not move when the live plot replaces it. Pure: data in, SVG text out (numbers and the palette only).
import { companionsOf, companionW, companionStyle } from "./companion.js";
import { clip } from "./geometry.js";
import { I, restPose, W } from "./pose.js";

// The live plot's margins as plotly draws them at 1280×720 (figures.base_figure's, grown by automargin for the tick
// labels and axis titles and one legend row), and each further legend row.
const M = { l: 50, r: 10, t: 44, b: 88 }, LEGEND_ROW = 21;
const f = (v) => (Math.round(v * 10) / 10).toString();
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/**
 * Where data coordinates land in a width × height box: the plot area with equal scales on both axes, centred in
 * the space the margins leave (as plotly's constrain: "domain" does).
 * @returns {{x: (v: number) => number, y: (v: number) => number, s: number, area: number[]}}
 */
export function frame(view, width, height, rows = 1) {
  const top = M.t + LEGEND_ROW * Math.max(0, rows - 1);
  const aw = Math.max(10, width - M.l - M.r), ah = Math.max(10, height - top - M.b);
  const s = Math.min(aw / (view[1] - view[0]), ah / (view[3] - view[2]));
  const x0 = M.l + (aw - s * (view[1] - view[0])) / 2, y0 = top + (ah - s * (view[3] - view[2])) / 2;
  return { x: (v) => x0 + (v - view[0]) * s, y: (v) => y0 + (view[3] - v) * s, s,
           area: [x0, y0, s * (view[1] - view[0]), s * (view[3] - view[2])] };
}

function line(w, v, P, color, width, dash) {
  const seg = w && w.length === 3 ? clip(w, v) : null;
  if (!seg) return "";
  const d = dash === "dash" ? ' stroke-dasharray="10 6"' : dash === "dot" ? ' stroke-dasharray="2 5"'
    : dash === "dashdot" ? ' stroke-dasharray="10 5 2 5"' : "";
  return `<line x1="${f(P.x(seg[0][0]))}" y1="${f(P.y(seg[0][1]))}" x2="${f(P.x(seg[1][0]))}" y2="${f(P.y(seg[1][1]))}"` +
    ` stroke="${esc(color)}" stroke-width="${width}"${d}/>`;
}

function arrow(from, vec, P, color, width) {
  const [x1, y1, x2, y2] = [P.x(from[0]), P.y(from[1]), P.x(from[0] + vec[0]), P.y(from[1] + vec[1])];
  const L = Math.hypot(x2 - x1, y2 - y1);
  if (!(L > 1)) return "";
  const ux = (x2 - x1) / L, uy = (y2 - y1) / L, h = width * 4;
  const head = [[x2, y2], [x2 - h * ux + h * 0.5 * uy, y2 - h * uy - h * 0.5 * ux], [x2 - h * ux - h * 0.5 * uy, y2 - h * uy + h * 0.5 * ux]];
  return `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2 - h * ux)}" y2="${f(y2 - h * uy)}" stroke="${esc(color)}" stroke-width="${width}"/>` +
    `<polygon points="${head.map((p) => `${f(p[0])},${f(p[1])}`).join(" ")}" fill="${esc(color)}"/>`;
}

/**
 * The SVG of step data.t at rest in a width × height box (`fg`: the theme's text colour; `rows`: legend rows
 * expected above the plot area).
 * @param {import("./protocol.js").Payload} data @param {number} width @param {number} height @param {string} fg
 */
export function picture(data, width, height, fg, rows = 1) {
  const v = data.view, C = data.colors, P = frame(v, width, height, rows), on = new Set(data.moving || []);
  const k = data.present ? 1.5 : 1, t = Math.min(data.t, data.T), out = [];
  const [ax, ay, aw, ah] = P.area;
  out.push(`<rect x="${f(ax)}" y="${f(ay)}" width="${f(aw)}" height="${f(ah)}" fill="none" stroke="rgba(128,128,128,0.22)"/>`);
  if (v[0] < 0 && v[1] > 0) out.push(`<line x1="${f(P.x(0))}" y1="${f(ay)}" x2="${f(P.x(0))}" y2="${f(ay + ah)}" stroke="rgba(128,128,128,0.6)" stroke-width="1.5"/>`);
  if (v[2] < 0 && v[3] > 0) out.push(`<line x1="${f(ax)}" y1="${f(P.y(0))}" x2="${f(ax + aw)}" y2="${f(P.y(0))}" stroke="rgba(128,128,128,0.6)" stroke-width="1.5"/>`);
  const w = data.win ? W(data, t) : null;
  if (w && on.has("companion")) companionsOf(data).forEach((_, i) => {
    const s = companionStyle(data, k, i);
    out.push(line(companionW(data, t, i), v, P, s.color, s.width, s.dash));
  });
  if (w && on.has("boundary")) out.push(line(w, v, P, fg, 4 * k, "solid"));
  if (w && w.length === 3 && on.has("w")) {
    const pose = restPose(data, t);
    if (pose.scale > 0) out.push(arrow(pose.anchor, [w[1] * pose.scale, w[2] * pose.scale], P, fg, 3.5 * k));
  }
  const size = data.present ? 20 : 13, r = size / 2, sw = size < 18 ? 3 : 4.5;
  for (const [x, y, lab] of data.points) {
    const cx = P.x(x), cy = P.y(y);
    if (lab > 0) out.push(`<circle class="pt pos" cx="${f(cx)}" cy="${f(cy)}" r="${r - sw / 2}" fill="none" stroke="${esc(C.pos)}" stroke-width="${sw}"/>`);
    else out.push(`<path class="pt neg" d="M${f(cx - r)},${f(cy - r)}L${f(cx + r)},${f(cy + r)}M${f(cx - r)},${f(cy + r)}L${f(cx + r)},${f(cy - r)}" stroke="${esc(C.neg)}" stroke-width="${sw}"/>`);
  }
  if (data.win && t < data.T && on.has("circle")) {
    for (const i of I(data, t)) {
      const p = data.points[i];
      if (p) out.push(`<circle cx="${f(P.x(p[0]))}" cy="${f(P.y(p[1]))}" r="${17 * k}" fill="none" stroke="${esc(fg)}" stroke-width="${3 * k}"/>`);
    }
  }
  return `<svg class="pla-picture" xmlns="http://www.w3.org/2000/svg" width="${Math.round(width)}" height="${Math.round(height)}"` +
    ` viewBox="0 0 ${Math.round(width)} ${Math.round(height)}" aria-hidden="true">${out.join("")}</svg>`;
}
