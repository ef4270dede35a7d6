"""Where the class's store is (pla_lab.framework.classes.url), as a deployment sets it: PLA_LAB_CLASS_DB first, then
Streamlit's st.connection("sql") convention (``[connections.sql]`` in .streamlit/secrets.toml), else a SQLite file
under PLA_LAB_DATA (by default .pla-lab/ where the app runs). Each case in a process of its own, in a folder of its own,
as the app would be started there."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOW = ("from pla_lab.framework import classes\n"
        "s = classes.store()\n"
        "print(s.engine.url.render_as_string(hide_password=False))\n"
        "room = s.open_room('/pla')\n"
        "print(s.view(room.id)['code'] == room.code)\n")


def store_in(folder: pathlib.Path, secrets: str | None = None, **env) -> list[str]:
    if secrets is not None:
        (folder / ".streamlit").mkdir()
        (folder / ".streamlit" / "secrets.toml").write_text(secrets)
    environ = {k: v for k, v in os.environ.items() if k not in ("PLA_LAB_CLASS_DB", "PLA_LAB_DATA")}
    environ.update(PYTHONPATH=str(ROOT), HOME=str(folder), **env)
    done = subprocess.run([sys.executable, "-c", SHOW], cwd=folder, env=environ, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split()


def test_by_default_a_sqlite_file_where_the_app_runs(tmp_path):
    assert store_in(tmp_path) == [f"sqlite:///{tmp_path}/.pla-lab/class.sqlite", "True"]
    assert (tmp_path / ".pla-lab" / "class.sqlite").is_file()


def test_pla_lab_data_moves_the_file(tmp_path):
    assert store_in(tmp_path, PLA_LAB_DATA=str(tmp_path / "d")) == [f"sqlite:///{tmp_path}/d/class.sqlite", "True"]


def test_streamlit_secrets_connections_sql(tmp_path):
    db = tmp_path / "from-secrets.db"
    assert store_in(tmp_path, f'[connections.sql]\nurl = "sqlite:///{db}"\n') == [f"sqlite:///{db}", "True"]


def test_the_environment_comes_first(tmp_path):
    db = tmp_path / "from-env.db"
    secrets = f'[connections.sql]\nurl = "sqlite:///{tmp_path}/from-secrets.db"\n'
    assert store_in(tmp_path, secrets, PLA_LAB_CLASS_DB=f"sqlite:///{db}") == [f"sqlite:///{db}", "True"]
