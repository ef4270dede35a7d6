// Marks drawn from w besides the line: arrows, labels, and the handwritten notes' geometry (the unit normal, the
// origin's offset, a point's perpendicular). Pure: data in, plotly traces out.
import { clip, curve, octant, offBox, perpendicular } from "./geometry.js";

// An empty trace keeps its place (and a named line its legend entry) while there is nothing to draw.
export const empty = (meta, extra) => Object.assign({ type: "scatter", mode: "lines", x: [], y: [], hoverinfo: "skip",
  showlegend: false, name: meta, meta }, extra);

/** The boundary of w in the view: a clipped line, or the lifted curve for w of length 4. */
export function lineTrace(w, v, style, meta, named) {
  const base = { type: "scatter", mode: "lines", line: style, hoverinfo: "skip", meta, ...named };
  // Not drawn (w = 0, off the view): one empty point keeps its legend entry, so no row appears later to push the plot.
  const none = empty(meta, { line: style, ...named, ...(named && named.showlegend ? { x: [null], y: [null] } : {}) });
  if (!w) return none;
  if (w.length > 3) {
    const c = curve(w, v);
    return c ? { ...base, x: c[0], y: c[1], connectgaps: false } : none;
  }
  const seg = clip(w, v);
  return seg ? { ...base, x: [seg[0][0], seg[1][0]], y: [seg[0][1], seg[1][1]] } : none;
}

export function arrowTrace(from, vec, color, width, dash, meta) {
  return {
    type: "scatter", mode: "lines+markers", x: [from[0], from[0] + vec[0]], y: [from[1], from[1] + vec[1]],
    line: { color, width, dash }, marker: { symbol: ["circle", "arrow"], size: [0, width * 5], color, angleref: "previous" },
    hoverinfo: "skip", showlegend: false, name: meta, meta,
  };
}

/**
 * The step on screen in words, for the aria-live line a screen reader speaks: "Update 4: point #12, a ×, was on
 * the wrong side; w becomes (0, 1.679, −0.328)." Pure: from the payload's window (W, I) and points.
 * @param {import("./protocol.js").Payload} data @param {number} t
 */
export function stepWords(data, t) {
  const win = data.win, k = win ? t - win.t0 : -1;
  if (!win || k < 0 || k >= win.W.length) return "";
  const vec = (w) => "(" + w.map((v) => fmt(v)).join(", ") + ")";
  if (t === 0) return `Step 0 of ${data.T}: w starts at ${vec(win.W[k])}.`;
  const used = k >= 1 ? (win.I[k - 1] || []) : [];
  if (data.visits && used.length === 1) { // SGD: a step visits one point, and w moves only if its gradient is not 0
    const p = data.points[used[0]] || [0, 0, 1], moved = (win.U[k - 1] || []).some((u) => u !== 0);
    return `Step ${t} of ${data.T}: point #${used[0]}, ${p[2] > 0 ? "a ○ (+1)" : "a × (−1)"}, was visited; w ` +
      (moved ? `becomes ${vec(win.W[k])}.` : `stays ${vec(win.W[k])}.`);
  }
  const who = used.length === 1
    ? `point #${used[0]}, ${(data.points[used[0]] || [0, 0, 1])[2] > 0 ? "a ○ (+1)" : "a × (−1)"}, was on the wrong side`
    : `${used.length} points were on the wrong side`;
  return `Update ${t} of ${data.T}: ${who}; w becomes ${vec(win.W[k])}.`;
}

/** A number as the page writes it (4 significant digits, or `digits`; a true minus sign). */
export const fmt = (v, digits = 4) => (v === 0 ? "0" : String(Number(v.toPrecision(digits))).replace("-", "−"));

const label = (meta, xs, ys, texts, color, pos) => ({ type: "scatter", mode: "text", x: xs, y: ys, text: texts,
  textposition: pos || "middle right", textfont: { size: 15, color }, hoverinfo: "skip", showlegend: false, name: meta,
  meta, cliponaxis: false });

