// said.js and scrub.js: when the words beside the plot may show, and where the plot goes while the scrubber is held.
import assert from "node:assert/strict";
import { test } from "node:test";
import { markKey, saidCss, saidState, waitLine } from "../../pla_lab/drawing/plot/said.js";
import { follow, thumbStep } from "../../pla_lab/drawing/plot/scrub.js";
import { payload } from "./fixtures.mjs";

const at = (over = {}) => ({ run: "0123abcd", t: 3, T: 13, rest: true, playing: false, ...over });

test("the markers' keys are the ones pla_lab.framework.replay_page.step_key writes: box, run (none without one), step", () => {
  assert.equal(markKey("words", "0123abcd", 7), "step-words-0123abcd-7");
  assert.equal(markKey("words", "0123abcd", 7, false), "from-words-0123abcd-7");
  assert.equal(markKey("under", "", 0), "step-under-none-0");
  assert.equal(markKey("words", null, 2), "step-words-none-2");
});

test("at rest, a box shows its text only between the markers of the step drawn, never what follows the last", () => {
  const css = saidCss(at());
  for (const box of ["words", "under"]) {
    const first = `.st-key-from-${box}-0123abcd-3`, last = `.st-key-step-${box}-0123abcd-3`;
    assert.ok(css.includes(`.st-key-said-${box}:not(:has(> :first-child > ${first}))`), `hidden unless opened by ${first}`);
    assert.ok(css.includes(`.st-key-said-${box}:not(:has(> * > ${last}))`), `hidden without ${last}`);
    assert.ok(css.includes(`.st-key-said-${box} > :has(> * > ${last}) ~ *`), `what a rerun left after ${last}`);
  }
  assert.ok(!css.includes("step-words-0123abcd-13"), "another step's marker does not show the words");
  assert.match(css, /visibility:hidden !important/);
});

test("moving (playing, animating, scrubbed), every box is hidden whatever its marker says", () => {
  const css = saidCss(at({ rest: false, playing: true }));
  assert.ok(!css.includes(":not("), "no box is excepted");
  assert.ok(css.includes(".st-key-said-words :is(") && css.includes(".st-key-said-under :is("));
});

test("in their place the words box says which step the plot draws, of how many", () => {
  assert.equal(waitLine(at({ t: 4 })), "Step 4 of 13…");
  assert.match(waitLine(at({ t: 7, playing: true })), /^▶ Playing: step 7 of 13\b/);
  assert.ok(saidCss(at({ t: 4, rest: false })).includes('content:"Step 4 of 13…"'));
  assert.ok(saidCss(at({ present: true })).includes("font-size:1.3rem"), "larger in presenter mode");
});

test("the plot's state: at rest unless it plays, animates or follows the scrubber", () => {
  const inst = (over, ds = {}) => ({ run: "r", tDisp: 5, playing: false, target: null, data: payload({ T: 9 }),
                                     gd: { dataset: { animating: "0", scrubbing: "0", ...ds } }, ...over });
  assert.deepEqual(saidState(inst({})), { run: "r", t: 5, T: 9, rest: true, playing: false, present: false });
  assert.equal(saidState(inst({ playing: true })).rest, false);
  assert.equal(saidState(inst({}, { animating: "1" })).rest, false);
  assert.equal(saidState(inst({}, { scrubbing: "1" })).rest, false);
});

test("the scrubber's thumb: its range input's whole value", () => {
  const slider = (value) => ({ querySelector: () => (value === null ? null : { value }) });
  assert.equal(thumbStep(slider("7")), 7);
  assert.equal(thumbStep(slider(null)), null);
  assert.equal(thumbStep(slider("")), null);
  assert.equal(thumbStep(slider("2.5")), null);
  assert.equal(thumbStep(null), null);
});

test("while held, the plot goes to the thumb's step if its weights are here and it is not there already", () => {
  const d = payload(); // W for steps 0 … 3, T = 3
  assert.equal(follow(d, 2, 0), 2);
  assert.equal(follow(d, 0, 3), 0);
  assert.equal(follow(d, 2, 2), null, "already there");
  assert.equal(follow(d, null, 0), null);
  assert.equal(follow(payload({ T: 50 }), 40, 3), null, "outside the window: the server brings it on release");
  assert.equal(follow(d, 4, 0), null, "past the end");
});
