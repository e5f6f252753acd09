"""The tables. The events table is append-only; its key (tournament_id, seq) makes two writers race safely.

SQLAlchemy Core tables, not ORM classes: the store reads and writes rows with Core statements
only, and mapping classes costs every process its start-up (a scripted command is a new process:
the fast-CLI contract, benchmarks/bench_cli.py). Alembic's migrations/ define the schema; this is
its description for queries (and `metadata` for the checks of an interrupted first open).
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
)

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
}

metadata = MetaData(naming_convention=NAMING)


def _tournament_id(*, primary_key: bool = False) -> Column[int]:
    return Column("tournament_id", ForeignKey("tournaments.id", ondelete="RESTRICT"),
                  primary_key=primary_key, nullable=primary_key)


tournament_table = Table(
    "tournaments", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(200), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

event_table = Table(
    "events", metadata,
    _tournament_id(primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("time", DateTime(timezone=True), nullable=False),
    Column("actor", String(100), nullable=False),
    Column("command_id", String(64), index=True, nullable=False),
    Column("type", String(64), nullable=False),
    Column("payload", JSON, nullable=False),
    # The hash chain (store/ledger.py): the previous event's hash and this event's SHA-256 over its
    # canonical content, lower-case hex; the migration that added them chained the older logs.
    Column("prev_hash", String(64), nullable=False),
    Column("hash", String(64), nullable=False),
)

# The state of a tournament after event `seq` (whose chain hash is `hash`), as the fold of
# `version` wrote it (store/snapshots.py): derived data, never the record. A few of the newest are
# kept per tournament.
snapshot_table = Table(
    "snapshots", metadata,
    _tournament_id(primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("hash", String(64), nullable=False),
    Column("version", String(64), nullable=False),
    Column("state", LargeBinary, nullable=False),
)

# The tournament a command without `--tournament` acts on: one row, changed only by `use`.
current_tournament_table = Table(
    "current_tournament", metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    _tournament_id(),
    Column("changed_at", DateTime(timezone=True), nullable=True),
    Column("changed_by", String(100), nullable=True),
    CheckConstraint("id = 1", name="one_row"),
)

# What was done to the database rather than to a tournament (choosing the current one).
audit_table = Table(
    "audit_log", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("time", DateTime(timezone=True), nullable=False),
    Column("actor", String(100), nullable=False),
    Column("action", String(32), nullable=False),
    _tournament_id(),
    Column("detail", String(200), nullable=False),
)

# Who may log in to the web remote. Not an event: a PIN hash has no place in the tournament's
# log, and staff serve every tournament in the database.
staff_table = Table(
    "staff", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(100), nullable=False),
    # The name case-folded: "anna" and "Anna" are one staff member (unique).
    Column("key", String(100), unique=True, nullable=False),
    Column("role", String(16), nullable=False),
    Column("pin_hash", String(255), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# A staff member's logged-in phone. Only the token's SHA-256 is kept (a copy of the database logs
# nobody in); `pin_stamp` is a digest of the PIN hash it was opened with, so a new PIN ends it, and
# removing the member deletes it (the foreign key cascades).
web_session_table = Table(
    "web_sessions", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("staff_id", ForeignKey("staff.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("pin_stamp", String(64), nullable=False),
    Column("csrf", String(64), nullable=False),
    Column("expires", Float, nullable=False),  # seconds since the epoch
)

# The web remote's log-in guesses, one row per key a guess counts against ("address:IP",
# "name:KEY"), counted before its PIN is checked (store/login_counts.py): in the database, so a
# restart of `serve` keeps a lock-out. `in_window` is cleared once the guesses have locked their key
# out (they no longer count towards the next five, still towards a name's ten an hour).
login_guess_table = Table(
    "login_guesses", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(120), nullable=False, index=True),
    Column("at", Float, nullable=False),  # seconds since the epoch, as sessions
    Column("in_window", Boolean, nullable=False),
)

# A key locked out of log-in until `until` (seconds since the epoch).
login_lockout_table = Table(
    "login_lockouts", metadata,
    Column("key", String(120), primary_key=True),
    Column("until", Float, nullable=False),
)

# A club member. Not an event: members outlive tournaments. A tournament's log links an entry to
# a member by `number` (PlayerRegistered.member), so the number never changes; a member merged
# into another keeps their row, pointing at the one they are now (`merged_into`).
member_table = Table(
    "members", metadata,
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("name", String(60), nullable=False),
    # The name trimmed, NFC-normalised and case-folded: how `register NAME` finds the member.
    Column("name_key", String(60), index=True, nullable=False),
    Column("email", String(200), default="", nullable=False),
    Column("phone", String(50), default="", nullable=False),
    Column("note", String(500), default="", nullable=False),
    Column("banned", Boolean, default=False, nullable=False),
    Column("ban_reason", String(200), default="", nullable=False),
    Column("merged_into", ForeignKey("members.number", ondelete="RESTRICT"), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# A member's id in another program (`source` "td3": a TD3 player's UUID), so an import links the
# same player again by it whatever name the other program shows (actions/td3_import.py).
member_link_table = Table(
    "member_links", metadata,
    Column("source", String(20), primary_key=True),
    Column("external", String(100), primary_key=True),
    Column("member", ForeignKey("members.number", ondelete="CASCADE"), nullable=False),
)

# A league: its formula (a copy: editing the file later does not change the standings), its
# rules (best N, minimum events, tie-breaks) and, in `league_tournaments`, its tournaments.
league_table = Table(
    "leagues", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(100), nullable=False),
    Column("key", String(100), unique=True, nullable=False),  # the name case-folded
    Column("formula_key", String(100), nullable=False),
    Column("formula", JSON, nullable=False),
    Column("rules", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

league_tournament_table = Table(
    "league_tournaments", metadata,
    Column("league_id", ForeignKey("leagues.id", ondelete="CASCADE"), primary_key=True),
    _tournament_id(primary_key=True),
)

# The club's calendar: a tournament planned from a template for a moment (UTC, with the club's time
# zone it was planned in, so a weekly series keeps its local hour across summer time). One row per
# night (tdconsole/club/schedule.py); not an event of any log: the tournament does not exist yet.
schedule_table = Table(
    "schedule", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("template", String(100), nullable=False),
    Column("name", String(200), nullable=False),
    Column("starts_at", DateTime(timezone=True), nullable=False, index=True),
    Column("time_zone", String(100), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# A festival event: its flights (each a tournament with its own log) and its Day 2. Not an event
# of a log: it spans tournaments, like a league. Its settings are copied into each flight's and
# Day 2's own log when they are made (tdconsole/club/festivals.py).
festival_event_table = Table(
    "festival_events", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(100), nullable=False),
    Column("key", String(100), unique=True, nullable=False),  # the name case-folded
    Column("settings", JSON, nullable=False),
    Column("day2_id", ForeignKey("tournaments.id", ondelete="RESTRICT"), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

festival_flight_table = Table(
    "festival_flights", metadata,
    Column("event_id", ForeignKey("festival_events.id", ondelete="CASCADE"), nullable=False, index=True),
    _tournament_id(primary_key=True),
)

# The correction every terminal adds to the reference clock (PostgreSQL's server, or the machine
# that holds the SQLite file): 0 until a TD keeps the tournament clock through a step of that clock
# (store/time_base.py). One row, always there.
time_base_table = Table(
    "time_base", metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("correction", Float, nullable=False),
    Column("changed_at", DateTime(timezone=True), nullable=True),
    Column("changed_by", String(100), nullable=True),
    # A jump of the reference seen by a terminal and not yet settled by a TD: every terminal holds.
    Column("pending", Float, nullable=False, server_default="0"),
    CheckConstraint("id = 1", name="one_row"),
)
