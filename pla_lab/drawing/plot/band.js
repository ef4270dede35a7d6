// The margin perceptron's band (the handwritten notes): a point counts as a mistake when y·wᵀx̃/‖w‖ < γ/2
// (pla_core.reference.is_mistake with margin = γ), ‖w‖ the norm of the whole w = (b, w₁, w₂), bias weight included.
// For either label that holds where |wᵀx̃| < (γ/2)·‖w‖: a street around the line whose half-width in the plane is
// (γ/2)·‖w‖/‖(w₁, w₂)‖. Outside it a point is a mistake only on its wrong side. Pure: data in, plotly traces out.
import { clip, clipPoly, rect } from "./geometry.js";
import { empty } from "./marks.js";

const FILL = "rgba(240,228,66,0.42)"; // Okabe–Ito yellow: apart from the classes' blue and orange

/** Metas of the band's traces: all of them move with w. */
export const BAND_TWEENED = Object.freeze(["band", "band-edge+", "band-edge-"]);

/** (γ/2)·‖w‖, the band's half-width in score units wᵀx̃. */
export const halfScore = (w, gamma) => 0.5 * gamma * Math.hypot(w[0], w[1], w[2]);

/** The band's half-width in the plane, (γ/2)·‖w‖/‖(w₁, w₂)‖, or null when w₁ = w₂ = 0 (no line). */
export function halfWidth(w, gamma) {
  const nn = Math.hypot(w[1], w[2]);
  return nn === 0 ? null : halfScore(w, gamma) / nn;
}

/**
 * The part of the view where every point counts as a mistake, |wᵀx̃| < (γ/2)·‖w‖, as a polygon, or null if none
 * of it is in view. At w = 0 every point is a mistake (the whole view); with w₁ = w₂ = 0 and b ≠ 0 the score is b
 * everywhere, so the whole view or nothing.
 * @param {number[]} w @param {number} gamma @param {number[]} v  xmin, xmax, ymin, ymax
 */
export function bandPolygon(w, gamma, v) {
  const h = halfScore(w, gamma);
  if (w[1] === 0 && w[2] === 0) return h === 0 || Math.abs(w[0]) < h ? rect(v) : null;
  return clipPoly(clipPoly(rect(v), [w[0] + h, w[1], w[2]], 1), [w[0] - h, w[1], w[2]], -1);
}

/** The band's two edges wᵀx̃ = +(γ/2)‖w‖ and −(γ/2)‖w‖ in the view: [upper, lower] segments (null: not in view). */
export function bandEdges(w, gamma, v) {
  if (w[1] === 0 && w[2] === 0) return [null, null];
  const h = halfScore(w, gamma);
  return [clip([w[0] - h, w[1], w[2]], v), clip([w[0] + h, w[1], w[2]], v)];
}

const closed = (poly) => ({ x: poly.map((p) => p[0]).concat([poly[0][0]]), y: poly.map((p) => p[1]).concat([poly[0][1]]) });

/**
 * The band's traces for a pose: the filled street (in the legend when the payload labels "band") and its two
 * dotted edges. Nothing without a γ in the payload (or for a lifted w).
 * @param {import("./protocol.js").Payload} data @param {{w: number[]}} pose @param {string} fg @param {number} k  line scale
 */
export function bandTraces(data, pose, fg, k = 1) {
  const w = pose.w, gamma = data.gamma;
  const none = [empty("band"), empty("band-edge+"), empty("band-edge-")];
  if (gamma == null || !(gamma > 0) || w.length !== 3) return none;
  const poly = bandPolygon(w, gamma, data.view), label = data.labels && data.labels.band;
  const fill = poly ? { type: "scatter", mode: "lines", fill: "toself", fillcolor: FILL,
    line: { width: 0 }, hoverinfo: "skip", name: label || "band", showlegend: !!label, meta: "band", ...closed(poly) }
    : empty("band", { name: label || "band", showlegend: false });
  const edge = (seg, meta) => (seg ? { type: "scatter", mode: "lines", x: [seg[0][0], seg[1][0]], y: [seg[0][1], seg[1][1]],
    line: { color: fg, width: 1.5 * k, dash: "dot" }, hoverinfo: "skip", showlegend: false, name: meta, meta } : empty(meta));
  const [up, down] = bandEdges(w, gamma, data.view);
  return [fill, edge(up, "band-edge+"), edge(down, "band-edge-")];
}
