// decide.js: what a new payload means, and the timing rules, without a DOM.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decide, needMore, plan, playPlan, stepMs } from "../../pla_lab/drawing/plot/decide.js";
import { payload } from "./fixtures.mjs";

const rest = { run: "run-a", seq: 1, t: 0, playing: false, animating: false, pausedAt: 0, shown: true, nonce: "n1" };

test("no window: the points alone", () => {
  assert.equal(decide(rest, payload({ win: null, run: "" })).kind, "blank");
});

test("a new run is shown as it is, and played if asked", () => {
  assert.deepEqual(decide(rest, payload({ run: "run-b", seq: 2, t: 2 })), { kind: "reset", t: 2, play: false });
  assert.deepEqual(decide({ ...rest, shown: false }, payload({ playing: true })), { kind: "reset", t: 0, play: true });
  assert.deepEqual(decide({ ...rest, t: 2, shown: false }, payload({ run: "run-b", t: 1 })), { kind: "reset", t: 1, play: false },
                   "a plot shown for the first time starts at the server's step");
  assert.equal(decide(rest, payload({ run: "run-b", seq: 2, t: 9 })).t, 3, "t is at most T");
});

test("a new run with the same seq (an option that keeps the step) is shown at the browser's own step", () => {
  // → pressed while the option's rerun ran: the browser shows step 1, the server's answer still says 0.
  assert.deepEqual(decide({ ...rest, t: 1 }, payload({ run: "run-b", t: 0 })), { kind: "reset", t: 1, play: false, report: true });
  assert.deepEqual(decide({ ...rest, t: 2 }, payload({ run: "run-b", t: 2 })), { kind: "reset", t: 2, play: false },
                   "nothing to report when the server has the same step");
  assert.deepEqual(decide({ ...rest, t: 9 }, payload({ run: "run-b", t: 1 })), { kind: "reset", t: 3, play: false, report: true },
                   "at most the new run's T");
  assert.deepEqual(decide({ ...rest, t: 1 }, payload({ run: "run-b", seq: 2, t: 0 })), { kind: "reset", t: 0, play: false },
                   "a new seq (new points, Reset): the server's step wins");
});

test("a new seq animates to the server's t, even while playing", () => {
  assert.deepEqual(decide({ ...rest, playing: true }, payload({ seq: 2, t: 3 })), { kind: "animate", t: 3, play: false });
  assert.equal(decide(rest, payload({ seq: 2, playing: true })).play, true);
});

test("the same seq: play, pause, redraw or leave alone", () => {
  assert.equal(decide(rest, payload({ playing: true })).kind, "play");
  assert.equal(decide({ ...rest, playing: true }, payload({ playing: false })).kind, "pause");
  assert.equal(decide(rest, payload()).kind, "redraw");
  assert.equal(decide({ ...rest, animating: true }, payload()).kind, "none");
  assert.equal(decide({ ...rest, playing: true }, payload({ playing: true })).kind, "none", "playing ahead of the server");
});

test("after a pause, a stale 'playing' is ignored until the server has handled the pause's tick", () => {
  const paused = { ...rest, pausedAt: 7 };
  assert.equal(decide(paused, payload({ playing: true, ack: 6 })).kind, "none");
  assert.equal(decide(paused, payload({ playing: true, ack: 7 })).kind, "play");
  assert.equal(decide({ ...paused, nonce: "new" }, payload({ playing: true, ack: 7 })).kind, "none",
               "another page load's ack does not count");
});

test("a step takes the play speed within 300–800 ms; short jumps chain, long ones tween once", () => {
  assert.deepEqual([stepMs(100), stepMs(500), stepMs(2000)], [300, 500, 800]);
  const all = () => true;
  assert.deepEqual(plan(3, 4, 500, all), { mode: "chain", each: 500 });
  assert.deepEqual(plan(0, 20, 500, all), { mode: "chain", each: 125 });
  assert.deepEqual(plan(0, 25, 500, all), { mode: "chain", each: 120 });
  assert.deepEqual(plan(0, 26, 500, all), { mode: "jump", ms: 500 });
  assert.deepEqual(plan(4, 4, 500, all), { mode: "none" });
  assert.deepEqual(plan(0, 5, 500, (t) => t !== 5), { mode: "none" }, "the weights are not loaded");
  assert.deepEqual(plan(0, 5, 500, (t) => t !== 0), { mode: "jump", ms: 500 }, "no chain without the start");
});

test("Play runs to the end, a replay to stop_at, a long period faster", () => {
  assert.deepEqual(playPlan(payload({ T: 100, dur: 400 }), 0), { stopAt: 100, dur: 400 });
  assert.deepEqual(playPlan(payload({ T: 100, dur: 400, stop_at: 10 }), 0), { stopAt: 10, dur: 400 });
  assert.deepEqual(playPlan(payload({ T: 1000, dur: 400, stop_at: 400 }), 0), { stopAt: 400, dur: 40 });
  assert.deepEqual(playPlan(payload({ T: 100, dur: 400, stop_at: 200 }), 0).stopAt, 100);
});

test("Play asks for more weights 40 updates before the window ends, unless it is the run's end", () => {
  const win = { t0: 0, W: new Array(101).fill([0, 0, 0]) };
  assert.equal(needMore(win, 59, 500), false);
  assert.equal(needMore(win, 60, 500), true);
  assert.equal(needMore(win, 60, 100), false);
});
