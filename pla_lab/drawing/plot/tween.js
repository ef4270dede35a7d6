// One tween: the pose moved from one step to the next, a frame at a time, and its record for the tests' statistics.
import { ease, lerpPose } from "./pose.js";
import { draw, drawFrame, gone, sayStep } from "./view.js";

// A frame at 60 Hz, in ms.
const FRAME_MS = 1000 / 60;

// Animate the pose from `from` to `to` in `ms`, one requestAnimationFrame at a time; false if interrupted. The clock
// starts when the tween is asked for, or one frame before its first frame if that comes late (a busy main thread):
// the motion is then delayed, never cut to its end. With `atOnce` (a motion a press starts) its first state, the fixed
// traces of the step it goes to (circle, ghost, update) with w where it is, is drawn at once, in the press's own task:
// the page answers the press in the very next frame.
export function tween(inst, from, to, ms, extra, token, atOnce = false) {
  return new Promise((resolve) => {
    const rec = { start: performance.now(), frames: 0, ms };
    let t0 = null;
    inst.gd.dataset.animating = "1";
    if (atOnce) {
      draw(inst, lerpPose(from, to, ease(0)), extra); // the first frame sets up the fixed traces (circle, ghost)
      Object.assign(rec, { first: rec.start, frames: 1 });
    }
    const frame = (now) => {
      if (gone(inst)) inst.token++;
      if (token !== inst.token) return resolve(false);
      if (t0 === null) t0 = Math.max(rec.start, now - FRAME_MS);
      const s = ms > 0 ? Math.max(0, Math.min(1, (now - t0) / ms)) : 1;
      const pose = lerpPose(from, to, ease(s));
      if (rec.frames === 0) draw(inst, pose, extra); // the first frame sets up the fixed traces (circle, ghost)
      else drawFrame(inst, pose, extra);
      if (rec.frames === 0) rec.first = now;
      rec.frames += 1;
      if (s < 1) return requestAnimationFrame(frame);
      rec.last = now; // with rec.first: the first and last frames' times, on the browser's frame clock
      rec.end = performance.now();
      inst.stats.transitions.push(rec);
      if (inst.stats.transitions.length > 50) inst.stats.transitions.shift();
      resolve(true);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * One motion (an update of a chain or of Play, or a jump) to step nt: from its first frame every readout names nt,
 * the step it moves to (said.js, stepNamed); inst.tDisp stays the step last reached until the motion ends there.
 */
export function moveTo(inst, nt, from, to, ms, extra, token, atOnce = false) {
  inst.gd.dataset.animating = "1";
  sayStep(inst, nt);
  return tween(inst, from, to, ms, extra, token, atOnce);
}
