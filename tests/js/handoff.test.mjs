// handoff.js: a step the server has not heard of, kept for the plot mounted in this one's place.
import assert from "node:assert/strict";
import { test } from "node:test";
import { HANDOFF_MS, keep, kept, told } from "../../pla_lab/drawing/plot/handoff.js";

const store = () => { const m = new Map(); return { getItem: (k) => (m.has(k) ? m.get(k) : null),
  setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k), size: () => m.size }; };

test("a kept step is there for its run and seq while it is recent, until the server shows it", () => {
  const s = store();
  keep("run-a", 4, 7, 1000, s, 1);
  assert.equal(kept("run-b", 4, 1001, s, 1), null, "another run's plot leaves it");
  assert.equal(kept("run-a", 4, 1002, s, 1), 7);
  assert.equal(kept("run-a", 4, 1003, s, 1), 7, "a plot mounted twice finds it twice");
  told("run-a", 6, s);
  assert.equal(kept("run-a", 4, 1004, s, 1), 7, "a payload at another step leaves it");
  told("run-a", 7, s);
  assert.equal(kept("run-a", 4, 1005, s, 1), null, "the server shows it: dropped");
  keep("run-a", 4, 8, 1000, s, 1);
  assert.equal(kept("run-a", 5, 1001, s, 1), null, "the server moved the step itself since (a new seq)");
  assert.equal(s.size(), 0, "…and the kept step is dropped");
  keep("run-a", 4, 9, 1000, s, 1);
  assert.equal(kept("run-a", 4, 1000 + HANDOFF_MS + 1, s, 1), null, "too old");
});

test("a page loaded anew (a link opened in the same tab, a reload) shows its link's step, not one kept before", () => {
  const s = store();
  keep("run-a", 0, 7, 1000, s, 111.5);
  assert.equal(kept("run-a", 0, 1001, s, 222.25), null);
  keep("run-a", 0, 7, 1000, s, 111.5);
  assert.equal(kept("run-a", 0, 1001, s, 111.5), 7, "the same page load, a plot mounted anew");
});

test("a report drops the step of its own run only; a refused or missing storage changes nothing", () => {
  const s = store();
  keep("run-a", 1, 2, 0, s, 1);
  told("run-b", null, s);
  assert.equal(kept("run-a", 1, 1, s, 1), 2);
  told("run-a", null, s);
  assert.equal(kept("run-a", 1, 1, s, 1), null);
  const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); }, removeItem() {} };
  keep("run-a", 1, 2, 0, refusing, 1);
  assert.equal(kept("run-a", 1, 1, refusing, 1), null);
  keep("run-a", 1, 2, 0, null, 1);
  assert.equal(kept("run-a", 1, 1, null, 1), null);
  s.setItem("pla-lab:unsent", "{not json");
  assert.equal(kept("run-a", 1, 1, s, 1), null);
});
