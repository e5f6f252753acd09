"""A throw-away PostgreSQL server for the test run: initdb in a temporary directory, on loopback.

One per pytest process: with pytest-xdist each worker has its own server, data directory, socket
directory and port, so workers share nothing (the databases in it are named by pid as well).

PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user (or `nobody`).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

START_ATTEMPTS = 3

# The server's files live in memory (/dev/shm) where the machine has it with room to spare: a run
# makes a database per test, some 25,000 files a worker, and deleting those from a busy disk at the
# end of the run took longer than a minute. Elsewhere, the system's temporary directory.
MEMORY = Path("/dev/shm")
MEMORY_NEEDED = 4 << 30


def _data_parent() -> str | None:
    try:
        free = os.statvfs(MEMORY)
    except OSError:
        return None
    return str(MEMORY) if free.f_bavail * free.f_frsize >= MEMORY_NEEDED else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PgServer:
    def __init__(self, bindir: Path, *, durable: bool = False, on_disk: bool = False) -> None:
        # Not durable (the default): quicker, and what a test that never stops the server needs.
        # A test that halts the server as a crash would needs what was committed to survive it.
        # On disk: a benchmark times the commit a club's server makes, its fsync to a disk included.
        self.durable = durable
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="tdconsole-pg-", dir=None if on_disk else _data_parent()))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user = None
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            self.user = "postgres" if _user_exists("postgres") else "nobody"
            shutil.chown(self.root, user=self.user)
            self.root.chmod(0o700)

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.root)

    def start(self) -> PgServer:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                  "--no-sync")
        return self.resume()

    def halt(self) -> None:
        """Stop the server as a crash would (immediate shutdown), keeping its data: `resume`."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def resume(self) -> PgServer:
        """Start the server on its data directory (after `start` made it, or after `halt`)."""
        # Under pytest-xdist every worker starts its own server. A free port is only free until
        # somebody binds it: another worker's server (or any process) may take it between the
        # probe and the start, so a start that fails tries again on a fresh port.
        attempts_left = START_ATTEMPTS
        while True:
            options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1"
            if not self.durable:
                options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            try:
                self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"),
                          "-w", "-t", "60", "start")
                return self
            except subprocess.CalledProcessError:
                attempts_left -= 1
                if not attempts_left:
                    raise
                self.port = _free_port()

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():  # not halted
                self.halt()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def _user_exists(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
