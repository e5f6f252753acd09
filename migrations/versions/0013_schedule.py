"""The club's calendar: tournaments planned from templates (`schedule add`), one row for each night
so one evening can be cancelled without touching the rest of its weekly series.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "schedule",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("template", sa.String(100), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("time_zone", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_schedule"),
    )
    op.create_index("ix_schedule_starts_at", "schedule", ["starts_at"])


def downgrade() -> None:
    op.drop_index("ix_schedule_starts_at", table_name="schedule")
    op.drop_table("schedule")
