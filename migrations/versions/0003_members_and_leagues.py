"""Club members and leagues: the members table (entries link to it from the log by number), leagues
and the tournaments in each. New tables only; the SQLite file is copied aside first (store/db.py).

Revision ID: 0003
Revises: 0002_staff
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002_staff"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "members",
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("name_key", sa.String(60), nullable=False),
        sa.Column("email", sa.String(200), nullable=False),
        sa.Column("phone", sa.String(50), nullable=False),
        sa.Column("note", sa.String(500), nullable=False),
        sa.Column("banned", sa.Boolean(), nullable=False),
        sa.Column("ban_reason", sa.String(200), nullable=False),
        sa.Column("merged_into", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("number", name="pk_members"),
        sa.ForeignKeyConstraint(["merged_into"], ["members.number"], ondelete="RESTRICT",
                                name="fk_members_merged_into_members"),
    )
    op.create_index("ix_members_name_key", "members", ["name_key"])
    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("key", sa.String(100), nullable=False),
        sa.Column("formula_key", sa.String(100), nullable=False),
        sa.Column("formula", sa.JSON(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_leagues"),
        sa.UniqueConstraint("key", name="uq_leagues_key"),
    )
    op.create_table(
        "league_tournaments",
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("league_id", "tournament_id", name="pk_league_tournaments"),
        sa.ForeignKeyConstraint(["league_id"], ["leagues.id"], ondelete="CASCADE",
                                name="fk_league_tournaments_league_id_leagues"),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"], ondelete="RESTRICT",
                                name="fk_league_tournaments_tournament_id_tournaments"),
    )


def downgrade() -> None:
    op.drop_table("league_tournaments")
    op.drop_table("leagues")
    op.drop_index("ix_members_name_key", table_name="members")
    op.drop_table("members")
