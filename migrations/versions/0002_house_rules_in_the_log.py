"""Record the house rules in force in the log of every tournament that predates logging them.

Until this revision a tournament's house rules were read from `configs/house_rules.toml` (or
`$TDCONSOLE_HOUSE_RULES`) by every command; from now on the log is the only source. Each existing
tournament gets a `house_rules_recorded` event with the file's rules as they are at the upgrade, so
its next decisions are made under the rules it ran with. The SQLite file is copied aside first
(store/db.py), like every upgrade. Nothing is deleted or rewritten.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
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
)


def upgrade() -> None:
    from tdconsole.config.toml import load_house_rules

    bind = op.get_bind()
    last = dict(bind.execute(
        sa.select(EVENTS.c.tournament_id, sa.func.max(EVENTS.c.seq)).group_by(EVENTS.c.tournament_id)
    ).all())
    if not last:
        return
    created = bind.execute(
        sa.select(EVENTS.c.tournament_id, EVENTS.c.payload).where(EVENTS.c.type == "tournament_created")
    ).all()
    logged = {tid for (tid,) in bind.execute(
        sa.select(EVENTS.c.tournament_id).where(
            EVENTS.c.type.in_(["house_rules_set", "house_rules_recorded"])).distinct())}
    rules = load_house_rules().model_dump(mode="json")
    now = datetime.now(UTC)
    rows = [
        {"tournament_id": tid, "seq": last[tid] + 1, "time": now, "actor": "tdconsole upgrade",
         "command_id": uuid.uuid4().hex, "type": "house_rules_recorded",
         "payload": {"type": "house_rules_recorded", "rules": rules}}
        for tid, payload in created
        if tid not in logged and not (payload or {}).get("house_rules")
    ]
    if rows:
        bind.execute(EVENTS.insert(), rows)


def downgrade() -> None:
    op.get_bind().execute(EVENTS.delete().where(EVENTS.c.type == "house_rules_recorded"))
