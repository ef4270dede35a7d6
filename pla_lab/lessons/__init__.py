"""The registry: the app's lessons, in the path's teaching order. The sidebar, the home page, the path
(:mod:`pla_lab.course.path`), the previous/next links, the benchmarks and the tests all read ``LESSONS``; nothing else
lists the lessons. Adding one: docs/adding-a-lesson.md.

Why this order. Each lesson uses only words and results the lessons before it have shown (named here by title, never
by number, so a lesson added between two needs no renumbering; tests/architecture/test_adding_a_lesson.py holds this
list to ``LESSONS``):

- *PLA step by step* first: the algorithm itself, h(x) = sign(wᵀx̃) and the update w ← w + η·y·x̃, on points the
  student places. Nothing else makes sense before it.
- *Why PLA halts*: the guarantee behind what *PLA step by step* showed (on separable data the updates are at most
  R²/ρ*²). It defines R, ρ* and the margin, which every later lesson uses (/pla's "Try this" already points at them).
- *XOR: never halts*: what happens when the guarantee's one assumption, a separating line, fails. PLA never halts; the app proves
  no line exists; a third feature makes the data separable.
- *Noise & Pocket*: the practical answer to data no line separates. It needs *XOR: never halts*'s "no line
  exists", and it is the first lesson with a target f, noise and the two errors E_in and E_out, so it comes after the
  lessons that do without them (the old order put it second, before the words it relies on were shown).
- The variants, each a change of one part of the loop whose effect is read against *Why PLA halts*' bound:
  *Runs compared* (η, w₀, the order of visits, sign(0): the same loop with other settings) first, since it keeps
  PLA itself; then *The margin perceptron* (another mistake test, measured against ρ*), *Batch perceptron*
  (another update: all mistakes at once) and *Online perceptron* (another setting: points arriving one by one,
  with a mistake bound, the last step toward learning as it happens).
- *Perceptron as gradient descent* after the variants: it reads the whole loop as one step of stochastic
  gradient descent and changes the one thing the variants kept, the loss. Its hinge loss is the margin perceptron in
  other units, and its one-point-at-a-time steps are the batch and online updates, so it comes after them; it is the
  bridge to what a student meets next (logistic regression, SVMs, neural nets).
- *Experiments* last: a thousand runs at once only mean something once a single run, its bound and its variants
  are understood; it is where a student tests what the path claimed.
"""

from pla_lab.framework import nav
from pla_lab.lessons.batch.batch_lesson import BATCH
from pla_lab.lessons.compare.compare_lesson import COMPARE
from pla_lab.lessons.experiments.experiments_lesson import EXPERIMENTS
from pla_lab.lessons.halts.halts_lesson import HALTS
from pla_lab.lessons.margin.margin_lesson import MARGIN
from pla_lab.lessons.online.online_lesson import ONLINE
from pla_lab.lessons.pla.pla_lesson import PLA
from pla_lab.lessons.pocket.pocket_lesson import POCKET
from pla_lab.lessons.sgd.sgd_lesson import SGD
from pla_lab.lessons.xor.xor_lesson import XOR

LESSONS = (PLA, HALTS, XOR, POCKET, COMPARE, MARGIN, BATCH, ONLINE, SGD, EXPERIMENTS)
nav.chain(LESSONS)  # each lesson's previous/next along this order
