"""The poker and tournament rules: pure functions, no I/O, no clock, no randomness of their own."""
