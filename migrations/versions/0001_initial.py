"""The initial schema: tournaments and their append-only event log.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_tournaments"),
    )
    op.create_table(
        "events",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False, autoincrement=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("command_id", sa.String(64), nullable=False),
        sa.Column("type", sa.String(64), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        # (tournament, seq) is the key: two writers appending the same seq cannot both win.
        sa.PrimaryKeyConstraint("tournament_id", "seq", name="pk_events"),
        sa.ForeignKeyConstraint(
            ["tournament_id"], ["tournaments.id"], ondelete="RESTRICT",
            name="fk_events_tournament_id_tournaments",
        ),
    )
    op.create_index("ix_events_command_id", "events", ["command_id"])


def downgrade() -> None:
    op.drop_index("ix_events_command_id", table_name="events")
    op.drop_table("events")
    op.drop_table("tournaments")
