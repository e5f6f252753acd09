"""Snapshots of a tournament's state, so a terminal that opens it or an undo does not fold its log
from the first event.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02

A snapshot is derived data, never the record: the event log stays the only truth, a snapshot names
the event it was taken after by its seq and chain hash, and one that no longer matches (another
log, another version of the fold) is ignored (tdconsole/store/snapshots.py).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("version", sa.String(64), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "seq", name="pk_snapshots"),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"], ondelete="RESTRICT",
                                name="fk_snapshots_tournament_id_tournaments"),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
