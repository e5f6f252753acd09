"""The second copy in words (docs/OPERATIONS.md): one line for a SQLite mirror that does not hold
every command (store/mirror.py), `db mirror status`'s view, and one line for a failover of a
replicated PostgreSQL."""

from __future__ import annotations

from typing import Any

from tdconsole.i18n import _
from tdconsole.store.mirror import AHEAD, BEHIND, GONE, MirrorStatus
from tdconsole.store.standby import ClusterStatus


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


def server_moved_line(previous: str, server: str) -> str:
    """A terminal, the display or `serve` writes to another PostgreSQL server than before."""
    return _("The database is now at {server} (it was at {previous}): the standby took over; this "
             "terminal carries on").format(server=server, previous=previous)


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


def cluster_view(status: ClusterStatus) -> dict[str, Any]:
    """`db status --json` on PostgreSQL: a contract, keys only added."""
    return {
        "servers": [{"server": server.address, "role": server.role, "error": server.error}
                    for server in status.servers],
        "primary": status.primaries[0] if status.primaries else None,
        "in_sync": status.in_sync,
        "synchronous_standby_names": status.synchronous,
        "standbys": [{"name": standby.name, "address": standby.address, "state": standby.state,
                      "sync": standby.sync, "lag_bytes": standby.lag_bytes,
                      "lag_seconds": standby.lag_seconds} for standby in status.standbys],
    }


def cluster_lines(status: ClusterStatus) -> list[str]:
    """`db status` on PostgreSQL as the TD's IT person reads it: each server, then the standby."""
    roles = {"primary": _("primary (takes writes)"), "standby": _("standby (read-only, replaying)")}
    lines = [_("{server}: {role}").format(server=server.address, role=roles[server.role])
             if server.role != "down" else
             _("{server}: down ({reason})").format(server=server.address, reason=server.error)
             for server in status.servers]
    if len(status.primaries) > 1:
        lines.append(_("TWO PRIMARIES: {servers}; stop the one the terminals left (docs/OPERATIONS.md)")
                     .format(servers=", ".join(status.primaries)))
    if not status.primaries:
        lines.append(_("No primary answers: the terminals wait; if it is gone, promote the standby: "
                       "tdconsole db promote"))
        return lines
    for standby in status.standbys:
        lag = "?" if standby.lag_bytes is None else str(standby.lag_bytes)
        seconds = "0" if standby.lag_seconds is None else f"{standby.lag_seconds:.3f}"
        lines.append(_("Standby {name} at {address}: {state}, {sync}; behind by {lag} bytes "
                       "({seconds} s)").format(name=standby.name, address=standby.address,
                                               state=standby.state, sync=standby.sync, lag=lag,
                                               seconds=seconds))
    if status.in_sync:
        lines.append(_("In sync: every command is on the standby before it is done"))
    elif status.synchronous:
        lines.append(_("NO STANDBY IN SYNC: every command waits for one ({names}); start the standby, "
                       "or let the primary run alone (docs/OPERATIONS.md)").format(names=status.synchronous))
    else:
        lines.append(_("The primary runs alone: no standby in sync (docs/OPERATIONS.md)"))
    return lines
