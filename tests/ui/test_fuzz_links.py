"""Fuzzing every lesson's link reader: generated query strings (hostile Markdown and HTML, odd numbers, damaged and
oversized points, unicode and control characters, unknown keys, wrong versions) never raise, every refused value
gets a message, and every link the app writes reopens unchanged. The readers are called directly (fast); a few
hostile links per lesson then go through the whole app (AppTest). The generators are in tests/ui/linkfuzz.py;
benchmarks/fuzz_links.py runs 10,000 cases per lesson."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings

from pla_lab.framework.settings import about
from pla_lab.framework.shared import SHARED
from pla_lab.words.text import literal

from . import linkfuzz as F
from .helpers import LESSONS, start, url, warnings

PAGES = {slug: f"../pages/{slug}.py" for slug in LESSONS}


@pytest.mark.parametrize("slug", LESSONS)
def test_generated_links_never_raise_always_say_what_was_refused_and_reopen_unchanged(slug):
    lesson = LESSONS[slug]

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                      HealthCheck.data_too_large])
    @given(F.params(lesson))
    def check(params):
        bad, _ = F.failures(lesson, params)
        assert not bad, bad

    check()


@pytest.mark.parametrize("slug", LESSONS)
def test_every_hostile_value_of_every_key_is_refused_in_words_shown_as_text(slug):
    tables = (SHARED, LESSONS[slug].state)
    for payload in F.HOSTILE:
        for key in F.keys_of(tables):
            opened = F.Opened(LESSONS[slug], {key: payload})
            told = [p for p in opened.problems if about(p, key)]
            assert told, (key, payload)
            for p in told:
                shown = literal(p)
                assert "\n" not in shown and _literal(shown), shown


def _literal(shown: str) -> bool:
    """Whether every ASCII punctuation character in Markdown text is escaped (so all of it is shown as text)."""
    return re.search(r"[!-/:-@\[-`{-~]", re.sub(r"\\[!-/:-@\[-`{-~]", "", shown)) is None


def _hostile_links(slug):
    """Three links per lesson, each with every key it reads set to one hostile value, and an unknown key besides. The
    three are drawn with the lesson's slug as the seed (a str seed is hashed the same in every process): a lesson's
    inputs depend on nothing but itself, so adding a lesson changes no other lesson's test."""
    return random.Random(slug).sample(F.HOSTILE, 3)


@pytest.mark.parametrize("slug,payload", [(slug, p) for slug in LESSONS for p in _hostile_links(slug)])
def test_a_hostile_link_opens_with_one_literal_warning_per_key_and_its_rewrite_reopens_clean(slug, payload):
    keys = F.keys_of((SHARED, LESSONS[slug].state))
    at = start({**{k: payload for k in keys}, "<b>k</b>": payload}, PAGES[slug])
    for k in keys:
        shown = [w.value for w in at.warning if about(re.sub(r"\\(.)", r"\1", w.value), k)]
        assert len(shown) == 1, (k, shown)  # a key the lesson and the sidebar both read: said once
        assert _literal(shown[0]) and "\n" not in shown[0], shown[0]
    assert "<b>k</b>" not in url(at) and payload not in url(at).values()
    again = start(url(at), PAGES[slug])
    assert not again.warning, warnings(again)
    assert url(again) == url(at)
