import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

# The browser fixtures (a real server, headless Chromium), for tests/e2e and a lesson's browser tests in tests/lessons.
from tests.browser import browser, context, no_server_errors, plot, server, server_proc  # noqa: E402, F401
