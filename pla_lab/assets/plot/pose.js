// What is on screen at step t, or between two steps: read from the payload's window of weights. Pure.
import { companionW } from "./companion.js";
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

/** Where the w arrow starts: the middle of the boundary's visible segment, else the middle of the view. */
export function anchorOf(w, v) {
  const seg = w && w.length === 3 ? clip(w, v) : null;
  if (seg) return [(seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2];
  return [(v[0] + v[1]) / 2, (v[2] + v[3]) / 2];
}

/**
 * The pose at rest at step t: {w, anchor, scale, p, c} (c: the companion run's w, or null). Arrows are drawn at
 * one scale per step so that the longer of w and w + update is 22% of the view.
 * @param {import("./protocol.js").Payload} data @param {number} t
 */
export function restPose(data, t) {
  const w = W(data, t), v = data.view;
  const L = 0.22 * Math.min(v[1] - v[0], v[3] - v[2]);
  let m = Math.hypot(w[1], w[2]);
  const u = W(data, t + 1) ? U(data, t) : null;
  if (u) m = Math.max(m, Math.hypot(w[1] + u[1], w[2] + u[2]));
  const p = P(data, t);
  const c = companionW(data, t);
  return { w: w.slice(), anchor: anchorOf(w, v), scale: m > 0 ? L / m : 0, p: p ? p.slice() : null, c: c ? c.slice() : null };
}

/** The pose a fraction e of the way from a to b. */
export const lerpPose = (a, b, e) => ({
  w: lerpV(a.w, b.w, e), anchor: lerpV(a.anchor, b.anchor, e), scale: lerp(a.scale, b.scale, e),
  p: a.p && b.p ? lerpV(a.p, b.p, e) : b.p,
  c: a.c && b.c ? lerpV(a.c, b.c, e) : b.c,
});

/** The pose with no run: nothing to draw from w. */
export const blankPose = () => ({ w: [0, 0, 0], anchor: [0, 0], scale: 0, p: null, c: null });

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
