// Who this browser is, and which class its tab asks in. The server puts this module, as a classic script, first in
// every page's head (pla_lab/framework/server.head_script, beside early.js and clicker.js), so both are settled
// before Streamlit's own code reads the address or opens its websocket: the server reads them with the page's first
// run (st.context.cookies, st.query_params), on any replica.
//
// The browser's id: a cookie of random letters (pla_id), made here once and kept 30 days from the last page
// load. A class counts one answer per id and lets an id try a class code 5 times, so a second tab, a reload or a
// reconnection is the same student (pla_lab/framework/classes.py). It names no one.
//
// The tab's class: a lecturer's projector keeps the room it shows in the tab's sessionStorage (and the lecturer's
// key in a cookie of its own, pla_key_<room>, which only this browser sends). A lesson's page opened in that tab
// without a room in its address (a reload, PageDown to the next demo, Back to a page from before the class) gets the
// room back in its address here, so the next question goes to the same class. A tab opened afresh has none.

/** The browser's id cookie, and the tab's class in its sessionStorage. */
export const BROWSER = "pla_id";
export const TAB_ROOM = "pla-class-room";
export const KEEP_DAYS = 30;
const ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A cookie's value in a `document.cookie` string, or null. */
export function cookieOf(text, name) {
  for (const part of String(text || "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** 32 random hex digits (`crypto`: the browser's Web Crypto). */
export function randomId(crypto) {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The browser's id: its cookie's, or a new one; written again either way (30 days from now). */
export function browserId(doc, make, secure = false) {
  let id = cookieOf(doc.cookie, BROWSER);
  if (!id || !ID.test(id)) id = make();
  try {
    doc.cookie = `${BROWSER}=${id}; path=/; max-age=${KEEP_DAYS * 86400}; samesite=lax${secure ? "; secure" : ""}`;
  } catch (err) { /* cookies refused: the page keeps a tab's id in its address instead (classes.me) */ }
  return id;
}

/**
 * On a lesson's page (`isLesson(path)`) whose address names no room: the tab's class put back in the address
 * (history.replaceState: no new entry). Returns the address written, or null.
 */
export function tabRoom(win, isLesson) {
  let room = null;
  try { room = win.sessionStorage.getItem(TAB_ROOM); } catch (err) { return null; }
  const loc = win.location;
  if (!room || !ID.test(room) || !isLesson(loc.pathname)) return null;
  if (new URLSearchParams(loc.search).has("room")) return null;
  const href = loc.pathname + (loc.search && loc.search !== "?" ? `${loc.search}&` : "?") + `room=${room}` + loc.hash;
  win.history.replaceState(win.history.state, "", href);
  return href;
}

/** Both, first in the page's head (`lessons`: the slugs of the lessons' pages; `slugOf`: early.js's). */
export function identify(win, lessons, slugOf) {
  try {
    browserId(win.document, () => randomId(win.crypto), win.location.protocol === "https:");
    tabRoom(win, (path) => lessons.includes(slugOf(path)));
  } catch (err) { /* neither: the server counts the page's session, and the lesson opens no class */ }
}
