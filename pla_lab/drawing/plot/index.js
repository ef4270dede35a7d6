// PLA Lab's plot component (Streamlit components v2), drawn as SVG by our own code (surface.js): draws the points, the static layers and everything that moves
// with w, animates between updates, and sends clicks and ticks back (protocol.js, pla_lab/protocol.py).
import { isPhone, onScreen, PHONE } from "./phone.js";
import { createPlot, render } from "./plot.js";

// For tests only, and only when the page asked before loading (window.__plaLabTestHooks = true): a read-only view
// of the last mounted plot.
function exposeForTests(inst) {
  if (window.__plaLabTestHooks !== true) return;
  window.__plaLab = Object.freeze({
    get stats() { return structuredClone(inst.stats); },
    get data() { return structuredClone(inst.data); },
  });
}

/** Draw the server's payload as this screen draws it (phone.js). */
function show(inst, sent, send) {
  inst.sent = sent;
  const data = onScreen(sent, isPhone());
  inst.wrap.classList.toggle("pla-present", !!data.present);
  render(inst, data, send);
}

/** The component: {parentElement, data: [payload], setTriggerValue}; data is a list so that Streamlit passes it as is. */
export default function (component) {
  const { parentElement, setTriggerValue } = component;
  const data = Array.isArray(component.data) ? component.data[0] : component.data;
  let inst = parentElement.__pla;
  if (!inst) {
    inst = parentElement.__pla = createPlot(parentElement);
    // The plot keeps its place from the start: the words beside it do not move when it is drawn.
    inst.gd.style.minHeight = `${onScreen(data, isPhone()).height}px`;
    exposeForTests(inst);
    // A phone turned sideways (or a window narrowed past a phone's width) draws its last payload again for it.
    if (typeof matchMedia === "function") {
      matchMedia(PHONE).addEventListener("change", () => inst.gd.isConnected && show(inst, inst.sent, inst.send));
    }
  }
  show(inst, data, setTriggerValue);
}
