// events.js: the outbox (ids, nonce, resend until acknowledged) and what a click means.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickEdit, createOutbox, dragW, nearest, onScreen, setW, tick } from "../../pla_lab/drawing/plot/events.js";
import { VERSION } from "../../pla_lab/drawing/plot/protocol.js";
import { visiblePoints } from "../../pla_lab/drawing/plot/scene.js";
import { payload } from "./fixtures.mjs";

const recorder = () => { const sent = []; return { sent, send: (name, value) => sent.push([name, value]) }; };

test("events are numbered from 1 and every unacknowledged one is resent with the next", () => {
  const r = recorder(), box = createOutbox(r.send, "n1");
  assert.equal(box.post(tick(3, true, "run-a", 1)), 1);
  assert.equal(box.post({ kind: "click", x: 0.5, y: 0.25, remove: null, other: false }), 2);
  assert.equal(r.sent.length, 2);
  const [name, batch] = r.sent[1];
  assert.equal(name, "events");
  assert.deepEqual(batch, { version: VERSION, nonce: "n1", events: [
    { id: 1, kind: "tick", t: 3, playing: true, run: "run-a", seq: 1, jump: false },
    { id: 2, kind: "click", x: 0.5, y: 0.25, remove: null, other: false }] });
  box.ack(1);
  box.post(tick(4, false, "run-a", 1, true));
  assert.deepEqual(r.sent[2][1].events.map((e) => e.id), [2, 3], "the acknowledged one is dropped");
  box.ack(3);
  assert.deepEqual(box.pending, []);
  assert.equal(box.lastId, 3);
});

test("a payload from a session that never heard from this page sends the pending events again", () => {
  const r = recorder(), box = createOutbox(r.send, "n");
  box.post(tick(1, false, "r", 1));
  box.post(tick(2, false, "r", 1));
  box.heard("n", 1);  // this page's session: ack 1 handled, nothing sent
  assert.equal(r.sent.length, 2);
  assert.deepEqual(box.pending.map((e) => e.id), [2]);
  box.heard(null, 0);  // a server started again: its first run knows no nonce
  assert.equal(r.sent.length, 3);
  assert.deepEqual(r.sent[2][1], { version: VERSION, nonce: "n", events: [
    { id: 2, kind: "tick", t: 2, playing: false, run: "r", seq: 1, jump: false }] });
  box.heard("another page load", 5);  // another page load's ack does not drop ours
  assert.deepEqual(box.pending.map((e) => e.id), [2]);
  box.heard("n", 2);
  box.heard(null, 0);  // nothing pending: nothing sent
  assert.equal(r.sent.length, 4);
});

test("a batch sent is a copy: later posts do not change what was sent", () => {
  const r = recorder(), box = createOutbox(r.send, "n");
  box.post(tick(1, false, "r", 1));
  box.post(tick(2, false, "r", 1));
  assert.equal(r.sent[0][1].events.length, 1);
});

test("each page load has its own nonce", () => {
  const a = createOutbox(() => {}), b = createOutbox(() => {});
  assert.equal(typeof a.nonce, "string");
  assert.notEqual(a.nonce, b.nonce);
});

test("a tick and a click are flat v2 events", () => {
  assert.deepEqual(tick(5, 1, undefined, 3), { kind: "tick", t: 5, playing: true, run: "", seq: 3, jump: false });
});

test("a click on empty space adds a point of the class (shift: the other), snapped, drawn at once", () => {
  const d = payload(), none = { add: [], remove: [] };
  const out = clickEdit(d, none, 0.333, -0.411, null, false);
  assert.deepEqual(out.event, { kind: "click", x: 0.333, y: -0.411, remove: null, other: false, flip: false });
  assert.equal(out.edits.add.length, 1);
  const [x, y, label] = out.edits.add[0];
  assert.ok(Math.abs(x - 0.34) < 1e-12 && Math.abs(y + 0.42) < 1e-12 && label === 1);
  assert.equal(clickEdit(d, none, 0.3, 0.3, null, true).edits.add[0][2], -1);
  assert.deepEqual(none, { add: [], remove: [] }, "the edits are not mutated");
});

