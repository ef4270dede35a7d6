// What is on screen at step t, or between two steps: read from the payload's window of weights. Pure.
import { companionsOf, companionWs } from "./companion.js";
import { clip } from "./geometry.js";

/** Entry t of one of the window's lists (W, U, I, P), or null outside the window. */
export function entry(win, list, t) {
  if (!win || !win[list]) return null;
  const k = t - win.t0;
  return k >= 0 && k < win[list].length ? win[list][k] : null;
}
export const W = (data, t) => entry(data.win, "W", t); // wₜ
export const U = (data, t) => entry(data.win, "U", t); // update t: w_{t+1} − wₜ, as the server computed it
export const I = (data, t) => entry(data.win, "I", t) || []; // the points update t corrects
export const P = (data, t) => entry(data.win, "P", t); // the pocket ŵₜ

export const lerp = (a, b, s) => a + (b - a) * s;
export const lerpV = (a, b, s) => a.map((x, i) => lerp(x, b[i], s));
export const ease = (s) => (s < 0.5 ? 4 * s * s * s : 1 - Math.pow(-2 * s + 2, 3) / 2);

// How far inside the view's edges the arrows are kept, as a fraction of its shorter side.
const INSET = 0.04;
const clamp = (x, a, z) => Math.min(z, Math.max(a, x));

/**
 * Where the w arrow starts (pla_core.geometry.arrow_start, operation for operation): the middle of the boundary's visible segment if the arrows drawn from there (`tips`: the
 * tips of w and of w + update, from the start) stay inside the view; else the point of the line nearest that middle
 * from which they do; else (a line at the very edge, or off the plot) the place nearest the line from which they
 * do. With no line, the middle of the view (moved in as far as the arrows need).
 * @param {number[]} w @param {number[]} v @param {number[][]} [tips]
 */
