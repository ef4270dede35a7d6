// Keys pressed before a lesson can take them. The page's first element (pla_lab/framework/frame.page_head) is a
// component whose script is this module, so it listens before the lesson is drawn: → ← and Space pressed while the lesson has no Back/Step/Play yet (its rerun
// still on its way, on a slow phone for seconds) are kept, in order, and the plot applies them once it takes keys
// (plot.js). From then on Streamlit's shortcuts and the plot's own keys have them, as before.

/** The keys kept, and what each does: a step forward, a step back, Play. */
export const EARLY = Object.freeze({ ArrowRight: 1, ArrowLeft: -1, " ": 0 });

/** What a key press becomes while the lesson loads: the key to keep, or null (not ours, or someone takes it). */
export function keep(e, doc) {
  if (!(e.key in EARLY) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  // Streamlit's shortcuts take it once Step is drawn (its container comes a moment before its buttons)
  if (doc.querySelector(".st-key-lesson-transport button:not(:disabled)")) return null;
  const t = e.target;
  if (t && t.closest && t.closest("input, textarea, select, button, [contenteditable=true], [role=slider]")) return null;
  return e.key;
}

/** Start keeping keys (once per page: the page's head is drawn again at every full rerun). */
export function listen(win, doc) {
  if (win.__plaEarlyKeys !== undefined) return;
  win.__plaEarlyKeys = [];
  doc.addEventListener("keydown", (e) => {
    if (!Array.isArray(win.__plaEarlyKeys)) return;
    const key = keep(e, doc);
    if (key === null) return;
    win.__plaEarlyKeys.push(key);
    e.preventDefault(); // Space would scroll the page
  }, true);
}

/** The keys kept so far, in order; from now on none is kept (the plot takes them). */
export function drain(win) {
  const keys = Array.isArray(win.__plaEarlyKeys) ? win.__plaEarlyKeys : [];
  win.__plaEarlyKeys = null;
  return keys;
}
