"""The TD's clock (F1) and the display on a HORSE night (issue 41, TDA RP-18): the level's game and
its figures (limits; a stud level's ante and bring-in) on the blinds line, the next level's game on
the next line; the floor calculator (F8) starts with the level's betting and cards. The clock is the
injected FakeClock: nothing reads the wall clock."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Input, Static

from tdconsole.domain.clock.games import rotation
from tdconsole.domain.clock.structure_gen import generate_structure
from tdconsole.domain.commands import ClockGoToLevel, ClockStart, Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import create_app
from tdconsole.tui.display import DisplayApp
from tests.conftest import FakeClock
from tests.tui.wait import until


@pytest.fixture
def horse(tmp_path: Path, fake_clock: FakeClock) -> Service:
    store = EventStore.open(f"sqlite:///{tmp_path / 'horse.sqlite'}")
    structure = generate_structure(20_000, 30, 300, 30, name="HORSE", games=rotation("H,O,R,S,E"))
    service = Service.create(store, name="HORSE Friday", structure=structure, game="HORSE", buy_in=300,
                             fee=50, now=fake_clock)
    service.execute(Register(names=["Anna", "Bo", "Carl"]))
    service.execute(ClockStart())
    return service


def _apps(service: Service, fake_clock: FakeClock) -> dict[str, App[None]]:
    display = DisplayApp(Service(service.store, service.tournament_id, role="display", now=fake_clock))
    return {"F1": create_app(service, poll_seconds=60), "display": display}


def _shown(app: App[None], selector: str) -> str:
    return " ".join(str(app.screen.query_one(selector, Static).render()).split())


@pytest.mark.parametrize("where", ["F1", "display"])
async def test_rp_18_the_clock_names_the_levels_game_and_its_figures(
        horse: Service, fake_clock: FakeClock, where: str) -> None:
    horse.execute(ClockGoToLevel(level=3))  # razz 600/1200, ante 100, bring-in 150
    app = _apps(horse, fake_clock)[where]
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "Razz" in _shown(app, "#blinds"), "the level's game on the clock")
        # 11B: a stud level's hands leave the button frozen where hold'em takes it up again.
        assert _shown(app, "#blinds") == "Razz Bets 600 / 1,200 Ante 100 Bring-in 150 button frozen (11B)"
        assert "Next: Seven-card stud 1,000 / 2,000 ante 200" in _shown(app, "#next")
        assert _shown(app, "#antes") == ""  # a stud ante is every player's: no table of BB antes


async def test_rp_18_the_floor_calculator_takes_the_levels_game(horse: Service) -> None:
    horse.execute(ClockGoToLevel(level=2))  # limit Omaha hi/lo, blinds 150/300
    app = create_app(horse, poll_seconds=60)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f8")
        game = app.screen.query_one("#betting-game", Input)
        await until(pilot, lambda: game.value == "limit", "the level's betting")
        assert app.screen.query_one("#betting-blinds", Input).value == "150/300"
        assert app.screen.query_one("#pots-game", Input).value == "omaha-hilo"


async def test_rp_18_the_ruling_wizard_takes_the_levels_game(horse: Service) -> None:
    from tdconsole.tui.widgets.ruling_wizard import RulingWizard

    horse.execute(ClockGoToLevel(level=3))  # razz: limit betting, razz's cards
    app = create_app(horse, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f5")
        wizard = app.screen.query_one(RulingWizard)
        wizard.start("winning-hand")
        await until(pilot, lambda: wizard.walked is not None and wizard.walked.suggestion is not None,
                    "the game answered by the level")
        assert wizard.walked is not None and wizard.walked.answers == {"game": "razz"}
        assert "Razz: the lowest five cards win" in _shown(app, "#suggestion")
        # Ctrl+B: the floor answers the game himself (a hand dealt before the level changed, say).
        await pilot.press("ctrl+b")
        await until(pilot, lambda: wizard.question is not None, "the question of the game")
        assert wizard.question is not None and wizard.question.key == "game"
        wizard.answer("holdem")
        await until(pilot, lambda: "The best five cards win" in _shown(app, "#suggestion"),
                    "hold'em's ruling")
        wizard.start("short-all-in")  # the betting question is answered too: limit, 47B's half a bet
        await until(pilot, lambda: wizard.question is not None, "the next question")
        assert wizard.walked is not None and wizard.walked.answers == {"game": "limit"}
        assert wizard.question is not None and wizard.question.key == "limit_share"
