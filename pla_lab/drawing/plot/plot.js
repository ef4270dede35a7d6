// One plot instance per mounted component: its elements, its state between two reruns, and what a payload does.
import { createChart } from "./chart.js";
import { bindDemo } from "./demo.js";
import { drain, EARLY } from "./early.js";
import { createOutbox } from "./events.js";
import { bindClicks, bindDrag, bindHover, bindSteps } from "./input.js";
import { jumpTo, step, update } from "./player.js";
import { chartHeight, isPhone } from "./phone.js";
import { VERSION } from "./protocol.js";
import { watchSaid } from "./said.js";
import { bindScrub } from "./scrub.js";
import { fitHeight, look, noEdits } from "./scene.js";
import { pngButton } from "./png.js";
import { createSurface } from "./surface.js";
import { redraw } from "./view.js";

const GAP = 14; // px between the plot and its chart (plot.css's .pla-two grid)

/** The theme's text colour: Streamlit's CSS variable inside its component, the text's colour where it is drawn
 * before the component is there (index.js's early). */
function themeColor(el) {
  const style = getComputedStyle(el);
  return style.getPropertyValue("--st-text-color").trim() || style.color || "#31333F";
}

/**
 * A new plot in parentElement.
 * @param {HTMLElement} parentElement
 */
export function createPlot(parentElement) {
  const gd = document.createElement("div");
  gd.className = "pla-plot";
  gd.setAttribute("role", "figure"); // not "img": it holds the PNG button (axe: nested-interactive)
  Object.assign(gd.dataset, { t: "0", playing: "0", animating: "0" });
  const wrap = document.createElement("div");
  wrap.className = "pla-wrap";
  wrap.appendChild(gd);
  // What a screen reader says at each step (marks.stepWords): polite, so a burst of steps is not read in full.
  const live = document.createElement("div");
  live.className = "pla-live";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  wrap.appendChild(live);
  parentElement.appendChild(wrap);
  const inst = {
    el: parentElement, wrap, gd, live, chart: null, surface: createSurface(gd), data: null, fg: "#31333F", send: () => {},
    stats: { frames: 0, transitions: [], clicks: [], mountedAt: performance.now(), dataAt: null,
             interactiveAt: null, lastDrawn: null, predicted: null, early: false, adoptedAt: null },
    height: 0, edits: noEdits(), pose: null, extra: null, rev: 0, lastDraw: null, bound: false,
    tDisp: 0, token: 0, run: null, seq: null, shown: false, playing: false, pausedAt: 0,
    reportTimer: null, unsent: false, held: false, asked: null, reported: 0,
  };
  // Where a Step or Back is going, also as data-target: a clicker's next press counts from it (clicker.js).
  let target = null;
  Object.defineProperty(inst, "target", {
    enumerable: true, get: () => target,
    set: (v) => { target = v; if (v === null) delete gd.dataset.target; else gd.dataset.target = String(v); },
  });
  pngButton(gd, inst.surface.svg);
  inst.outbox = createOutbox((name, value) => inst.send(name, value));
  watchSaid(inst);
  // The sidebar opening or closing changes the plot's width alone, and with it the height the plot may take (refit).
  let width = 0;
  const resized = () => {
    if (!inst.surface.frame || !inst.data) return;
    refit(inst);
    if (inst.chart && inst.data.chart) drawChart(inst); // its titles are wrapped to its width
    redraw(inst);
  };
  new ResizeObserver(([entry]) => {
    const w = Math.round(entry.contentRect.width);
    if (w === width) return;
    width = w;
    resized();
  }).observe(wrap);
  window.addEventListener("resize", () => gd.isConnected && resized());
  inst.resized = resized;
  // Whatever above the plot changes height after it was drawn (a widget or a font that comes late on a slow
  // machine) moves its top, and the height it may take with it: the page's main block is watched for that.
  let top = null;
  const page = new ResizeObserver(() => {
    if (!gd.isConnected) return top === null ? undefined : page.disconnect(); // mounted, then gone
    const t = Math.round(pageTop(gd));
    if (t === top) return;
    top = t;
    resized();
  });
  page.observe(parentElement.closest("[data-testid=stMainBlockContainer]") || document.body);
  return inst;
}

/** Where an element's top is with the page scrolled to its top. Streamlit scrolls its main area, not the window:
 * the plot's top on screen alone would make a page scrolled down fit a plot too tall to leave Step in view. */
function pageTop(el) {
  let top = el.getBoundingClientRect().top + window.scrollY;
  for (let p = el.parentElement; p; p = p.parentElement) top += p.scrollTop;
  return top;
}

