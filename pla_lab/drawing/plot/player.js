// Tweens, Step/Back, jumps and Play for one plot instance, and what a new payload makes it do (see decide.js).
import { decide, HOLD_MS, needMore, plan, playPlan, REPORT_MS, SETTLE_MS } from "./decide.js";
import { tick } from "./events.js";
import { keep, kept, told } from "./handoff.js";
import { restPose, stepExtra, W } from "./pose.js";
import { stepNamed } from "./said.js";
import { moveTo } from "./tween.js";
import { drawRest, gone, showStep } from "./view.js";

const setPlaying = (inst, on) => { inst.playing = on; inst.gd.dataset.playing = on ? "1" : "0"; };

/** Tell the server the step on screen (the run id lets it drop a tick about a run it has since replaced). */
export function report(inst, t, playing, jump = false, handed = false) {
  if (inst.data && inst.data.local) return 0; // a demo of its own (demo.js) tells the server nothing
  inst.unsent = false; // whatever step was pressed, the server hears where the plot is or is going
  if (!handed) told(inst.run); // a step handed over stays kept until the server shows it (handoff.kept)
  return inst.outbox.post(tick(t, playing, inst.run, inst.seq, jump));
}

/** Animate from the step on screen to `target` (update by update for a short jump); false if interrupted. */
export async function animateTo(inst, target) {
  const token = ++inst.token, d = inst.data, from = inst.tDisp;
  const how = plan(from, target, d.dur, (t) => !!W(d, t));
  if (how.mode === "chain") {
    const dir = Math.sign(target - from);
    for (let t = from; t !== target; t += dir) {
      const nt = t + dir;
      const start = t === from ? inst.pose : restPose(d, t);
      if (!(await moveTo(inst, nt, start, restPose(d, nt), how.each, stepExtra(d, t, nt), token, t === from))) return false; // 1st: at once
      showStep(inst, nt);
    }
  } else if (how.mode === "jump") {
    const extra = { ghost: inst.pose.w, circle: [], update: null, by: [], moving: true };
    if (!(await moveTo(inst, target, inst.pose, restPose(d, target), how.ms, extra, token, true))) return false;
  }
  if (token !== inst.token) return false;
  drawRest(inst, target);
  return true;
}

/** Play from the step on screen to the end (or stop_at), asking the server for more weights as it goes. */
export async function play(inst) {
  const token = ++inst.token;
  inst.target = null;
  clearTimeout(inst.reportTimer);
  setPlaying(inst, true);
  const { stopAt, dur } = playPlan(inst.data, inst.tDisp);
  while (token === inst.token && inst.tDisp < stopAt) {
    if (gone(inst)) { inst.token++; return; }
    const d = inst.data, t = inst.tDisp; // the payload may change while playing: read it afresh each update
    if (needMore(d.win, t, d.T) && inst.asked !== d.win) {
      inst.asked = d.win; // once per window
      report(inst, t, true);
    }
    if (!W(d, t + 1)) { await new Promise((r) => setTimeout(r, 30)); continue; } // wait for them
    if (!(await moveTo(inst, t + 1, inst.pose, restPose(d, t + 1), dur, stepExtra(d, t, t + 1), token))) return;
    showStep(inst, t + 1);
    // The numbers, the scrubber and the link follow the animation about once a second (one rerun each).
    const now = performance.now();
    if (now - inst.reported >= REPORT_MS && inst.tDisp < stopAt) {
      inst.reported = now;
      report(inst, inst.tDisp, true);
    }
  }
  if (token === inst.token) stop(inst);
}

/**
 * Stop at the step the readouts name (mid-update: the one it moved to) and tell the server; until it has handled
 * that tick, a payload's "playing" is old news.
 */
export function stop(inst) {
  setPlaying(inst, false);
  inst.target = null;
  drawRest(inst, stepNamed(inst));
  inst.pausedAt = report(inst, inst.tDisp, false);
}

export function pause(inst) {
  inst.token++;
  stop(inst);
}

/** Step or Back served in the browser: animate at once, tell the server 150 ms after the last press. */
export function step(inst, delta) {
  if (inst.playing) pause(inst); // a step while playing starts from the step on screen
  const target = (inst.target !== null ? inst.target : inst.tDisp) + delta;
  if (target < 0 || target > inst.data.T) return;
  clearTimeout(inst.reportTimer);
  // Past the weights loaded here: the server goes to the target (a new seq) and sends the weights around it.
  if (!W(inst.data, target)) { report(inst, target, false, true); return; }
  Object.assign(inst, { target, unsent: true, held: false });
  keep(inst.run, inst.seq, target);
  inst.stats.predicted = performance.now();
  animateTo(inst, target).then((done) => {
    if (!done) return;
    inst.target = null;
    tellLater(inst, inst.held ? HOLD_MS : SETTLE_MS);
  });
}

