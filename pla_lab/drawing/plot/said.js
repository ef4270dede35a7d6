// The words beside the plot say what it draws only once it draws it. The server sends them with each rerun, at once;
// the plot then animates there (Run, a jump, Play, a Step served here and told later). Each box of words opens and
// closes with empty markers keyed with the step it is about, from-/step-<box>-<run>-<t> (pla_lab.framework.replay_page.said).
// The box's text shows only while the plot is at rest at that step of that run; in its place the words box says
// which step the plot draws. One style sheet, written once, does the hiding from attributes this module sets on each
// box (data-pla-said, data-pla-wait) and on what a rerun left after its last marker (data-pla-left): a change of step
// restyles those boxes alone. (A sheet rewritten at each step, its rules matching the markers with :has(), made the
// browser restyle the whole page at every step's start and end: 100 ms and more on a slow phone.)

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
const HIDE = [":is([data-pla-said=hide],[data-pla-left])"].flatMap((b) => [`${b} ${TEXT}`, `${b} ${TEXT} *`]).join(",") +
  "{visibility:hidden !important}";

/** The page's one style sheet for the boxes of words: the same at every step (said() sets the attributes it reads). */
export const SAID_CSS = HIDE +
  `[data-testid=stLayoutWrapper]:has(> :is([class*="st-key-step-"],[class*="st-key-from-"])){display:none}` +
  "[data-pla-wait]{position:relative}" +
  "[data-pla-wait]::before{content:attr(data-pla-wait);position:absolute;top:0;left:0;right:0;z-index:1;" +
  "font-size:1rem;font-weight:600;line-height:1.5;color:inherit}[data-pla-wait][data-pla-big]::before{font-size:1.3rem}";

/**
 * What a box of words does for a plot in state s: at rest at step t of run `run`, it shows its text when it opens
 * with the first marker for that step (`first`: the key of the marker its first element holds) and holds the last
 * one (`ends`: the keys of the last markers it holds; a rerun has replaced every element before it). Any other box,
 * and every box while the plot moves, is hidden; the words box then says where the plot is (`wait`).
 * @param {{run: string|null, t: number, T: number, rest: boolean, playing: boolean}} s
 * @returns {{show: boolean, wait: string|null}}
 */
export function verdict(s, box, first, ends) {
  const show = s.rest && first === markKey(box, s.run, s.t, false) && ends.includes(markKey(box, s.run, s.t));
  return { show, wait: !show && box === "words" ? waitLine(s) : null };
}

const setData = (el, name, value) => {
  if (value === null || value === false) { if (el.hasAttribute(name)) el.removeAttribute(name); }
  else if (el.getAttribute(name) !== String(value)) el.setAttribute(name, value === true ? "" : value);
};
const keyIn = (el, kind) => {
  const m = el && el.querySelector(`:scope > [class*="st-key-${kind}-"]`);
  return m ? [...m.classList].find((c) => c.startsWith(`st-key-${kind}-`)).slice(7) : null;
};

/** Set each box's attributes for the plot's state: shown or hidden, the waiting line, what follows its last marker. */
function apply(s, present) {
  for (const box of BOXES) {
    for (const el of document.querySelectorAll(`.st-key-said-${box}`)) {
      const items = [...el.children];
      const ends = items.map((c) => keyIn(c, "step")), last = ends.lastIndexOf(markKey(box, s.run, s.t));
      const v = verdict(s, box, keyIn(items[0], "from"), ends.filter(Boolean));
      setData(el, "data-pla-said", v.show ? "show" : "hide");
      setData(el, "data-pla-wait", v.wait);
      setData(el, "data-pla-big", !!v.wait && !!present);
      items.forEach((c, i) => setData(c, "data-pla-left", v.show && i > last));
    }
  }
}

/**
 * The plot's state for verdict: at rest when it neither plays nor animates nor follows the scrubber. (A step pressed
 * here sets its target and starts animating at once; the target is cleared only after the last frame is drawn.)
 */
export function saidState(inst) {
  const d = inst.data || {}, g = inst.gd.dataset;
  const moving = inst.playing || g.animating === "1" || g.scrubbing === "1";
  return { run: inst.run, t: stepNamed(inst), T: d.T || 0, rest: !moving, playing: !!inst.playing, present: !!d.present };
}

/** The boxes of words as this plot's state says (once per change: apply sets only what differs). */
export function say(inst) {
  if (typeof document === "undefined" || !inst.gd.isConnected || !inst.data) return;
  if (!document.getElementById(ID)) {
    const el = document.createElement("style");
    el.id = ID;
    el.textContent = SAID_CSS;
    document.head.appendChild(el);
  }
  apply(saidState(inst), inst.data.present);
}

/**
 * Say again whenever the plot's step or motion changes (its data-* attributes), and whenever the page's elements
 * change outside the plot (a rerun's new words, a box drawn anew), before the next paint.
 */
export function watchSaid(inst) {
  if (typeof MutationObserver === "undefined") return;
  new MutationObserver(() => say(inst)).observe(inst.gd, {
    attributes: true, attributeFilter: ["data-t", "data-animating", "data-playing", "data-scrubbing"] });
  let queued = false;
  const page = new MutationObserver((records) => {
    if (!inst.gd.isConnected) { page.disconnect(); return; }
    if (queued || records.every((r) => inst.wrap.contains(r.target))) return;
    queued = true;
    queueMicrotask(() => { queued = false; say(inst); });
  });
  page.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
}
