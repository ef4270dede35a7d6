// The online perceptron's stream (the "stream" layer; the payload's Arrivals, from pla_lab/online.py): two steps
// per arrival. At step 2k arrival k is drawn as a neutral "?" with the prediction ŷ beside it, its label hidden;
// at step 2k+1 its label is revealed (a right prediction ringed, a mistake circled by the circle layer, with the
// update to come). The points that have not arrived yet are faint. Pure: data in, traces out.
import { arrowTrace, empty, fmt } from "./marks.js";
import { U, W } from "./pose.js";

export const FAINT = 0.35; // the opacity of a point not arrived yet

const sym = (y) => (y > 0 ? "○ +1" : y < 0 ? "× −1" : "a tie (wᵀx̃ = 0)");

/**
 * The arrival drawn between steps extra.t and extra.nt (both the step, at rest): {k, reveal, i, pred, wrong, s}, or
 * null (no stream, the end of it, a long jump that names no step, or outside the window). Between two neighbouring
 * steps it is the odd one, a reveal: the label shows as soon as Step reveals it, and stays while w moves.
 * @param {import("./protocol.js").Arrivals | null} a @param {{t?: number, nt?: number}} extra
 */
export function arrival(a, extra) {
  if (!a || !extra || extra.t == null) return null;
  const s = extra.t === extra.nt || extra.t % 2 === 1 ? extra.t : extra.nt;
  const k = Math.floor(s / 2), j = k - a.k0;
  if (j < 0 || j >= a.shown.length) return null;
  return { k, s, reveal: s % 2 === 1, i: a.shown[j], pred: a.pred[j], wrong: a.wrong[j] };
}

/**
 * The payload's point traces as the stream shows them: the arriving point left out while its label is hidden, and
 * the points not arrived yet faint (marker.opacity per point). Without a stream, the traces as they are.
 * @param {import("./protocol.js").Payload} data @param {Object[]} base @param {{t?: number, nt?: number}} extra
 */
export function streamPoints(data, base, extra) {
  const a = data.stream;
  if (!a || !extra || extra.t == null) return base;
  const now = arrival(a, extra);
  const k = now ? now.k : Math.floor(Math.max(extra.t, extra.nt) / 2); // past the window: the end, all arrived
  const hide = now && !now.reveal ? now.i : -1;
  return base.map((tr) => {
    if (tr.meta !== "points" || !Array.isArray(tr.customdata)) return tr;
    const keep = tr.customdata.map((_, n) => n).filter((n) => tr.customdata[n] !== hide);
    const pick = (arr) => keep.map((n) => arr[n]);
    const opacity = keep.map((n) => (a.first[tr.customdata[n]] > k ? FAINT : 1));
    return { ...tr, x: pick(tr.x), y: pick(tr.y), customdata: pick(tr.customdata), marker: { ...tr.marker, opacity } };
  });
}

/**
 * The arriving point: "?" with "ŷ = …" while predicting; once revealed, "y = …" with ✓ (ringed) or "mistake", and
 * at rest the update η·y·x̃ a mistake makes, drawn from the tip of w (its feature part). Metas: arrival,
 * arrival-label, arrival-update.
 * @param {import("./protocol.js").Payload} data @param {{w: number[], anchor: number[], scale: number}} pose
 */
export function streamTraces(data, pose, extra, fg, C, k = 1) {
  const now = arrival(data.stream, extra), p = now && data.points[now.i];
  if (!p) return [empty("arrival", { mode: "markers" }), empty("arrival-label", { mode: "text" }), empty("arrival-update")];
  const at = { x: [p[0]], y: [p[1]], hoverinfo: "skip", showlegend: false, cliponaxis: false };
  const col = p[2] > 0 ? C.pos : C.neg;
  const marker = now.reveal
    ? { type: "scatter", mode: "markers", ...at, name: "arrival", meta: "arrival",
        marker: now.wrong ? { size: 0, opacity: 0 }
          : { symbol: "circle-open", size: 34 * k, color: C.target, line: { width: 3 * k, color: C.target } } }
    : { type: "scatter", mode: "markers+text", ...at, name: "arrival", meta: "arrival", text: ["?"],
        textposition: "middle center", textfont: { size: 17 * k, color: fg },
        marker: { symbol: "circle", size: 28 * k, color: "rgba(128,128,128,0.30)", line: { width: 2 * k, color: fg } } };
  const words = now.reveal ? `y = ${sym(p[2])}${now.wrong ? ": mistake" : " ✓"}` : `ŷ = ${sym(now.pred)}, y = ?`;
  // An invisible marker as large as the "?" keeps the words clear of it; a halo keeps them readable over the points
  // and lines they cross (on a phone's plot they span a third of it).
  const label = { type: "scatter", mode: "markers+text", ...at, text: [words], marker: { size: 30 * k, color: "rgba(0,0,0,0)" }, textposition: p[0] > (data.view[0] + data.view[1]) / 2
    ? "middle left" : "middle right", textfont: { size: 16 * k, color: now.reveal ? col : fg, shadow: "auto" }, name: "arrival-label",
    meta: "arrival-label" };
  const u = now.reveal && now.wrong && !extra.moving && pose.scale > 0 ? U(data, now.s) : null;
  if (!u || pose.w.length !== 3) return [marker, label, empty("arrival-update")];
  const tip = [pose.anchor[0] + pose.w[1] * pose.scale, pose.anchor[1] + pose.w[2] * pose.scale];
  return [marker, label, arrowTrace(tip, [u[1] * pose.scale, u[2] * pose.scale], col, 3 * k, "dash", "arrival-update")];
}

/**
 * What a screen reader says at step t of a stream (the live line; marks.stepWords says it for updates): the
 * arrival and its prediction, its label hidden; then the label, right or a mistake, and the w it leads to.
 * @param {import("./protocol.js").Payload} data @param {number} t
 */
export function streamWords(data, t) {
  const a = arrival(data.stream, { t, nt: t }), m = Math.floor(data.T / 2);
  if (!a) return t === data.T ? `The stream has ended: ${m} ${m === 1 ? "arrival" : "arrivals"}.` : "";
  const head = `Arrival ${a.k + 1} of ${m}: point #${a.i}`;
  if (!a.reveal) return `${head}; w predicts ${sym(a.pred)}; its label is hidden.`;
  const y = (data.points[a.i] || [0, 0, 0])[2];
  if (!a.wrong) return `${head} is ${sym(y)}: the prediction was right; w stays.`;
  const next = W(data, t + 1);
  const vec = (w) => "(" + w.map((v) => fmt(v)).join(", ") + ")";
  return `${head} is ${sym(y)}: a mistake; ` + (next ? `w becomes ${vec(next)}.` : "w is updated.");
}
