// Keys pressed before a lesson's plot takes them. The server puts this module, as a classic script, first in the
// page's head (pla_lab/framework/server.head_script), so it listens from the moment the page starts. On the page of
// a lesson that steps, → ← and Space pressed before its plot takes keys (the lesson's rerun, Back/Step/Play or plotly.js still on
// their way: on a slow phone, seconds) are kept in order and applied by the plot once it takes keys (plot.js).
// Streamlit's shortcuts never see them: two presses during one rerun would be one click of Step there.

/** The keys kept, and what each does: a step forward, a step back, Play. */
export const EARLY = Object.freeze({ ArrowRight: 1, ArrowLeft: -1, " ": 0 });

/** What a key press becomes while the lesson loads (`stepping`: on a lesson that steps): the key, or null. */
export function keep(e, stepping) {
  if (!stepping || !(e.key in EARLY) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  const t = e.target;
  if (t && t.closest && t.closest("input, textarea, select, button, [contenteditable=true], [role=slider]")) return null;
  return e.key;
}

/** The lesson a path opens (its last part: a deployment may serve the app under a prefix), "" for the home page. */
export const slugOf = (path) => path.split("/").filter(Boolean).pop() || "";

/** Start keeping keys (once per page load: the page's head is drawn again at every full rerun). */
export function listen(win, slugs) {
  if (win.__plaEarlyKeys !== undefined) return;
  win.__plaEarlyKeys = [];
  win.addEventListener("keydown", (e) => {
    if (!Array.isArray(win.__plaEarlyKeys)) return;
    const key = keep(e, slugs.includes(slugOf(win.location.pathname)));
    if (key === null) return;
    win.__plaEarlyKeys.push(key);
    e.preventDefault(); // Space would scroll the page
    e.stopImmediatePropagation();
  }, true);
}

/** The keys kept so far, in order; from now on none is kept (the plot takes them). */
export function drain(win) {
  const keys = Array.isArray(win.__plaEarlyKeys) ? win.__plaEarlyKeys : [];
  win.__plaEarlyKeys = null;
  return keys;
}

/**
 * On a lesson's page, draw the live plot on the first picture as soon as the picture is on the page, before
 * Streamlit has mounted the plot's component (its code is a lazily loaded part of Streamlit's, and React shows it
 * only once the rest of the page has settled: half a second later and more). `load()` gives the plot's entry module,
 * whose `early` draws it; the component, once mounted, takes that plot over (index.js). Stops watching once it has,
 * or once a plot is on the page.
 */
export function watchPicture(doc, load) {
  const seen = new MutationObserver(() => {
    if (doc.querySelector(".pla-plot")) { seen.disconnect(); return; }
    const img = doc.querySelector(".st-key-plot-stack img[src^='data:image/svg+xml']");
    if (!img) return;
    seen.disconnect();
    load().then((m) => m.early(img)).catch(() => {}); // the component draws it then, as before
  });
  seen.observe(doc, { childList: true, subtree: true });
}
