"""A command whose server went in the middle of it (a primary that died with the commit on its way
to the terminal) is looked up in the log once a server answers: done, it is not done again; not
done, it is decided again (Service.execute, docs/OPERATIONS.md)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tdconsole import service as service_module
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.domain.events import Envelope, PlayerRegistered
from tdconsole.service import Service
from tdconsole.store.db import Unreachable
from tdconsole.store.event_store import EventStore
from tests.conftest import FakeClock


class Failing(EventStore):
    """A store whose next append loses its connection: after the commit (`committed`) or before."""

    committed: bool | None = None
    answers_after = 0  # how many looks at the log fail before a server answers again

    def append(self, tournament_id: int, envelopes: Sequence[Envelope], **options: Any) -> None:
        how, self.committed = self.committed, None
        if how:
            super().append(tournament_id, envelopes, **options)
        if how is not None:
            raise Unreachable("gone ({reason})", reason="server closed the connection", lost=True)
        super().append(tournament_id, envelopes, **options)

    def command_at(self, tournament_id: int, seq: int) -> str | None:
        if self.answers_after:
            self.answers_after -= 1
            raise Unreachable("no server takes writes")
        return super().command_at(tournament_id, seq)


def _registered(store: EventStore, tournament: int) -> list[str]:
    return [envelope.event.name for envelope in store.load(tournament)
            if isinstance(envelope.event, PlayerRegistered)]


@pytest.fixture(autouse=True)
def _asked_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_module, "SETTLE_POLL_SECONDS", 0.0)  # no time needs to pass here


def _service(tmp_path: Path) -> tuple[Failing, Service]:
    store = Failing(EventStore.open(f"sqlite:///{tmp_path / 'td.sqlite'}").engine)
    structure = load_structure("club-turbo")
    return store, Service.create(store, name="Friday", structure=structure, now=FakeClock())


def test_a_command_committed_as_its_server_went_is_done_once(tmp_path: Path) -> None:
    store, service = _service(tmp_path)
    store.committed, store.answers_after = True, 2  # the standby is promoted meanwhile
    done = service.execute(Register(names=["Anna"]))
    assert [envelope.event.type for envelope in done] == ["player_registered"]
    assert _registered(store, service.tournament_id) == ["Anna"]
    assert service.state.entries == 1


def test_a_command_lost_before_its_commit_is_done_on_the_server_that_answers(tmp_path: Path) -> None:
    store, service = _service(tmp_path)
    store.committed = False
    service.execute(Register(names=["Anna"]))
    assert _registered(store, service.tournament_id) == ["Anna"]