test("a click outside the view does nothing; on an occupied grid spot it is sent but not echoed", () => {
  const d = payload(), none = { add: [], remove: [] };
  assert.equal(clickEdit(d, none, 5, 0, null, false), null);
  const out = clickEdit(d, none, 1.004, 0.996, null, false);
  assert.ok(out.event);
  assert.equal(out.edits, none);
});

test("a click on a point removes it: hidden at once, sent with the index the server will have then", () => {
  const d = payload();
  let edits = { add: [], remove: [] };
  const list = () => onScreen(d.points, edits);
  let out = clickEdit(d, edits, 0, 0, list().find((p) => p.i === 1), false);
  assert.deepEqual(out.event, { kind: "click", x: -1, y: -0.5, remove: 1, other: false, flip: false });
  edits = out.edits;
  assert.deepEqual(edits.remove, [1]);
  out = clickEdit(d, edits, 0, 0, list().find((p) => p.i === 3), false);
  assert.equal(out.event.remove, 2, "point 3 is the server's point 2 once point 1 is gone");
  edits = out.edits;
  assert.deepEqual(list().map((p) => p.i), [0, 2]);
});

test("a click on a point added just before removes that one", () => {
  const d = payload();
  let edits = clickEdit(d, { add: [], remove: [0] }, 0.5, 0.5, null, false).edits;
  const added = onScreen(d.points, edits).find((p) => p.i === null);
  const out = clickEdit(d, edits, 0.5, 0.5, added, false);
  assert.equal(out.event.remove, 3, "after the 3 points left, the added one is the server's index 3");
  assert.deepEqual(out.edits.add, []);
});

test("an Alt-click (or the relabel mode) on a point relabels it: drawn in the other class at once, sent with flip", () => {
  const d = payload(); // point 1 is (−1, −0.5, −1)
  let edits = { add: [], remove: [0], flip: [] };
  const list = () => onScreen(d.points, edits);
  let out = clickEdit(d, edits, 0, 0, list().find((p) => p.i === 1), false, true);
  assert.deepEqual(out.event, { kind: "click", x: -1, y: -0.5, remove: 0, other: false, flip: true });
  edits = out.edits;
  assert.equal(list().find((p) => p.i === 1).label, 1);
  const pos = visiblePoints(d.base.data, edits.remove, edits.flip)[0]; // the +1 trace now holds point 1
  assert.ok(pos.customdata.includes(1) && !pos.customdata.includes(0));
  out = clickEdit(d, edits, 0, 0, list().find((p) => p.i === 1), false, true); // and again: back to −1
  assert.deepEqual(out.edits.flip, []);
  assert.equal(clickEdit(d, edits, 0.5, 0.5, null, false, true), null, "relabelling empty space does nothing");
  const added = clickEdit(d, edits, 0.5, 0.5, null, false).edits; // a point just added, then relabelled
  const hit = onScreen(d.points, added).find((p) => p.i === null);
  assert.equal(clickEdit(d, added, 0.5, 0.5, hit, false, true).edits.add[0][2], -1);
});

test("nearest finds the closest point within the radius, in pixels", () => {
  const list = [{ x: 0, y: 0 }, { x: 1, y: 0 }];
  const toPx = (x, y) => [100 * x, -100 * y];
  assert.equal(nearest(list, toPx, 95, 0), list[1]);
  assert.equal(nearest(list, toPx, 50, 0), null);
  assert.equal(nearest(list, toPx, 3, 4, 5), list[0]);
});

test("dragging w's tip turns the line about the arrow's foot and scales w with the arrow", () => {
  const w = dragW([1, 2], 0.5, [2, 2]); // the tip 1 to the right of the foot, at 0.5 data units per unit of w
  assert.deepEqual(w, [-2, 2, 0]);
  assert.equal(w[0] + w[1] * 1 + w[2] * 2, 0, "the line still passes through the foot");
  assert.deepEqual(setW([1, 2, 3, 4]), { kind: "setw", w: [1, 2, 3] });
});
