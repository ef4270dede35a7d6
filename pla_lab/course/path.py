"""The path through the lessons, read from the registry (:mod:`pla_lab.lessons`, whose order is the teaching order
and whose docstring says why): for each lesson one line, what it needs first, about how many minutes it takes and
its goal, as each lesson declares them. Plain data: no Streamlit, no Plotly."""

from __future__ import annotations

from dataclasses import dataclass

from pla_lab.framework import nav
from pla_lab.lessons import LESSONS


@dataclass(frozen=True)
class Stop:
    """One lesson on the path: ``line`` says what it shows, ``needs`` what to have seen first (words), ``minutes``
    about how long it takes, ``goal`` the one sentence the lesson opens with."""

    slug: str
    line: str
    needs: str
    minutes: int
    goal: str


PATH: tuple[Stop, ...] = tuple(Stop(lesson.slug, lesson.summary, lesson.needs, lesson.minutes, lesson.goal)
                               for lesson in LESSONS if lesson.goal)

#: The path's stops by slug, and the lessons by slug.
STOPS: dict[str, Stop] = {s.slug: s for s in PATH}
BY_SLUG = {lesson.slug: lesson for lesson in LESSONS}


def server_pages() -> tuple[list[str], list[str], list[str]]:
    """For the server's head script (pla_lab.framework.server): the last part of every page's address, the slugs of
    the lessons that step (whose plot takes → ← and Space), and every lesson's (where a lecturer's tab's class goes
    back in the address)."""
    return (nav.url_paths(LESSONS), [lesson.slug for lesson in LESSONS if hasattr(lesson, "plot_height")],
            [lesson.slug for lesson in LESSONS])


def total_minutes() -> int:
    return sum(s.minutes for s in PATH)


def readme_table() -> str:
    """README's table of the path, as ``python -m pla_lab.course.path`` prints it: the README keeps a copy, which
    tests/ui/test_home.py holds to this (paste it again after adding or moving a lesson)."""
    rows = [f"| {i} | **{BY_SLUG[s.slug].title}** (`/{s.slug}`) | {s.line} | {s.needs} | {s.minutes} min |"
            for i, s in enumerate(PATH, 1)]
    return "\n".join(["| # | Lesson | What it shows | Needs first | About |", "|---|---|---|---|---|", *rows,
                      "", f"About {total_minutes()} minutes in all."])


if __name__ == "__main__":
    print(readme_table())
