"""Check yourself on the perceptron as gradient descent: which lines the next step leaves where they are, whether
the hinge's run would move on, how the squared loss's run ends against the perceptron's; answered from the runs
(no Streamlit, no Plotly)."""

from __future__ import annotations

from pla_lab.api import Question, plural, sub
from pla_lab.lessons.sgd import sgd_runs
from pla_lab.lessons.sgd.sgd_words import NAMES, kink_words, origin_words, show

NONE = "None: all four move"
YES, NO = "Yes", "No"
MORE, SAME, FEWER = "More", "The same number", "Fewer"


def questions(runs: dict, t: int, ends: dict) -> list:
    """``ends``: how each run ends (:func:`sgd_runs.endings`, computed with the runs)."""
    out = []
    if all(t < len(tr) for tr in runs.values()):
        out.append(still(runs, t))
    return out + [hinge_moves_on(ends["hinge"]), squared_against_perceptron(ends)]


def _names(losses) -> str:
    names = [f"the {NAMES[k]}" for k in losses]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def still(runs: dict, t: int) -> Question:
    steps = {loss: sgd_runs.step(tr, t) for loss, tr in runs.items()}
    stay = tuple(k for k, s in steps.items() if not s.moves)
    right = NONE if not stay else _names(stay)
    choices = [NONE, _names(("perceptron",)), _names(("perceptron", "hinge")), _names(("hinge",))]
    if right not in choices:
        choices[-1] = right
    i = steps["perceptron"].i
    why = "; ".join(f"{NAMES[k]}: m = {show(s.m, sgd_runs.kink(runs[k]))}, " + _moves(s) for k, s in steps.items())
    return Question("still", f"Step {t + 1} visits point #{i}. Which of the four lines will **not** move?",
                    tuple(choices), choices.index(right),
                    f"Each run has its own w{sub(t)}, so its own margin score m = y·w{sub(t)}ᵀx̃ for the point: {why}. "
                    "The perceptron's gradient is 0 once m > 0, the hinge's once m > 1 (at the kink, m = 0 or 1, as "
                    "the sidebar's reading of sign(0) says); the logistic gradient is never 0, the squared loss's "
                    "only where wᵀx̃ = y.")


def _moves(s) -> str:
    if not s.moves:
        return "∇ℓ = 0, it stays"
    return "it moves" if s.seen else "it moves, by less than floating point can add to w"


def hinge_moves_on(end) -> Question:
    """Would more passes move the hinge's w? Yes exactly when some point's subgradient at w_T is not 0 (m < 1, or
    m = 1 where the reading of sign(0) counts the kink as a mistake, and x̃ ≠ 0): the next pass's visit to it moves w,
    unless an earlier step of that pass has moved w already."""
    T = end.T
    notes = "; ".join(v for v in (kink_words(end), origin_words(end)) if v)
    if end.still_moving:
        parts = []
        if end.below:
            parts.append(f"{end.below} point{plural(end.below)} {'has' if end.below == 1 else 'have'} y·wᵀx̃ < 1")
        if end.kink_pulls:
            parts.append(kink_words(end))
        why = (f"At w{sub(T)}, " + " and ".join(parts) + f" (the smallest y·wᵀx̃ is {show(end.min_margin, 1)}): "
               f"{'its' if end.pushing == 1 else 'their'} subgradient −y·x̃ is not 0, so the next pass moves w, at "
               "its visit to such a point if no earlier step has moved w already. ")
        if end.at_kink and not end.kink_pulls:
            why += kink_words(end) + ". "
        if end.separable:
            why += ("A line separates these points, so some w puts every point past 1: the hinge keeps pulling "
                    "until every point clears it, after finitely many more updates.")
        else:
            why += ("No line separates these points, so no w puts every point past 1: the hinge never stops "
                    "pulling, and w never stops moving.")
    else:
        why = (f"At w{sub(T)} every point{' with x̃ ≠ 0' if end.origin else ''} has y·wᵀx̃ ≥ 1 (the smallest is "
               f"{show(end.min_margin, 1)}){f'; {notes}' if notes else ''}: every hinge (sub)gradient is 0, so more "
               "passes would not move w.")
    return Question("hinge_on", f"After the last step, step {T}: would more passes move the hinge loss's line?",
                    (YES, NO), 0 if end.still_moving else 1, why)


def squared_against_perceptron(ends: dict) -> Question:
    sq, pe = ends["squared"], ends["perceptron"]
    right = MORE if sq.wrong > pe.wrong else SAME if sq.wrong == pe.wrong else FEWER
    n = sq.n
    extra = " It diverged: its weights passed 10¹²." if sq.diverged else (
        f" Its last w still pulls on {sq.pushing_right} point{plural(sq.pushing_right)} already right, toward "
        "wᵀx̃ = y." if sq.pushing_right else "")
    return Question("squared", "At the end, does the squared loss's run get more points wrong than the "
                    "perceptron loss's?", (MORE, SAME, FEWER), (MORE, SAME, FEWER).index(right),
                    f"Squared: **{sq.wrong}** of {n} wrong; perceptron: **{pe.wrong}**.{extra}")
