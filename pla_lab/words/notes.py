"""The five lecture notes PLA Lab follows, named as a reader knows them (no Streamlit, no Plotly).

The files are numbered 000–004 (``../shared/seeds/``), but a number reads like the sidebar's random seed, so every
word on the page names a note from here: change a name once and every page, label and tooltip follows. pla_core's
docstrings, which cannot import the app, spell the same names (a test holds them to these)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Note:
    file: str       # the file's number in the notes folder (for the code, never shown alone)
    name: str       # how a sentence names it: "the Princeton COS 495 lecture"
    tag: str        # a word or two for a tight label: "(COS 495)"
    who: str        # who wrote it, what it is
    line: str       # what it covers, in one line
    lessons: tuple[str, ...]  # the lessons (slugs) built on it

    @property
    def Name(self) -> str:
        """The name opening a sentence."""
        return self.name[0].upper() + self.name[1:]

    @property
    def of(self) -> str:
        """The name as an owner: "the credit-card notes'", "the Princeton COS 495 lecture's"."""
        return self.name + ("'" if self.name.endswith("s") else "'s")

    @property
    def Of(self) -> str:
        return self.of[0].upper() + self.of[1:]


CREDIT = Note("000", "the credit-card notes", "credit-card notes",
              "Course notes written around a bank's credit-card approval (the learning set-up of "
              "Learning From Data).",
              "Data D, target f, hypotheses H, algorithm A, result g; h(x) = sign(wᵀx) with x₀ = 1; PLA and cyclic "
              "PLA; the proof that PLA halts, T ≤ R²/ρ²; noisy data and the Pocket algorithm.",
              ("pla", "halts", "pocket", "online", "experiments"))
HAND = Note("001", "the handwritten notes", "handwritten notes",
            "A student's handwritten notes, scanned.",
            "sgn(wᵀx + b) and the learning rate η; hyperplane geometry (unit normal, offset, distance); the picture "
            "of an update; the 1/γ² mistake bound; cycling on data no line separates; the margin perceptron and "
            "its 8/γ² bound.",
            ("halts", "xor", "compare", "margin"))
COS495 = Note("002", "the Princeton COS 495 lecture", "COS 495",
              "Lecture 3 of Princeton's COS 495, Machine Learning Basics (Yingyu Liang, spring 2016), as slides.",
              "Predict + only when wᵀx > 0; the perceptron theorem, at most 1/γ² mistakes; history (Rosenblatt, "
              "Minsky and Papert); online versus batch learning; the perceptron as stochastic gradient descent; "
              "mini-batches.",
              ("halts", "compare", "batch", "online", "sgd"))
PRESS = Note("003", "David Press's AI notes", "Press 2005",
             "Two pages of AI course notes by David Press, dated 01/10/2005.",
             "The PLA loop with a flag; the convergence proof k ≤ R²/m²; the maximum-margin classifier; the four "
             "XOR points on which PLA fails.",
             ("halts", "xor", "compare"))
STEP = Note("004", "the step-function notes", "step-function notes",
            "Short notes that write the perceptron with step(z), step(0) = +1.",
            "step(z) and the zero-one loss against the perceptron criterion; the batch perceptron as gradient "
            "descent, θ ← θ + η Σ yᵢxᵢ over the mistakes; the bias as an extra input; the online perceptron and "
            "its bound.",
            ("halts", "compare", "batch", "online", "sgd"))

NOTES = (CREDIT, HAND, COS495, PRESS, STEP)

#: Where the notes disagree: (topic, [(note, what it says)]); the app lets you switch wherever they do.
DISAGREE = (
    ("What sign(0) means (a tie, wᵀx = 0)", (
        (CREDIT, "writes sign(wᵀx) ≠ y for a mistake and leaves sign(0) open."),
        (HAND, "the algorithm box counts y·wᵀx ≤ 0 as a mistake, so a tie is wrong for both classes; the first "
               "page predicts +1 for ≥ 0; the margin section calls only y·wᵀx < 0 a mistake."),
        (COS495, "predicts + only when wᵀx > 0, so sign(0) = −1."),
        (PRESS, "flag y = −1 when w·x ≥ 0 and y = +1 when w·x < 0, so sign(0) = +1."),
        (STEP, "set step(0) = +1."))),
    ("The step size η", (
        (CREDIT, "add y·x: η = 1."),
        (HAND, "multiply by a learning rate η and say a higher one converges faster (from w₀ = 0 it changes "
               "nothing but the length of w)."),
        (COS495, "derive η from stochastic gradient descent, then set it to 1."),
        (PRESS, "add y·x: η = 1."),
        (STEP, "take a step η of gradient descent on the sum over all mistakes."))),
    ("The bound on the number of updates", (
        (CREDIT, "T ≤ R²/ρ², for any line that separates the points with margin ρ, from w₀ = 0."),
        (HAND, "at most 1/γ² mistakes when every ‖x‖ ≤ 1; the margin perceptron at most 8/γ²."),
        (COS495, "at most (1/γ)² mistakes, with every x and w* of length 1."),
        (PRESS, "k ≤ R²/m², with m = minᵢ|w*·xᵢ| and ‖w*‖ = 1."),
        (STEP, "no more than ⌈M/γ²⌉ errors for the online perceptron, M undefined."))),
    ("The bias", (
        (CREDIT, "fold the threshold in: w₀ = −t and x₀ = 1."),
        (HAND, "write sgn(wᵀx + b), then put b in w next to x₀ = 1."),
        (COS495, "use no bias: the line passes through the origin."),
        (PRESS, "use no bias."),
        (STEP, "start through the origin, then append a constant input 1."))),
)

#: The slips the app points out in the notes: (note, the slip, where the app says so).
SLIPS = (
    (HAND, "The margin perceptron's 8/γ₀² is not proved: the proof drops a + R, writes 8Mγ/4 where its step gives "
           "3Mγ/4, and uses γ for both γ and γ₀. Mended, it gives 8R²/(γρ*) + 4R/ρ*.", "margin"),
    (HAND, "\"Higher the learning rate, faster the convergence\": from w₀ = 0, η only stretches w, so the run makes "
           "the same updates.", "compare"),
    (HAND, "Data no line separates make the weights repeat: true on grid points visited in a fixed order; on "
           "real-valued points the weights need never repeat exactly (PLA still never halts).", "xor"),
    (STEP, "The online bound \"⌈M/γ²⌉\" never defines M: it is R²/γ², and at most ⌊R²/γ²⌋ as mistakes are whole.",
     "online"),
    (STEP, "The online loop's \"if (y = −1 and yᵢ = −1) w = w + xᵢ\" updates on a right answer; its text means "
           "yᵢ = +1.", "online"),
    (COS495, "Rosenblatt's dates are given as 1928–1969: Frank Rosenblatt died in 1971.", ""),
    (COS495, "It calls −y·wᵀx·𝟙[mistake] = max(0, −y·wᵀx) a \"hinge loss\": that is the perceptron loss; the hinge "
             "loss is max(0, 1 − y·wᵀx), whose 1 asks for a margin.", "sgd"),
    (STEP, "Its footnote calls max(0, −y(θᵀx)) \"the hinge loss\": it is the perceptron loss; the hinge loss has a "
           "1 − y(θᵀx).", "sgd"),
)
