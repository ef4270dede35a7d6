"""The phone's half of test_no_exception_browser.py: every lesson at 390×844 (touch), in normal and presenter mode,
opened, stepped and scrolled to the bottom, shows no exception and the server logs none."""

from __future__ import annotations

import pytest

from .test_no_exception_browser import walk


@pytest.mark.parametrize("present", [False, True], ids=["normal", "present"])
def test_every_lesson_on_a_phone_stepped_and_scrolled_to_the_bottom_shows_no_exception(server, browser, present):
    walk(server, browser, "phone", present)
