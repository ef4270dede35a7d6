"""The glossary: every term of jargon the lessons use, in plain words, and where the app shows it (no Streamlit).

A lesson links a term with :func:`pla_lab.words.text.term`, which accepts only a term listed here, so a link always
lands on an entry of the /glossary page (each entry's anchor is its ``key``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    key: str        # the anchor on /glossary (letters, digits and "-")
    name: str       # as the lessons write it
    says: str       # what it means, in plain words
    where: tuple[str, ...]  # the lessons (slugs) that show it
    shown: str = ""  # how the app shows it there


TERMS = (
    Term("set-up", "D, f, H, A, g",
         "The learning set-up of the credit-card notes. D is the data, N points xₙ with labels yₙ = ±1; f is the "
         "unknown target that made the labels; H is the hypothesis set, every line the perceptron could draw; A is "
         "the algorithm (here PLA) that picks one of them, g, from D alone, hoping g is close to f.",
         ("pla", "pocket", "experiments"), "f is the dashed green line where the page drew the data from one."),
    Term("perceptron", "perceptron",
         "A yes/no rule that weighs each input, adds a bias and answers with the sign: h(x) = sign(w₀ + w₁x₁ + "
         "w₂x₂) = sign(wᵀx̃). In the plane its answer changes on one straight line, the boundary wᵀx̃ = 0.",
         ("pla",), "The shading: blue where it answers ○ +1, orange where it answers × −1."),
    Term("pla", "PLA",
         "The Perceptron Learning Algorithm: start from w₀, find a point the current w gets wrong, add η·y·x̃ of it "
         "to w, and repeat until no point is wrong.",
         ("pla", "halts", "xor"), "Step makes one update; Run goes to the end."),
    Term("mistake", "mistake",
         "A point the current w gets wrong: sign(wᵀx̃ₙ) ≠ yₙ, that is yₙ·wᵀx̃ₙ < 0 (or = 0, a tie, by the "
         "reading of sign(0) in the sidebar).",
         ("pla",), "The point PLA corrects next is circled."),
    Term("update", "update",
         "One correction: wₜ₊₁ = wₜ + η·yₙ·x̃ₙ for the mistake n. For that point the score yₙ·wᵀx̃ₙ grows by "
         "η‖x̃ₙ‖², so it moves toward the right side (it may need more than one update to get there). Only a point "
         "with x̃ₙ = 0, at the origin with no bias, gains nothing: its score is 0 for every w, and a reading of "
         "sign(0) that counts that tie as wrong keeps it a mistake for ever.",
         ("pla",), "The arrow η·y·x̃ drawn from the tip of w; t counts the updates."),
    Term("augmented-space", "augmented space",
         "Each point x = (x₁, x₂) written as x̃ = (1, x₁, x₂), with x₀ = 1, so the bias b = w₀ is one more weight "
         "and h(x) = sign(wᵀx̃). The boundary in the plane is where the plane wᵀx̃ = 0, through the origin of the "
         "3-D space, cuts the sheet x₀ = 1.",
         ("halts",), "Why PLA halts, *The bias in 3-D*."),
    Term("eta", "learning rate η",
         "How much of y·x̃ one update adds. From w₀ = 0 it only stretches w: the same lines, the same mistakes.",
         ("compare",), "Sidebar, *Learning rate η*; Runs compared, *η and the start w₀*."),
    Term("sign0", "sign(0)",
         "What the perceptron answers when wᵀx̃ = 0 exactly, a tie. The notes disagree (see Sources), so the app "
         "lets you choose.",
         ("compare", "online"), "Sidebar, *When wᵀx̃ = 0 exactly*; Runs compared, *What sign(0) means*."),
    Term("separable", "linearly separable",
         "Some line puts every ○ strictly on one side and every × strictly on the other. Then PLA halts, under every "
         "reading of sign(0). Otherwise it never halts when a tie counts as a mistake (y·wᵀx̃ ≤ 0); but under "
         "\"only y·wᵀx̃ < 0 is a mistake\" PLA from w₀ = 0 halts at once on any data (w = 0 makes every point a "
         "tie, counted right), and under sign(0) = ±1 it may halt with points on its line, so there a halt alone "
         "does not show the points are separable.",
         ("halts", "xor"), "The words under the plot say which, from the exact LP."),
    Term("halt", "halts",
         "PLA stops by itself because no point is a mistake any more. When a tie counts as a mistake (y·wᵀx̃ ≤ 0, "
         "the sidebar's default) its last w puts every point strictly on its own side; under the other readings of "
         "sign(0) it may stop with points on its line counted right, or at w = 0, which draws no line (under "
         "\"only y·wᵀx̃ < 0 is a mistake\", from w₀ = 0, on any data). The words under the plot say which.",
         ("pla", "halts"), "The verdict under the plot."),
    Term("cap", "cap",
         "The most updates the app lets a run make (sidebar, *Stop after*). PLA alone cannot tell \"not separable\" "
         "from \"not yet\": at the cap the app says which, from its exact LP, where the reading of sign(0) lets the "
         "LP settle it.",
         ("pla", "xor", "pocket", "experiments"), "Sidebar, *Stop after (updates)*; the verdict at the cap."),
    Term("R", "R",
         "The radius of the data: the length of the longest x̃ₙ, R = maxₙ‖x̃ₙ‖ (bias included). Every PLA update "
         "(on a mistake, y·wᵀx̃ ≤ 0) adds at most η²R² to ‖w‖², as ‖w + η·y·x̃‖² = ‖w‖² + 2η·y·wᵀx̃ + η²‖x̃‖². A "
         "margin-perceptron update may be on a point already right and add more, up to η²R² + 2η·(γ/2)‖w‖.",
         ("halts",), "Why PLA halts: the numbers and the chart's ② bound."),
    Term("rho", "margin ρ",
         "How far the closest point is from the line of w, on its right side: ρ(w) = minₙ yₙwᵀx̃ₙ/‖w‖, measured "
         "in augmented space. Negative when w gets a point wrong.",
         ("halts", "margin"), "Why PLA halts: the margins of the run's line and of w*."),
    Term("rho-star", "ρ*",
         "The best margin any w has on these points, measured in augmented space x̃ = (1, x), where the bias counts "
         "as a weight: ρ* = max over ‖w‖ = 1 of minₙ yₙwᵀx̃ₙ, the margin of w*. It is the margin of the "
         "credit-card notes' proof, where R is measured in the same space. It is not in general the widest street "
         "in the plane (the hard-margin SVM's, with a free bias): for ○(3, 0), ○(3, 2), ×(1, 1) the band of w* is "
         "0.824 wide on each side of its line in the plane, the widest street 1.0. The smaller ρ*, the harder the "
         "points.",
         ("halts", "pla", "margin"), "Why PLA halts: w* drawn with its street."),
    Term("bound", "R²/ρ*²",
         "The credit-card notes' proof: from w₀ = 0, PLA makes at most R²/ρ² updates for any line that separates "
         "the points with margin ρ, so at most R²/ρ*². A guarantee, not a forecast: runs usually stop far sooner.",
         ("halts", "compare", "online", "experiments"), "Why PLA halts: the dashed bounds of the chart."),
    Term("gamma", "margin γ",
         "Two uses. In the Princeton COS 495 lecture and the handwritten notes' proof, γ is the margin of a "
         "separating w* when every ‖x‖ ≤ 1: their bound 1/γ² is R²/ρ² with R = 1. The step-function notes ask for "
         "a separating hyperplane w with |w·xᵢ|/‖w‖ ≥ γ for every example: as w separates, yᵢ·w·xᵢ > 0, so "
         "|w·xᵢ| = yᵢ·w·xᵢ and the labels are in it, the same signed margin. In the margin perceptron, γ is a "
         "setting you choose: a point is also a mistake when yₙwᵀx̃ₙ/‖w‖ < γ/2.",
         ("margin",), "The margin perceptron, *Margin γ* and the yellow band."),
    Term("street", "street",
         "The band all x with |w*ᵀx̃| ≤ ρ* around the line of w*, the maximum-margin w in augmented space: no point "
         "is inside it and the support points are on its edges. As w* counts the bias as a weight, this band is "
         "not in general the widest empty band in the plane (the hard-margin SVM's, with a free bias): for ○(3, 0), "
         "○(3, 2), ×(1, 1) it is 0.824 wide on each side of the line, the widest 1.0. PLA stops at some "
         "separating line, in general not w*'s.",
         ("halts",), "Why PLA halts: the shaded band around w*."),
    Term("support", "support points",
         "The points on the edges of the street, at distance ρ* from w*: they alone decide where w* goes.",
         ("halts",), "Why PLA halts: the ringed points."),
    Term("exact-lp", "exact LP",
         "A linear program that decides whether some line separates the points: it looks for a w with "
         "yₙwᵀx̃ₙ ≥ 1 for every n, or proves there is none. Not a guess from a long run: it answers for every line "
         "at once.",
         ("pla", "xor", "pocket", "halts"), "The words at the cap, and XOR's certificate."),
    Term("certificate", "certificate",
         "The exact LP's proof that no line separates: weights on the ○ and on the × whose two weighted averages "
         "are the same point. A line would have to put that point on both of its sides at once.",
         ("xor",), "XOR, *Draw the certificate*: the two averages meeting at one point."),
    Term("cycle", "cycle",
         "A run that never halts, on points on a grid (decimals of a few digits, as the app's points are) visited in "
         "a fixed order, comes back to a w seen before at the same place in the pass, and from there repeats the "
         "same updates for ever: so do data no line separates, with a tie counted as a mistake. On real-valued "
         "points the weights need never repeat exactly, though PLA still never halts.",
         ("xor",), "XOR, *Replay one period*."),
    Term("lift", "lift",
         "A new input made from the old ones, here x₁x₂. In the space (x₁, x₂, x₁x₂) XOR is separable, so PLA "
         "halts; back in the plane its boundary is a curve.",
         ("xor",), "XOR, the lift option and its 3-D view."),
    Term("noise", "noise",
         "Labels flipped at random with probability p, after f made them: no line may fit them all.",
         ("pocket", "experiments"), "Noise & Pocket: the flipped points are marked □."),
    Term("e-in", "Eᵢₙ",
         "In-sample error: the share of the data D that a line gets wrong (on the labels it learned from, noisy "
         "ones included).",
         ("pocket", "experiments"), "Noise & Pocket, the numbers and the chart."),
    Term("e-out", "Eₒᵤₜ",
         "Out-of-sample error: how often g disagrees with the target f on a new point from the same square, "
         "P[f ≠ g]. The data never show it; the app can, because it knows f.",
         ("pocket", "experiments"), "Noise & Pocket, the hatched region; Experiments, P[f ≠ g]."),
    Term("g", "g",
         "The final hypothesis, the line the algorithm hands back: PLA's last w, or Pocket's ŵ.",
         ("pocket", "experiments"), "Experiments, P[f ≠ g]."),
    Term("pocket", "Pocket (ŵ)",
         "PLA that keeps in its pocket the best w seen so far (fewest mistakes on D). Finding the line with the "
         "fewest mistakes is NP-hard, so Pocket settles for the best it met.",
         ("pocket",), "Noise & Pocket, the thick dash-dot line ŵ."),
    Term("order", "order of visits",
         "Which mistake PLA corrects next: the next in the list (cyclic), the next in one shuffled list, or any at "
         "random. It changes the run, never the bound.",
         ("compare", "pocket"), "Sidebar, *Order of visits*; Runs compared, *Order of visits*."),
    Term("companion", "second run",
         "On Runs compared, the run with the other setting, drawn dashed on the same points beside the run shown.",
         ("compare",), "Runs compared: the dashed line and its legend."),
    Term("margin-perceptron", "margin perceptron",
         "PLA that also corrects a point on the right side but too close to the line (yₙwᵀx̃ₙ/‖w‖ < γ/2), so a "
         "run that halts leaves a margin of at least γ/2.",
         ("margin",), "The margin perceptron."),
    Term("batch", "batch and mini-batch",
         "The batch perceptron adds the mistakes of all n points in one update; a mini-batch looks at the next b "
         "points only.",
         ("batch",), "Batch perceptron, *Each update sums the mistakes of*."),
    Term("criterion", "perceptron criterion J",
         "J(w) = Σ −yₙwᵀx̃ₙ over the mistakes: each mistake counted by how far it is on the wrong side. The batch "
         "update is a step of gradient descent on J.",
         ("batch",), "Batch perceptron, the lower chart."),
    Term("zero-one", "zero-one loss",
         "The number of mistakes. It has no slope to follow (flat, then a jump), which is why the batch "
         "perceptron descends J instead.",
         ("batch",), "Batch perceptron, the upper chart."),
    Term("online", "online",
         "Points arrive one at a time: predict, then see the label, then learn. No training set to scan.",
         ("online",), "Online perceptron."),
    Term("lfd", "LFD",
         "Learning From Data (Abu-Mostafa, Magdon-Ismail and Lin, 2012), the book whose set-up the credit-card "
         "notes follow. Its first chapter's exercise, PLA on random lines run many times, is the Experiments page.",
         ("experiments",), "Experiments, its defaults and its order of visits."),
)

BY_KEY = {t.key: t for t in TERMS}
BY_NAME = {t.name: t for t in TERMS}
