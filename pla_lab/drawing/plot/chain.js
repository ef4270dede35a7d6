// The batch perceptron's summed update drawn tip to tail (the step-function notes: w ← w + η·Σ_{n ∈ M} yₙx̃ₙ):
// from the tip of w's arrow, one small arrow c·yₙ·xₙ for each point the update summed, in the order the page writes the sum (by the
// points' numbers), each in its class colour (a ○ adds its x, a × subtracts it), so the chain ends at the tip of the
// new w. Pure: from the payload's window (W, I, c) and points; the bias part of the sum is in the page's words.
import { empty } from "./marks.js";
import { entry } from "./pose.js";

/**
 * The chain of update k in w's own units: its vertices (the first is wₖ's feature part, the last wₖ's plus the whole
 * sum) and the label of the point each link comes from; null when update k is not in the window or w is not
 * (b, w₁, w₂).
 * @param {import("./protocol.js").Payload} data @param {number} k
 * @returns {{vs: number[][], labels: number[]} | null}
 */
export function chainLinks(data, k) {
  const win = data.win, w = entry(win, "W", k), used = entry(win, "I", k);
  if (!w || w.length !== 3 || !used || !entry(win, "W", k + 1) || !(win.c > 0)) return null;
  const vs = [[w[1], w[2]]], labels = [];
  for (const i of used) {
    const p = data.points[i];
    if (!p) continue;
    const last = vs[vs.length - 1];
    vs.push([last[0] + win.c * p[2] * p[0], last[1] + win.c * p[2] * p[1]]);
    labels.push(p[2]);
  }
  return { vs, labels };
}

// The links of one class as separate arrows (from, to, gap), in the pose's frame.
function part(links, label, pose, color, width, meta, legend) {
  const x = [], y = [], symbol = [], size = [];
  const at = (v) => [pose.anchor[0] + v[0] * pose.scale, pose.anchor[1] + v[1] * pose.scale];
  links.labels.forEach((lab, j) => {
    if (lab !== label) return;
    const a = at(links.vs[j]), b = at(links.vs[j + 1]);
    x.push(a[0], b[0], null);
    y.push(a[1], b[1], null);
    symbol.push("circle", "arrow", "circle");
    size.push(0, width * 3.6, 0);
  });
  if (!x.length) return empty(meta, legend);
  return { type: "scatter", mode: "lines+markers", x, y, meta, name: meta, line: { color, width }, hoverinfo: "skip",
           showlegend: false, ...legend, marker: { symbol, size, color, angleref: "previous" } };
}

/**
 * The chain's two traces, the ○ links and the × links (meta "chain+", "chain-"), for the update extra.upd, in the
 * pose's frame (its anchor and scale): at rest it starts at the tip of w; while that update animates it stays put
 * and w's tip slides from its start to its end. In the legend under the payload's label for "chain", if any.
 */
export function chainTraces(data, pose, extra, C, k = 1) {
  const links = extra.upd == null ? null : chainLinks(data, extra.upd);
  const label = data.labels && data.labels.chain;
  const named = (on) => (label ? { name: label, legendgroup: "chain", showlegend: on } : {});
  if (!links || !(pose.scale > 0)) return [empty("chain+", named(false)), empty("chain-", named(false))];
  const first = links.labels[0];
  return [part(links, 1, pose, C.pos, 2.5 * k, "chain+", named(first === 1)),
          part(links, -1, pose, C.neg, 2.5 * k, "chain-", named(first === -1))];
}