/**
 * The handwritten notes' geometry of the boundary: the perpendicular from the origin to it (its signed distance b/‖(w₁, w₂)‖) and the
 * unit normal ŵ = (w₁, w₂)/‖(w₁, w₂)‖ drawn from its foot. Labels only at rest (extra.moving: between steps).
 */
export function normal(pose, extra, fg, C, k = 1) {
  const w = pose.w, o = perpendicular(w, [0, 0]);
  if (w.length !== 3 || !o) return [empty("offset"), empty("unit"), empty("normal-label", { mode: "text" })];
  const q = o.foot, nn = Math.hypot(w[1], w[2]), n = [w[1] / nn, w[2] / nn];
  const seg = { type: "scatter", mode: "lines", x: [0, q[0]], y: [0, q[1]], hoverinfo: "skip", showlegend: false,
                line: { color: fg, width: 2 * k, dash: "dot" }, name: "offset", meta: "offset" };
  const unit = arrowTrace(q, n, C.target, 3 * k, "solid", "unit");
  // The offset's label beside the middle of its segment, ŵ's past the arrow's tip, each on the far side of the line.
  const side = (dx, dy) => (Math.abs(dy) >= Math.abs(dx) ? (dy > 0 ? "top center" : "bottom center") : (dx > 0 ? "middle right" : "middle left"));
  const text = extra.moving ? label("normal-label", [], [], [], fg)
    : Object.assign(label("normal-label", [q[0] / 2, q[0] + n[0]], [q[1] / 2, q[1] + n[1]],
                          [`b/‖(w₁, w₂)‖ = ${fmt(o.d, 3)}`, "ŵ"], fg),
                    { textposition: [side(-n[1], n[0]), side(n[0], n[1])] });
  return [seg, unit, text];
}

/** The chosen point's perpendicular to the boundary, with its signed distance (labelled only at rest). */
export function distance(data, pose, extra, fg, C, k = 1) {
  const p = data.pick == null ? null : data.points[data.pick], w = pose.w;
  const o = p && w.length === 3 ? perpendicular(w, p) : null;
  if (!o) return [empty("distance"), empty("distance-label", { mode: "text" })];
  const col = p[2] > 0 ? C.pos : C.neg;
  const seg = { type: "scatter", mode: "lines+markers", x: [p[0], o.foot[0]], y: [p[1], o.foot[1]], hoverinfo: "skip",
                showlegend: false, line: { color: col, width: 3 * k, dash: "dash" }, marker: { size: [0, 7 * k], color: col },
                name: "distance", meta: "distance" };
  const text = extra.moving ? label("distance-label", [], [], [], col)
    : label("distance-label", [(p[0] + o.foot[0]) / 2], [(p[1] + o.foot[1]) / 2], [`#${data.pick}: d = ${fmt(o.d)}`], col, "top center");
  return [seg, text];
}


const ARROWS = "→↗↑↖←↙↓↘";
// Where a note at the view's edge in each compass direction reads inwards from.
const INWARD = ["middle left", "bottom left", "bottom center", "bottom right", "middle right", "top right", "top center",
                "top left"];

/**
 * Why no line is drawn, or where it is (pla_lab.explain.line_words says the same): for w₁ = w₂ = 0, "w = 0: no line"
 * at the top of the view; for a line off the plot, "line off the plot →" at the edge it lies beyond. Nothing while a
 * step animates (extra.moving) or while the line is drawn.
 */
