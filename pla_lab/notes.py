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
              ("pla", "halts", "pocket", "experiments"))
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
              ("halts", "compare", "batch", "online"))
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
            ("halts", "compare", "batch", "online"))

NOTES = (CREDIT, HAND, COS495, PRESS, STEP)
