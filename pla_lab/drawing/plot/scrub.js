// The scrubber ("Step t", a Streamlit slider under Back/Step/Play) dragged: Streamlit sends its value only on
// release, and the plot would then replay every update from where it was. Here the plot follows the thumb, drawing
// each step it passes at rest (from the weights loaded here), so the release finds the plot already there.
import { pause, report } from "./player.js";
import { W } from "./pose.js";
import { drawRest, gone } from "./view.js";

// The transport's container key (pla_lab.widgets.TRANSPORT) as Streamlit's class, and the slider in it.
const SLIDER = ".st-key-lesson-transport [data-testid=stSlider]";

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
}
