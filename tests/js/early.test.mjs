// Keys pressed before the lesson has Back/Step/Play: kept in order while it has none, left to Streamlit's shortcuts
// once Step is drawn, never taken from a text box, and handed to the plot once (then no more are kept).
import assert from "node:assert/strict";
import { test } from "node:test";

import { drain, keep, listen } from "../../pla_lab/drawing/plot/early.js";

const doc = (stepDrawn) => {
  const handlers = [];
  return { handlers, querySelector: () => (stepDrawn() ? {} : null), addEventListener: (_, h) => handlers.push(h) };
};
const key = (k, extra = {}) => ({ key: k, target: { closest: () => null }, preventDefault() { this.prevented = true; }, ...extra });

test("→ ← and Space are kept while no Step is drawn, in order, and drained once", () => {
  let drawn = false;
  const win = {}, d = doc(() => drawn);
  listen(win, d);
  listen(win, d); // a full rerun draws the head again: still one listener
  assert.equal(d.handlers.length, 1);
  const e = key("ArrowRight");
  for (const ev of [e, key("ArrowRight"), key("a"), key("ArrowLeft", { ctrlKey: true }), key(" "), key("ArrowLeft")]) d.handlers[0](ev);
  assert.ok(e.prevented);
  drawn = true;
  d.handlers[0](key("ArrowRight")); // Step is there: Streamlit's shortcut takes it
  assert.deepEqual(drain(win), ["ArrowRight", "ArrowRight", " ", "ArrowLeft"]);
  drawn = false;
  d.handlers[0](key("ArrowRight"));
  assert.deepEqual(drain(win), []); // the plot has them now
});

test("a key typed into a box is the box's", () => {
  const typing = { key: "ArrowLeft", target: { closest: (s) => (s.includes("input") ? {} : null) } };
  assert.equal(keep(typing, doc(() => false)), null);
});
