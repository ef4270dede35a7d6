// Who the browser is and which class its tab asks in (ids.js): the id cookie is made once and kept, a forged or
// damaged one is replaced, cookies refused break nothing; a lecturer's tab gets its class back in a lesson's address
// (never on another page, never over a room the address names, never in a tab that has none).
import assert from "node:assert/strict";
import { test } from "node:test";

import { BROWSER, TAB_ROOM, browserId, cookieOf, randomId, tabRoom } from "../../pla_lab/drawing/plot/ids.js";

function jar(initial = "") {
  const cookies = new Map(initial.split(";").filter((p) => p.includes("=")).map((p) => p.trim().split("=")));
  return {
    written: [],
    get cookie() { return [...cookies].map(([k, v]) => `${k}=${v}`).join("; "); },
    set cookie(text) { this.written.push(text); const [kv] = text.split(";"); const [k, v] = kv.split("="); cookies.set(k, v); },
  };
}

test("a cookie is read by its name among others", () => {
  assert.equal(cookieOf("a=1; pla_id=abc; b=2", "pla_id"), "abc");
  assert.equal(cookieOf("xpla_id=abc", "pla_id"), null);
  assert.equal(cookieOf("", "pla_id"), null);
  assert.equal(cookieOf(undefined, "pla_id"), null);
});

test("the browser's id is made once, then kept (and its 30 days start again at every page load)", () => {
  const doc = jar("pla_route=r1");
  let made = 0;
  const make = () => { made += 1; return "0123456789abcdef0123456789abcdef"; };
  const id = browserId(doc, make);
  assert.equal(id, "0123456789abcdef0123456789abcdef");
  assert.equal(browserId(doc, make), id);
  assert.equal(made, 1);
  assert.match(doc.written[1], /^pla_id=0123456789abcdef0123456789abcdef; path=\/; max-age=2592000; samesite=lax$/);
  browserId(doc, make, true);
  assert.match(doc.written.at(-1), /; secure$/);
  assert.equal(cookieOf(doc.cookie, "pla_route"), "r1"); // nobody else's cookie touched
});

test("a damaged or forged id is replaced; cookies refused break nothing", () => {
  for (const bad of ["short", "<script>", "x".repeat(65)]) {
    const doc = jar(`${BROWSER}=${bad}`);
    assert.equal(browserId(doc, () => "f".repeat(32)), "f".repeat(32));
  }
  const refusing = { get cookie() { return ""; }, set cookie(_) { throw new Error("SecurityError"); } };
  assert.equal(browserId(refusing, () => "e".repeat(32)), "e".repeat(32));
});

test("a random id is 32 hex digits from the browser's crypto", () => {
  const id = randomId({ getRandomValues: (a) => { a.forEach((_, i) => { a[i] = i * 17; }); return a; } });
  assert.match(id, /^[0-9a-f]{32}$/);
  assert.notEqual(randomId(globalThis.crypto), randomId(globalThis.crypto));
});

function tab(path, search = "", room = null, { hash = "", storage = true } = {}) {
  const store = new Map(room ? [[TAB_ROOM, room]] : []);
  return {
    location: { pathname: path, search, hash },
    sessionStorage: storage ? { getItem: (k) => store.get(k) ?? null } : null,
    history: { state: { s: 1 }, replaced: [], replaceState(state, _, href) { this.replaced.push([state, href]); } },
  };
}
const lesson = (p) => ["pla", "xor", "experiments"].includes(p.split("/").filter(Boolean).pop());
const ROOM = "AbCdEfGhIjKlMnOpQrStUv";

test("a lecturer's tab gets its class back in a lesson's address, with no new history entry", () => {
  const w = tab("/xor", "?v=1&present=1&deck=eNq&slide=1", ROOM, { hash: "#x" });
  assert.equal(tabRoom(w, lesson), `/xor?v=1&present=1&deck=eNq&slide=1&room=${ROOM}#x`);
  assert.deepEqual(w.history.replaced, [[{ s: 1 }, `/xor?v=1&present=1&deck=eNq&slide=1&room=${ROOM}#x`]]);
  assert.equal(tabRoom(tab("/pla", "", ROOM), lesson), `/pla?room=${ROOM}`);
  assert.equal(tabRoom(tab("/course/experiments", "?", ROOM), lesson), `/course/experiments?room=${ROOM}`);
});

test("nothing is written elsewhere: another page, a room already named, no class, a forged one, no storage", () => {
  for (const w of [tab("/class", "?room=x", ROOM), tab("/lecture", "?deck=a", ROOM), tab("/", "", ROOM),
                   tab("/pla", `?room=${"Z".repeat(22)}`, ROOM), tab("/pla", "?t=3"),
                   tab("/pla", "?t=3", "<b>not an id</b>"), tab("/pla", "?t=3", ROOM, { storage: false })]) {
    assert.equal(tabRoom(w, lesson), null);
    assert.deepEqual(w.history.replaced, []);
  }
  const throwing = { location: { pathname: "/pla", search: "" }, get sessionStorage() { throw new Error("denied"); } };
  assert.equal(tabRoom(throwing, lesson), null);
});

test("both at once, as the page's head does; a page where neither works goes on", async () => {
  const { identify } = await import("../../pla_lab/drawing/plot/ids.js");
  const w = tab("/pla", "?t=1", ROOM);
  w.document = jar();
  w.crypto = globalThis.crypto;
  w.location.protocol = "https:";
  identify(w, ["pla"], (p) => p.split("/").filter(Boolean).pop() || "");
  assert.match(cookieOf(w.document.cookie, BROWSER), /^[0-9a-f]{32}$/);
  assert.match(w.document.written[0], /; secure$/);
  assert.equal(w.history.replaced[0][1], `/pla?t=1&room=${ROOM}`);
  identify({}, ["pla"], () => "pla"); // no document, no storage: nothing thrown
});
