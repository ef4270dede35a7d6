"""A setting a lesson owns stays in that lesson (issue 33): a link (or a reload, or the theme switch, which loads
the page again) of a lesson whose own options are named like a sidebar setting (the Pocket's ``order``, Runs
compared's ``eta``, ``seed``…, gradient descent's ``eta``, the Experiments' ``order`` and ``cap``) must not set the
sidebar's value, so every other lesson visited afterwards runs exactly as in a session that never saw that link.

The lessons that own such keys are found from the registry, so a new one is checked without being named here."""

from __future__ import annotations

import pytest

from pla_lab.framework import settings as S
from pla_lab.lessons import LESSONS
from tests.ui.helpers import markdown, plot, start, url

pytestmark = pytest.mark.xdist_group("own-settings")


#: Each lesson whose link carries a key the sidebar also has, with the value its link gives that key here: not
#: the sidebar's default (a value equal to it would hide the leak)
OWNERS = {lesson.slug: sorted(set(lesson.state.link_keys()) & set(S.SETTINGS)) for lesson in LESSONS}
OWNERS = {slug: keys for slug, keys in OWNERS.items() if keys}
ODD = {"order": "random", "eta": "0.5", "seed": "7", "sign0": "+1", "w0": "1,1,1", "cap": "77"}
WALK = [lesson for lesson in LESSONS if "pts" in lesson.state.fields]


def _page(slug: str) -> str:
    return f"../pages/{slug}.py"


def _seen(at) -> tuple:
    """What a run on the page depends on, as a user gets it: the run the plot draws (its id hashes the points, the
    settings and the options), its length, and the page's words."""
    data = plot(at)
    words = "\n".join(line for line in markdown(at).splitlines() if not line.startswith("<style>"))
    return data["run"], data["T"], words


def _sidebar(at) -> dict:
    """The sidebar's setting widgets' values, as a user sees them."""
    return {w.label: w.value for w in (*at.sidebar.selectbox, *at.sidebar.number_input, *at.sidebar.text_input)}


def test_owners_are_found():
    """The registry's lessons that own a sidebar key (the issue names the Pocket's order)."""
    assert "order" in OWNERS["pocket"]
    assert set(OWNERS) >= {"pocket", "compare", "sgd"}


@pytest.fixture(scope="module")
def fresh() -> dict:
    """Each lesson with points as a session that opened only it shows it, and the sidebar it draws."""
    out = {}
    for lesson in WALK:
        at = start(page=_page(lesson.slug))
        out[lesson.slug] = (_seen(at), _sidebar(at))
    return out


@pytest.mark.parametrize("owner", sorted(OWNERS))
def test_a_lessons_link_leaves_the_other_lessons_runs_alone(owner, fresh):
    keys = OWNERS[owner]
    at = start({k: ODD[k] for k in keys}, page=_page(owner))
    assert {k: url(at)[k] for k in keys} == {k: ODD[k] for k in keys}  # the lesson took its own values
    for lesson in WALK:
        if lesson.slug == owner:
            continue
        at.switch_page(_page(lesson.slug))
        at.run()
        assert not at.exception, at.exception
        seen, sidebar = fresh[lesson.slug]
        assert _sidebar(at) == sidebar, f"after {owner}'s link, /{lesson.slug}'s sidebar differs"
        assert _seen(at) == seen, f"after {owner}'s link, /{lesson.slug} runs differently"
