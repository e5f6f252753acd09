"""The dispatch tables in `tournament.py`: appliers that share an event run in the order the state
needs. (That every command and event is in them: tests/test_a_new_command.py.)"""

from __future__ import annotations

from tdconsole.domain import events
from tdconsole.domain.tournament import appliers_for


def test_a_bust_frees_the_seat_before_the_player_is_marked_busted() -> None:
    # The seating applier reads the player's seat from his record, which the bust applier clears.
    from tdconsole.domain.players import busts
    from tdconsole.domain.seating import handlers as seating

    assert appliers_for(events.PlayerBusted) == (seating.apply_busted, busts.apply_busted)
