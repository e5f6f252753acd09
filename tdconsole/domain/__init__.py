"""The poker and tournament rules: pure functions, no I/O, no clock, no randomness of their own.

Packages by concern (`clock`, `seating`, `players`, `money`, `floor`, `calculators`) over the shared
vocabulary (`commands`, `events`, `state`); `tournament` maps each command and event to its handlers.
"""
