// The player's decisions as pure functions of plain numbers, so they are tested without a DOM.

/**
 * What a new payload means for a player in state mem = {run, seq, t, playing, animating, pausedAt, shown}:
 *  "blank"   no run: draw the points alone;
 *  "reset"   a new run (new points or settings): show step t as it is, no tween, then play if asked. With the
 *            seq the browser last acted on (an option or setting that keeps the step: the server did not move it)
 *            the browser's own step mem.t stands (a step pressed while that rerun ran, or Play ahead of the
 *            server): the new run is shown there, and `report` says to tell the server when that is not t;
 *  "animate" the server moved t itself (a new seq): animate to t, then play if the payload still says so;
 *  "play"    the server says play: only once it has handled the pause's own tick (ack ≥ pausedAt), since a rerun
 *            answering a tick sent while playing can arrive after a pause here;
 *  "pause"   the server says stop;
 *  "redraw"  same step, fresh data (at rest);
 *  "none"    leave the screen alone (playing ahead of the server, or a stale "playing").
 * @param {{run: string|null, seq: number|null, t: number, playing: boolean, animating: boolean, pausedAt: number,
 *          shown: boolean, nonce: string}} mem  (t: the step shown, or the one being animated to; nonce: this page
 *          load's, for reading the payload's ack)
 * @param {import("./protocol.js").Payload} d
 * @returns {{kind: string, t?: number, play?: boolean, report?: boolean}}
 */
export function decide(mem, d) {
  if (!d.win) return { kind: "blank" };
  const t = Math.min(d.t, d.T);
  if (mem.run !== d.run || !mem.shown) {
    const own = mem.shown && mem.seq === d.seq ? Math.min(mem.t, d.T) : t;
    return own === t ? { kind: "reset", t, play: !!d.playing } : { kind: "reset", t: own, play: !!d.playing, report: true };
  }
  if (mem.seq !== d.seq) return { kind: "animate", t, play: !!d.playing };
  if (d.playing && !mem.playing) {
    const ack = d.nonce === mem.nonce ? d.ack || 0 : 0;
    return ack >= (mem.pausedAt || 0) ? { kind: "play" } : { kind: "none" };
  }
  if (!d.playing && mem.playing) return { kind: "pause" };
  if (!mem.playing && !mem.animating) return { kind: "redraw" };
  return { kind: "none" };
}

/** How long one Step takes: the play speed, kept between 300 and 800 ms. */
export const stepMs = (dur) => Math.max(300, Math.min(800, dur));

export const CHAIN_MAX = 25;

/**
 * How to animate from step `from` to `target` with the weights of both loaded (have(t) says whether W(t) is):
 * a short jump goes update by update ("chain", each taking `each` ms, about 2.5 s in all for a long chain), a long
 * one in one tween ("jump"), none at all when there is nothing to do or the weights are not here.
 */
export function plan(from, target, dur, have) {
  const k = target - from;
  if (k === 0 || !have(target)) return { mode: "none" };
  if (Math.abs(k) <= CHAIN_MAX && have(from)) {
    const each = Math.abs(k) === 1 ? stepMs(dur) : Math.max(120, Math.min(stepMs(dur), 2500 / Math.abs(k)));
    return { mode: "chain", each };
  }
  return { mode: "jump", ms: stepMs(dur) };
}

/**
 * Where Play stops and how long each update takes: the end of the run, or stop_at for a replay; a long replayed
 * period goes faster (about 8 s of animation, at least 40 ms an update).
 */
export function playPlan(d, t) {
  const replay = d.stop_at !== null && d.stop_at !== undefined;
  const stopAt = replay ? Math.min(d.stop_at, d.T) : d.T;
  const dur = replay ? Math.min(d.dur, Math.max(40, 8000 / Math.max(1, stopAt - t))) : d.dur;
  return { stopAt, dur };
}

export const AHEAD = 40;

/** Whether Play at step t should ask the server for the weights further on (once per window). */
export function needMore(win, t, T) {
  const last = win.t0 + win.W.length - 1;
  return last - t <= AHEAD && last < T;
}

export const REPORT_MS = 1000;
export const SETTLE_MS = 150;
/** How long a step held while another control's rerun starts waits before it is told anyway (player.hold). */
export const HOLD_MS = 1000;
