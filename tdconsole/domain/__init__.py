"""The poker and tournament rules: pure functions, no I/O, no clock, no randomness of their own."""

# The tournament registry loads every concern module in one fixed order (the list at the bottom
# of tournament.py), whichever domain module is imported first: the concern modules import each
# other, and a `from module import name` of a half-loaded module would fail.
from tdconsole.domain import tournament as _tournament  # noqa: F401
