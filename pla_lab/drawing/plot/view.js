// Drawing one plot instance (surface.js draws): a full redraw, a cheap tween frame, the rest pose at a step.
import { blankPose, restExtra, restPose } from "./pose.js";
import { stepWords } from "./marks.js";
import { isPhone } from "./phone.js";
import { streamWords } from "./stream.js";
import { look, traces, TWEENED } from "./scene.js";

/** True once this plot has left the page (another lesson): its loops and listeners then stop. */
export const gone = (inst) => !inst.gd.isConnected;

/** Redraw every trace for a pose. */
export function draw(inst, pose, extra) {
  inst.pose = pose;
  inst.extra = extra;
  inst.stats.frames += 1;
  const all = traces(inst.data, pose, extra, inst.edits, inst.fg);
  inst.lastDraw = inst.surface.draw(all, look(inst.data, inst.fg, inst.height, isPhone()));
  return inst.lastDraw;
}

/** Redraw what is on screen now (after a click changed the points drawn, or the plot's size changed). */
export const redraw = (inst) => (inst.pose ? draw(inst, inst.pose, inst.extra) : Promise.resolve());

/** One frame of a tween: only the traces that move (shading, lines, w arrow) are drawn again. */
export function drawFrame(inst, pose, extra) {
  const all = traces(inst.data, pose, extra, inst.edits, inst.fg);
  const idx = [];
  all.forEach((tr, i) => { if (TWEENED.includes(tr.meta)) idx.push(i); });
  inst.pose = pose;
  if (!inst.surface.frame(all, idx)) return draw(inst, pose, extra); // the traces themselves changed
  inst.stats.frames += 1;
  return Promise.resolve();
}

/** Step t is on screen (reached, at rest or between two updates of a chain), and every readout names it. */
export function showStep(inst, t) {
  inst.tDisp = t;
  sayStep(inst, t);
}

/** Every readout of the plot names step t (said.js's rule): its data-t, the chart's marker and the live line. */
export function sayStep(inst, t) {
  inst.tSaid = t;
  inst.gd.dataset.t = String(t);
  if (inst.chart) inst.chart.mark(t);
  const words = (inst.data.stream ? streamWords : stepWords)(inst.data, t);
  if (words && inst.live.textContent !== words) inst.live.textContent = words;
}

/** Draw step t at rest (or the points alone, with no run). */
export function drawRest(inst, t) {
  showStep(inst, t);
  inst.gd.dataset.animating = "0";
  const d = inst.data;
  if (!d.win) return draw(inst, blankPose(), { ghost: null, circle: [], update: null, by: [] });
  return draw(inst, restPose(d, t), restExtra(d, t));
}
