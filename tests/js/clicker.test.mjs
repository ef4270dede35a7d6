// A presentation clicker's keys: PageDown/PageUp step and, past a demo's last step or at its first, change demo; B
// and . blank the screen and bring it back, Q shows the QR code; nothing typed into a box is taken, and B/Q only while
// presenting. No press is lost: each is applied in order, presses during an animation count from the step the plot is
// going to, and presses made while the next demo opens are applied there.
import assert from "node:assert/strict";
import { test } from "node:test";

import { CARRY, clickerAction, demoSteps, listenClicker, whereTo } from "../../pla_lab/drawing/plot/clicker.js";

const key = (k, extra = {}) => ({
  key: k, target: { closest: () => null }, ...extra,
  preventDefault() { this.prevented = true; }, stopImmediatePropagation() { this.stopped = true; },
});

test("the clicker's keys, and only where they belong", () => {
  assert.equal(clickerAction(key("PageDown"), false), "next");
  assert.equal(clickerAction(key("PageUp"), true), "back");
  assert.equal(clickerAction(key("b"), true), "blank");
  assert.equal(clickerAction(key("."), true), "blank");
  assert.equal(clickerAction(key("Q"), true), "qr");
  assert.equal(clickerAction(key("b"), false), null); // a B typed on a lesson alone is nobody's business
  assert.equal(clickerAction(key("PageDown", { ctrlKey: true }), true), null);
  assert.equal(clickerAction({ key: "b", target: { closest: (s) => (s.includes("input") ? {} : null) } }, true), null);
  assert.equal(clickerAction(key("ArrowRight"), true), null); // → keeps its own meaning (Streamlit's shortcut)
});

test("PageDown steps up to the demo's last step, then opens the next demo; PageUp down to its first", () => {
  assert.equal(whereTo("next", { t: 2, last: 5 }, null, true, true), "step");
  assert.equal(whereTo("next", { t: 5, last: 5 }, null, true, true), "demo"); // Step's button may still look enabled
  assert.equal(whereTo("next", { t: 5, last: 5 }, null, false, false), null); // the lecture's last demo: nothing
  assert.equal(whereTo("back", { t: 0, last: 5 }, null, false, true), "demo");
  assert.equal(whereTo("back", { t: 3, last: 5 }, null, true, true), "step");
  // a demo's own last step (XOR: one cycle of a run that goes to 1,000), and its first
  assert.equal(whereTo("next", { t: 3, last: 1000 }, { first: 0, last: 4 }, true, true), "step");
  assert.equal(whereTo("next", { t: 4, last: 1000 }, { first: 0, last: 4 }, true, true), "demo");
  assert.equal(whereTo("next", { t: 9, last: 1000 }, { first: 0, last: 4 }, true, true), "demo"); // stepped past it
  assert.equal(whereTo("back", { t: 2, last: 9 }, { first: 2, last: 6 }, true, true), "demo");
  assert.equal(whereTo("back", { t: 3, last: 9 }, { first: 2, last: 6 }, true, true), "step");
  assert.equal(whereTo("next", { t: 3, last: 3 }, { first: 0, last: 8 }, true, true), "demo"); // the run was cut short
  // not there yet: a press waits for the plot or its button, never skips to the next demo
  assert.equal(whereTo("next", null, null, true, true), "wait");
  assert.equal(whereTo("next", { t: 2, last: 5 }, null, false, true), "wait");
  assert.equal(whereTo("next", null, null, false, true, false), "demo"); // a page without steps (Experiments)
  assert.equal(whereTo("next", null, null, false, false, false), null);
});

test("the demo's steps are read from its bar", () => {
  const doc = (cls) => ({ querySelector: () => (cls ? { className: cls } : null) });
  assert.deepEqual(demoSteps(doc("x st-key-deck-steps-2-17 y")), { first: 2, last: 17 });
  assert.equal(demoSteps(doc(null)), null);
});

