// A step pressed here that the server has not heard of yet, kept in the tab's sessionStorage for this page load only.
// Another control pressed meanwhile (Present) can rerun the page and mount a new plot in place of this one: the new
// plot takes the step over instead of showing the server's older one (player.update). A page loaded anew (a link
// opened, a reload) shows the step its link says.

const KEY = "pla-lab:unsent";
/** How long a kept step may wait for a new plot: a page rerun mounts one within a few seconds. */
export const HANDOFF_MS = 10_000;

function tabStorage() {
  try { return window.sessionStorage; } catch { return null; } // no window (node), or storage turned off
}

/** This page load (performance.timeOrigin is its start, the same for every plot mounted in it). */
const thisLoad = () => performance.timeOrigin;

/** Keep step t of run `run`, as the browser acted on seq `seq`: on screen or on its way there, not yet told. */
export function keep(run, seq, t, now = Date.now(), store = tabStorage(), load = thisLoad()) {
  try { if (store) store.setItem(KEY, JSON.stringify({ run, seq, t, at: now, load })); } catch { /* full or refused */ }
}

/**
 * The server has heard where run `run` is (a report), or shows step `t` of it (a payload): nothing of it is kept any
 * more (with `t`: if the kept step is that one).
 */
export function told(run, t = null, store = tabStorage()) {
  try {
    const k = store && JSON.parse(store.getItem(KEY));
    if (k && k.run === run && (t === null || k.t === t)) store.removeItem(KEY);
  } catch { /* refused */ }
}

/**
 * The step kept for this run and seq in this page load, if it is recent (else null). It stays kept until the server
 * shows it (told): a plot can be mounted twice while the page is laid out anew, and the first may go before its
 * report is sent. With another seq the server has moved the step itself since (a jump, a new setting), and its step
 * stands; such a kept step, or an old one, is dropped.
 */
export function kept(run, seq, now = Date.now(), store = tabStorage(), load = thisLoad()) {
  try {
    const k = store && JSON.parse(store.getItem(KEY));
    if (!k || k.run !== run) return null;
    if (k.seq === seq && k.load === load && now - k.at <= HANDOFF_MS && Number.isInteger(k.t)) return k.t;
    store.removeItem(KEY);
    return null;
  } catch {
    return null;
  }
}
