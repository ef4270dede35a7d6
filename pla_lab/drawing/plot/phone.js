// Presenter mode is for a projector, and the server cannot see the screen: a student opening a presenter's link on a
// phone gets the plot as a phone draws it outside presenter mode (the payload's `phone`). A phone is a window as
// narrow as the one at which Streamlit stacks columns (the page's own phone layout, pla_lab/frame.py).
export const PHONE = "(max-width: 640px)";

/** Whether the window is a phone's now. */
export const isPhone = () => typeof matchMedia === "function" && matchMedia(PHONE).matches;

/**
 * The payload as this screen draws it: on a phone, a presenter's payload with its `phone` sizes and colours. Pure.
 * @param {import("./protocol.js").Payload} data @param {boolean} phone
 */
export function onScreen(data, phone) {
  if (!phone) return data;
  const d = data.present && data.phone ? { ...data, ...data.phone, present: false, phone: null } : data;
  return { ...d, base: { ...d.base, layout: { ...d.base.layout, legend: phoneLegend(d.base.layout.legend) } } };
}

// plotly.js lays a legend that overflows one row out in columns as wide as its widest entry: at 14 px Why PLA
// halts' six entries ("w* (best margin)" the widest) made one column, 138 px tall over a 283 px plot. At 12 px
// they make two.
const LEGEND_FONT = 12;
const phoneLegend = (legend) => legend && { ...legend,
  font: { ...legend.font, size: Math.min(LEGEND_FONT, (legend.font && legend.font.size) || LEGEND_FONT) } };

const UNDER = 80; // px under a phone's chart: the gaps and Back/Step/Play
const LEAST = 260, PANEL = 110; // px: the least chart a phone draws, and the least for each of its panels

/**
 * The chart's height: the plot's beside it; on a phone, where it sits under the plot, short enough that the plot, the
 * chart and Back/Step/Play fit one screen, but never too short for its panels to be read (Why PLA halts stacks
 * three), nor taller than the plot. Pure.
 * @param {number} plot  the plot's height @param {boolean} phone @param {number} screen  the window's height
 * @param {number} panels  how many panels the chart stacks
 */
export function chartHeight(plot, phone, screen, panels = 1) {
  const least = Math.min(plot, Math.max(LEAST, PANEL * panels));
  return phone ? Math.max(least, Math.min(plot, screen - plot - UNDER)) : plot;
}
