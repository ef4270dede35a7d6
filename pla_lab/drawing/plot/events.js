// What the browser tells the server: numbered events, resent until acknowledged, and what a click means.
import { VERSION } from "./protocol.js";

/** A random id for this page load: the server numbers anew when it changes. */
export const newNonce = () => Math.random().toString(36).slice(2) + Date.now().toString(36);

/**
 * An outbox for one mounted plot. post(ev) numbers ev and sends every event not yet acknowledged with it (two
 * trigger values sent before one rerun starts overwrite each other); ack(n) drops the ones the server has handled.
 * @param {(name: string, value: import("./protocol.js").EventBatch) => void} send
 * @param {string} [nonce]
 */
export function createOutbox(send, nonce = newNonce()) {
  let nextId = 1, queue = [];
  return {
    nonce,
    /** @returns {number} the id given to ev */
    post(ev) {
      const e = { id: nextId++, ...ev };
      queue.push(e);
      send("events", { version: VERSION, nonce, events: queue.slice() });
      return e.id;
    },
    ack(n) { queue = queue.filter((e) => e.id > (n || 0)); },
    /**
     * A payload's word on this outbox: from a session that has heard from this page load (its nonce), the id it
     * handled last; from one that has not (n !== nonce), every event not acknowledged is sent again. That session
     * may be a new one (the server was started again, and a rerun sent meanwhile was dropped: it knew no
     * fragment), or one whose run began before the events arrived; the server skips ids it has handled.
     */
    heard(n, ackId) {
      if (n === nonce) this.ack(ackId);
      else if (queue.length) send("events", { version: VERSION, nonce, events: queue.slice() });
    },
    get pending() { return queue.slice(); },
    get lastId() { return nextId - 1; },
  };
}

/** @returns {Omit<import("./protocol.js").Tick, "id">} */
export const tick = (t, playing, run, seq, jump = false) =>
  ({ kind: "tick", t, playing: !!playing, run: run || "", seq: seq || 0, jump: !!jump });

/** @returns {Omit<import("./protocol.js").SetW, "id">} */
export const setW = (w) => ({ kind: "setw", w: w.slice(0, 3) });

/**
 * The w whose arrow, drawn from `anchor` at `scale` (data units per unit of w), has its tip at `tip`: the same
 * direction and length as the arrow, and a bias that keeps the line through the anchor (it turns about it).
 */
export function dragW(anchor, scale, tip) {
  const w1 = (tip[0] - anchor[0]) / scale, w2 = (tip[1] - anchor[1]) / scale;
  return [-(w1 * anchor[0] + w2 * anchor[1]), w1, w2];
}

/** @returns {Omit<import("./protocol.js").Click, "id">} */
export const click = (x, y, remove, other, flip = false) =>
  ({ kind: "click", x, y, remove: remove === undefined ? null : remove, other: !!other, flip: !!flip });

/**
 * The points on screen: the payload's points less the removed ones, then the points added by clicks not yet
 * answered. Each is {x, y, label, i} with i its index in the payload (null for an added one) and k its place among
 * the added ones.
 */
export function onScreen(points, edits) {
  const gone = new Set(edits.remove), flipped = new Set(edits.flip || []);
  const out = [];
  points.forEach((p, i) => { if (!gone.has(i)) out.push({ x: p[0], y: p[1], label: flipped.has(i) ? -p[2] : p[2], i, k: null }); });
  edits.add.forEach((p, k) => out.push({ x: p[0], y: p[1], label: p[2], i: null, k }));
  return out;
}

/** The point within `radius` pixels of (px, py) nearest to it, or null; toPx maps data coordinates to pixels. */
export function nearest(list, toPx, px, py, radius = 10) {
  let hit = null, best = radius;
  for (const p of list) {
    const [qx, qy] = toPx(p.x, p.y);
    const d = Math.hypot(qx - px, qy - py);
    if (d <= best) { best = d; hit = p; }
  }
  return hit;
}

const snapTo = (a, g) => (g ? Math.round(a / g) * g : a);

/**
 * A click at data (x, y), on the point `hit` (from onScreen) or on empty space: the event to send and the edits to
 * draw at once, or null for a click outside the view. The server applies events in order, so a removed point's
 * index is given as it will be there: less the removals before it; a point added by an earlier click sits after
 * the payload's points. An added point is echoed unless one is already drawn on its grid spot (the server refuses it).
 * With `flip` (Alt-click, or the relabel mode) a click on a point relabels it instead: drawn in the other class at once.
 * @param {import("./protocol.js").Payload} data @param {{add: number[][], remove: number[], flip: number[]}} edits
 * @returns {{event: Object, edits: {add: number[][], remove: number[], flip: number[]}} | null}
 */
export function clickEdit(data, edits, x, y, hit, shift, flip = false) {
  const removed = edits.remove.length, flips = edits.flip || [];
  const same = { add: edits.add, remove: edits.remove, flip: flips };
  if (hit && hit.i !== null) {
    const at = hit.i - edits.remove.filter((j) => j < hit.i).length;
    if (flip) {
      const again = flips.includes(hit.i); // flipped twice: back to its label
      return { event: click(hit.x, hit.y, at, shift, true),
               edits: { ...same, flip: again ? flips.filter((j) => j !== hit.i) : flips.concat([hit.i]) } };
    }
    return { event: click(hit.x, hit.y, at, shift), edits: { ...same, remove: edits.remove.concat([hit.i]) } };
  }
  if (hit) {
    const at = data.points.length - removed + hit.k;
    if (flip) {
      return { event: click(hit.x, hit.y, at, shift, true),
               edits: { ...same, add: edits.add.map((p, k) => (k === hit.k ? [p[0], p[1], -p[2]] : p)) } };
    }
    return { event: click(hit.x, hit.y, at, shift), edits: { ...same, add: edits.add.filter((_, k) => k !== hit.k) } };
  }
  if (flip) return null; // relabelling needs a point under the click
  const v = data.view;
  if (!(x >= v[0] && x <= v[1] && y >= v[2] && y <= v[3])) return null;
  const sx = snapTo(x, data.grid || 0), sy = snapTo(y, data.grid || 0);
  const label = shift ? -data.cls : data.cls;
  const tol = (data.grid || 0) / 2 || 1e-9;
  const taken = onScreen(data.points, edits).some((p) => Math.abs(p.x - sx) < tol && Math.abs(p.y - sy) < tol);
  return { event: click(x, y, null, shift), edits: taken ? edits : { ...same, add: edits.add.concat([[sx, sy, label]]) } };
}
