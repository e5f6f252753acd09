"""The twelve core tasks of the TD's evening, pressed key by key from the task's screen: each test
counts the keys (tests/tui/keys.py) and asserts the count docs/KEYS.md documents, and that the task
was done in the service's state. A change that costs the TD a keystroke fails here."""

from __future__ import annotations

from textual.widgets import Input

from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tests.tui.keys import Keys, documented

SIZE = (120, 40)


def _room(service: Service, count: int) -> None:
    """`count` players in all (the fixture's four and more), drawn to tables of nine."""
    service.execute(commands.Register(names=[f"Player {i}" for i in range(1, count - 3)]))
    service.execute(commands.Draw(seed=7))


async def test_register(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        keys = Keys(pilot)
        await keys.press("n")
        await keys.type("Dorthe")
        await keys.press("enter")
        await keys.until(lambda: service.state.entries == 5, "Dorthe registered")
        assert service.state.find("dorthe").status == "registered"
        assert keys.count == documented()["Register a player"]
        # The focus stays where the next name goes; "/" there searches, it is never part of a name.
        assert app.focused is not None and app.focused.id == "register"
        await keys.type("Eva")
        await keys.press("enter", "slash")
        await keys.type("kim")
        assert service.state.find("eva").status == "registered"
        assert app.focused is not None and app.focused.id == "search"
        assert app.screen.query_one("#register", Input).value == ""
        assert app.screen.query_one("#search", Input).value == "kim"


async def test_bust_one_player(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        keys = Keys(pilot)
        await keys.press("slash")
        await keys.type("carl")
        await keys.press("enter")
        await pilot.press("b", "enter")  # (not counted) Enter on the confirmation answers No
        await pilot.pause()
        assert service.state.find("carl").status != "busted"
        await keys.press("b", "y")
        await keys.until(lambda: service.state.find("carl").status == "busted", "Carl busted")
        assert keys.count == documented()["Bust one player"]


async def test_bust_two_in_one_hand_with_stacks(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        keys = Keys(pilot)
        await keys.press("B")
        await keys.type("carl=5000, bo=8000")
        await keys.press("enter", "y")
        await keys.until(lambda: service.state.find("carl").place == 4, "Carl busted in 4th")
        assert service.state.find("bo").place == 3  # the bigger stack places higher (T-ELIM-1)
        assert keys.count == documented()["Bust two in one hand with stacks"]


async def test_undo(service: Service) -> None:
    service.execute(commands.Bust(names=["Bo"]))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("ctrl+z", "y")
        await keys.until(lambda: service.state.find("bo").status != "busted", "the bust undone")
        assert keys.count == documented()["Undo"]
        # The toast says what was undone, in words, and whose it was.
        [toast] = [n for n in app._notifications if "Undone" in n.message]
        assert "Bo busts in" in toast.message and "by td" in toast.message


async def test_pause(service: Service) -> None:
    service.execute(commands.ClockStart())
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("space")
        await keys.until(lambda: not service.state.clock.running, "the clock paused")
        assert keys.count == documented()["Pause the clock"]


async def test_next_level(service: Service) -> None:
    service.execute(commands.ClockStart())
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("plus")
        await keys.until(lambda: service.state.clock.period == 1, "level 2")
        assert keys.count == documented()["Next level"]


async def test_draw(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        keys = Keys(pilot)
        await keys.press("d", "y")
        await keys.until(lambda: service.state.find("anna").table is not None, "the seats drawn")
        assert keys.count == documented()["Draw the seats"]


async def test_apply_balancing(service: Service) -> None:
    _room(service, 24)  # three tables of eight
    table = service.state.find("anna").table
    mates = [p.name for p in service.state.players.values() if p.table == table][:3]
    service.execute(commands.Bust(names=mates))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        keys = Keys(pilot)
        await keys.press("a", "y")
        await keys.until(lambda: service.state.balanced_last, "the moves applied")
        assert keys.count == documented()["Apply balancing"]


async def test_break_a_table(service: Service) -> None:
    _room(service, 20)  # three tables of seven, seven and six
    service.execute(commands.Bust(names=["Anna", "Bo"]))  # 18 fit two tables (T-BREAK-1)
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        keys = Keys(pilot)
        await keys.press("k", "y")
        await keys.until(lambda: sum(t.status == "open" for t in service.state.room.values()) == 2,
                         "a table broken")
        assert keys.count == documented()["Break a table"]


async def test_final_table(service: Service) -> None:
    _room(service, 10)  # two tables of five
    service.execute(commands.Bust(names=["Anna"]))  # nine fit the final table (T-SEAT-3)
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        keys = Keys(pilot)
        await keys.press("f", "y")
        await keys.until(lambda: sum(t.status == "open" for t in service.state.room.values()) == 1,
                         "the final table drawn")
        assert keys.count == documented()["Draw the final table"]


async def test_start_hand_for_hand(service: Service) -> None:
    _room(service, 20)
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        keys = Keys(pilot)
        await keys.press("s", "enter")  # Enter alone: the seated players' tables
        await keys.until(lambda: service.state.hand_for_hand is not None, "hand-for-hand started")
        assert keys.count == documented()["Start hand-for-hand"]


async def test_log_a_ruling(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        keys = Keys(pilot)
        await keys.press("shift+tab")  # from the scenario search back to the players
        await keys.type("anna")
        await keys.press("tab")
        await keys.type("out of turn")
        await keys.press("enter", "2", "2", "2", "enter")  # checked, not changed, not deliberate
        await keys.until(lambda: bool(service.state.rulings), "the ruling logged")
        assert keys.count == documented()["Log a ruling"]
