"""The server's Streamlit settings that the app's correctness rests on (.streamlit/config.toml, read by every way the
app is started: `streamlit run app.py`, deploy/start.sh's replicas, the test servers)."""

from __future__ import annotations

import tomllib
from pathlib import Path

CONFIG = Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml"


def test_one_script_thread_per_session():
    """Fast reruns start a second ScriptRunner on a session's state while the first is still stopping, each behind
    its own lock; a full suite run logged Streamlit's "dictionary changed size during iteration" from its callbacks
    that way (the page shows such an exception). The app needs them off."""
    assert tomllib.loads(CONFIG.read_text())["runner"]["fastReruns"] is False
