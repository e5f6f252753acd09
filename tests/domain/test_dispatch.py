"""The dispatch tables in `tournament.py`: every command has its decider, every event its appliers
and its footprint for undo (`footprints.py`)."""

from __future__ import annotations

from typing import get_args

from tdconsole.domain import commands, events, footprints
from tdconsole.domain.tournament import APPLIERS, DECIDERS


def _concrete_commands() -> set[type[commands.Command]]:
    found: set[type[commands.Command]] = set()
    todo = list(commands.Command.__subclasses__())
    while todo:
        kind = todo.pop()
        todo += kind.__subclasses__()
        found.add(kind)
    return found - {commands.Drawing}


def test_every_command_has_a_decider() -> None:
    missing = sorted(kind.__name__ for kind in _concrete_commands() if kind not in DECIDERS)
    assert not missing, f"add to DECIDERS in domain/tournament.py: {missing}"


def test_every_event_has_an_entry_in_the_appliers_table() -> None:
    union = get_args(get_args(events.Event)[0])
    missing = sorted(kind.__name__ for kind in union if kind not in APPLIERS)
    assert not missing, f"add to APPLIERS in domain/tournament.py: {missing}"
    assert set(APPLIERS) <= set(union)


def test_every_event_has_a_footprint_for_undo() -> None:
    union = get_args(get_args(events.Event)[0])
    missing = sorted(kind.__name__ for kind in union if kind not in footprints.RULES_BY_EVENT)
    assert not missing, f"add to RULES_BY_EVENT in domain/footprints.py: {missing}"


def test_a_bust_frees_the_seat_before_the_player_is_marked_busted() -> None:
    # The seating applier reads the player's seat from his record, which the bust applier clears.
    from tdconsole.domain.players import busts
    from tdconsole.domain.seating import handlers as seating

    assert APPLIERS[events.PlayerBusted] == (seating.apply_busted, busts.apply_busted)