export function anchorOf(w, v, tips = []) {
  const m = INSET * Math.min(v[1] - v[0], v[3] - v[2]);
  const xs = [0, ...tips.map((p) => p[0])], ys = [0, ...tips.map((p) => p[1])];
  // The starts from which every tip is in the view, less the inset: a box (a point if the arrows are too long).
  const ok = [v[0] + m - Math.min(...xs), v[1] - m - Math.max(...xs), v[2] + m - Math.min(...ys), v[3] - m - Math.max(...ys)];
  if (ok[0] > ok[1]) ok[0] = ok[1] = (ok[0] + ok[1]) / 2;
  if (ok[2] > ok[3]) ok[2] = ok[3] = (ok[2] + ok[3]) / 2;
  const inOk = (p) => [clamp(p[0], ok[0], ok[1]), clamp(p[1], ok[2], ok[3])];
  const flat = !w || w.length !== 3 || (w[1] === 0 && w[2] === 0);
  if (flat) return inOk([(v[0] + v[1]) / 2, (v[2] + v[3]) / 2]);
  const seg = clip(w, v);
  if (seg) {
    const mid = [(seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2], fit = inOk(mid);
    if (fit[0] === mid[0] && fit[1] === mid[1]) return mid;
    const part = ok[0] < ok[1] && ok[2] < ok[3] ? clip(w, ok) : null;
    if (part) {
      const d = (p) => Math.hypot(p[0] - mid[0], p[1] - mid[1]);
      return d(part[0]) <= d(part[1]) ? part[0] : part[1];
    }
  }
  const f = (p) => Math.abs(w[0] + (w[1] * p[0] + w[2] * p[1])); // grouped as pla_core's b + v·p
  const corners = [[ok[0], ok[2]], [ok[1], ok[2]], [ok[1], ok[3]], [ok[0], ok[3]]];
  return corners.reduce((a, p) => (f(p) < f(a) ? p : a));
}

/**
 * The pose at rest at step t: {w, anchor, scale, p, c} (c: each companion run's w, or null). Arrows are drawn at
 * one scale per step so that the longer of w and w + update is 22% of the view, from where they stay in it.
 * @param {import("./protocol.js").Payload} data @param {number} t
 */
export function restPose(data, t) {
  const w = W(data, t), v = data.view;
  const L = 0.22 * Math.min(v[1] - v[0], v[3] - v[2]);
  let m = Math.hypot(w[1], w[2]);
  const u = W(data, t + 1) ? U(data, t) : null;
  if (u) m = Math.max(m, Math.hypot(w[1] + u[1], w[2] + u[2]));
  const c = companionWs(data, t), next = companionWs(data, t + 1);
  // Companions drawn with arrows (SGD's other losses): their w and step, at the same scale, so lengths compare.
  const ca = companionsOf(data).map((cp, i) => {
    const cw = c[i];
    if (!cp.arrows || !cw || cw.length !== 3) return null;
    const cu = next[i] && t < data.T ? next[i].map((x, j) => x - cw[j]) : null;
    m = Math.max(m, Math.hypot(cw[1], cw[2]), cu ? Math.hypot(cw[1] + cu[1], cw[2] + cu[2]) : 0);
    return { w: cw, u: cu };
  });
  const p = P(data, t), scale = m > 0 ? L / m : 0;
  const wv = [w[1] * scale, w[2] * scale], tips = [wv];
  if (u) tips.push([wv[0] + u[1] * scale, wv[1] + u[2] * scale]);
  const arrows = ca.map((a) => a && { u: a.u, anchor: anchorOf(a.w, v, [[a.w[1] * scale, a.w[2] * scale],
    ...(a.u ? [[(a.w[1] + a.u[1]) * scale, (a.w[2] + a.u[2]) * scale]] : [])]) });
  return { w: w.slice(), anchor: anchorOf(w, v, w.length === 3 ? tips : []), scale, p: p ? p.slice() : null,
           c: c.map((w) => (w ? w.slice() : null)), ca: arrows };
}

/** The pose a fraction e of the way from a to b. */
export const lerpPose = (a, b, e) => ({
  w: lerpV(a.w, b.w, e), anchor: lerpV(a.anchor, b.anchor, e), scale: lerp(a.scale, b.scale, e),
  p: a.p && b.p ? lerpV(a.p, b.p, e) : b.p,
  c: b.c.map((w, i) => (w && a.c[i] ? lerpV(a.c[i], w, e) : w)),
  ca: (b.ca || []).map((x, i) => (x && a.ca && a.ca[i] ? { u: x.u, anchor: lerpV(a.ca[i].anchor, x.anchor, e) } : x)),
});

/** The pose with no run: nothing to draw from w. */
export const blankPose = () => ({ w: [0, 0, 0], anchor: [0, 0], scale: 0, p: null, c: [], ca: [] });

/**
 * What is drawn besides the pose at rest at step t: the previous boundary, and (if the next weights are loaded)
 * the points update t corrects and its vector (the feature part of U[t]); `upd` is that update's number (or null).
 * t and nt: the steps it is drawn between (both t at rest), for the layers drawn from the step (stream).
 * @returns {{ghost: number[] | null, circle: number[], update: number[] | null, by: number[], t: number, nt: number, upd: number | null}}
 */
export function restExtra(data, t) {
  const extra = { ghost: t > 0 ? W(data, t - 1) : null, circle: [], update: null, by: [], t, nt: t, upd: null };
  if (t < data.T && W(data, t + 1)) {
    extra.upd = t;
    extra.circle = I(data, t);
    extra.by = extra.circle;
    const u = U(data, t);
    extra.update = u ? u.slice(1) : null;
  }
  return extra;
}

/** What is drawn besides the moving pose while animating from step t to step nt (one update, number `upd`). */
export const stepExtra = (data, t, nt) => ({ ghost: W(data, t), circle: I(data, Math.min(t, nt)), update: null, by: [],
  upd: Math.min(t, nt), moving: true, t, nt });
