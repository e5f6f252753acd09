"""Alembic environment: the connection comes from tdconsole.store.db.upgrade (or alembic's own CLI)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from tdconsole.store.models import metadata

config = context.config
target_metadata = metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite:///tdconsole.sqlite")
    with engine.begin() as connection:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


run()
