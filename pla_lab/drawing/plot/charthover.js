// The chart's readout under the pointer: every series' value at the step pointed at, in a small box beside it (as
// plotly's hovermode "x" did), drawn once per animation frame at most. valueAt and readout are pure.
import { tickText } from "./axes.js";
import { format } from "./chartsvg.js";

/** A series' value at data x: the step it holds there (hv), or between its two points (linear); null off its ends. */
export function valueAt(tr, x) {
  let i = -1;
  for (let j = 0; j < tr.x.length; j++) if (tr.x[j] !== null && tr.x[j] <= x + 1e-9) i = j;
  if (i < 0 || tr.y[i] === null || tr.y[i] === undefined) return null;
  const a = tr.x[i], b = tr.x[i + 1], ya = tr.y[i], yb = tr.y[i + 1];
  if ((tr.line && tr.line.shape) !== "linear") return i === tr.x.length - 1 && x > a + 1e-9 ? null : ya;
  if (Math.abs(x - a) < 1e-9) return ya;
  return b === undefined || b === null || yb === null || yb === undefined ? null : ya + ((yb - ya) * (x - a)) / (b - a);
}

/** The readout's lines at data x: the x axis's title and x, then each named series with its value (hover format). */
export function readout(fig, x) {
  const L = fig.layout, lines = [`${(L.xaxis.title && L.xaxis.title.text) || "x"} = ${tickText(x)}`];
  for (const tr of fig.traces) {
    const v = valueAt(tr, x), axis = L[(tr.yaxis || "y").replace("y", "yaxis")] || {};
    if (v !== null && String(tr.name || "").trim()) lines.push(`${tr.name.trim()}: ${format(v, axis.hoverformat)}`);
  }
  return lines;
}

/** Whether a CSS colour is light (a dark theme's text). */
function light(color) {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color), rgb = /rgba?\(([^)]*)\)/.exec(color);
  let v = [0, 0, 0];
  if (hex) v = (hex[1].length === 3 ? [...hex[1]].map((h) => h + h) : hex[1].match(/../g)).map((h) => parseInt(h, 16));
  else if (rgb) v = rgb[1].split(",").map(Number);
  return 0.299 * v[0] + 0.587 * v[1] + 0.114 * v[2] > 140;
}

/**
 * Show the readout in a box over chart element `el` while a pointer moves over it. stepAt(event): the step pointed
 * at, or null; state(): {k, drawn: {fig, fg}}. Returns the box (the chart keeps it as its last child).
 */
export function bindHover(el, stepAt, state) {
  const tip = document.createElement("div");
  tip.className = "pla-chart-tip";
  tip.setAttribute("aria-hidden", "true");
  tip.style.cssText = "position:absolute;pointer-events:none;display:none;white-space:pre;padding:3px 6px;" +
    "border-radius:3px;font-size:13px;line-height:1.35;z-index:1;border:1px solid rgba(128,128,128,0.5)";
  let pending = null;
  const show = () => {
    const e = pending, { k, drawn } = state(), t = e && stepAt(e);
    pending = null;
    if (!e) return;
    if (t === null || !drawn) { tip.style.display = "none"; return; }
    tip.textContent = readout(drawn.fig, t / k).join("\n");
    tip.style.color = drawn.fg;
    tip.style.background = light(drawn.fg) ? "rgba(14,17,23,0.92)" : "rgba(255,255,255,0.94)";
    tip.style.display = "block";
    const b = el.getBoundingClientRect(), w = tip.offsetWidth, px = e.clientX - b.left, py = e.clientY - b.top;
    tip.style.left = `${px + 14 + w > b.width ? Math.max(0, px - 14 - w) : px + 14}px`;
    tip.style.top = `${Math.max(0, Math.min(py - 10, b.height - tip.offsetHeight))}px`;
  };
  el.addEventListener("pointermove", (e) => {
    if (!pending) requestAnimationFrame(show);
    pending = e;
  });
  el.addEventListener("pointerleave", () => { pending = null; tip.style.display = "none"; });
  return tip;
}
