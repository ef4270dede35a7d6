// The scrubber ("Step t", a Streamlit slider under Back/Step/Play) dragged: Streamlit sends its value only on
// release, and the plot would then replay every update from where it was. Here the plot follows the thumb, drawing
// each step it passes at rest (from the weights loaded here), so the release finds the plot already there.
// Otherwise the scrubber reads the step the plot names (said.js, stepNamed): its value comes from the server, which
// hears of the plot's step once a second during Play and answers a rerun later, so the plot writes it here.
import { pause, report } from "./player.js";
import { W } from "./pose.js";
import { stepNamed } from "./said.js";
import { drawRest, gone } from "./view.js";

// The transport's container key (pla_lab.widgets.TRANSPORT) as Streamlit's class, and the slider in it.
const BOX = ".st-key-lesson-transport";
const SLIDER = `${BOX} [data-testid=stSlider]`;

/** The step the thumb shows: its range input's value (react-aria keeps it current while dragging), or null. */
export function thumbStep(slider) {
  const input = slider && slider.querySelector("input[type=range]");
  const v = input && input.value !== "" ? Number(input.value) : NaN;
  return Number.isInteger(v) ? v : null;
}

/**
 * Where the plot should be while the thumb is at `t`: t itself if its weights are loaded here and it is not on
 * screen already, else null (stay: the server brings a step outside the window on release).
 * @param {import("./protocol.js").Payload} data @param {number|null} t @param {number} shown
 */
export function follow(data, t, shown) {
  if (t === null || t === shown || t < 0 || t > data.T || !W(data, t)) return null;
  return t;
}

/** Where the thumb of a slider from lo to hi sits at t, in percent of its track (react-aria's `left`). */
export const thumbPercent = (t, lo, hi) => (hi > lo ? (100 * (t - lo)) / (hi - lo) : 0);

// A percentage in a CSS value, as a number; two of them agree within this (the CSSOM keeps 6 digits).
const PCT = /(-?\d*\.?\d+(?:e-?\d+)?)%/g;
const NEAR = 1e-3;

/**
 * The filled track's gradient `bg` (as Streamlit draws one thumb: stops at 0%, 0%, p%, p%) with p moved to `pct`,
 * or null if it is not such a gradient or p is there already.
 */
export function fillAt(bg, pct) {
  const stops = [...String(bg).matchAll(PCT)];
  if (stops.length !== 4 || Math.abs(Number(stops[2][1]) - pct) < NEAR) return null;
  let k = 0;
  return bg.replace(PCT, (m) => (k++ >= 2 ? `${pct.toFixed(4)}%` : m));
}

/**
 * Make a slider read step t, as a person sees it and a screen reader hears it: the thumb's place and label, the
 * filled track, the range input's value. Only what differs is written, into the nodes React keeps (the label's text
 * node, inline styles, the input's value), so React's next value replaces it as usual.
 * @param {Element|null} slider @param {number} t
 */
export function showOnSlider(slider, t) {
  const input = slider && slider.querySelector("input[type=range]");
  const thumb = input && input.closest("[data-rac]");
  if (!thumb || !thumb.parentElement) return;
  const s = String(t), pct = thumbPercent(t, Number(input.min) || 0, Number(input.max));
  if (input.value !== s) input.value = s;
  if (input.getAttribute("aria-valuetext") !== s) input.setAttribute("aria-valuetext", s);
  if (!(Math.abs(parseFloat(thumb.style.left) - pct) < NEAR)) thumb.style.left = `${pct.toFixed(4)}%`;
  const p = thumb.querySelector("[data-testid=stSliderThumbValue] p"), text = p && p.firstChild;
  if (text && text.nodeType === 3 && text.nodeValue !== s) text.nodeValue = s;
  const fill = [...thumb.parentElement.children].find((c) => c !== thumb && !c.dataset.testid);
  if (!fill) return;
  // The slider's own fill (its class's gradient: its colours and its place), read once per class and kept on the
  // element: reading it makes the browser compute the page's style anew (100 ms and more on a slow phone's CPU, in a
  // step's first frame).
  if (!fill.__plaOwn || fill.__plaOwn[0] !== fill.className) {
    fill.style.backgroundImage = "";
    fill.__plaOwn = [fill.className, getComputedStyle(fill).backgroundImage];
  }
  const bg = fillAt(fill.__plaOwn[1], pct) || ""; // "": the class's own (at pct already, or not such a gradient)
  if (fill.style.backgroundImage !== bg) fill.style.backgroundImage = bg;
}

/**
 * The scrubber reads the step the plot names whenever the plot's step changes, and again whenever a rerun redraws
 * it (its value may be a step the plot has left); not while a hand holds it (its thumb leads then).
 */
export function bindScrubberReadout(inst) {
  if (typeof MutationObserver === "undefined") return;
  let box = null;
  const sync = () => {
    if (gone(inst)) {
      [mine, page, plot].forEach((o) => o.disconnect());
      return;
    }
    const el = document.querySelector(BOX);
    if (el !== box) {
      mine.disconnect();
      box = el;
      if (box) mine.observe(box, { subtree: true, childList: true, characterData: true, attributes: true,
                                   attributeFilter: ["style", "class", "value", "aria-valuetext"] });
    }
    if (box && inst.data && inst.data.win && inst.gd.dataset.scrubbing !== "1") {
      showOnSlider(box.querySelector("[data-testid=stSlider]"), stepNamed(inst));
    }
    mine.takeRecords(); // its own writes are not news
  };
  const mine = new MutationObserver(sync); // the transport: a rerun drew the scrubber
  const page = new MutationObserver(() => (!box || !box.isConnected) && sync()); // the transport drawn anew
  const plot = new MutationObserver(sync); // the plot's step
  page.observe(document.body, { childList: true, subtree: true });
  plot.observe(inst.gd, { attributes: true, attributeFilter: ["data-t", "data-scrubbing"] });
  sync();
}

/** While the pointer holds the scrubber, the plot draws the step under the thumb, once a frame. */
export function bindScrub(inst) {
  let slider = null;
  const frame = () => {
    if (!slider) return;
    if (gone(inst)) { slider = null; return; }
    const t = follow(inst.data, thumbStep(slider), inst.tDisp);
    if (t !== null) {
      inst.token++; // any animation stops: the hand has the step
      inst.target = null;
      drawRest(inst, t);
      inst.gd.dataset.animating = "0";
    }
    requestAnimationFrame(frame);
  };
  const down = (e) => {
    const el = e.target.closest && e.target.closest(SLIDER);
    if (!el || gone(inst) || !inst.data || !inst.data.win) return;
    if (inst.playing) pause(inst);
    slider = el;
    inst.gd.dataset.scrubbing = "1";
    requestAnimationFrame(frame);
  };
  const up = () => {
    if (!slider) return;
    frame(); // the thumb's last place
    const t = thumbStep(slider);
    slider = null;
    inst.gd.dataset.scrubbing = "0";
    // The plot is there: the server hears it as a tick too, which stands even where the slider's own value would be
    // dropped (an event from the plot still on its way, see actions.scrubbed). Past the weights loaded here, the
    // slider's value takes the server there.
    if (t === inst.tDisp && t !== inst.data.t) report(inst, t, false);
  };
  const on = (type, fn) => {
    const h = (e) => (gone(inst) ? document.removeEventListener(type, h, true) : fn(e));
    document.addEventListener(type, h, true);
  };
  on("pointerdown", down);
  on("pointerup", up);
  on("pointercancel", up);
  bindScrubberReadout(inst);
}
