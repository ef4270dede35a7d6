import os
import pathlib
import sys
import tempfile

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
# The class's store (pla_lab.framework.classes) of the tests and the servers they start: a SQLite file of their own, not
# the checkout's .pla-lab/ (each pytest worker has its own folder, which the servers it starts inherit)
os.environ.setdefault("PLA_LAB_DATA", tempfile.mkdtemp(prefix="pla-lab-data-"))

# The browser fixtures (a real server, headless Chromium), for tests/e2e and a lesson's browser tests in tests/lessons.
from tests.browser import browser, context, no_server_errors, plot, server, server_proc  # noqa: E402, F401


def pytest_collection_modifyitems(config, items):
    """Every test that drives Chromium (the ``browser`` fixture, directly or through ``context``/``plot``) is marked
    ``browser``, so ``python -m pytest -m "not browser"`` runs every test that needs no browser: the fast loop."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