/** A fake page: its plot ({t, last, target}), the bar's steps, and what clicks and navigations happened. */
function page(path, { presenting = true, plot = null, steps = null, search = "", storage = null } = {}) {
  const classes = new Set(), clicked = [], went = [], timers = [];
  const gd = plot && { dataset: plot };
  const el = (name) => ({
    click: () => { clicked.push(name); if (gd && name === "step") gd.dataset.target = String(+(gd.dataset.target ?? gd.dataset.t) + 1); },
    disabled: false, href: `http://x/${name}`,
  });
  const doc = {
    body: { classList: { contains: (c) => classes.has(c), toggle: (c, on) => { const v = on ?? !classes.has(c);
      if (v) classes.add(c); else classes.delete(c); return v; } } },
    querySelector: (s) => (s === ".st-key-deck-bar" ? (presenting ? {} : null) : s === ".pla-plot" ? gd
      : s.includes("deck-steps") ? (steps ? { className: `st-key-deck-steps-${steps[0]}-${steps[1]}` } : null)
      : s.includes("app-step") ? el("step") : s.includes("app-back") ? el("back")
      : s.includes("deck-next") ? el("next-demo") : s.includes("deck-back") ? el("back-demo") : null),
  };
  const handlers = { keydown: [], click: [] };
  const win = { document: doc, location: { pathname: path, search, href: `http://x${path}${search}`, assign: (h) => went.push(h) },
                addEventListener: (type, h, capture) => capture && handlers[type].push(h),
                performance: { now: () => 0 }, setTimeout: (f) => { timers.push(f); return timers.length; },
                sessionStorage: storage };
  listenClicker(win, (p) => p === "/pla");
  listenClicker(win, (p) => p === "/pla"); // once per page load
  assert.equal(handlers.keydown.length, 1);
  const click = (link) => { const e = { target: { closest: () => link }, preventDefault() { this.prevented = true; } };
    handlers.click[0](e); return e; };
  const tick = () => { const f = timers.shift(); if (f) f(); };
  return { press: (k) => { const e = key(k); handlers.keydown[0](e); return e; }, click, classes, clicked, went, win, gd, tick };
}

function memory() {
  const m = new Map();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => m.set(k, v), removeItem: (k) => m.delete(k), m };
}

test("in a presented lecture: blank and back, QR, step, then the next demo", () => {
  const p = page("/pla", { plot: { t: "4", last: "5" } });
  assert.ok(p.press("b").stopped && p.classes.has("pla-blank"));
  p.press("PageDown"); // brings the screen back, and does nothing else
  assert.ok(!p.classes.has("pla-blank") && p.clicked.length === 0);
  p.press("q");
  assert.ok(p.classes.has("pla-qr"));
  p.press("PageDown");
  assert.deepEqual(p.clicked, ["step"]);
  const e = p.press("PageDown"); // during the step's animation: the plot is going to 5, the run's end
  assert.deepEqual(p.went, ["http://x/next-demo"]);
  assert.ok(e.prevented);
  assert.ok(p.click({ href: "/back-demo" }).prevented && p.went[1] === "/back-demo"); // a click stays in this tab
  assert.ok(!p.click(null).prevented);
});

test("two and three quick presses at a demo's last step: the next demo, then one step there per press", () => {
  const storage = memory();
  const p = page("/pla", { plot: { t: "3", last: "1000" }, steps: [0, 4], storage });
  p.press("PageDown"); // step 4, animating
  p.press("PageDown"); // past the last step: the next demo opens
  p.press("PageDown"); // while it opens: kept for it
  p.press("PageDown");
  assert.deepEqual(p.clicked, ["step"]);
  assert.deepEqual(p.went, ["http://x/next-demo"]);
  const saved = JSON.parse(storage.getItem(CARRY));
  assert.deepEqual(saved.presses, ["next", "next"]);
  // the next demo's page, at that address: the two presses step it twice, once its plot takes them
  storage.setItem(CARRY, JSON.stringify({ ...saved, to: "http://x/pla" }));
  const q = page("/pla", { plot: { t: "0", last: "9" }, steps: [0, 9], storage });
  assert.equal(storage.getItem(CARRY), null); // taken once
  q.tick();
  assert.deepEqual(q.clicked, ["step", "step"]);
  assert.equal(q.gd.dataset.target, "2");
});

test("presses kept for another address, or too old, are not applied", () => {
  const storage = memory();
  storage.setItem(CARRY, JSON.stringify({ to: "http://x/halts", at: Date.now(), presses: ["next"] }));
  const p = page("/pla", { plot: { t: "0", last: "9" }, steps: [0, 9], storage });
  p.tick();
  assert.deepEqual(p.clicked, []);
  storage.setItem(CARRY, JSON.stringify({ to: "http://x/pla", at: Date.now() - 60000, presses: ["next"] }));
  const q = page("/pla", { plot: { t: "0", last: "9" }, steps: [0, 9], storage });
  q.tick();
  assert.deepEqual(q.clicked, []);
});

test("while the plot loads, PageDown waits for it; on a page that does not step it is left alone", () => {
  const p = page("/pla", { presenting: false });
  p.press("PageDown");
  p.press("PageUp");
  assert.deepEqual(p.clicked, []);
  const home = page("/", { presenting: false });
  const e = home.press("PageDown");
  assert.ok(!e.prevented && home.went.length === 0); // the page scrolls as usual
});
