"""The path through the lessons: their teaching order, and for each one line, what it needs first, about how many
minutes it takes and its goal (the sentence each lesson opens with). Plain data: no Streamlit, no Plotly.

Why this order. Each lesson uses only words and results the lessons before it have shown:

1. *PLA step by step* first: the algorithm itself, h(x) = sign(wᵀx̃) and the update w ← w + η·y·x̃, on points the
   student places. Nothing else makes sense before it.
2. *Why PLA halts* second: the guarantee behind what lesson 1 showed (on separable data the updates are at most
   R²/ρ*²). It defines R, ρ* and the margin, which every later lesson uses (/pla's "Try this" already points at them).
3. *XOR* third: what happens when the guarantee's one assumption, a separating line, fails. PLA never halts; the
   app proves no line exists; a third feature makes the data separable.
4. *Noise & Pocket* fourth: the practical answer to data no line separates. It needs lesson 3's "no line exists",
   and it is the first lesson with a target f, noise and the two errors E_in and E_out, so it comes after the
   lessons that do without them (the old order put it second, before the words it relies on were shown).
5.–8. The variants, each a change of one part of the loop whose effect is read against lesson 2's bound:
   *Runs compared* (η, w₀, the order of visits, sign(0): the same loop with other settings) first, since it keeps
   PLA itself; then the *margin perceptron* (another mistake test, measured against ρ*), the *batch perceptron*
   (another update: all mistakes at once) and the *online perceptron* (another setting: points arriving one by one,
   with a mistake bound, the last step toward learning as it happens).
9. *Experiments* last: a thousand runs at once only mean something once a single run, its bound and its variants
   are understood; it is where a student tests what the path claimed.

``LESSONS`` (:mod:`pla_lab.lessons`) lists the lessons in this order, so the sidebar, the home page and the
previous/next links follow it; a test checks the two agree.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Stop:
    """One lesson on the path: ``line`` says what it shows, ``needs`` what to have seen first (words), ``minutes``
    about how long it takes, ``goal`` the one sentence the lesson opens with."""

    slug: str
    line: str
    needs: str
    minutes: int
    goal: str


PATH: tuple[Stop, ...] = (
    Stop("pla", "Place points, press Step: each update turns the line toward the point it got wrong, until none is "
                "left.",
         "Nothing: start here", 10,
         "Watch PLA fix one mistake at a time, w ← w + η·y·x̃, until no point is on the wrong side."),
    Stop("halts", "The convergence proof, live with this run's numbers: why the updates are bounded when a line "
                  "separates the points.",
         "PLA step by step", 15,
         "See, with this run's numbers, why PLA must halt when a line separates the points."),
    Stop("xor", "Four points no line separates: PLA never halts, its weights cycle; one more feature, x₁x₂, makes them "
                "separable.",
         "PLA step by step; Why PLA halts (the one thing its guarantee assumes)", 10,
         "No line separates these points: see PLA never halt, and a new feature fix it."),
    Stop("pocket", "Noisy labels: PLA wanders, while Pocket keeps the best line seen so far.",
         "XOR (data no line separates)", 15,
         "On noisy data, see Pocket keep the best line so far, and how it does on new points."),
    Stop("compare", "Two runs on the same points, one setting changed: η, the start w₀, the order, sign(0).",
         "PLA step by step; Why PLA halts (the bound)", 10,
         "Change one setting of PLA and see what it changes: the lines, the updates, the bound."),
    Stop("margin", "Update also on points too close to the line: a wider street between the classes.",
         "Why PLA halts (the margin ρ*)", 10,
         "See the margin perceptron push the line away from the points, and what it costs."),
    Stop("batch", "All the mistakes at once: one update sums the corrections of every misclassified point.",
         "PLA step by step", 10,
         "One mistake at a time or all at once: see the batch perceptron's summed update."),
    Stop("online", "Points arrive one by one: predict each label, then see it, and count the mistakes.",
         "Why PLA halts (the mistake bound)", 10,
         "Learn as the points arrive: predict, then reveal, and count the mistakes."),
    Stop("experiments", "A thousand PLA runs on random data at once, as histograms, and a sweep over N.",
         "Why PLA halts; Runs compared", 10,
         "Run PLA a thousand times at once: how the number of updates spreads and grows with N."),
)

#: The path's stops by slug.
STOPS: dict[str, Stop] = {s.slug: s for s in PATH}


def neighbours(slug: str) -> tuple[str | None, str | None]:
    """(previous slug, next slug) along the path; None before the first lesson (the home page) and after the last."""
    i = [s.slug for s in PATH].index(slug)
    return (PATH[i - 1].slug if i > 0 else None, PATH[i + 1].slug if i + 1 < len(PATH) else None)


def total_minutes() -> int:
    return sum(s.minutes for s in PATH)
