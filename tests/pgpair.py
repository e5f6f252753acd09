"""Two throw-away PostgreSQL servers on loopback, a primary and a hot standby that it replicates to
synchronously (a commit is acknowledged once the standby has it): docs/OPERATIONS.md's festival set
up in a temporary directory, for the failover test (tests/store/test_failover.py).

The standby is made as docs/OPERATIONS.md makes it: `pg_basebackup -R` from the running primary
(which writes `standby.signal` and the primary's address). `crash_primary` is the machine that
holds the primary dying: SIGKILL to the postmaster and every process it started, nothing flushed or
said goodbye to.
"""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path

from tests.pgserver import PgServer

# The primary's replication settings, as docs/OPERATIONS.md gives them (fsync off: the test kills
# processes, never the machine, and the page cache outlives them).
PRIMARY = ("-c wal_level=replica -c max_wal_senders=5 -c synchronous_commit=on "
           "-c synchronous_standby_names=* -c fsync=off -c full_page_writes=off")
STANDBY = "-c hot_standby=on -c fsync=off -c full_page_writes=off"


class PgPair:
    def __init__(self, bindir: Path) -> None:
        self.primary = PgServer(bindir, durable=True, options=PRIMARY)
        self.standby = PgServer(bindir, durable=True, options=STANDBY)

    def start(self) -> PgPair:
        self.primary.start()
        self.standby.run("pg_basebackup", "-D", str(self.standby.data), "-h", "127.0.0.1",
                         "-p", str(self.primary.port), "-U", "postgres", "-R", "-X", "stream",
                         "--no-sync", "-d", "application_name=standby")
        self.standby.resume()
        return self

    def url(self, database: str) -> str:
        """The multi-host URL every terminal is given: whichever of the two takes writes."""
        return (f"postgresql+psycopg://postgres@/{database}?host=127.0.0.1:{self.primary.port}"
                f"&host=127.0.0.1:{self.standby.port}&target_session_attrs=read-write")

    def crash_primary(self) -> None:
        pid = int((self.primary.data / "postmaster.pid").read_text().split()[0])
        for child in _children(pid):
            _kill(child)
        _kill(pid)
        (self.primary.data / "postmaster.pid").unlink(missing_ok=True)  # `stop` finds it halted

    def stop(self) -> None:
        try:
            self.standby.stop()
        finally:
            self.primary.stop()


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
