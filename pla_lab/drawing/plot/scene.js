// The plotly traces for a pose: data in, traces out. Pure (no DOM, no plotly.js).
import { clipPoly, rect, signGrid } from "./geometry.js";
import { companionArrows, companionLines } from "./companion.js";
import { chainTraces } from "./chain.js";
import { arrowTrace, distance, empty, fmt, lineNote, lineTrace, normal, numberTrace } from "./marks.js";
import { BAND_TWEENED, bandTraces } from "./band.js";
import { arrival, streamPoints, streamTraces } from "./stream.js";

export { arrowTrace, lineTrace };

const HATCH = { shape: "/", fgcolor: "rgba(128,128,128,0.55)", bgcolor: "rgba(128,128,128,0.10)", size: 9, solidity: 0.25 };

/** Metas of the traces that change from frame to frame of a tween (the others are fixed for one update). */
export const TWEENED = Object.freeze(["shade+", "shade-", "disagree+", "disagree-", "boundary", "pocket", "w", "offset", "unit",
  "distance", "companion", "companion-w", "chain+", "chain-", ...BAND_TWEENED]);

/** No edits: the payload's points as they are. */
export const noEdits = () => ({ add: [], remove: [], flip: [] });

// A moving layer is in the legend iff the payload gives it a label.
const legend = (data, layer, fallback) => {
  const label = data.labels && data.labels[layer];
  return { name: label || fallback || layer, showlegend: !!label };
};

const closed = (poly) => ({ x: poly.map((p) => p[0]).concat([poly[0][0]]), y: poly.map((p) => p[1]).concat([poly[0][1]]) });

function fill(poly, color, meta, pattern) {
  if (!poly) return empty(meta);
  return Object.assign({ type: "scatter", mode: "lines", fill: "toself", fillcolor: color, line: { width: 0 },
    hoverinfo: "skip", showlegend: false, name: meta, meta }, closed(poly), pattern ? { fillpattern: pattern } : {});
}

// The two sides of the boundary: half-planes of the view, or the sign on a grid for a curved boundary.
function shade(data, pose) {
  const v = data.view, C = data.colors, w = pose.w;
  if (w.length > 3) {
    const g = signGrid(w, v);
    return [{ type: "heatmap", x: g.xs, y: g.ys, z: g.z, zmin: -1, zmax: 1, showscale: false, hoverinfo: "skip",
              colorscale: [[0, C.neg_fill], [0.5, "rgba(0,0,0,0)"], [1, C.pos_fill]], meta: "shade+", name: "shade+" },
            empty("shade-")];
  }
  if (!w[0] && !w[1] && !w[2]) return [empty("shade+"), empty("shade-")]; // w = 0 predicts nothing
  return [fill(clipPoly(rect(v), w, 1), C.pos_fill, "shade+"), fill(clipPoly(rect(v), w, -1), C.neg_fill, "shade-")];
}

/**
 * Where the pocket ŵ and the target f disagree inside the target's box, hatched: [where ŵ says + and f says −,
 * where ŵ says − and f says +]. A constant prediction (w₁ = w₂ = 0) is sign(b), or the payload's sign0 rule for
 * b = 0 (null: wrong everywhere; "both": right everywhere), as pla_core.geometry.disagreement counts it.
 */
export function disagreement(p, target, sign0) {
  const box = rect(target.box), f = target.w;
  if (p[1] === 0 && p[2] === 0) {
    if (p[0] === 0 && sign0 === "both") return [null, null];
    const pred = p[0] !== 0 ? Math.sign(p[0]) : (sign0 || 0);
    if (pred === 0) return [box, null];
    return pred > 0 ? [clipPoly(box, f, -1), null] : [null, clipPoly(box, f, 1)];
  }
  return [clipPoly(clipPoly(box, p, 1), f, -1), clipPoly(clipPoly(box, p, -1), f, 1)];
}

function disagree(data, pose) {
  if (!data.target || !pose.p) return [empty("disagree+"), empty("disagree-")];
  const [a, b] = disagreement(pose.p, data.target, data.sign0);
  const ta = fill(a, "rgba(0,0,0,0)", "disagree+", HATCH), tb = fill(b, "rgba(0,0,0,0)", "disagree-", HATCH);
  const { name, showlegend } = legend(data, "disagree");
  Object.assign(ta, { name, legendgroup: "disagree", showlegend: showlegend && !!a });
  Object.assign(tb, { name, legendgroup: "disagree", showlegend: showlegend && !a && !!b });
  return [ta, tb];
}

