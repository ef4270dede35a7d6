// A presentation clicker's keys: PageDown/PageUp step and, at a run's end or start, change demo; B and . blank the
// screen and bring it back, Q shows the QR code; nothing typed into a box is taken, and B/Q only while presenting.
import assert from "node:assert/strict";
import { test } from "node:test";

import { clickerAction, listenClicker, whereTo } from "../../pla_lab/drawing/plot/clicker.js";

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

test("PageDown steps while the run has steps left, then opens the next demo; PageUp the same backwards", () => {
  assert.equal(whereTo("next", { t: 2, last: 5 }, true, true), "step");
  assert.equal(whereTo("next", { t: 5, last: 5 }, true, true), "demo"); // Step's button may still look enabled
  assert.equal(whereTo("next", { t: 5, last: 5 }, false, false), null); // the lecture's last demo: nothing
  assert.equal(whereTo("back", { t: 0, last: 5 }, false, true), "demo");
  assert.equal(whereTo("back", { t: 3, last: 5 }, true, true), "step");
  assert.equal(whereTo("next", null, true, true), "step"); // no plot drawn: Step's button decides
  assert.equal(whereTo("next", null, false, true), "demo");
});

function page(path, { presenting = true, plot = null, early } = {}) {
  const classes = new Set(), clicked = [], went = [];
  const el = (name) => ({ click: () => clicked.push(name), disabled: false, href: `/${name}`, dataset: plot });
  const doc = {
    body: { classList: { contains: (c) => classes.has(c), toggle: (c, on) => { const v = on ?? !classes.has(c);
      if (v) classes.add(c); else classes.delete(c); return v; } } },
    querySelector: (s) => (s === ".st-key-deck-bar" ? (presenting ? {} : null) : s === ".pla-plot" ? (plot ? el("plot") : null)
      : s.includes("app-step") ? el("step") : s.includes("app-back") ? el("back")
      : s.includes("deck-next") ? el("next-demo") : s.includes("deck-back") ? el("back-demo") : null),
  };
  const handlers = { keydown: [], click: [] };
  const win = { document: doc, location: { pathname: path, assign: (h) => went.push(h) }, __plaEarlyKeys: early,
                addEventListener: (type, h, capture) => capture && handlers[type].push(h) };
  listenClicker(win, (p) => p === "/pla");
  listenClicker(win, (p) => p === "/pla"); // once per page load
  assert.equal(handlers.keydown.length, 1);
  const click = (link) => { const e = { target: { closest: () => link }, preventDefault() { this.prevented = true; } };
    handlers.click[0](e); return e; };
  return { press: (k) => { const e = key(k); handlers.keydown[0](e); return e; }, click, classes, clicked, went, win };
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
  p.win.document.querySelector(".pla-plot").dataset.t = "5";
  const e = p.press("PageDown");
  assert.deepEqual(p.went, ["/next-demo"]);
  assert.ok(e.prevented);
  assert.ok(p.click({ href: "/back-demo" }).prevented && p.went[1] === "/back-demo"); // a click stays in this tab
  assert.ok(!p.click(null).prevented);
});

test("while the plot loads, PageDown is kept as a step for it; on a page that does not step it is left alone", () => {
  const early = [];
  const p = page("/pla", { presenting: false, early });
  p.press("PageDown");
  p.press("PageUp");
  assert.deepEqual(early, ["ArrowRight", "ArrowLeft"]);
  assert.deepEqual(p.clicked, []);
  const home = page("/", { presenting: false });
  const e = home.press("PageDown");
  assert.ok(!e.prevented && home.went.length === 0); // the page scrolls as usual
});
