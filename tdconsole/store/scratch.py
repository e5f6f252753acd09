"""Two scratch PostgreSQL servers on loopback, a primary and its synchronous hot standby, as
docs/OPERATIONS.md sets them up: what `tdconsole drill --standby` rehearses a failover on, and
the failover test's servers (tests/store/test_failover.py). Made in a temporary directory with the
machine's own PostgreSQL programs (initdb, pg_ctl, pg_basebackup: Debian's `postgresql` package), listening on
127.0.0.1 only, and removed afterwards.

PostgreSQL refuses to run as root, so as root the servers run as the `postgres` user.
`crash_primary` is the machine that holds the primary dying: SIGKILL to the postmaster and every
process it started, nothing flushed or said goodbye to.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
from pathlib import Path

from tdconsole.store.db import StoreError

# The primary's replication settings, as docs/OPERATIONS.md gives them (fsync off: a scratch server
# is killed as a process, never as a machine, and the page cache outlives it).
PRIMARY = ("-c wal_level=replica -c max_wal_senders=5 -c synchronous_commit=on "
           "-c synchronous_standby_names=standby -c fsync=off -c full_page_writes=off")
STANDBY = "-c hot_standby=on -c fsync=off -c full_page_writes=off"
START_SECONDS = 60
START_ATTEMPTS = 3


def find_bindir() -> Path | None:
    """Where the PostgreSQL server's programs are (pg_config's, else Debian's newest)."""
    candidates = []
    if pg_config := shutil.which("pg_config"):
        out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        candidates.append(out.stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for candidate in candidates:
        if candidate and all((Path(candidate) / name).exists()
                             for name in ("initdb", "pg_ctl", "pg_basebackup")):
            return Path(candidate)
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ScratchPair:
    def __init__(self, bindir: Path | None = None) -> None:
        found = bindir or find_bindir()
        if found is None:
            raise StoreError("the drill needs PostgreSQL's server programs (initdb, pg_basebackup) on "
                             "this machine: apt-get install postgresql")
        self.bindir = found
        self.root = Path(tempfile.mkdtemp(prefix="tdconsole-scratch-pg-"))
        self.user: str | None = None
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            self.user = "postgres"
            shutil.chown(self.root, user=self.user)
        self.root.chmod(0o700)
        self.primary_port, self.standby_port = _free_port(), _free_port()

    @property
    def primary(self) -> Path:
        return self.root / "primary"

    @property
    def standby(self) -> Path:
        return self.root / "standby"

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.root, check=False)
        if done.returncode:
            lines = (done.stderr or done.stdout).strip().splitlines() or [""]
            raise StoreError("{program} failed: {reason}", program=args[0], reason=lines[-1])

    def _start(self, data: Path, port: int, options: str) -> int:
        """Start the server on `data` at `port`, or on a fresh port if another process took that
        one between the look and the start (tests run several at once); the port it listens on."""
        for attempt in range(START_ATTEMPTS):
            try:
                self._run("pg_ctl", "-D", str(data), "-o",
                          f"-p {port} -k {self.root} -c listen_addresses=127.0.0.1 {options}",
                          "-l", str(data.with_suffix(".log")), "-w", "-t", str(START_SECONDS), "start")
                return port
            except StoreError:
                if attempt == START_ATTEMPTS - 1:
                    raise
                port = _free_port()
        raise AssertionError("unreachable")

    def start(self) -> ScratchPair:
        """The primary (initdb), then the standby copied from it as docs/OPERATIONS.md copies it
        (`pg_basebackup -R -c fast`, named `standby`), streaming and in sync."""
        self._run("initdb", "-D", str(self.primary), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                  "--no-sync")
        self.primary_port = self._start(self.primary, self.primary_port, PRIMARY)
        self._run("pg_basebackup", "-D", str(self.standby), "-h", "127.0.0.1", "-p", str(self.primary_port),
                  "-U", "postgres", "-R", "-X", "stream", "-c", "fast", "--no-sync",
                  "-d", "application_name=standby")
        self.standby_port = self._start(self.standby, self.standby_port, STANDBY)
        return self

    def server_url(self, port: int, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{port}/{database}"

    def url(self, database: str) -> str:
        """The multi-host URL every terminal is given: whichever of the two takes writes."""
        return (f"postgresql+psycopg://postgres@/{database}?host=127.0.0.1:{self.primary_port}"
                f"&host=127.0.0.1:{self.standby_port}&target_session_attrs=read-write")

    def create_database(self, name: str) -> None:
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={self.primary_port} user=postgres dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')  # a name of the drill's, never input

    def crash_primary(self) -> None:
        """The primary's machine dies: SIGKILL to its postmaster and every process it started."""
        pid = int((self.primary / "postmaster.pid").read_text().split()[0])
        for child in _children(pid):
            _kill(child)
        _kill(pid)
        (self.primary / "postmaster.pid").unlink(missing_ok=True)

    def stop(self) -> None:
        """Both servers stopped as a crash would, and every file of theirs removed."""
        try:
            for data in (self.standby, self.primary):
                if (data / "postmaster.pid").exists():
                    with contextlib.suppress(StoreError):
                        self._run("pg_ctl", "-D", str(data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
