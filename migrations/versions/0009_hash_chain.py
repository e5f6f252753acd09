"""Chain every tournament's log: each event gets the hash of the event before it and its own SHA-256
over its canonical content (tdconsole/store/ledger.py defines both).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02

Existing events are hashed as they are at the upgrade: the chain proves what happens to the log
from now on, not what happened to it before. The SQLite file is copied aside first, like every
upgrade.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

EVENTS = sa.table(
    "events",
    sa.column("tournament_id", sa.Integer()),
    sa.column("seq", sa.Integer()),
    sa.column("time", sa.DateTime(timezone=True)),
    sa.column("actor", sa.String()),
    sa.column("command_id", sa.String()),
    sa.column("type", sa.String()),
    sa.column("payload", sa.JSON()),
    sa.column("prev_hash", sa.String()),
    sa.column("hash", sa.String()),
)


def upgrade() -> None:
    from tdconsole.store.ledger import GENESIS, event_hash

    op.add_column("events", sa.Column("prev_hash", sa.String(64), nullable=True))
    op.add_column("events", sa.Column("hash", sa.String(64), nullable=True))
    bind = op.get_bind()
    events = EVENTS.c
    tournaments = [tid for (tid,) in bind.execute(sa.select(events.tournament_id).distinct())]
    for tournament_id in sorted(tournaments):
        rows = bind.execute(
            sa.select(events.seq, events.time, events.actor, events.command_id, events.type,
                      events.payload)
            .where(events.tournament_id == tournament_id).order_by(events.seq)
        ).mappings().all()
        previous, updates = GENESIS, []
        for row in rows:
            digest = event_hash(tournament_id, row, previous)
            updates.append({"t": tournament_id, "s": row["seq"], "p": previous, "h": digest})
            previous = digest
        bind.execute(
            EVENTS.update()
            .where(events.tournament_id == sa.bindparam("t"), events.seq == sa.bindparam("s"))
            .values(prev_hash=sa.bindparam("p"), hash=sa.bindparam("h")),
            updates,
        )
    with op.batch_alter_table("events") as batch:
        batch.alter_column("prev_hash", existing_type=sa.String(64), nullable=False)
        batch.alter_column("hash", existing_type=sa.String(64), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("hash")
        batch.drop_column("prev_hash")
