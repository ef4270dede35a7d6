"""The home page at "/": what the perceptron is and what PLA does (the credit-card notes' learning set-up), a small
live picture of PLA, and the path through the lessons with a link to each. The theme switch and the presenter
button are here as on every lesson: a lecturer may show the path to the room first (presenter mode's larger words
and closed sidebar), and whoever comes here from a lesson in presenter mode can leave it here."""

from __future__ import annotations

from pla_lab.course import home_figures, path
from pla_lab.framework import example_plot, frame, nav
from pla_lab.framework.say import st
from pla_lab.words.text import md, plural, vec

INTRO = """**The learning problem.** A bank decides whether to grant a credit card from what an applicant writes on
the form: age, annual salary, years in job. Its past decisions are the data set D: N examples (xₙ, yₙ),
n = 1, …, N, where each xₙ is a customer and yₙ = +1 (good credit) or −1 (bad credit). An unknown target
function f made those labels. A learning algorithm A picks from a hypothesis set H the function g that
best approximates f, and the bank then uses g to approve cards.

**The perceptron** is the hypothesis set H of weighted scores: approve when the score passes a threshold,
h(x) = sign(Σᵢ wᵢxᵢ − threshold) = sign(wᵀx̃), where x̃ = (1, x₁, x₂, x₃) puts x₀ = 1 in front of the features
x = (age, salary, years in job) and the weight w₀ is −threshold. With two features, wᵀx̃ = 0 is a line: h says +1
on one side and −1 on the other.

**The Perceptron Learning Algorithm (PLA)** starts from w = 0 and repeats: find a point it gets wrong,
sign(wᵀx̃ₙ) ≠ yₙ (a tie, wᵀx̃ₙ = 0,
counts as wrong by default; the notes disagree on it, see *Sources*), and correct it, w ← w + η·yₙ·x̃ₙ (the
credit-card notes take the step size η = 1). It stops
when no point is wrong; its last w is g."""


def picture_words(points, trace) -> str:
    """What the picture shows, with its numbers read from its run."""
    n, pos, T = len(points), sum(1 for p in points if p[2] > 0), len(trace)
    end = (f"this run halts after **{T}** update{plural(T)}" if trace.halted
           else f"this run stops at the cap after {T} update{plural(T)}")
    w0 = trace.weights[0]
    start = "w = 0" if not any(w0) else f"w₀ = {vec(w0)}"
    return (f"PLA on {n} points ({pos} ○ +1, {n - pos} × −1), from {start}: press **▶ Play**. The solid line is the "
            f"boundary wᵀx̃ = 0, the dashed one the boundary before the update, the circled point the next mistake "
            f"and the arrows w and its update; {end}.")


HEADING = "PLA Lab: the perceptron, one update at a time"


def at_a_glance() -> str:
    """The path in one line, for the first screen: every lesson's title in order and the time it all takes."""
    titles = " → ".join(path.BY_SLUG[s.slug].title for s in path.PATH)
    return f"**The path**, {len(path.PATH)} lessons, about {path.total_minutes()} minutes: {titles}."


def render() -> None:
    head, buttons = st.columns([4.4, 2.8], vertical_alignment="bottom")
    head.markdown(md(f"### {HEADING}"))
    head.caption(at_a_glance())
    with buttons.container(key=frame.PRESENT_KEY):  # the lessons' pair, hidden on a phone as there
        light, show = st.columns([1, 1.6])
        frame.theme_button(light)
        frame.present_button(show)
    words, live = st.columns([1.15, 1], gap="large")
    with words:
        st.markdown(INTRO)
        first = path.BY_SLUG[path.PATH[0].slug]
        st.page_link(nav.lesson_page(first), label=md(f"Begin the path: 1. {first.title} →"),
                     icon=":material/school:")
    with live:
        points, view, trace = home_figures.example()
        example_plot.show(points, view, trace, key="home-picture", theme=frame.theme(),
                          alt=f"PLA on {len(points)} points: Play, or Step, to watch each update")
        st.caption(picture_words(points, trace))
    _path()
    nav.to_top("")



def _path() -> None:
    """Each lesson in teaching order: a link, one line, what it needs first, about how long."""
    n, total = len(path.PATH), path.total_minutes()
    st.markdown(md(f"### The path: {n} lessons, about {total} minutes in all"))
    st.caption("In this order each lesson uses only what the ones before it have shown.")
    # each lesson's name as large as the words under it, and bold: it is the stop, the words describe it
    st.html("<style>[class*=st-key-path-] [data-testid=stPageLink] p{font-size:1.05rem;font-weight:600}</style>")
    for i, stop in enumerate(path.PATH, 1):
        with st.container(key=f"path-{stop.slug}"):
            lesson = path.BY_SLUG[stop.slug]
            st.page_link(nav.lesson_page(lesson), label=md(f"{i}. {lesson.title}"), icon=lesson.icon)
            st.markdown(md(f"{stop.line}  \n*Needs:* {stop.needs} · about {stop.minutes} min"))
