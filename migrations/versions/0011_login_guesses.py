"""The web remote's wrong-PIN counts and lock-outs, kept in the database so a restart of
`tdconsole serve` does not give a guesser five fresh tries.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-04

Each guess is a row per key it counts against ("address:..." and "name:..."), counted before its PIN
is checked; a lock-out is a row per key with the time it ends (tdconsole/store/login_counts.py).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "login_guesses",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("in_window", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_login_guesses"),
    )
    op.create_index("ix_login_guesses_key", "login_guesses", ["key"])
    op.create_table(
        "login_lockouts",
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("until", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_login_lockouts"),
    )


def downgrade() -> None:
    op.drop_table("login_lockouts")
    op.drop_index("ix_login_guesses_key", table_name="login_guesses")
    op.drop_table("login_guesses")
