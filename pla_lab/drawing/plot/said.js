// The words beside the plot say what it draws only once it draws it. The server sends them with each rerun, at once;
// the plot then animates there (Run, a jump, Play, a Step served here and told later). Each box of words opens and
// closes with empty markers keyed with the step it is about, from-/step-<box>-<run>-<t> (pla_lab.framework.replay_page.said): one
// style sheet, rewritten whenever the plot moves or comes to rest, hides the box's text unless the plot is at rest
// at that step of that run, and in its place says which step the plot draws. CSS applies it from the first paint.

/**
 * The one rule for every readout of the step (this waiting line, the scrubber under the plot (scrub.js), the plot's
 * data-t, its chart's marker and its live line, all written by view.sayStep): a plot at rest names the step it draws;
 * a plot in motion names the step it is moving to, from the motion's first frame to its last. The animation from w₄
 * to w₅ draws update 5 (the point it corrects circled, w₄ left as the ghost; the live line says "Update 5 of …"), so
 * everything reads 5 while it runs, and Pause or a Step pressed then starts from 5. While a hand holds the
 * scrubber, its thumb leads and the plot draws the step under it. (Before this rule the words named the step last
 * reached and the scrubber the step last told to the server, a second or more behind during Play.)
 */
export const stepNamed = (inst) => (inst.tSaid ?? inst.tDisp);

const ID = "pla-said";
// The text a box of words may hold: markdown, captions, messages, a chart drawn from the step (halts' 3-D view).
const TEXT = ":is([data-testid=stMarkdown],[data-testid=stCaptionContainer],[data-testid=stAlert]," +
  "[data-testid=stPlotlyChart],[data-testid=stTable])";
const BOXES = ["words", "under"]; // the lesson's words (with the waiting line), and the words under the transport

/** A CSS string literal. */
const quote = (s) => `"${String(s).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, " ")}"`;

/** A marker's key for step t of run `run` ("" with no run) in a box, the last (or first) one, as replay_page.step_key. */
export const markKey = (box, run, t, end = true) => `${end ? "step" : "from"}-${box}-${run || "none"}-${t}`;

/**
 * The line shown in place of the words while the plot is not at their step: the step it draws, and that the
 * numbers come when it stops.
 * @param {{t: number, T: number, playing: boolean}} s
 */
export function waitLine(s) {
  const where = `step ${s.t} of ${s.T}`;
  return s.playing ? `▶ Playing: ${where} (the numbers follow when it stops)` : `Step ${s.t} of ${s.T}…`;
}

// Text hidden, and everything in it (Streamlit's markdown makes its inner box visible again).
const hide = (boxes) => boxes.flatMap((b) => [`${b} ${TEXT}`, `${b} ${TEXT} *`]).join(",") +
  "{visibility:hidden !important}";

/**
 * The style sheet for a plot in state s. At rest at step t of run `run`, a box shows its text when it opens with
 * the first marker for that step and holds the last one (a rerun has replaced every element before it); whatever a
 * rerun has left after the last marker stays hidden. Any other box, and every box while the plot moves, is hidden;
 * the words box then says where the plot is.
 * @param {{run: string|null, t: number, T: number, rest: boolean, playing: boolean, present?: boolean}} s
 */
export function saidCss(s) {
  const has = (b, end) => `:has(> ${end ? "*" : ":first-child"} > .st-key-${markKey(b, s.run, s.t, end)})`;
  const off = BOXES.flatMap((b) => (s.rest ? [`:not(${has(b, false)})`, `:not(${has(b, true)})`] : [""])
    .map((not) => `.st-key-said-${b}${not}`));
  const left = s.rest ? BOXES.map((b) => `.st-key-said-${b} > ${has(b, true)} ~ *`) : [];
  const line = `.st-key-said-words:is(${off.filter((o) => o.startsWith(".st-key-said-words")).join(",")})`;
  return hide(off.concat(left)) +
    `[data-testid=stLayoutWrapper]:has(> :is([class*="st-key-step-"],[class*="st-key-from-"])){display:none}` +
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
  return { run: inst.run, t: stepNamed(inst), T: d.T || 0, rest: !moving, playing: !!inst.playing, present: !!d.present };
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

/**
 * Rewrite the style sheet whenever the plot's step or motion changes (its data-* attributes), before the next paint.
 * A plot mounted anew (another lesson, presenter mode) first drops the sheet of the one before: it spoke of that plot.
 */
export function watchSaid(inst) {
  if (typeof MutationObserver === "undefined") return;
  const old = document.getElementById(ID);
  if (old) old.remove();
  new MutationObserver(() => say(inst)).observe(inst.gd, {
    attributes: true, attributeFilter: ["data-t", "data-animating", "data-playing", "data-scrubbing"] });
}
