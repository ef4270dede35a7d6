// Drawing one plot instance with plotly.js: a full redraw, a cheap tween frame, the rest pose at a step.
import { blankPose, restExtra, restPose } from "./pose.js";
import { stepWords } from "./marks.js";
import { streamWords } from "./stream.js";
import { layout, traces, TWEENED } from "./scene.js";

/** True once this plot has left the page (another lesson): its loops and listeners then stop. */
export const gone = (inst) => !inst.gd.isConnected;

/** Redraw every trace for a pose. */
export function draw(inst, pose, extra) {
  inst.pose = pose;
  inst.extra = extra;
  // A new data revision makes react redraw every trace: after Plotly.animate has restyled traces in place, react
  // could otherwise find "nothing changed" and leave them undrawn.
  inst.rev += 1;
  inst.stats.frames += 1;
  const all = traces(inst.data, pose, extra, inst.edits, inst.fg);
  inst.lastDraw = inst.P.react(inst.gd, all, layout(inst.data.base, inst.fg, inst.rev, inst.height), inst.config);
  return inst.lastDraw;
}

/** Redraw what is on screen now (after a click changed the points drawn). */
export const redraw = (inst) => draw(inst, inst.pose, inst.extra);

// A trace draws something iff it has a point: a line not drawn may hold one empty point (its legend entry).
const visible = (x) => !!x && x.some((v) => v !== null && v !== undefined);

/** One frame of a tween: only the traces that move (shading, lines, w arrow) are restyled. */
export function drawFrame(inst, pose, extra) {
  const all = traces(inst.data, pose, extra, inst.edits, inst.fg);
  if (all.some((tr) => tr.type === "heatmap")) return draw(inst, pose, extra); // a heatmap needs a full redraw
  inst.pose = pose;
  const idx = [], xs = [], ys = [];
  all.forEach((tr, i) => { if (TWEENED.includes(tr.meta)) { idx.push(i); xs.push(tr.x); ys.push(tr.y); } });
  // Plotly.animate only moves what is drawn: a trace that appears or disappears (a line entering or leaving the
  // view, w = 0) needs a full redraw, and animating empty traces leaves the plot blank.
  const drawn = inst.gd.data || [];
  const shown = idx.map((i) => !!(drawn[i] && visible(drawn[i].x)));
  if (xs.some((x, k) => visible(x) !== shown[k])) return draw(inst, pose, extra);
  if (!xs.some(visible)) return Promise.resolve();
  inst.stats.frames += 1;
  return inst.P.animate(inst.gd, { data: xs.map((x, k) => ({ x, y: ys[k] })), traces: idx },
                        { transition: { duration: 0 }, frame: { duration: 0, redraw: false }, mode: "immediate" });
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
