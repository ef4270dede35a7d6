// The companion layer: a second run drawn with the shown one on the same points (e.g. another η), its boundary
// dashed in its own colour. Pure: from the payload's companion (its weights over the same steps as the window).

/**
 * The companion run's w at step t: its own wₜ, its last w once it has ended (it stays where it halted), or null
 * outside the weights sent (or with no companion).
 * @param {import("./protocol.js").Payload} data @param {number} t
 */
export function companionW(data, t) {
  const c = data.companion;
  if (!c) return null;
  if (t >= c.T) return c.last;
  const k = t - c.t0;
  return k >= 0 && k < c.W.length ? c.W[k] : null;
}

/** How its boundary is drawn: dashed, in the palette's pocket colour (the shown run's is solid, in the text colour). */
export const companionStyle = (data, k = 1) => ({ color: data.colors.pocket, width: 4 * k, dash: "dash" });

/** Its legend entry (always shown: a second line on the plot needs a name). */
export const companionName = (data) => ({ name: (data.companion && data.companion.label) || "second run", showlegend: true });
