"""The automatic backups of a SQLite database, taken by the TD's console: the terminal that runs
the clock all evening. Every `TICK_SECONDS` it asks `BackupSchedule` (store/backups.py) whether one
is due, handing it the tournament time that passed (the service's clock, as every screen reads it)
and the clock's reading; a backup due is taken in a worker thread, so the screen never waits for
the disk. A backup that fails is told once, in one line, until one succeeds again."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from tdconsole.domain.errors import TdError
from tdconsole.i18n import _
from tdconsole.store.backups import BackupSchedule, kept, take
from tdconsole.store.db import sqlite_path
from tdconsole.views.tournament import clock_view

if TYPE_CHECKING:
    from tdconsole.tui.service_app import ServiceApp

TICK_SECONDS = 10.0


class AutomaticBackups:
    def __init__(self, app: ServiceApp, source: Path) -> None:
        self.app = app
        self.source = source
        self.schedule = BackupSchedule()
        self.seen: datetime = app.service.now()
        self.taken: list[Path] = []  # this evening's, newest last
        self.failing = False

    @classmethod
    def start(cls, app: ServiceApp) -> AutomaticBackups | None:
        """Backups for the TD's console on a SQLite file (PostgreSQL's are the server's: pg_dump)."""
        source = sqlite_path(app.service.store.engine)
        if app.service.role != "td" or source is None:
            return None
        backups = cls(app, source)
        app.set_interval(TICK_SECONDS, backups.tick)
        return backups

    def tick(self) -> None:
        service = self.app.service
        now = service.now()
        seconds = max(0.0, (now - self.seen).total_seconds())
        self.seen = now
        view = clock_view(service.state, now)
        self.schedule, reason = self.schedule.tick(seconds, running=view.running, on_break=view.on_break,
                                                   period=view.period)
        if reason is not None:
            self.app.run_worker(lambda: self.take(reason, now), thread=True, group="backups")

    def take(self, reason: str, now: datetime) -> None:
        """In a worker thread: one backup, and the oldest beyond the setting deleted."""
        try:
            self.taken.append(take(self.source, reason, now, kept()))
            self.failing = False
        except TdError as error:
            if not self.failing:
                self.failing = True
                self.app.notify(_("The automatic backup failed: {error}").format(error=error),  # thread-safe
                                severity="error", timeout=15, markup=False)
