// The companion layer: other runs drawn with the shown one on the same points (another η; the four losses of SGD),
// each boundary in its own colour and dash. Pure: from the payload's companion (one, or a list), whose weights are
// over the same steps as the window.
import { arrowTrace, empty, lineTrace } from "./marks.js";

/**
 * The payload's companions as a list: none, one, or several.
 * @param {import("./protocol.js").Payload} data @returns {import("./protocol.js").Companion[]}
 */
export const companionsOf = (data) => (!data.companion ? [] : Array.isArray(data.companion) ? data.companion : [data.companion]);

/** One companion's w at step t: its own wₜ, its last w once it has ended, or null outside the weights sent. */
function wAt(c, t) {
  if (t >= c.T) return c.last;
  const k = t - c.t0;
  return k >= 0 && k < c.W.length ? c.W[k] : null;
}

/**
 * Companion i's w at step t: its own wₜ, its last w once it has ended (it stays where it halted), or null
 * outside the weights sent (or with no such companion).
 * @param {import("./protocol.js").Payload} data @param {number} t @param {number} [i]
 */
export function companionW(data, t, i = 0) {
  const c = companionsOf(data)[i];
  return c ? wAt(c, t) : null;
}

/** Every companion's w at step t, in order (null where it is not known). */
export const companionWs = (data, t) => companionsOf(data).map((c) => wAt(c, t));

/**
 * How companion i's boundary is drawn: its own colour (a palette name or a CSS colour) and dash, else dashed in the
 * palette's pocket colour (the shown run's boundary is solid, in the text colour).
 */
export function companionStyle(data, k = 1, i = 0) {
  const c = companionsOf(data)[i] || {};
  const color = c.color ? (data.colors[c.color] || c.color) : data.colors.pocket;
  return { color, width: 4 * k, dash: c.dash || "dash" };
}

/** Its legend entry (always shown: a second line on the plot needs a name). */
export const companionName = (data, i = 0) => {
  const c = companionsOf(data)[i];
  return { name: (c && c.label) || "second run", showlegend: true };
};

/** Every companion's boundary at the pose (meta "companion", each in its own style), in the payload's order. */
export const companionLines = (data, pose, k = 1) =>
  companionsOf(data).map((_, i) => lineTrace(pose.c[i], data.view, companionStyle(data, k, i), "companion",
                                             companionName(data, i)));

/**
 * The arrows of the companions drawn with them (``arrows``): its w from its own line, in its colour, and at rest its
 * step wₜ₊₁ − wₜ (dashed) from w's tip; none where w₁ = w₂ = 0 or the step is 0. Two traces each, always.
 */
export function companionArrows(data, pose, extra, k = 1) {
  const out = [];
  (pose.ca || []).forEach((a, i) => {
    if (!a) return;
    const w = pose.c[i], s = pose.scale, color = companionStyle(data, k, i).color;
    const wv = w && s > 0 && (w[1] || w[2]) ? [w[1] * s, w[2] * s] : null;
    out.push(wv ? arrowTrace(a.anchor, wv, color, 2.5 * k, "solid", "companion-w") : empty("companion-w"));
    const u = !extra.moving && extra.upd !== null && a.u && wv && (a.u[1] || a.u[2]) ? [a.u[1] * s, a.u[2] * s] : null;
    out.push(u ? arrowTrace([a.anchor[0] + wv[0], a.anchor[1] + wv[1]], u, color, 2.5 * k, "dash", "companion-update")
      : empty("companion-update"));
  });
  return out;
}
