"""The SQLite mirror in words (store/mirror.py keeps it): one line for a mirror that does not hold
every command, and `db mirror status`'s view."""

from __future__ import annotations

from typing import Any

from tdconsole.i18n import _
from tdconsole.store.mirror import AHEAD, BEHIND, GONE, MirrorStatus


def mirror_line(status: MirrorStatus) -> str:
    """Where the mirror is and why it does not hold every command, as the TD reads it at once."""
    if status.reason == GONE:
        why = _("it is gone (no such file, or its disk is not there)")
    elif status.reason == BEHIND:
        why = _("it is {count} commits behind").format(count=status.behind)
    elif status.reason == AHEAD:
        why = _("it is not a copy of this database (restored under it?)")
    else:
        why = _("it cannot be written: {reason}").format(reason=status.reason)
    return _("MIRROR BEHIND: {path}: {why}; the commands since are only in {database}, and the "
             "mirror catches up once it can be written again").format(
                 path=status.mirror, why=why, database=status.database)


def mirror_view(status: MirrorStatus) -> dict[str, Any]:
    """`db mirror status --json`: a contract, keys only added."""
    return {"database": status.database, "mirror": status.mirror, "in_step": status.in_step,
            "generation": {"database": status.database_generation, "mirror": status.mirror_generation},
            "behind": status.behind, "reason": status.reason}


def mirror_status_line(status: MirrorStatus) -> str:
    if status.in_step:
        return _("Mirror {path} holds every command of {database} (generation {generation})").format(
            path=status.mirror, database=status.database, generation=status.database_generation)
    return mirror_line(status)
