// What the user does to the plot: clicks on it (add or remove a point, drawn at once and sent), and Step/Back
// (buttons and ←/→) served here instead of by Streamlit. The listeners on the document remove themselves once the
// plot has left the page.
import { clickEdit, dragW, nearest, onScreen, setW } from "./events.js";
import { fmt } from "./marks.js";
import { hold, step } from "./player.js";
import { draw, gone, redraw } from "./view.js";

// Their keys are app.step and app.back (pla_lab.shared.APP); Streamlit turns a key into a class name.
const STEP = ".st-key-app-step", BACK = ".st-key-app-back";

// Where a click landed, in data units, and the point under it (within 10 px), if any.
function clickTarget(inst, e) {
  const at = inst.surface.toData(e.clientX, e.clientY);
  const hit = nearest(onScreen(inst.data.points, inst.edits), inst.surface.mapper(), e.clientX, e.clientY);
  return { x: at.x, y: at.y, hit, inside: at.inside };
}

/** Clicks and taps on the plot area: the edit is drawn at once, then the event is sent. */
export function bindClicks(inst) {
  inst.surface.svg.addEventListener("click", (e) => {
    if (inst.dragged || !inst.surface.frame) return; // the end of a drag of w is not a click
    const { x, y, hit, inside } = clickTarget(inst, e);
    if (!inside && !hit) return;
    if (inst.data.viewonly) { // a class following a shared link: a tap steps, it never edits the points
      if (inst.data.win) step(inst, 1);
      return;
    }
    const shift = !!e.shiftKey, flip = !!e.altKey || !!inst.data.relabel;
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

/** A point's coordinates beside it while the pointer is over it, or the keyboard's focus on it: "#12  (0.5, −1.2)",
 * as the points' hover said. */
export function bindHover(inst) {
  const tip = document.createElement("div");
  tip.className = "pla-tip";
  tip.setAttribute("aria-hidden", "true");
  inst.gd.appendChild(tip);
  const hide = () => { tip.style.display = "none"; };
  const show = (hit) => {
    const [px, py] = inst.surface.toPage([hit.x, hit.y]), box = inst.gd.getBoundingClientRect();
    tip.textContent = `${hit.i === null ? "new" : "#" + hit.i}  (${fmt(hit.x)}, ${fmt(hit.y)})`;
    Object.assign(tip.style, { display: "block", left: `${px - box.left + 12}px`, top: `${py - box.top - 30}px` });
  };
  inst.surface.svg.addEventListener("pointerleave", hide);
  // A point reached with the keyboard (Tab, where there are few) shows its coordinates as a hovered one does.
  inst.surface.svg.addEventListener("focusin", (e) => {
    const el = e.target.closest && e.target.closest(".pla-pt");
    if (el) show({ i: Number(el.dataset.i), x: Number(el.dataset.x), y: Number(el.dataset.y) });
  });
  inst.surface.svg.addEventListener("focusout", hide);
  inst.surface.svg.addEventListener("pointermove", (e) => {
    if (!inst.surface.frame || inst.dragged) return hide();
    const hit = nearest(onScreen(inst.data.points, inst.edits), inst.surface.mapper(), e.clientX, e.clientY);
    return hit ? show(hit) : hide();
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

/**
 * Drag the tip of the arrow w (at rest, not playing): the line turns about the arrow's foot and w grows or shrinks
 * with the pointer, drawn here at once; on release the server is asked for a run that starts from that w (setw).
 */
export function bindDrag(inst) {
  let drag = null;
  // Whether a pointer at (clientX, clientY) holds the tip of w's arrow (at rest, not playing, a run that w moves).
  const atTip = (e) => {
    const p = inst.pose, d = inst.data;
    if (!d || !d.win || d.viewonly || inst.playing || !(d.moving || []).includes("w") || !p || p.w.length !== 3
      || !(p.scale > 0) || (!p.w[1] && !p.w[2]) || !inst.surface.frame) return false;
    const tip = inst.surface.toPage([p.anchor[0] + p.w[1] * p.scale, p.anchor[1] + p.w[2] * p.scale]);
    return Math.hypot(e.clientX - tip[0], e.clientY - tip[1]) <= 14;
  };
  // A finger on the tip drags w instead of scrolling the page (anywhere else on the plot it scrolls as usual).
  inst.surface.svg.addEventListener("touchstart", (e) => {
    if (e.touches.length === 1 && atTip(e.touches[0])) e.preventDefault();
  }, { passive: false });
  inst.gd.addEventListener("pointerdown", (e) => {
    if (!atTip(e)) return;
    const p = inst.pose;
    drag = { anchor: p.anchor.slice(), scale: p.scale, w: null };
    inst.dragged = true;
    inst.gd.dataset.dragging = "1";
  }, true);
  listen(inst, "pointermove", (e) => {
    if (!drag) return;
    const at = inst.surface.toData(e.clientX, e.clientY);
    drag.w = dragW(drag.anchor, drag.scale, [at.x, at.y]);
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