/** The payload's points traces without the points the user has just removed (by their index, customdata). */
export function visiblePoints(base, remove, flip) {
  if ((!remove || !remove.length) && (!flip || !flip.length)) return base;
  const gone = new Set(remove || []), flipped = new Set(flip || []);
  const pts = base.filter((tr) => tr.meta === "points" && Array.isArray(tr.customdata));
  // Each points trace keeps its own points not removed or relabelled, and takes the other trace's relabelled ones.
  const keep = (tr, own) => tr.customdata.map((i, k) => [i, k]).filter(([i]) => !gone.has(i) && flipped.has(i) !== own);
  return base.map((tr) => {
    if (!pts.includes(tr)) return tr;
    const other = pts.find((o) => o !== tr);
    const mine = keep(tr, true).map(([i, k]) => [i, tr.x[k], tr.y[k]]);
    const theirs = other ? keep(other, false).map(([i, k]) => [i, other.x[k], other.y[k]]) : [];
    const all = mine.concat(theirs);
    return { ...tr, x: all.map((p) => p[1]), y: all.map((p) => p[2]), customdata: all.map((p) => p[0]) };
  });
}

function pendingTrace(add, C) {
  if (!add.length) return empty("pending", { mode: "markers" });
  const col = add.map((p) => (p[2] > 0 ? C.pos : C.neg));
  return { type: "scatter", mode: "markers", x: add.map((p) => p[0]), y: add.map((p) => p[1]), hoverinfo: "skip",
           showlegend: false, name: "pending", meta: "pending",
           marker: { symbol: add.map((p) => (p[2] > 0 ? "circle-open" : "x-thin-open")), size: 13, color: col, line: { width: 3, color: col } } };
}

/**
 * Every trace in drawing order: the moving layers under the points, the static layers below, the points (less the
 * ones just removed), the static layers above, the moving layers over the points, the points' numbers, the points
 * just added.
 * @param {import("./protocol.js").Payload} data
 * @param {{w: number[], anchor: number[], scale: number, p: number[] | null}} pose
 * @param {{ghost: number[] | null, circle: number[], update: number[] | null, by: number[]}} extra
 * @param {{add: number[][], remove: number[]}} edits  clicks drawn before the server has answered
 * @param {string} fg  the theme's text colour
 */
