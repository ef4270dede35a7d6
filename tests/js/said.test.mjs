// said.js and scrub.js: when the words beside the plot may show, and where the plot goes while the scrubber is held.
import assert from "node:assert/strict";
import { test } from "node:test";
import { markKey, SAID_CSS, saidState, verdict, waitLine } from "../../pla_lab/drawing/plot/said.js";
import { follow, thumbStep } from "../../pla_lab/drawing/plot/scrub.js";
import { payload } from "./fixtures.mjs";

const at = (over = {}) => ({ run: "0123abcd", t: 3, T: 13, rest: true, playing: false, ...over });

test("the markers' keys are the ones pla_lab.framework.replay_page.step_key writes: box, run (none without one), step", () => {
  assert.equal(markKey("words", "0123abcd", 7), "step-words-0123abcd-7");
  assert.equal(markKey("words", "0123abcd", 7, false), "from-words-0123abcd-7");
  assert.equal(markKey("under", "", 0), "step-under-none-0");
  assert.equal(markKey("words", null, 2), "step-words-none-2");
});

test("at rest, a box shows its text only when it opens with the step's first marker and holds its last", () => {
  for (const box of ["words", "under"]) {
    const first = `from-${box}-0123abcd-3`, last = `step-${box}-0123abcd-3`;
    assert.equal(verdict(at(), box, first, [last]).show, true);
    assert.equal(verdict(at(), box, first, []).show, false, "the rerun's words have not all come");
    assert.equal(verdict(at(), box, `from-${box}-0123abcd-2`, [last]).show, false, "opened by another step's words");
    assert.equal(verdict(at(), box, first, [`step-${box}-0123abcd-13`]).show, false, "another step's last marker");
    assert.equal(verdict(at(), box, first.replace("0123abcd", "ffff0000"), [last]).show, false, "another run's");
    assert.equal(verdict(at(), box, null, [last]).show, false);
  }
  assert.equal(verdict(at({ run: null, t: 0 }), "words", "from-words-none-0", ["step-words-none-0"]).show, true);
});

test("moving (playing, animating, scrubbed), every box is hidden whatever its markers say", () => {
  const moving = at({ rest: false, playing: true });
  assert.equal(verdict(moving, "words", "from-words-0123abcd-3", ["step-words-0123abcd-3"]).show, false);
  assert.equal(verdict(moving, "under", "from-under-0123abcd-3", ["step-under-0123abcd-3"]).show, false);
});

test("in their place the words box says which step the plot draws, of how many; the box under the transport nothing", () => {
  assert.equal(waitLine(at({ t: 4 })), "Step 4 of 13…");
  assert.match(waitLine(at({ t: 7, playing: true })), /^▶ Playing: step 7 of 13\b/);
  assert.equal(verdict(at({ t: 4, rest: false }), "words", null, []).wait, "Step 4 of 13…");
  assert.equal(verdict(at({ t: 4, rest: false }), "under", null, []).wait, null);
  assert.equal(verdict(at(), "words", "from-words-0123abcd-3", ["step-words-0123abcd-3"]).wait, null, "shown: no line");
});

test("the one style sheet is the same at every step: it reads the boxes' attributes, never a step or a run", () => {
  assert.ok(!/\d+-\d|0123abcd/.test(SAID_CSS));
  assert.match(SAID_CSS, /\[data-pla-said=hide\]/);
  assert.match(SAID_CSS, /\[data-pla-left\]/);
  assert.match(SAID_CSS, /visibility:hidden !important/);
  assert.match(SAID_CSS, /content:attr\(data-pla-wait\)/);
  assert.match(SAID_CSS, /\[data-pla-big\]::before\{font-size:1.3rem\}/, "larger in presenter mode");
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
