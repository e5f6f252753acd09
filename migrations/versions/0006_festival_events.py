"""Festival events: an event's flights (each a tournament of its own) and its Day 2.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02

An event is not a tournament's log: it spans tournaments, like a league. Its settings (buy-in, fee,
the flights' stop level, which stack a player who survives two flights carries, the Day 2 draw,
re-entry across flights) are copied into each flight's and Day 2's own log when they are made, so
a later change never rewrites a tournament that already ran.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "festival_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("key", sa.String(100), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("day2_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_festival_events"),
        sa.UniqueConstraint("key", name="uq_festival_events_key"),
        sa.ForeignKeyConstraint(["day2_id"], ["tournaments.id"], ondelete="RESTRICT",
                                name="fk_festival_events_day2_id_tournaments"),
    )
    op.create_table(
        "festival_flights",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", name="pk_festival_flights"),
        sa.ForeignKeyConstraint(["event_id"], ["festival_events.id"], ondelete="CASCADE",
                                name="fk_festival_flights_event_id_festival_events"),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"], ondelete="RESTRICT",
                                name="fk_festival_flights_tournament_id_tournaments"),
    )
    op.create_index("ix_festival_flights_event_id", "festival_flights", ["event_id"])


def downgrade() -> None:
    op.drop_index("ix_festival_flights_event_id", table_name="festival_flights")
    op.drop_table("festival_flights")
    op.drop_table("festival_events")
