// What the user does to the plot: clicks on it (add or remove a point, drawn at once and sent), and Step/Back
// (buttons and ←/→) served here instead of by Streamlit. The listeners on the document remove themselves once the
// plot has left the page.
import { clickEdit, dragW, nearest, onScreen, setW, tapEcho } from "./events.js";
import { hold, step } from "./player.js";
import { draw, gone, redraw } from "./view.js";

// Their keys are app.step and app.back (pla_lab.shared.APP); Streamlit turns a key into a class name.
const STEP = ".st-key-app-step", BACK = ".st-key-app-back";

// Where a click landed, from the mouse event itself: plotly's click data comes from its last hover, which is
// throttled, so a quick click right after another one would report the previous spot.
function clickTarget(inst, e) {
  const fl = inst.gd._fullLayout, r = inst.gd.getBoundingClientRect(), xa = fl.xaxis, ya = fl.yaxis;
  const px = e.clientX - r.left - xa._offset, py = e.clientY - r.top - ya._offset;
  const hit = nearest(onScreen(inst.data.points, inst.edits), (x, y) => [xa.l2p(x), ya.l2p(y)], px, py);
  return { x: xa.p2l(px), y: ya.p2l(py), hit };
}

/** Clicks on the plot: the edit is drawn at once, then the event is sent. A tap counts once (see tapEcho). */
export function bindClicks(inst) {
  inst.gd.on("plotly_click", (ev) => {
    if (!ev.event || inst.dragged) return; // the end of a drag of w is not a click
    const now = performance.now(), type = ev.event.type || "";
    if (tapEcho(type, now, inst.lastTap)) return;
    if (type.startsWith("touch")) inst.lastTap = now;
    if (inst.data.viewonly) { // a class following a shared link: a tap steps, it never edits the points
      if (inst.data.win) step(inst, 1);
      return;
    }
    const { x, y, hit } = clickTarget(inst, ev.event);
    const shift = !!ev.event.shiftKey, flip = !!ev.event.altKey || !!inst.data.relabel;
    inst.stats.clicks.push({ at: performance.now(), x, y, hit: hit ? hit.i : null });
    if (inst.stats.clicks.length > 100) inst.stats.clicks.shift();
    const out = clickEdit(inst.data, inst.edits, x, y, hit, shift, flip);
    if (!out) return;
    if (out.edits !== inst.edits) {
      inst.edits = out.edits;
      redraw(inst);
      inst.stats.lastDrawn = performance.now();
    }
    inst.outbox.post(out.event);
  });
}

// A document listener that removes itself once the plot has left the page.
function listen(inst, type, fn) {
  const h = (e) => {
    if (gone(inst)) { document.removeEventListener(type, h, true); return; }
    fn(e);
  };
  document.addEventListener(type, h, true);
}

/**
 * Step and Back are Streamlit buttons, so they work without this script. Here a press is served in the browser:
 * it animates at once and the server hears the step a moment after the last press (a tick), so a burst of presses
 * costs one rerun. Without a run loaded here the press goes to Streamlit as usual.
 */
export function bindSteps(inst) {
  const stepBy = (delta, e) => {
    if (!inst.data.win) return;
    e.preventDefault();
    e.stopPropagation(); // Streamlit's button and shortcut handlers never see it
    step(inst, delta);
  };
  listen(inst, "click", (e) => {
    const el = e.target.closest && e.target.closest(`${STEP}, ${BACK}`);
    if (!el || el.querySelector("button:disabled")) return;
    stepBy(el.matches(STEP) ? 1 : -1, e);
  });
  // Another of the page's controls, pressed while a step waits to be told (player.hold).
  const control = (e) => e.target.closest && !e.target.closest(`${STEP}, ${BACK}, .pla-wrap`)
    && e.target.closest("button, input, textarea, [role=slider], [role=radio], [role=switch], [role=combobox], a");
  listen(inst, "pointerdown", (e) => control(e) && hold(inst));
  listen(inst, "keydown", (e) => {
    if ((e.key === "Enter" || e.key === " ") && control(e)) hold(inst);
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const typing = e.target.closest && e.target.closest("input, textarea, select, [contenteditable=true], [role=slider]");
    if (typing && !typing.matches("input[type=checkbox], input[type=radio]")) return;
    if (e.key === "ArrowRight") stepBy(1, e);
    else if (e.key === "ArrowLeft") stepBy(-1, e);
  });
  // After a mouse click on a button, switch or radio, give the keyboard back to the page: otherwise Space would
  // press that control again instead of Play/Pause. (Keyboard users' own focus, from Tab, is left alone.)
  listen(inst, "click", (e) => {
    if (!e.detail) return; // a click made with the keyboard
    const c = e.target.closest && e.target.closest("button, [role=switch], [role=radio], label");
    if (!c) return;
    setTimeout(() => {
      const a = document.activeElement;
      if (a && a.matches("button, input[type=checkbox], input[type=radio]")) a.blur();
    }, 0);
  });
}

// Pixels of data point p on the page.
function toPx(inst, p) {
  const fl = inst.gd._fullLayout, r = inst.gd.getBoundingClientRect();
  return [r.left + fl.xaxis._offset + fl.xaxis.l2p(p[0]), r.top + fl.yaxis._offset + fl.yaxis.l2p(p[1])];
}

/**
 * Drag the tip of the arrow w (at rest, not playing): the line turns about the arrow's foot and w grows or shrinks
 * with the pointer, drawn here at once; on release the server is asked for a run that starts from that w (setw).
 */
export function bindDrag(inst) {
  let drag = null;
  inst.gd.addEventListener("pointerdown", (e) => {
    const p = inst.pose, d = inst.data;
    if (!d || !d.win || d.viewonly || inst.playing || !(d.moving || []).includes("w") || !p || p.w.length !== 3
      || !(p.scale > 0)) return;
    if (!p.w[1] && !p.w[2]) return;
    const tip = toPx(inst, [p.anchor[0] + p.w[1] * p.scale, p.anchor[1] + p.w[2] * p.scale]);
    if (Math.hypot(e.clientX - tip[0], e.clientY - tip[1]) > 14) return;
    drag = { anchor: p.anchor.slice(), scale: p.scale, w: null };
    inst.dragged = true;
    inst.gd.dataset.dragging = "1";
  }, true);
  listen(inst, "pointermove", (e) => {
    if (!drag) return;
    const fl = inst.gd._fullLayout, r = inst.gd.getBoundingClientRect();
    const at = [fl.xaxis.p2l(e.clientX - r.left - fl.xaxis._offset), fl.yaxis.p2l(e.clientY - r.top - fl.yaxis._offset)];
    drag.w = dragW(drag.anchor, drag.scale, at);
    inst.token++; // stop any animation: the hand has the line
    draw(inst, { ...inst.pose, w: drag.w, anchor: drag.anchor }, { ghost: null, circle: [], update: null, by: [] });
  });
  listen(inst, "pointerup", () => {
    if (!drag) return;
    const w = drag.w;
    drag = null;
    inst.gd.dataset.dragging = "0";
    if (w) inst.outbox.post(setW(w));
    setTimeout(() => { inst.dragged = false; }, 0); // after the click that ends the drag
  });
}
