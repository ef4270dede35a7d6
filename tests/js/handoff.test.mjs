// handoff.js: a step the server has not heard of, kept for the plot mounted in this one's place.
import assert from "node:assert/strict";
import { test } from "node:test";
import { HANDOFF_MS, keep, take, told } from "../../pla_lab/assets/plot/handoff.js";

const store = () => { const m = new Map(); return { getItem: (k) => (m.has(k) ? m.get(k) : null),
  setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k), size: () => m.size }; };

test("a kept step is taken once, for its run and seq, while it is recent", () => {
  const s = store();
  keep("run-a", 4, 7, 1000, s);
  assert.equal(take("run-b", 4, 1001, s), null, "another run's plot leaves it");
  assert.equal(take("run-a", 4, 1002, s), 7);
  assert.equal(take("run-a", 4, 1003, s), null, "taken once");
  keep("run-a", 4, 8, 1000, s);
  assert.equal(take("run-a", 5, 1001, s), null, "the server moved the step itself since (a new seq)");
  assert.equal(s.size(), 0, "…and the kept step is dropped");
  keep("run-a", 4, 9, 1000, s);
  assert.equal(take("run-a", 4, 1000 + HANDOFF_MS + 1, s), null, "too old");
});

test("a page loaded anew (a link opened in the same tab, a reload) shows its link's step, not one kept before", () => {
  const s = store();
  keep("run-a", 0, 7, 1000, s, 111.5);
  assert.equal(take("run-a", 0, 1001, s, 222.25), null);
  keep("run-a", 0, 7, 1000, s, 111.5);
  assert.equal(take("run-a", 0, 1001, s, 111.5), 7, "the same page load, a plot mounted anew");
});

test("told drops the step of its own run only; a refused or missing storage changes nothing", () => {
  const s = store();
  keep("run-a", 1, 2, 0, s);
  told("run-b", s);
  assert.equal(take("run-a", 1, 1, s), 2);
  keep("run-a", 1, 3, 0, s);
  told("run-a", s);
  assert.equal(take("run-a", 1, 1, s), null);
  const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); }, removeItem() {} };
  keep("run-a", 1, 2, 0, refusing);
  assert.equal(take("run-a", 1, 1, refusing), null);
  keep("run-a", 1, 2, 0, null);
  assert.equal(take("run-a", 1, 1, null), null);
  s.setItem("pla-lab:unsent", "{not json");
  assert.equal(take("run-a", 1, 1, s), null);
});
