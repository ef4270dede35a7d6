// said.js's rule, on a plot driven by player.js with a frame clock of its own: at every frame of Play and of a Step,
// the words' waiting line, the plot's data-t, its chart's marker and its live line name one step (the one the plot
// is moving to), and the scrubber is made to read that step (scrub.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { pause, play, step } from "../../pla_lab/drawing/plot/player.js";
import { saidState, stepNamed, waitLine } from "../../pla_lab/drawing/plot/said.js";
import { noEdits } from "../../pla_lab/drawing/plot/scene.js";
import { fillAt, showOnSlider, thumbPercent } from "../../pla_lab/drawing/plot/scrub.js";
import { moveTo } from "../../pla_lab/drawing/plot/tween.js";
import { drawRest } from "../../pla_lab/drawing/plot/view.js";
import { payload } from "./fixtures.mjs";

// The frame clock: requestAnimationFrame's callbacks wait here until a test runs the next frame.
const queued = [];
globalThis.requestAnimationFrame = (cb) => queued.push(cb);
const clock = { now: performance.now() };
const settle = () => new Promise((r) => setImmediate(r)); // the promises a frame resolved have run

/** Run one frame 1/60 s on (every callback asked for), then let what it resolved run. */
async function frame() {
  clock.now = Math.max(clock.now, performance.now()) + 1000 / 60;
  for (const cb of queued.splice(0)) cb(clock.now);
  await settle();
}

/** A plot instance as plot.js makes one, with its drawing stubbed, at rest at step 0 of the fixture's run (T = 3). */
function plot(over = {}) {
  const inst = {
    data: payload({ dur: 100 }), gd: { dataset: { t: "0", playing: "0", animating: "0", scrubbing: "0" }, isConnected: true },
    live: { textContent: "" }, chart: { mark: (t) => { inst.marked = t; } }, marked: null,
    surface: { draw: () => Promise.resolve(), frame: () => true },
    stats: { frames: 0, transitions: [], predicted: null }, edits: noEdits(), fg: "#111111", rev: 0, height: 500,
    pose: null, extra: null, tDisp: 0, token: 0, run: "run-a", seq: 1, shown: true, playing: false, target: null,
    pausedAt: 0, reportTimer: null, unsent: false, held: false, asked: null, reported: 0,
    outbox: { nonce: "n1", sent: [], post(e) { this.sent.push(e); return this.sent.length; } }, ...over,
  };
  drawRest(inst, 0);
  return inst;
}

/** Every readout of the step, as a number: the words' line, data-t, the chart's marker, the live line. */
function readouts(inst) {
  const s = saidState(inst), line = waitLine(s), live = inst.live.textContent;
  return { named: stepNamed(inst), said: s.t, line: Number(/[Ss]tep (\d+) of/.exec(line)[1]), t: Number(inst.gd.dataset.t),
           chart: inst.marked, live: Number(/^(?:Update|Step) (\d+) of/.exec(live)[1]) };
}

/** The readouts agree: one step, which is returned. */
function one(inst) {
  const r = readouts(inst), steps = new Set(Object.values(r));
  assert.equal(steps.size, 1, JSON.stringify(r));
  return r.named;
}

test("a motion to step 2 names 2 from its first frame; the step reached stays 1 until the motion ends there", async () => {
  const inst = plot();
  drawRest(inst, 1);
  const done = moveTo(inst, 2, inst.pose, inst.pose, 100, { ghost: null, circle: [], update: null, by: [] }, inst.token);
  assert.equal(inst.gd.dataset.animating, "1");
  assert.equal(one(inst), 2);
  assert.equal(inst.tDisp, 1, "the motion's start: step 1 is what it moves from");
  assert.match(waitLine(saidState(inst)), /^Step 2 of 3…$/);
  assert.match(inst.live.textContent, /^Update 2 of 3: /, "the live line tells the update being drawn");
  while (queued.length) await frame();
  assert.equal(await done, true);
});

test("Play: on every frame every readout names the step the plot moves to, each step in turn, and ends at rest at T", async () => {
  const inst = plot();
  const playing = play(inst);
  const seen = [];
  while (queued.length) {
    seen.push({ step: one(inst), reached: inst.tDisp, moving: inst.gd.dataset.animating === "1" });
    await frame();
  }
  await playing;
  assert.equal(inst.playing, false);
  assert.equal(one(inst), 3);
  assert.equal(inst.tDisp, 3);
  const steps = [...new Set(seen.map((r) => r.step))];
  assert.deepEqual(steps, [1, 2, 3], "each update named once, in order, from its first frame");
  assert.ok(seen.every((r) => r.moving && r.step === r.reached + 1), "moving from wₜ to wₜ₊₁ names t + 1");
  assert.ok(seen.length >= 9, `${seen.length} frames`);
});

