// The chart beside the plot, drawn from the payload's declared chart (titles, formats, series): series over the
// updates, a marker at the step on screen, and a click on it goes to that update. chartFigure describes it (in
// plotly's names, pure); chartsvg.js turns that into SVG; createChart puts it on the page.
import { bindHover } from "./charthover.js";
import { measurer } from "./axes.js";
import { chartGeometry, chartSvg, seriesSvg, shapePath } from "./chartsvg.js";

const AXIS = { gridcolor: "rgba(128,128,128,0.22)", zerolinecolor: "rgba(128,128,128,0.6)" };

/** Steps per unit of the chart's x (1 but for the online stream's 2: step t is drawn at x = t / 2). */
export const per = (c) => (c && c.t_per_x > 0 ? c.t_per_x : 1);

// Text sizes in px, and in presenter mode, read from the back of a room.
const SIZES = { font: 15, title: 16, legend: 14, panel: 14, mark: 13 };
const PRESENT_SIZES = { font: 18, title: 21, legend: 17, panel: 18, mark: 16 };

/** A title in lines no wider than `width` px at `size` px (a char taken as 0.6 em): SVG text never wraps. */
export function wrap(text, width, size) {
  const most = Math.max(12, Math.floor(width / (0.6 * size)));
  const lines = [];
  for (const word of String(text).split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + " " + word).length <= most) lines[last] += " " + word;
    else lines.push(word);
  }
  return lines;
}

/** A panel's y range: its declared one, widened to every value of its series over the run (an axis never cuts the
 * run's curves off; a bound drawn as a ray past the run, with its own x, may leave the panel). */
