"""The web remote's sessions, kept in the database so a restart of `tdconsole serve` keeps phones
logged in.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02

Only a digest of each session's token is stored; a session ends with its staff member (cascade) and
with a new PIN (the stamp of the PIN hash no longer matches).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_sessions",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=False),
        sa.Column("pin_stamp", sa.String(64), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("token_hash", name="pk_web_sessions"),
        sa.ForeignKeyConstraint(["staff_id"], ["staff.id"], ondelete="CASCADE",
                                name="fk_web_sessions_staff_id_staff"),
    )
    op.create_index("ix_web_sessions_staff_id", "web_sessions", ["staff_id"])


def downgrade() -> None:
    op.drop_index("ix_web_sessions_staff_id", table_name="web_sessions")
    op.drop_table("web_sessions")
