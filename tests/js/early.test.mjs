// Keys pressed before a lesson's plot takes them: kept in order on a lesson that steps (and hidden from Streamlit's
// shortcuts), never on another page or from a text box, and handed to the plot once (then no more are kept).
import assert from "node:assert/strict";
import { test } from "node:test";

import { drain, keep, listen, slugOf } from "../../pla_lab/drawing/plot/early.js";

const page = (path) => {
  const handlers = [];
  return { handlers, location: { pathname: path }, addEventListener: (_, h, capture) => capture && handlers.push(h) };
};
const key = (k, extra = {}) => ({
  key: k, target: { closest: () => null }, ...extra,
  preventDefault() { this.prevented = true; }, stopImmediatePropagation() { this.stopped = true; },
});

test("→ ← and Space are kept on a stepping lesson, in order, out of Streamlit's sight, and drained once", () => {
  const win = page("/pla");
  listen(win, ["pla", "halts"]);
  listen(win, ["pla", "halts"]); // a full rerun draws the head again: still one listener
  assert.equal(win.handlers.length, 1);
  const e = key("ArrowRight");
  for (const ev of [e, key("ArrowRight"), key("a"), key("ArrowLeft", { ctrlKey: true }), key(" "), key("ArrowLeft")]) {
    win.handlers[0](ev);
  }
  assert.ok(e.prevented && e.stopped);
  assert.deepEqual(drain(win), ["ArrowRight", "ArrowRight", " ", "ArrowLeft"]);
  const later = key("ArrowRight");
  win.handlers[0](later);
  assert.deepEqual(drain(win), []); // the plot has them now
  assert.ok(!later.stopped);
});

test("on another page, or typed into a box, a key is left alone", () => {
  const home = page("/"), typing = { key: "ArrowLeft", target: { closest: (s) => (s.includes("input") ? {} : null) } };
  listen(home, ["pla"]);
  const e = key("ArrowRight");
  home.handlers[0](e);
  assert.ok(!e.stopped && drain(home).length === 0);
  assert.equal(keep(typing, true), null);
  assert.equal(slugOf("/course/pla"), "pla"); // served under a prefix
  assert.equal(slugOf("/"), "");
});
