"""Floor staff: the service itself refuses every TD-only command for the floor
role, so a screen that forgets to hide one cannot let it through. New commands are covered as soon
as they exist: the test walks every `Command` subclass."""

from __future__ import annotations

from pathlib import Path

import pytest

import tdconsole.domain.tournament  # noqa: F401  (imports every module that defines commands)
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Bust, CallClock, ClockStart, Command, LogRuling, Register, Undo
from tdconsole.domain.errors import TdError
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.conftest import FakeClock


def _all_commands(base: type[Command] = Command) -> list[type[Command]]:
    found: list[type[Command]] = []
    for sub in base.__subclasses__():
        found += [sub, *_all_commands(sub)]
    return found


TD_ONLY = [c for c in _all_commands() if c.td_only]


def test_the_td_only_list_holds_the_commands_that_change_the_course() -> None:
    assert {Bust, Undo, ClockStart, Register} <= set(TD_ONLY)
    assert LogRuling not in TD_ONLY and CallClock not in TD_ONLY


@pytest.mark.parametrize("command_type", TD_ONLY, ids=lambda c: c.__name__)
def test_the_service_refuses_each_td_only_command_for_the_floor_role(command_type: type[Command],
                                                                     tmp_path: Path) -> None:
    store = EventStore.open(f"sqlite:///{tmp_path / 'floor.sqlite'}")
    td = Service.create(store, name="Friday", structure=load_structure("club-turbo"), now=FakeClock())
    td.execute(Register(names=["Anna", "Bo"]))
    floor = Service(store, td.tournament_id, actor="Mette", role="floor", now=td.now)
    before = len(store.load(td.tournament_id))
    # The refusal comes before any decision, so the command's fields do not matter.
    with pytest.raises(TdError, match=rf"^floor staff cannot {command_type.verb} \(TD only\)$"):
        floor.execute(command_type.model_construct())
    assert len(store.load(td.tournament_id)) == before
    store.close()