export function yRange(p, series) {
  let lo = p.ymin || 0, hi = p.ymax;
  for (const s of series) for (const v of s.y) if (v !== null && Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  const pad = 0.03 * (hi - lo);
  return [lo < (p.ymin || 0) ? lo - pad : lo, hi > p.ymax ? hi + pad : hi];
}

/**
 * The traces and layout (in plotly's names, drawn by chartsvg.js) of a declared chart, with the marker at step t,
 * `width` px wide (for its titles' lines). Pure.
 * @param {import("./protocol.js").Chart & {present?: boolean}} c @param {Object<string, string>} colors
 * @param {string} fg @param {number} t @param {number} [width]
 */
export function chartFigure(c, colors, fg, t, width = 400) {
  const z = c.present ? PRESENT_SIZES : SIZES;
  const pad = Math.max(1, Math.round(0.03 * c.T)); // the last value stays visible past the last update
  const xs = c.x.concat([c.T + pad]);
  const panels = c.panels || [{ y_title: c.y_title, y_format: c.y_format, hover_format: c.hover_format, ymin: 0, ymax: c.ymax }];
  const titles = panels.map((p) => (p.title ? wrap(p.title, width - 62 - 10, z.panel) : [])); // from the y axis on
  const lines = Math.max(1, ...titles.map((l) => l.length)), room = lines * z.panel * 1.3 + 6; // px above a panel
  const top = c.title ? 70 : (panels.length > 1 ? room : 40);
  const n = panels.length, gap = n > 1 ? Math.min(0.2, Math.max(0.1, (room + 8) / Math.max(1, c.height - top - 45))) : 0;
  const h = (1 - gap * (n - 1)) / n;
  const ticks = Math.max(3, Math.floor((h * (c.height - top - 45)) / 22)); // a short panel (a phone's) gets fewer
  const yname = (k) => (k ? "y" + (k + 1) : "y"), yaxis = (k) => (k ? "yaxis" + (k + 1) : "yaxis");
  const traces = c.series.map((s) => {
    const k = s.panel || 0, p = panels[k], x = s.x || xs;
    const y = s.x ? s.y : s.y.concat([s.y[s.y.length - 1]]);
    return {
      type: "scatter", mode: "lines", name: s.name, yaxis: yname(k), x,
      y: s.live ? y.map((v, i) => (x[i] <= t / per(c) ? v : null)) : y, // a live series: nothing past the step shown
      line: { color: colors[s.color] || s.color, width: s.width || 2.5, dash: s.dash || "solid", shape: s.shape || "hv" },
    };
  });
  const xmax = c.xmax == null ? c.T + pad : c.xmax;
  const layout = {
    height: c.height, margin: { l: 62, r: 10, t: top, b: 45 }, font: { size: z.font, color: fg },
    paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: "rgba(0,0,0,0)",
    title: c.title ? { text: c.title, x: 0, xanchor: "left", y: 0.98, yanchor: "top", font: { size: z.title } } : undefined,
    xaxis: { ...AXIS, title: { text: c.x_title, standoff: 4 }, range: [0, xmax], anchor: yname(n - 1) },
    legend: { orientation: "h", x: 0, y: 1.0, yanchor: "bottom", font: { size: z.legend } },
    showlegend: n === 1,
    shapes: [{ type: "line", name: "step", x0: t / per(c), x1: t / per(c), y0: 0, y1: 1, yref: "paper",
               line: { color: fg, width: 2 } }],
    annotations: [],
  };
  panels.forEach((p, k) => {
    const top = 1 - k * (h + gap);
    const range = yRange(p, c.series.filter((s) => (s.panel || 0) === k && !s.x));
    layout[yaxis(k)] = { ...AXIS, domain: [top - h, top], range, tickformat: p.y_format,
                         hoverformat: p.hover_format || c.hover_format, nticks: n > 1 ? ticks : undefined,
                         title: p.y_title ? { text: p.y_title, standoff: 4 } : undefined };
    if (p.title) layout.annotations.push({ text: titles[k].join("<br>"), x: 0, xref: "paper", xanchor: "left", y: top,
                                           yref: "paper", yanchor: "bottom", align: "left", showarrow: false,
                                           font: { size: z.panel } });
  });
  for (const m of c.marks || []) {
    const font = { size: z.mark, color: colors.pocket || fg };
    if (m.x > xmax) { // past the axis's end: said at its edge, not drawn
      layout.annotations.push({ text: `${m.text} →`, x: xmax, xanchor: "right", y: 0, yref: "paper", yanchor: "bottom",
                                showarrow: false, font });
      continue;
    }
    layout.shapes.push({ type: "line", x0: m.x, x1: m.x, y0: 0, y1: 1, yref: "paper", line: { color: colors.pocket || fg, width: 2, dash: "dot" } });
    layout.annotations.push({ text: m.text, x: m.x, xanchor: m.x > 0.6 * xmax ? "right" : "left", y: 0, yref: "paper",
                              yanchor: "bottom", showarrow: false, font });
  }
  return { traces, layout };
}

/**
 * A chart element appended to `wrap`, drawn as SVG (chartsvg.js); onJump(t) is called with the update clicked. A
 * pointer over it reads every series' value at that step (charthover.js).
 * @returns {{el: HTMLElement, update: Function, mark: Function, remove: Function}}
 */
export function createChart(wrap, onJump) {
  const el = document.createElement("div"), id = `pla-chart-${Math.random().toString(36).slice(2, 10)}`;
  el.className = "pla-chart";
  el.setAttribute("role", "img");
  el.style.position = "relative";
  wrap.appendChild(el);
  wrap.classList.add("pla-two");
  const measure = measurer();
  // k: steps per unit of x; geo: where things are (chartGeometry); drawn: what was drawn, for mark(t) and the hover.
  const at = { key: null, k: 1, geo: null, svg: null, drawn: null };
  /** The step under a pointer event over the plot area, or null. */
  const stepAt = (e) => {
    const { svg, geo, k } = at;
    if (!svg) return null;
    const b = svg.getBoundingClientRect(), px = e.clientX - b.left, py = e.clientY - b.top;
    if (px < geo.left - 2 || px > geo.left + geo.W + 2 || py < geo.top || py > geo.top + geo.H) return null;
    return Math.max(0, Math.round(geo.x(Math.min(geo.left + geo.W, Math.max(geo.left, px))) * k));
  };
  el.addEventListener("click", (e) => {
    const t = stepAt(e);
    if (t !== null) onJump(t);
  });
  const tip = bindHover(el, stepAt, () => at);
  return {
    el,
    /** Draw chart c (only when its key, colours, height or width change), with the marker at t. */
    update(c, colors, fg, t) {
      el.setAttribute("aria-label", c.alt || c.title || "chart");
      const width = Math.round(el.getBoundingClientRect().width) || 400;
      const key = [c.key, fg, c.height, !!c.present, width, JSON.stringify(colors)].join("|");
      el.dataset.t = String(t);
      if (key === at.key) return;
      const fig = chartFigure(c, colors, fg, t, width);
      const geo = chartGeometry(fig, width, measure);
      Object.assign(at, { key, k: per(c), geo, drawn: { c, colors, fg, width, fig } });
      el.innerHTML = chartSvg(fig, at.geo, id);
      at.svg = el.firstElementChild;
      el.appendChild(tip);
    },
    /** Move the marker to step t; a live series is drawn again up to it. */
    mark(t) {
      el.dataset.t = String(t);
      const { drawn, svg, geo, k } = at;
      if (!drawn) return;
      const marker = svg.querySelector(".pla-marker");
      if (marker) {
        marker.setAttribute("d", shapePath({ x0: t / k }, geo));
        marker.dataset.x = String(t / k);
      }
      const live = drawn.c.series.map((s, i) => (s.live ? i : -1)).filter((i) => i >= 0);
      if (!live.length) return;
      drawn.fig = chartFigure(drawn.c, drawn.colors, drawn.fg, t, drawn.width);
      for (const i of live) {
        const g = svg.querySelector(`.pla-series[data-i="${i}"]`);
        if (g) g.outerHTML = seriesSvg(drawn.fig.traces[i], i, geo, id);
      }
    },
    remove() {
      el.remove();
      wrap.classList.remove("pla-two");
    },
  };
}
