// The keys a presentation clicker sends, and slide software's. The server puts this module, as a classic script,
// first in every page's head (pla_lab/framework/server.head_script), beside early.js. On a lesson that steps,
// PageDown and PageUp are Step and Back; while a lecture is presented (the page shows its bar, .st-key-deck-bar),
// PageDown at the end of the run opens the next demo and PageUp at its start the one before, B or . blanks the
// screen (and any of them brings it back), and Q shows the QR code of the demo on screen, for the class's phones.

/** What each key does. */
export const CLICKER = Object.freeze({ PageDown: "next", PageUp: "back", b: "blank", B: "blank", ".": "blank",
                                       q: "qr", Q: "qr" });

/** What a key press does (`presenting`: a lecture's demo is shown): "next", "back", "blank", "qr", or null. */
export function clickerAction(e, presenting) {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  const t = e.target;
  if (t && t.closest && t.closest("input, textarea, select, [contenteditable=true]")) return null;
  const a = CLICKER[e.key];
  if (!a) return null;
  return a === "next" || a === "back" || presenting ? a : null;
}

/**
 * Where "next" or "back" goes: "step" (the plot has a step that way), "demo" (to the next or previous demo of the
 * lecture), or null (nothing that way). `plot`: {t, last} of the plot on screen (null: none yet); `button`: the
 * Step or Back button is there and enabled; `demo`: there is a demo that way.
 */
export function whereTo(a, plot, button, demo) {
  const more = plot ? (a === "next" ? plot.t < plot.last : plot.t > 0) : button;
  if (more && button) return "step";
  return demo ? "demo" : null;
}

/** Listen (once per page load); `stepping(path)`: whether the page at that path is a lesson that steps. */
export function listenClicker(win, stepping) {
  if (win.__plaClicker) return;
  win.__plaClicker = true;
  win.addEventListener("keydown", (e) => {
    const doc = win.document, body = doc.body;
    const presenting = !!doc.querySelector(".st-key-deck-bar");
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
    const gd = doc.querySelector(".pla-plot");
    const plot = gd && gd.dataset.last !== undefined ? { t: +gd.dataset.t, last: +gd.dataset.last } : null;
    if (!plot && Array.isArray(win.__plaEarlyKeys) && stepping(win.location.pathname)) {
      win.__plaEarlyKeys.push(a === "next" ? "ArrowRight" : "ArrowLeft"); // the plot takes it once it can (early.js)
      return;
    }
    const button = doc.querySelector(a === "next" ? ".st-key-app-step button" : ".st-key-app-back button");
    const link = doc.querySelector(a === "next" ? ".st-key-deck-next a" : ".st-key-deck-back a");
    const go = whereTo(a, plot, !!button && !button.disabled, !!link);
    if (go === "step") button.click();
    else if (go === "demo") win.location.assign(link.href);
  }, true);
  // The demos' buttons are links that open a new tab: a lecture stays in its one tab.
  win.addEventListener("click", (e) => {
    const link = e.target && e.target.closest && e.target.closest(".st-key-deck-next a, .st-key-deck-back a");
    if (!link) return;
    e.preventDefault();
    win.location.assign(link.href);
  }, true);
}
