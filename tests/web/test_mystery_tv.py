"""The TV shows the mystery bounty's envelopes left (T-MYSTERY-1), largest first, and `state
--json` (`mystery`) the same."""

from __future__ import annotations

from pathlib import Path

from tdconsole.domain import commands
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.web.conftest import Web


def test_t_mystery_1_the_tv_shows_the_envelopes_left(web: Web, club_db: Path) -> None:
    assert "MYSTERY BOUNTIES" not in web.client.get("/").text  # none set: no cell
    store = EventStore.open(f"sqlite:///{club_db}")
    service = Service(store, 1)
    service.execute(commands.SetMoney(settings=MoneySettings(bounty=100)))
    service.execute(commands.SetMysteryBounties(envelopes=[50, 1_000, 100, 200], from_level=1, seed=5))
    knocker, out = [player.name for player in service.state.players.values()][:2]
    [busted, *_] = service.execute(commands.Bust(names=[out], by=[knocker]))
    store.close()
    opened = busted.event.bounty  # type: ignore[union-attr]
    left = sorted({50, 1_000, 100, 200} - set(opened.values()), reverse=True)
    board = web.client.get("/api/board").json()
    assert board["mystery"] == {"from_level": 1, "left": left, "total": sum(left), "opened": 1,
                                "envelopes_total": 1_350, "collected": 100 * service.state.entries}
    tv = web.client.get("/").text
    assert "MYSTERY BOUNTIES" in tv and "3 left" in tv