export function lineNote(w, v, extra, fg, k = 1) {
  if (!w || w.length !== 3 || extra.moving) return label("line-note", [], [], [], fg);
  const c = [(v[0] + v[1]) / 2, (v[2] + v[3]) / 2], m = 0.03 * Math.min(v[1] - v[0], v[3] - v[2]);
  const note = (p, text, o) => Object.assign(label("line-note", [p[0]], [p[1]], [text], fg, INWARD[o]),
                                             { textfont: { size: 16 * k, color: fg } });
  if (w[1] === 0 && w[2] === 0) return note([c[0], v[3] - m], w[0] === 0 ? "w = 0: no line" : "w₁ = w₂ = 0: no line", 2);
  const d = offBox(w, v);
  if (!d) return label("line-note", [], [], [], fg);
  // From the centre towards the line, to the view's edge (less a margin).
  const t = Math.min(...[0, 1].map((i) => (d[i] === 0 ? Infinity : ((v[2 * i + 1] - v[2 * i]) / 2 - m) / Math.abs(d[i]))));
  const o = octant(d), arrow = ARROWS[o];
  return note([c[0] + t * d[0], c[1] + t * d[1]], o >= 3 && o <= 5 ? `${arrow} line off the plot` : `line off the plot ${arrow}`, o);
}

// What a number keeps clear of besides its point's marker, as large as a marker: the "?" of the stream's arrival
// (stream.js) and a ring (the circle layer's round the next update's point, the stream's round a right prediction).
const ASK = 28, RING = 34;
const vertical = (side) => (side.startsWith("middle") ? side.replace("middle", "top") : side);

/**
 * Each drawn point's number, its index in the data as the words name it ("point #17"), beside its marker on the side
 * the payload gives (data.numbers, chosen by pla_lab/drawing/numbers.py so that it hides no marker and no other
 * number, and the same as the first picture's). One text trace, meta "numbers". `pts` are the point traces as drawn
 * (less the points just removed; a stream's faint points, not arrived yet, are not numbered). Above the cap
 * (data.numbers null), only the points the step names are: the circled ones and the picked one. A circled point's
 * number goes outside its ring. The stream's arrival {i, reveal, wrong} (or null) is numbered too, its "?" as well,
 * above or below it, clear of the words beside it. Numbers are in the theme's text colour with a halo, so they read
 * over lines and shading; 12 px (×k in presenter mode). Pure: data in, one trace out.
 * @param {import("./protocol.js").Payload} data @param {Object[]} pts @param {number[]} circled
 * @param {{i: number, reveal: boolean, wrong: boolean} | null} arrival @param {string} fg @param {number} k
 */
export function numberTrace(data, pts, circled, arrival, fg, k = 1) {
  const all = !!data.numbers, ringed = new Set(circled || []);
  const named = new Set([...ringed, ...(data.pick == null ? [] : [data.pick]), ...(arrival ? [arrival.i] : [])]);
  if (arrival && arrival.reveal && !arrival.wrong) ringed.add(arrival.i);
  const xs = [], ys = [], texts = [], sides = [], sizes = [];
  const add = (i, x, y, size) => {
    const side = all ? data.numbers[i] || "top right" : "top right";
    xs.push(x); ys.push(y); texts.push(String(i)); sizes.push(ringed.has(i) ? Math.max(size, RING * k) : size);
    sides.push(arrival && arrival.i === i ? vertical(side) : side);
  };
  for (const tr of pts) {
    if (tr.meta !== "points" || !Array.isArray(tr.customdata)) continue;
    const op = tr.marker && tr.marker.opacity, size = (tr.marker && tr.marker.size) || 13;
    tr.customdata.forEach((i, n) => {
      const faint = (Array.isArray(op) ? op[n] : op) < 1;
      if (!faint && (all || named.has(i))) add(i, tr.x[n], tr.y[n], size);
    });
  }
  const p = arrival && !arrival.reveal ? data.points[arrival.i] : null; // its point is drawn as the "?"
  if (p) add(arrival.i, p[0], p[1], ASK * k);
  // Unseen markers (plotly rings markers of several sizes unless told not to) as large as what each number keeps
  // clear of: plotly offsets a marker's text by its size.
  return { type: "scatter", mode: "markers+text", x: xs, y: ys, text: texts, textposition: sides,
           textfont: { size: 12 * k, color: fg, shadow: "auto" },
           marker: { size: sizes, color: "rgba(0,0,0,0)", line: { width: 0 } },
           hoverinfo: "skip", showlegend: false, name: "numbers", meta: "numbers", cliponaxis: false };
}
