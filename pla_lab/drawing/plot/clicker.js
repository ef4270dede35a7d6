// The keys a presentation clicker sends, and slide software's. The server puts this module, as a classic script,
// first in every page's head (pla_lab/framework/server.head_script), beside early.js. On a lesson that steps,
// PageDown and PageUp are Step and Back; while a lecture is presented (the page shows its bar, .st-key-deck-bar, or
// its address names the demo shown, slide=), PageDown past the demo's last step opens the next demo and PageUp at
// its first step the one before (at its last step), B or . blanks the screen (and any of them brings it back), and
// Q shows the QR code of the demo on screen, for the class's phones.
//
// No press is lost: presses are applied one by one, in order. A press made while a step animates counts from the
// step the plot is going to (its data-target), not the one it shows; a press made while the plot or its buttons are
// not there yet (a rerun, a demo loading) waits for them; presses made after one that opens another demo are carried
// to that demo's page (sessionStorage) and applied there, once its plot takes them.

/** What each key does. */
export const CLICKER = Object.freeze({ PageDown: "next", PageUp: "back", b: "blank", B: "blank", ".": "blank",
                                       q: "qr", Q: "qr" });
/** Where presses made while another demo opens wait for it, and for how long they are worth applying there. */
export const CARRY = "pla-clicker-presses";
export const CARRY_MS = 20000;
/** The links that open in the same tab (Streamlit's link buttons open a new one). */
export const STAY_IN_TAB = ".st-key-deck-next a, .st-key-deck-back a, .st-key-class-back a";
/** How long a press waits for a plot or a button to be there before it is dropped, and how often it looks. */
export const WAIT_MS = 20000;
const POLL_MS = 60;

/** What a key press does (`presenting`: a lecture's demo is shown): "next", "back", "blank", "qr", or null. */
export function clickerAction(e, presenting) {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  const t = e.target;
  if (t && t.closest && t.closest("input, textarea, select, [contenteditable=true]")) return null;
  const a = CLICKER[e.key];
  if (!a) return null;
  return a === "next" || a === "back" || presenting ? a : null;
}

/** The steps a presented demo shows, from its bar (pla_lab/framework/lecture_box.deck_bar): {first, last}, or null. */
export function demoSteps(doc) {
  const el = doc.querySelector("[class*='st-key-deck-steps-']");
  const m = el && /st-key-deck-steps-(\d+)-(\d+)/.exec(el.className || "");
  return m ? { first: +m[1], last: +m[2] } : null;
}

/**
 * Where "next" or "back" goes: "step" (a step that way, and its button is there), "wait" (a step that way, but the
 * plot or its button is not there yet), "demo" (to the next or previous demo of the lecture), or null (nothing that
 * way). `plot`: {t, last} of the plot on screen, t the step it shows or is going to (null: no plot yet); `steps`: the
 * presented demo's {first, last} (null: the run's own ends); `button`: Step or Back is there and enabled; `demo`:
 * there is a demo that way; `stepping`: the page is a lesson that steps (it will have a plot).
 */
export function whereTo(a, plot, steps, button, demo, stepping = true) {
  if (!plot) return stepping ? "wait" : demo ? "demo" : null;
  const first = steps ? Math.min(steps.first, plot.last) : 0;
  const last = steps ? Math.min(steps.last, plot.last) : plot.last;
  const more = a === "next" ? plot.t < last : plot.t > first;
  if (more) return button ? "step" : "wait";
  return demo ? "demo" : null;
}

/** The plot's step for the clicker: the one it is going to while a step animates, else the one it shows. */
function plotState(doc) {
  const gd = doc.querySelector(".pla-plot");
  if (!gd || gd.dataset.last === undefined) return null;
  const going = gd.dataset.target;
  return { t: going !== undefined && going !== "" ? +going : +gd.dataset.t, last: +gd.dataset.last };
}

/** Listen (once per page load); `stepping(path)`: whether the page at that path is a lesson that steps. */
export function listenClicker(win, stepping) {
  if (win.__plaClicker) return;
  const doc = win.document, store = win.sessionStorage;
  const queue = []; // presses not yet applied: [action, when first pressed]
  const st = { leaving: null, timer: null };
  win.__plaClicker = st;
  const presentingNow = () => !!doc.querySelector(".st-key-deck-bar") ||
    new URLSearchParams(win.location.search || "").has("slide");
  const carry = () => {
    if (!store) return;
    try {
      store.setItem(CARRY, JSON.stringify({ to: st.leaving, at: Date.now(), presses: queue.map((q) => q[0]) }));
    } catch (err) { /* storage full or refused: the presses after a demo change are lost, as before */ }
  };
  const pump = () => {
    clearTimeout(st.timer);
    while (queue.length) {
      if (st.leaving) { carry(); return; } // another demo opens: what is left is applied there
      const [a, since] = queue[0];
      const here = stepping(win.location.pathname);
      const presenting = !!doc.querySelector(".st-key-deck-bar");
      const steps = presenting ? demoSteps(doc) : null;
      const button = doc.querySelector(a === "next" ? ".st-key-app-step button" : ".st-key-app-back button");
      const link = doc.querySelector(a === "next" ? ".st-key-deck-next a" : ".st-key-deck-back a");
      let go = whereTo(a, plotState(doc), steps, !!button && !button.disabled, !!link, here);
      if (go !== "wait" && presentingNow() && !presenting) go = "wait"; // the lecture's bar is on its way
      if (go === "wait") {
        if (win.performance.now() - since < WAIT_MS) { st.timer = win.setTimeout(pump, POLL_MS); return; }
        queue.shift(); // nothing came to take it
        continue;
      }
      queue.shift();
      if (go === "step") button.click(); // the plot takes it at once (its data-target moves on)
      else if (go === "demo") {
        st.leaving = link.href;
        carry();
        win.location.assign(link.href);
        return;
      }
    }
  };
  // Presses carried from the demo before (made while this one opened): applied here, first.
  if (store) {
    let saved = null;
    try { saved = JSON.parse(store.getItem(CARRY) || "null"); store.removeItem(CARRY); } catch (err) { saved = null; }
    if (saved && Array.isArray(saved.presses) && Date.now() - saved.at < CARRY_MS &&
        new URL(saved.to, win.location.href).href === win.location.href) {
      const now = win.performance.now();
      for (const a of saved.presses) if (a === "next" || a === "back") queue.push([a, now]);
      if (queue.length) st.timer = win.setTimeout(pump, 0);
    }
  }
  win.addEventListener("keydown", (e) => {
    const body = doc.body;
    const presenting = presentingNow();
    const a = clickerAction(e, presenting);
    if (!a || !(presenting || stepping(win.location.pathname))) return;
    e.preventDefault(); // PageDown would scroll the page, Space-like
    e.stopImmediatePropagation();
    if (a === "blank" || body.classList.contains("pla-blank")) {
      body.classList.toggle("pla-blank", a === "blank" && !body.classList.contains("pla-blank"));
      return;
    }
    if (a === "qr") {
      body.classList.toggle("pla-qr");
      return;
    }
    queue.push([a, win.performance.now()]);
    pump();
  }, true);
  // The demos' buttons, and the projector's To the demo, are links that open a new tab: a lecture stays in its one
  // tab (and the browser's Back goes back to the page before).
  win.addEventListener("click", (e) => {
    const link = e.target && e.target.closest && e.target.closest(STAY_IN_TAB);
    if (!link) return;
    e.preventDefault();
    win.location.assign(link.href);
  }, true);
}
