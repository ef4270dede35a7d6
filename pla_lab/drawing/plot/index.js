// PLA Lab's plot component (Streamlit components v2), drawn as SVG by our own code (surface.js): draws the points, the static layers and everything that moves
// with w, animates between updates, and sends clicks and ticks back (protocol.js, pla_lab/protocol.py).
// On a lesson's first load the plot is drawn earlier, on the first picture (`early`), and the component takes it over.
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

/** A new plot in `el`, for the payload `data`. */
function newPlot(el, data) {
  const inst = el.__pla = createPlot(el);
  // The plot keeps its place from the start: the words beside it do not move when it is drawn.
  inst.gd.style.minHeight = `${onScreen(data, isPhone()).height}px`;
  exposeForTests(inst);
  // A phone turned sideways (or a window narrowed past a phone's width) draws its last payload again for it.
  if (typeof matchMedia === "function") {
    matchMedia(PHONE).addEventListener("change", () => inst.gd.isConnected && show(inst, inst.sent, inst.send));
  }
  return inst;
}

/** The payload a first picture carries (pla_lab/framework/first_picture.carried: its SVG's metadata), or null. */
export function carried(src) {
  try {
    const bytes = Uint8Array.from(atob(src.slice(src.indexOf(",") + 1)), (c) => c.charCodeAt(0));
    const m = new TextDecoder().decode(bytes).match(/<metadata id="pla-payload">([^<]*)<\/metadata>/);
    if (!m) return null;
    const text = m[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The plot drawn on the first picture (early.js's watchPicture), in the picture's box (first_picture.STACK), from the
 * payload the picture carries, before Streamlit has mounted the component there. It takes clicks, keys and steps at
 * once; what it sends waits in its outbox until the component takes it over (`adopt`).
 */
export function early(img) {
  const stack = img.closest(".st-key-plot-stack");
  if (window.__plaEarly !== undefined || !stack || document.querySelector(".pla-plot")) return;
  const data = carried(img.getAttribute("src") || "");
  if (!data) return;
  stack.setAttribute("data-pla-early", ""); // the page's style hides the component's place meanwhile (first_picture.py)
  const inst = newPlot(stack, data);
  inst.stats.early = true;
  window.__plaEarly = { inst, stack, path: location.pathname, json: JSON.stringify(data) };
  show(inst, data, () => {}); // sent once the component takes it over
}

/** The early plot, if it was drawn for this component (the same page, the same box): moved into it. */
function adopt(parentElement) {
  const e = window.__plaEarly;
  window.__plaEarly = null; // from now on no plot is drawn early on this page
  if (!e) return null;
  e.stack.removeAttribute("data-pla-early");
  if (location.pathname !== e.path || !e.stack.contains(parentElement)) { e.inst.wrap.remove(); return null; }
  parentElement.appendChild(e.inst.wrap);
  parentElement.__pla = e.inst;
  e.inst.el = parentElement;
  e.inst.stats.adoptedAt = performance.now();
  return e;
}

/** The component: {parentElement, data: [payload], setTriggerValue}; data is a list so that Streamlit passes it as is. */
export default function (component) {
  const { parentElement, setTriggerValue } = component;
  const data = Array.isArray(component.data) ? component.data[0] : component.data;
  let inst = parentElement.__pla;
  if (!inst) {
    const e = adopt(parentElement);
    if (e && JSON.stringify(data) === e.json) {
      // The payload it was drawn from: nothing to draw again; what it has done meanwhile is sent now.
      e.inst.send = setTriggerValue;
      e.inst.outbox.heard(data.nonce, data.ack);
      return;
    }
    inst = e ? e.inst : newPlot(parentElement, data);
  }
  show(inst, data, setTriggerValue);
}
