// The plot's frame in pixels: where the view's box lies in the drawing (equal scales, centred in the room the margins
// leave, as the first picture's `preserveAspectRatio="xMidYMid meet"`), the transform from data units to pixels and
// back, the ticks of an axis and the dash of a line. Pure: numbers in, numbers out (tests/js/axes.test.mjs).

/**
 * The plot area for a drawing `width` × `height` px with margins m = [left, right, top, bottom] around the room for
 * view = [xmin, xmax, ymin, ymax]: {left, top, width, height, k} (k: px per data unit, the same on both axes), with
 * px/py (data → px from the drawing's top left) and x/y (px → data), each the other's inverse.
 * @param {number} width @param {number} height @param {number[]} m @param {number[]} view
 */
export function frameOf(width, height, m, view) {
  const roomW = Math.max(1, width - m[0] - m[1]), roomH = Math.max(1, height - m[2] - m[3]);
  const xr = view[1] - view[0], yr = view[3] - view[2];
  const k = Math.min(roomW / xr, roomH / yr);
  const w = k * xr, h = k * yr, left = m[0] + (roomW - w) / 2, top = m[2] + (roomH - h) / 2;
  return {
    left, top, width: w, height: h, k, view,
    px: (x) => left + (x - view[0]) * k,
    py: (y) => top + (view[3] - y) * k,
    x: (px) => view[0] + (px - left) / k,
    y: (py) => view[3] - (py - top) / k,
  };
}

/**
 * The tick values of an axis from lo to hi drawn `length` px long, as plotly.js chooses them (its autoTicks): about
 * one every 80 px along x, 40 along y (4 to 9 spaces, plus one), a step of 2, 5 or 10 times a power of ten (the
 * first above the rough step), from 0.
 * @param {number} lo @param {number} hi @param {number} length @param {"x"|"y"} letter @param {number} [most]
 */
export function ticks(lo, hi, length, letter, most) {
  if (!(hi > lo) || !(length > 0)) return [];
  const n = most || Math.min(9, Math.max(4, length / (letter === "y" ? 40 : 80))) + 1;
  const rough = (hi - lo) / n, base = Math.pow(10, Math.floor(Math.log(rough) / Math.LN10));
  const step = base * ([2, 5, 10].find((s) => s > rough / base) || 10); // plotly's roundUp: the first one above
  const out = [], eps = step * 1e-9;
  for (let k = Math.ceil((lo - eps) / step); k * step <= hi + eps; k++) out.push(Number((k * step).toPrecision(12)));
  return out;
}

/** A tick's label as plotly writes it: no trailing zeros, a true minus sign. */
export const tickText = (v) => (v === 0 ? "0" : String(Number(v.toPrecision(10))).replace("-", "−"));

/** The font the plot and its chart write in (plotly's). */
export const FONT = "'Open Sans', verdana, arial, sans-serif";

/** A text's width in px at a size, measured by a canvas of its own, once per text and size (needs a browser). */
export function measurer() {
  const widths = new Map(), ctx = document.createElement("canvas").getContext("2d");
  return (text, size) => {
    const key = size + "|" + text;
    if (!widths.has(key)) {
      ctx.font = `${size}px ${FONT}`;
      widths.set(key, ctx.measureText(text).width);
    }
    return widths.get(key);
  };
}

/** The SVG stroke-dasharray of a plotly dash name for a line `width` px wide ("" for solid). */
export function dashArray(dash, width) {
  const d = Math.max(width, 3);
  switch (dash) {
    case "dot": return `${d},${d}`;
    case "dash": return `${3 * d},${3 * d}`;
    case "longdash": return `${5 * d},${5 * d}`;
    case "dashdot": return `${3 * d},${d},${d},${d}`;
    default: return "";
  }
}

/**
 * Where a text goes beside a marker `size` px across, on side `pos` ("top right", "middle left", …): its anchor point
 * from the marker's centre [dx, dy] (y down, dy to the baseline) and its text-anchor, as plotly places it (and as
 * pla_lab/drawing/numbers.offset has it).
 */
export function textOffset(pos, font, size) {
  const words = String(pos || "middle center").split(" ");
  const v = words.includes("top") ? -1 : words.includes("bottom") ? 1 : 0;
  const h = words.includes("left") ? -1 : words.includes("right") ? 1 : 0;
  const r = (size || 0) / 2 / 0.8 + 1;
  return { dx: h * r, dy: font * 0.75 + v * r + ((v - 1) * font) / 2,
           anchor: h < 0 ? "end" : h > 0 ? "start" : "middle" };
}
