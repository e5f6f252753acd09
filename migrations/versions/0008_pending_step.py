"""A step of the reference clock waiting for the TD, kept with the time base for every terminal.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02

The first terminal that sees the reference clock jump records the jump here; every terminal, one
started afterwards too, then counts the tournament's time as before the jump until a TD keeps the
tournament clock or follows the machine's (tdconsole/time_source.py).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("time_base") as batch:
        batch.add_column(sa.Column("pending", sa.Float(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("time_base") as batch:
        batch.drop_column("pending")