// Streamlit is running the script (its own attribute on the app's root).
const running = () => (document.querySelector("[data-testid=stApp]") || { dataset: {} }).dataset.testScriptState === "running";

/** Tell the server the step on screen in `ms`; a held step waits while a rerun runs (see hold). */
function tellLater(inst, ms) {
  clearTimeout(inst.reportTimer);
  inst.reportTimer = setTimeout(() => {
    if (gone(inst) || inst.playing || inst.target !== null || !inst.unsent) return;
    // A page seen running for over 3 s may be waiting for a run that ended with an error: the tick goes anyway.
    if (inst.held && running() && performance.now() - inst.held < 3 * HOLD_MS) return tellLater(inst, HOLD_MS / 4);
    inst.held = false;
    report(inst, inst.tDisp, false);
  }, ms);
}

/**
 * Another control is being pressed (input.js) while a step waits to be told. Its rerun may lay the page out anew
 * (Present): a tick sent meanwhile reruns the lesson's fragment at its old place, and Streamlit 1.67's page fails on
 * that ("Bad delta path index") and goes blank. So the step waits (tellLater): a new plot takes it over
 * (handoff.js) and tells it the same way; this one tells it once no run is going on (3 s at most).
 */
export function hold(inst) {
  if (!inst.unsent || inst.playing) return;
  inst.held = performance.now(); // since when (truthy)
  if (inst.target === null) tellLater(inst, HOLD_MS);
}

/** Go to update t: animate there if its weights are loaded here, else ask the server for them. */
export function jumpTo(inst, t) {
  if (!inst.data.win) return;
  t = Math.max(0, Math.min(inst.data.T, t));
  if (inst.playing) pause(inst);
  clearTimeout(inst.reportTimer);
  if (!W(inst.data, t)) { report(inst, t, false, true); return; }
  inst.target = t;
  animateTo(inst, t).then((done) => {
    if (!done) return;
    inst.target = null;
    report(inst, t, false);
  });
}

/** Act on a new payload (inst.data), as decide() says. */
export function update(inst) {
  const d = inst.data;
  const mem = { run: inst.run, seq: inst.seq, t: inst.target !== null ? inst.target : stepNamed(inst),
                playing: inst.playing, pausedAt: inst.pausedAt, shown: inst.shown,
                animating: inst.gd.dataset.animating === "1", nonce: inst.outbox.nonce };
  told(d.run, d.t);
  const handed = inst.shown ? null : kept(d.run, d.seq);
  // A new plot in place of one whose last step the server never heard of (handoff.js): that step is the browser's
  // own step, as decide's "reset" has it, and is told once the run that mounted this plot has ended.
  if (handed !== null) Object.assign(mem, { run: null, seq: d.seq, t: handed, shown: true });
  const act = decide(mem, d);
  const restart = () => {
    Object.assign(inst, { target: null, seq: d.seq, held: false });
    inst.token++;
    clearTimeout(inst.reportTimer);
  };
  switch (act.kind) {
    case "blank":
      restart();
      Object.assign(inst, { run: d.run, shown: false });
      setPlaying(inst, false);
      return drawRest(inst, 0);
    case "reset": {
      restart();
      Object.assign(inst, { run: d.run, shown: true });
      setPlaying(inst, false);
      // The browser's own step in the new run (see decide); without its weights here, the server is asked for them.
      if (act.report && !W(d, act.t)) {
        drawRest(inst, Math.min(d.t, d.T));
        report(inst, act.t, false, true, handed !== null);
        return;
      }
      drawRest(inst, act.t);
      if (act.play) play(inst);
      else if (handed !== null) { // told once the run that laid the page out has ended (hold)
        Object.assign(inst, { unsent: true, held: performance.now() });
        tellLater(inst, SETTLE_MS);
      } else if (act.report) report(inst, act.t, false);
      return;
    }
    case "animate":
      restart();
      setPlaying(inst, false);
      animateTo(inst, act.t).then((done) => {
        if (done && inst.data.playing && !inst.playing) play(inst); // Play at the end: back to 0, then play
      });
      return;
    case "play": return play(inst);
    case "pause": return pause(inst);
    case "redraw":
      if (inst.held && inst.unsent) tellLater(inst, SETTLE_MS); // the step held for this rerun (hold)
      return drawRest(inst, inst.tDisp);
    default: return undefined;
  }
}