test("Pause during an update's motion rests at the step the readouts named, and a Step then goes on from it", async () => {
  const inst = plot();
  play(inst);
  await frame();
  await frame();
  assert.equal(one(inst), 1);
  assert.equal(inst.tDisp, 0);
  pause(inst);
  assert.equal(inst.gd.dataset.animating, "0");
  assert.equal(one(inst), 1);
  assert.equal(inst.tDisp, 1, "at rest where the readouts said");
  assert.equal(inst.outbox.sent.at(-1).t, 1, "and the server hears that step");
  step(inst, 1);
  const seen = [];
  while (queued.length) {
    seen.push(one(inst));
    await frame();
  }
  assert.ok(seen.length >= 3 && seen.every((t) => t === 2), JSON.stringify(seen));
  assert.equal(inst.tDisp, 2);
  inst.gd.isConnected = false; // its report, told later, is dropped
});

test("two Steps pressed at once: each update is drawn in turn, named as it is drawn", async () => {
  const inst = plot();
  step(inst, 1);
  await frame();
  step(inst, 1); // during the first update's motion
  const seen = [];
  while (queued.length) {
    seen.push({ step: one(inst), reached: inst.tDisp });
    await frame();
  }
  assert.deepEqual([...new Set(seen.map((r) => r.step))], [1, 2]);
  assert.ok(seen.every((r) => r.step === r.reached + 1), "the first update is finished before the second starts");
  assert.equal(one(inst), 2);
  inst.gd.isConnected = false;
});

/** A Streamlit slider from 0 to max at `value`, as its DOM is read and written by showOnSlider. */
function slider(value, max) {
  const pct = (v) => (100 * v) / max;
  const input = { value: String(value), min: "0", max: String(max), attrs: { "aria-valuetext": String(value) },
                  getAttribute(k) { return this.attrs[k]; }, setAttribute(k, v) { this.attrs[k] = String(v); } };
  const text = { nodeType: 3, nodeValue: String(value) };
  const thumb = { style: { left: `${pct(value)}%` }, dataset: {},
                  querySelector: (sel) => (sel.includes("stSliderThumbValue") ? { firstChild: text } : null) };
  // Its own fill (Streamlit's class) is at its value; an inline style, when set, is drawn instead.
  const fill = { style: { backgroundImage: "" }, dataset: {},
                 own: `linear-gradient(to right, rgba(0, 0, 0, 0.25) 0%, rgb(197, 57, 72) 0%, rgb(197, 57, 72) ${pct(value)}%,` +
                      ` rgba(0, 0, 0, 0.25) ${pct(value)}%)` };
  const track = { children: [fill, thumb, { dataset: { testid: "stSliderTickBar" } }] };
  thumb.parentElement = track;
  input.closest = () => thumb;
  return { el: { querySelector: () => input }, input, text, thumb, fill };
}
globalThis.getComputedStyle = (el) => ({ backgroundImage: el.style.backgroundImage || el.own });

test("the scrubber's thumb: its place in percent of the track", () => {
  assert.equal(thumbPercent(0, 0, 13), 0);
  assert.equal(thumbPercent(13, 0, 13), 100);
  assert.ok(Math.abs(thumbPercent(5, 0, 13) - 38.4615) < 1e-4);
  assert.equal(thumbPercent(0, 0, 0), 0);
});

test("the filled track's gradient moved to another place, its colours kept; null when it is there or unknown", () => {
  const bg = "linear-gradient(to right, rgba(1, 2, 3, 0.25) 0%, rgb(197, 57, 72) 0%, rgb(197, 57, 72) 7.69231%, " +
             "rgba(1, 2, 3, 0.25) 7.69231%)";
  assert.equal(fillAt(bg, 38.461538), "linear-gradient(to right, rgba(1, 2, 3, 0.25) 0%, rgb(197, 57, 72) 0%, " +
               "rgb(197, 57, 72) 38.4615%, rgba(1, 2, 3, 0.25) 38.4615%)");
  assert.equal(fillAt(bg, 7.692308), null, "already there");
  assert.equal(fillAt("none", 10), null);
  assert.equal(fillAt("linear-gradient(red 0%, blue 100%)", 10), null);
});

test("a scrubber at 4 is made to read 5: label, thumb, fill and value; React's text node is kept; at 5 nothing is written", () => {
  const s = slider(4, 13);
  const text = s.text;
  showOnSlider(s.el, 5);
  assert.equal(s.text, text);
  assert.equal(text.nodeValue, "5");
  assert.equal(s.input.value, "5");
  assert.equal(s.input.attrs["aria-valuetext"], "5");
  assert.ok(Math.abs(parseFloat(s.thumb.style.left) - 38.4615) < 1e-3, s.thumb.style.left);
  assert.match(s.fill.style.backgroundImage, /rgb\(197, 57, 72\) 38\.4615%, rgba\(0, 0, 0, 0\.25\) 38\.4615%\)$/);
  const at = slider(5, 13);
  showOnSlider(at.el, 5);
  assert.equal(at.fill.style.backgroundImage, "", "its own fill is right: no style of ours");
  assert.equal(at.thumb.style.left, `${(100 * 5) / 13}%`, "its own place kept");
  showOnSlider(null, 3); // no scrubber (a run of 0 updates): nothing to do
});