export function traces(data, pose, extra, edits, fg) {
  const on = new Set(data.moving || []), v = data.view, C = data.colors, w = pose.w;
  const k = data.present ? 1.5 : 1; // presenter mode: every line 1.5× as wide (the boundary 6 px)
  edits = edits || noEdits();
  const below = [], above = [];
  if (on.has("shade")) below.push(...shade(data, pose));
  if (on.has("disagree")) below.push(...disagree(data, pose));
  if (on.has("band")) below.push(...bandTraces(data, pose, fg, k));
  if (on.has("ghost")) {
    below.push(lineTrace(extra.ghost, v, { color: "rgba(128,128,128,0.75)", width: 2.5 * k, dash: "dash" }, "ghost",
                         legend(data, "ghost", "previous boundary")));
  }
  if (on.has("boundary")) {
    above.push(lineTrace(w, v, { color: fg, width: 4 * k }, "boundary", legend(data, "boundary", "boundary wᵀx̃ = 0")),
               lineNote(w, v, extra, fg, k));
  }
  if (on.has("companion")) above.push(...companionLines(data, pose, k), ...companionArrows(data, pose, extra, k));
  if (on.has("pocket")) above.push(lineTrace(pose.p, v, { color: C.pocket, width: 5 * k, dash: "dashdot" }, "pocket", legend(data, "pocket", "ŵ")));
  const flat = w.length === 3, wv = [w[1] * pose.scale, w[2] * pose.scale];
  const hasW = flat && pose.scale > 0 && (w[1] !== 0 || w[2] !== 0); // w₁ = w₂ = 0: no arrow, not a dot
  if (on.has("w")) {
    // Arrows drawn to fit the view: the legend says at what scale (as explain.showing); the entry stays without one.
    const named = flat ? { name: pose.scale > 0 ? `w (×${fmt(pose.scale, 2)})` : "w", showlegend: true } : {};
    const none = flat ? empty("w", { x: [null], y: [null], line: { color: fg, width: 3.5 * k } }) : empty("w");
    above.push(Object.assign(hasW ? arrowTrace(pose.anchor, wv, fg, 3.5 * k, "solid", "w") : none, named));
  }
  if (on.has("update")) {
    if (extra.update && flat && extra.update.some((u) => u !== 0)) { // a zero step (SGD beyond a kink): no arrow
      const tip = [pose.anchor[0] + wv[0], pose.anchor[1] + wv[1]];
      const uv = [extra.update[0] * pose.scale, extra.update[1] * pose.scale];
      const by = (extra.by || []).map((i) => data.points[i]).filter(Boolean);
      const col = by.length === 1 ? (by[0][2] > 0 ? C.pos : C.neg) : fg; // one point: its class colour
      above.push(arrowTrace(tip, uv, col, 3 * k, "dash", "update"),
                 arrowTrace(pose.anchor, [wv[0] + uv[0], wv[1] + uv[1]], "rgba(128,128,128,0.8)", 2 * k, "dot", "next w"));
    } else above.push(empty("update"), empty("next w"));
  }
  if (on.has("circle")) {
    const gone = new Set(edits.remove);
    const pts = (extra.circle || []).filter((i) => !gone.has(i)).map((i) => data.points[i]).filter(Boolean);
    above.push(pts.length ? { type: "scatter", mode: "markers", x: pts.map((p) => p[0]), y: pts.map((p) => p[1]),
      hoverinfo: "skip", showlegend: false, name: "circle", meta: "circle",
      marker: { symbol: "circle-open", size: 34 * k, color: fg, line: { width: 3 * k, color: fg } } } : empty("circle", { mode: "markers" }));
  }
  if (on.has("normal")) above.push(...normal(pose, extra, fg, C, k));
  if (on.has("distance")) above.push(...distance(data, pose, extra, fg, C, k));
  if (on.has("stream")) above.push(...streamTraces(data, pose, extra, fg, C, k));
  if (on.has("chain")) above.push(...chainTraces(data, pose, extra, C, k));
  const L = data.layers || {}, vis = visiblePoints(data.base.data, edits.remove, edits.flip);
  const pts = on.has("stream") ? streamPoints(data, vis, extra) : vis;
  // Each point's number over everything the step draws (the words name points by it), then the points just added.
  const circled = on.has("circle") ? extra.circle || [] : [];
  above.push(numberTrace(data, pts, circled, on.has("stream") ? arrival(data.stream, extra) : null, fg, k),
             pendingTrace(edits.add, C));
  return below.concat(L.below || [], pts, L.above || [], above);
}

/**
 * The plot's height: the payload's, or (with `fill`) as tall as the screen allows, leaving `fill` px under it on
 * screen, and no taller than a square plot area at its width needs (the axes have equal scales). Pure.
 * @param {{height: number, fill: number|null, base: {layout: {margin: {l: number, r: number, t: number, b: number}}}}} data
 * @param {number} width  the plot's width @param {number} top  its top, from the page's top @param {number} screen  the window's height
 * @param {{l: number, r: number, t: number, b: number}} [margin]  the margins plotly drew (a legend of two or three
 *   rows makes the top one far larger than the layout's): the plot area is then square
 */
export function fitHeight(data, width, top, screen, margin) {
  if (data.fill == null || !(width > 0)) return data.height;
  const m = margin || data.base.layout.margin;
  const square = width - m.l - m.r + m.t + m.b;
  return Math.round(Math.max(data.height, Math.min(screen - top - data.fill, square)));
}

/** The plot's margins [left, right, top with one legend row, bottom, each further legend row] when the payload
 * does not say (pla_lab/drawing/picture.MARGINS is the source: the first picture lies where these put the plot area). */
export const MARGINS = Object.freeze({ wide: [50, 10, 43, 56, 21], present: [50, 10, 48, 67, 28], phone: [68, 10, 40, 48, 19] });

/**
 * What the surface draws around the traces (surface.js): the height, the margins for this screen, the view, the
 * theme's text colour, the text sizes and the axes' titles. Pure.
 * @param {import("./protocol.js").Payload} data @param {string} fg @param {number} height @param {boolean} phone
 */
export function look(data, fg, height, phone) {
  const L = data.base.layout, table = data.margins || MARGINS;
  const m = table[phone ? "phone" : data.present ? "present" : "wide"];
  const title = (ax) => (ax && ax.title && ax.title.text) || "";
  return { height: height || L.height, margins: m, view: data.view, fg, font: (L.font && L.font.size) || 16,
           legendFont: (L.legend && L.legend.font && L.legend.font.size) || 15, titles: [title(L.xaxis), title(L.yaxis)] };
}
