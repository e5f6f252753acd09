"""The current tournament, chosen only by `tdconsole use`, and the database's own audit log.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

An upgraded database keeps what "no --tournament" meant before: its most recent tournament becomes
the current one, once; from then on only `tdconsole use ID` changes it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "current_tournament",
        # One row, always there (id 1): switching is a plain UPDATE, so two terminals cannot both
        # insert it, and "set it if nobody has" is one conditional UPDATE.
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=True),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("changed_by", sa.String(100), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_current_tournament"),
        sa.CheckConstraint("id = 1", name="ck_current_tournament_one_row"),
        sa.ForeignKeyConstraint(
            ["tournament_id"], ["tournaments.id"], ondelete="RESTRICT",
            name="fk_current_tournament_tournament_id_tournaments",
        ),
    )
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=True),
        sa.Column("detail", sa.String(200), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_audit_log"),
        sa.ForeignKeyConstraint(
            ["tournament_id"], ["tournaments.id"], ondelete="RESTRICT",
            name="fk_audit_log_tournament_id_tournaments",
        ),
    )
    op.execute(
        "INSERT INTO current_tournament (id, tournament_id) SELECT 1, max(id) FROM tournaments"
    )


def downgrade() -> None:
    op.drop_table("audit_log")
    op.drop_table("current_tournament")
