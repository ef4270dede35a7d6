// The words beside the plot say what it draws only once it draws it. The server sends them with each rerun, at once;
// the plot then animates there (Run, a jump, Play, a Step served here and told later). Each box of words carries the
// step it is about in its key, plw-<run>-<t> (pla_lab.replay.said_key): one style sheet, rewritten whenever the plot
// moves or comes to rest, hides their text unless the plot is at rest at that step of that run, and in its place
// says which step the plot is drawing. CSS applies it at the words' first paint, whichever comes first.

const ID = "pla-said";
// The text a box of words may hold: markdown, captions, messages, a chart drawn from the step (halts' 3-D view).
const TEXT = ":is([data-testid=stMarkdown],[data-testid=stCaptionContainer],[data-testid=stAlert]," +
  "[data-testid=stPlotlyChart],[data-testid=stTable])";
const KINDS = ["plw", "plu"]; // the lesson's words (with the waiting line), and the words under the transport

/** A CSS string literal. */
const quote = (s) => `"${String(s).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, " ")}"`;

/** The words' key for step t of run `run` ("" with no run), as Python makes it (said_key). */
export const saidKey = (kind, run, t) => `${kind}-${run || "none"}-${t}`;

/**
 * The line shown in place of the words while the plot is not at their step: the step it draws, and that the
 * numbers come when it stops.
 * @param {{t: number, T: number, playing: boolean}} s
 */
export function waitLine(s) {
  const where = `step ${s.t} of ${s.T}`;
  return s.playing ? `▶ Playing: ${where} (the numbers follow when it stops)` : `Step ${s.t} of ${s.T}…`;
}

/**
 * The style sheet for a plot in state s: at rest at step t of run `run`, the words about that step show; every other
 * box of words is hidden and the plw box says where the plot is.
 * @param {{run: string|null, t: number, T: number, rest: boolean, playing: boolean, present?: boolean}} s
 */
export function saidCss(s) {
  const boxes = KINDS.map((k) => `[class*="st-key-${k}-"]` + (s.rest ? `:not(.st-key-${saidKey(k, s.run, s.t)})` : ""));
  const hidden = `:is(${boxes.join(",")})`;
  const line = `[class*="st-key-plw-"]` + (s.rest ? `:not(.st-key-${saidKey("plw", s.run, s.t)})` : "");
  // Streamlit's markdown makes its inner box visible again: everything in the text is hidden.
  return `${hidden} ${TEXT},${hidden} ${TEXT} *{visibility:hidden !important}` +
    `${line}{position:relative}` +
    `${line}::before{content:${quote(waitLine(s))};position:absolute;top:0;left:0;right:0;z-index:1;` +
    `font-size:${s.present ? 1.3 : 1}rem;font-weight:600;line-height:1.5;color:inherit}`;
}

/**
 * The plot's state for saidCss: at rest when it neither plays nor animates nor follows the scrubber. (A step pressed
 * here sets its target and starts animating at once; the target is cleared only after the last frame is drawn.)
 */
export function saidState(inst) {
  const d = inst.data || {}, g = inst.gd.dataset;
  const moving = inst.playing || g.animating === "1" || g.scrubbing === "1";
  return { run: inst.run, t: inst.tDisp, T: d.T || 0, rest: !moving, playing: !!inst.playing, present: !!d.present };
}

/** Write the style sheet for this plot's state into the page's head (once per change). */
export function say(inst) {
  if (typeof document === "undefined" || !inst.gd.isConnected || !inst.data) return;
  let el = document.getElementById(ID);
  if (!el) {
    el = document.createElement("style");
    el.id = ID;
    document.head.appendChild(el);
  }
  const css = saidCss(saidState(inst));
  if (el.textContent !== css) el.textContent = css;
}

/** Rewrite the style sheet whenever the plot's step or motion changes (its data-* attributes), before the next paint. */
export function watchSaid(inst) {
  if (typeof MutationObserver === "undefined") return;
  new MutationObserver(() => say(inst)).observe(inst.gd, {
    attributes: true, attributeFilter: ["data-t", "data-animating", "data-playing", "data-scrubbing"] });
}
