"""Members' ids in other programs: a TD3 player's UUID kept on the club member it was linked to,
so the next season's saves link the same player by his UUID whatever name TD3 shows him under.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "member_links",
        sa.Column("source", sa.String(20), nullable=False),
        sa.Column("external", sa.String(100), nullable=False),
        sa.Column("member", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["member"], ["members.number"], name="fk_member_links_member_members",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("source", "external", name="pk_member_links"),
    )


def downgrade() -> None:
    op.drop_table("member_links")
