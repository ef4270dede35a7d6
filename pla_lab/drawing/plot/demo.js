// A demo of its own (the payload's `local`: the home page's): Back, Play/Pause and Step under the plot, and the live
// line (what the step did, in words) shown as its caption. Served in the browser alone: it tells the server nothing.
import { pause, play, step } from "./player.js";
import { drawRest } from "./view.js";

/** The demo's buttons under the plot, once per plot (nothing for a lesson's plot, whose transport is Streamlit's). */
export function bindDemo(inst) {
  if (!inst.data.local || inst.demo) return;
  const bar = document.createElement("div");
  bar.className = "pla-demo";
  const button = (text, label, fn) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.ariaLabel = label;
    b.addEventListener("click", (e) => { e.stopPropagation(); fn(); });
    bar.appendChild(b);
    return b;
  };
  button("← Back", "Back", () => step(inst, -1));
  const toggle = button("▶ Play", "Play", () => {
    if (inst.playing) return pause(inst);
    if (inst.tDisp >= inst.data.T) drawRest(inst, 0); // played to the end: again from the start
    return play(inst);
  });
  button("Step →", "Step", () => step(inst, 1));
  inst.wrap.insertBefore(bar, inst.live);
  inst.live.classList.add("pla-caption");
  inst.demo = bar;
  // The toggle says what it does now: Pause while the demo plays.
  new MutationObserver(() => {
    const on = inst.gd.dataset.playing === "1";
    toggle.textContent = on ? "⏸ Pause" : "▶ Play";
    toggle.ariaLabel = on ? "Pause" : "Play";
  }).observe(inst.gd, { attributes: true, attributeFilter: ["data-playing"] });
}
