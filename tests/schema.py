"""Taking a test database back to an older schema revision, as an older tdconsole left it: every
later migration's own downgrade runs, so a new migration needs no change here."""

from __future__ import annotations

from sqlalchemy import Engine

from tdconsole.store import db


def rewind(engine: Engine, revision: str) -> None:
    from alembic import command

    config = db.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
