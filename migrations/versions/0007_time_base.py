"""The tournament's time base: the correction a TD chose after a step of the reference clock.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02

Every terminal reads the time from one reference (PostgreSQL's server, or the machine that holds
the SQLite file) plus this correction, so a TD who keeps the tournament clock through a step of that
machine's clock keeps it for every terminal, including one started afterwards.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "time_base",
        # One row, always there (id 1): a decision is a plain UPDATE.
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("correction", sa.Float(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("changed_by", sa.String(100), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_time_base"),
        sa.CheckConstraint("id = 1", name="ck_time_base_one_row"),
    )
    op.execute("INSERT INTO time_base (id, correction) VALUES (1, 0)")


def downgrade() -> None:
    op.drop_table("time_base")
