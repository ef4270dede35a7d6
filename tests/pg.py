"""A throwaway PostgreSQL cluster for the tests (Debian's postgresql, off the PATH; initdb and pg_ctl as the postgres
user, a Unix socket in a temporary folder): no mock of the database. It can be stopped and started again with its
data (the class store's fault tests: the store unreachable for 10 s)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile

import pytest


class Postgres:
    def __init__(self, initdb: str, pg_ctl: str):
        self.folder = tempfile.mkdtemp(prefix="pla-pg-")
        shutil.chown(self.folder, "postgres") if os.geteuid() == 0 else None
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.as_pg = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.pg_ctl, self.data = pg_ctl, f"{self.folder}/data"
        subprocess.run(self.as_pg + [initdb, "-D", self.data, "-A", "trust", "-U", "postgres"], check=True,
                       capture_output=True)
        self.start()

    @property
    def url(self) -> str:
        """Its SQLAlchemy URL."""
        return f"postgresql+psycopg://postgres@/postgres?host={self.folder}&port={self.port}"

    def start(self) -> None:
        subprocess.run(self.as_pg + [self.pg_ctl, "-D", self.data, "-w", "-l", f"{self.folder}/log", "-o",
                                     f"-k {self.folder} -p {self.port} -c listen_addresses=''", "start"],
                       check=True, capture_output=True)

    def stop(self) -> None:
        """Down, as a crashed or unreachable server (its data kept: start() brings it back)."""
        subprocess.run(self.as_pg + [self.pg_ctl, "-D", self.data, "-m", "immediate", "-w", "stop"],
                       capture_output=True)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def postgres() -> Postgres:
    """A new cluster, started; skipped where this machine has no PostgreSQL (failed in CI, which installs it)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
    where = os.pathsep.join([os.environ.get("PATH", ""), *found[-1:]])
    initdb, pg_ctl = shutil.which("initdb", path=where), shutil.which("pg_ctl", path=where)
    if not (initdb and pg_ctl):
        if os.environ.get("PLA_LAB_REQUIRE_BROWSER"):
            pytest.fail("PostgreSQL is missing but required in CI (apt-get install -y postgresql)")
        pytest.skip("no PostgreSQL on this machine")
    return Postgres(initdb, pg_ctl)
