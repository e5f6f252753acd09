"""Persistence: the event log (the source of truth) and its schema migrations."""
