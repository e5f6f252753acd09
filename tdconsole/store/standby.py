"""A replicated PostgreSQL (docs/OPERATIONS.md): which of a multi-host URL's servers is the primary,
whether its standby is in sync and how far behind, and promoting the standby when the primary is
gone (`db status`, `db promote`).

Each server is asked on a connection of its own (`target_session_attrs=any`: a standby answers
too), with a short connect timeout: a server that is gone is said to be down, not waited for.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from sqlalchemy import Engine

from tdconsole.store.db import StoreError, server_names, servers

Role = Literal["primary", "standby", "down"]

# A server that does not answer within this long is down: `db status` must answer while one is.
CONNECT_SECONDS = 3
# How long `db promote` waits for the standby to finish its recovery and take writes.
PROMOTE_SECONDS = 60


class Server(NamedTuple):
    address: str  # host:port
    role: Role
    error: str  # why it is down; "" otherwise


class Standby(NamedTuple):
    """A standby as its primary sees it (pg_stat_replication)."""

    name: str  # application_name
    address: str  # the standby's client address
    state: str  # streaming, catchup, ...
    sync: str  # sync, async, potential, quorum
    lag_bytes: int | None  # the WAL the primary wrote that the standby has not replayed
    lag_seconds: float | None  # replay_lag: how long ago the last replayed commit was made


class ClusterStatus(NamedTuple):
    servers: list[Server]
    standbys: list[Standby]  # as the primary sees them (none when no primary answers)
    synchronous: str  # the primary's synchronous_standby_names ("" : commits wait for no standby)

    @property
    def primaries(self) -> list[str]:
        return [server.address for server in self.servers if server.role == "primary"]

    @property
    def in_sync(self) -> bool:
        return any(standby.sync == "sync" and standby.state == "streaming" for standby in self.standbys)


def _connect(engine: Engine, host: str, port: int) -> Any:
    import psycopg

    _args, kwargs = engine.dialect.create_connect_args(engine.url)
    kwargs.update(host=host, port=str(port), target_session_attrs="any", connect_timeout=CONNECT_SECONDS)
    kwargs.pop("context", None)
    return psycopg.connect(**kwargs, autocommit=True)


def _ask(engine: Engine, host: str, port: int) -> tuple[Server, list[Standby], str]:
    import psycopg

    address = f"{host}:{port}"
    try:
        with _connect(engine, host, port) as connection:
            if connection.execute("SELECT pg_is_in_recovery()").fetchone()[0]:
                return Server(address, "standby", ""), [], ""
            rows = connection.execute(
                "SELECT coalesce(application_name, ''), coalesce(host(client_addr), 'local'), "
                "coalesce(state, ''), coalesce(sync_state, ''), "
                "pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint, "
                "extract(epoch FROM replay_lag)::float8 FROM pg_stat_replication "
                "ORDER BY application_name").fetchall()
            names = connection.execute("SELECT current_setting('synchronous_standby_names')").fetchone()[0]
    except psycopg.Error as error:
        first = (str(error).splitlines() or [""])[0]
        return Server(address, "down", first.rsplit("failed: ", 1)[-1].strip()), [], ""
    standbys = [Standby(name, client, state, sync, None if lag is None else int(lag),
                        None if seconds is None else float(seconds))
                for name, client, state, sync, lag, seconds in rows]
    return Server(address, "primary", ""), standbys, str(names)


def cluster_status(engine: Engine) -> ClusterStatus:
    """Every server of the store's URL asked what it is; the primary's standbys as it sees them."""
    found: list[Server] = []
    standbys: list[Standby] = []
    synchronous = ""
    for host, port in servers(engine.url):
        server, seen, names = _ask(engine, host, port)
        found.append(server)
        if server.role == "primary" and not standbys:
            standbys, synchronous = seen, names
    return ClusterStatus(found, standbys, synchronous)


def promote(engine: Engine) -> tuple[str, ClusterStatus]:
    """Promote the standby of the store's URL to primary, only while no primary answers (two
    primaries would split the evening in two logs), then let it commit without a standby of its
    own (synchronous_standby_names = ''): with none connected it would wait for one at every
    commit. Returns the server promoted and the status before."""
    before = cluster_status(engine)
    if len(servers(engine.url)) < 2:
        raise StoreError("db promote needs the database URL with both servers (host=A:PORT&host=B:PORT"
                         "&target_session_attrs=read-write, docs/OPERATIONS.md)")
    if before.primaries:
        raise StoreError("{server} is the primary and answers: promoting the standby would make a "
                         "second primary; stop {server} first if it must be replaced",
                         server=before.primaries[0])
    standby = next((server for server in before.servers if server.role == "standby"), None)
    if standby is None:
        raise StoreError("no server of {servers} answers as a standby; nothing to promote",
                         servers=server_names(engine.url))
    host, _colon, port = standby.address.rpartition(":")
    import psycopg

    try:
        with _connect(engine, host, int(port)) as connection:
            done = connection.execute("SELECT pg_promote(true, %s)", (PROMOTE_SECONDS,)).fetchone()[0]
            if not done:
                raise StoreError("{server} did not finish its promotion within {seconds} s; look at its "
                                 "log", server=standby.address, seconds=PROMOTE_SECONDS)
            connection.execute("ALTER SYSTEM SET synchronous_standby_names = ''")
            connection.execute("SELECT pg_reload_conf()")
    except psycopg.Error as error:
        raise StoreError("{server}: the promotion failed ({reason})", server=standby.address,
                         reason=(str(error).splitlines() or [""])[0]) from None
    return standby.address, before