/** The plot's height for the space it has now (scene.fitHeight); true when it changed. Before the chart is drawn,
 * a chart that will sit beside the plot is counted (plot.css's grid: 3fr : 2fr, 5fr : 3fr in presenter mode). */
function refit(inst) {
  if (!inst.data) return false;
  let width = inst.gd.getBoundingClientRect().width;
  if (inst.data.chart && !inst.chart && !isPhone()) width = ((width - GAP) * (inst.data.present ? 5 : 3)) / (inst.data.present ? 8 : 5);
  const m = inst.surface.margins || look(inst.data, inst.fg, 0, isPhone()).margins; // as drawn: with its legend rows
  const margin = Array.isArray(m) ? { l: m[0], r: m[1], t: m[2], b: m[3] } : m;
  const h = fitHeight(inst.data, width, pageTop(inst.gd), window.innerHeight, margin);
  if (h === inst.height) return false;
  inst.height = h;
  inst.gd.style.minHeight = `${h}px`;
  return true;
}

/** On a phone the chart comes under the plot: until it is drawn its room is kept under the plot's box (the
 * box the first picture fills), so Back/Step/Play do not move down when it comes. */
function keepChartRoom(inst) {
  const stack = inst.el.closest(".st-key-plot-stack"); // pla_lab/framework/first_picture.STACK
  if (!stack) return;
  const room = inst.data.chart && !inst.chart && isPhone() ? GAP + chartSize(inst) : 0;
  stack.style.marginBottom = room ? `${room}px` : "";
}

const chartSize = (inst) => chartHeight(inst.height || inst.data.chart.height, isPhone(), window.innerHeight,
                                        (inst.data.chart.panels || [1]).length);

/** Draw the chart (chart.js redraws only when its data, colours, height or width have changed). */
function drawChart(inst) {
  const c = inst.data.chart;
  inst.chart.update({ ...c, height: chartSize(inst), present: !!inst.data.present }, inst.data.colors, inst.fg, inst.tDisp);
}

// The chart beside the plot comes and goes with the payload's chart; the plot then has another width.
function syncChart(inst) {
  const c = inst.data.chart, had = !!inst.chart;
  if (!c && inst.chart) { inst.chart.remove(); inst.chart = null; }
  if (c && !inst.chart) inst.chart = createChart(inst.wrap, (t) => jumpTo(inst, t));
  keepChartRoom(inst); // the chart itself is there now
  refit(inst); // with the chart beside it, the plot is narrower
  if (c) drawChart(inst);
  if (had !== !!c && inst.surface.frame) redraw(inst); // another width
}

/** Keys pressed before the lesson could take them (early.js), in order: steps served here, Space presses Play. */
function applyEarly(inst, keys) {
  for (const key of keys) {
    if (EARLY[key]) step(inst, EARLY[key]);
    else {
      const play = document.querySelector(".st-key-app-play button"); // the Play/Pause toggle (widgets.transport)
      if (play && !play.disabled) play.click();
    }
  }
}

/**
 * A new payload for the plot: drop what the server has handled, forget the clicks it has answered, draw.
 * @param {ReturnType<typeof createPlot>} inst @param {import("./protocol.js").Payload} data @param {Function} send
 */
export function render(inst, data, send) {
  inst.data = data;
  inst.send = send;
  inst.outbox.heard(data.nonce, data.ack); // another page load's ack means nothing here
  inst.stats.dataAt = performance.now();
  inst.gd.setAttribute("aria-label", data.alt || "PLA plot");
  if (data.version !== VERSION) {
    inst.gd.textContent = `The plot speaks protocol ${VERSION} but was sent ${data.version}: reload the page.`;
    return Promise.resolve();
  }
  inst.fg = themeColor(inst.el);
  inst.gd.dataset.last = String(data.T); // the run's last step, for a clicker's PageDown (clicker.js)
  inst.edits = noEdits(); // the server's points replace the clicks drawn ahead of it
  try {
    refit(inst);
    keepChartRoom(inst);
    syncChart(inst);
    update(inst);
    if (refit(inst)) redraw(inst); // drawn, its legend's rows are known: the height is fitted to them
  } catch (e) {
    inst.gd.textContent = "The plot could not be drawn: " + e.message;
    return Promise.resolve();
  }
  if (!inst.bound) {
    inst.bound = true;
    bindClicks(inst);
    bindDrag(inst);
    bindHover(inst);
    bindSteps(inst);
    bindScrub(inst);
    bindDemo(inst);
    inst.stats.interactiveAt = performance.now();
    applyEarly(inst, drain(window));
  }
  return Promise.resolve();
}
