"""The app's pages and the path's signposts on them: the home page and the lessons as Streamlit pages (in the
registry's order), each lesson's goal under its heading, and the previous/next links at the end of a lesson. It is
handed the lessons (the registry, :mod:`pla_lab.lessons`, calls :func:`chain`; the app's script :func:`pages`): the
framework never imports them."""

from __future__ import annotations

import json

from pla_lab.framework.say import st
from pla_lab.words.text import md

HOME_TITLE, HOME_ICON = "Start here", "🏠"


_BY_SLUG: dict = {}


def chain(lessons) -> None:
    """Give each lesson its neighbours along ``lessons`` (the path), for its previous/next links, and keep them by
    slug (:func:`lesson`)."""
    _BY_SLUG.update((lesson.slug, lesson) for lesson in lessons)
    for i, lesson in enumerate(lessons):
        lesson.neighbours = (lessons[i - 1] if i > 0 else None, lessons[i + 1] if i + 1 < len(lessons) else None)


def lesson(slug: str):
    """The lesson at this slug (None: no lesson has it), for what opens a lesson's demo by its link (a lecture)."""
    return _BY_SLUG.get(slug)


def home_page():
    """The home page, served at "/" (the default page of the navigation)."""
    return st.Page("../pages/home.py", title=HOME_TITLE, icon=HOME_ICON, default=True)


def lesson_page(lesson):
    """A lesson's page at its own path (/pla, /halts, …). A page made again with the same file and path is the same
    page to Streamlit, so links can make theirs."""
    slug = lesson.slug
    return st.Page(f"../pages/{slug}.py", title=lesson.title, icon=lesson.icon, url_path=slug)


#: The pages after the lessons: the lecturer's deck of demos, a class answering a question, the notes the lessons draw
#: on, the words they use
BOOKS = (("lecture", "Lecture", "🎓"), ("class", "Class", "🙋"), ("sources", "Sources", "📚"),
         ("glossary", "Glossary", "📖"))


def pages(lessons) -> list:
    """Every page, in the sidebar's order: the home page, the lessons along the path, then the lecture being
    prepared (Lecture), the notes they draw on (Sources) and the words they use (Glossary)."""
    return [home_page(), *(lesson_page(lesson) for lesson in lessons), *(book_page(path) for path, _, _ in BOOKS)]


def book_page(path: str):
    """One of the pages after the lessons (BOOKS), by its path."""
    _, title, icon = next(b for b in BOOKS if b[0] == path)
    return st.Page(f"../pages/{path}.py", title=title, icon=icon, url_path=path)


def url_paths(lessons) -> list[str]:
    """The last part of each page's address, in :func:`pages`' order ("" for the home page)."""
    return ["", *(lesson.slug for lesson in lessons), *(path for path, _, _ in BOOKS)]


GOAL_KEY = "lesson-goal"
#: On a wide screen the goal sits in the room under the heading's words (the heading's bottom padding and the gap
#: under its row, 32 px), out of the flow: in it, it pushed Back/Step/Play and /pla's scrubber 22 px lower, to
#: 735 px on a 720 px projector. Narrower, where it may wrap, it takes its own place.
GOAL_CSS = ("<style>@media (min-width:1200px){"
            f"[data-testid=stColumn]:has(.st-key-{GOAL_KEY}){{position:relative}}"
            # as when the heading is the column's last element: its bottom padding hangs below the row
            f"[data-testid=stColumn]:has(.st-key-{GOAL_KEY}) [data-testid=stElementContainer]:has(h3)"
            "{margin-bottom:-1rem}"
            f".st-key-{GOAL_KEY}{{position:absolute;top:2.75rem;left:0;right:0}}"
            f".st-key-{GOAL_KEY} p{{line-height:1.25}}}}</style>")


def goal(where, lesson) -> None:
    """The lesson's goal, one sentence, under its heading (a lesson off the path, e.g. a test's, has none)."""
    if not lesson.goal:
        return
    with where.container(key=GOAL_KEY):
        st.html(GOAL_CSS)  # a style only: Streamlit gives it no place on the page
        st.caption(md(lesson.goal))


#: A page reached by a link opens at its top. Streamlit keeps the main column's scroll while the new page replaces
#: the old one, so a lesson reached by "Next →" at the bottom of a long one could open scrolled to its end (seen in
#: the browser walk: /online arrived scrolled, its heading out of view for 30 s). Done once per page visit, so a
#: rerun never scrolls a reader away from where they are. The script names its page: the same HTML on two pages
#: would be kept by Streamlit's frontend as one element across the switch, and never run on the second page.
TO_TOP = """<script>((page) => {
  const main = document.querySelector("[data-testid=stMain]");
  if (!main || window.__plaShownPage === page) return;
  window.__plaShownPage = page;
  const top = () => { main.scrollTop = 0; window.scrollTo(0, 0); };  // a phone may scroll the document itself
  main.style.overflowAnchor = "none";
  top();
  requestAnimationFrame(top);
})(%s);</script>"""


def to_top(page: str) -> None:
    """At the end of ``page`` (a lesson's slug, "" for home): open it at its top when it is reached from another."""
    st.html(TO_TOP % json.dumps(page), unsafe_allow_javascript=True, width="content")


def prev_next(lesson) -> None:
    """At the end of a lesson: "← previous" and "next →" along the path (the first lesson's previous is the home
    page; the last lesson's next is the home page too, where the path is listed). A lesson off the path has none."""
    if lesson.neighbours is None:
        return
    before, after = lesson.neighbours
    to_top(lesson.slug)
    st.divider()
    left, right = st.columns(2)
    with left:
        page = lesson_page(before) if before else home_page()
        title = before.title if before else HOME_TITLE
        st.page_link(page, label=md(f"← Previous: {title}"))
    with right:
        page = lesson_page(after) if after else home_page()
        title = after.title if after else f"{HOME_TITLE} (the path)"
        st.page_link(page, label=md(f"Next: {title} →"))
