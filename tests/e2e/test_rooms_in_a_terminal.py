"""The real binaries in a real terminal (tmux), started as a user starts them, on drawn rooms of 45,
300, 1,000 and 10,000 players (a played festival night, ~30,000 events), on SQLite and on
PostgreSQL, at 80x24 and 160x48: the TD's console opens, shows every F-key screen, shows a bust made
by the CLI in another process, and quits after `q` and a yes with status 0; the floor terminal and
the display open the large rooms and show the bust. Headless tests (`run_test`) cannot see what
only a real terminal's app does: a start-up that waited on `run_test`'s own task painted a
traceback at 300 players and up while every Pilot test passed.

Every wait reads the screen until a text is on it, with a deadline (benchmarks/terminal.py).
"""

from __future__ import annotations

import re
import shutil
import sqlite3
import sys
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from benchmarks.festival import drawn_festival, festival_night
from benchmarks.terminal import TD_SCREENS, Terminal
from tdconsole.store.event_store import EventStore
from tests.e2e.conftest import tdconsole

# The 10,000-player night is built once a run: every test here runs in one worker.
pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("rooms-in-a-terminal"),
              pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")]

SMALL, LARGE = (80, 24), (160, 48)
FESTIVAL = 10_000
# A first screen at 10,000 players takes about a second alone, its cash desk 5 s (the first time);
# two workers and other programs on the same two cores can make that several times longer.
DEADLINE = 60.0

SEATED_ROW = re.compile(r"(Player \d{5}) +seated")
PLAYERS_LEFT = re.compile(r"Players ([\d,]+) / ")

# A room's database, and the name of a player seated in it.
Room = Callable[[int], tuple[str, str]]


def seated_player(store: EventStore, players: int) -> str:
    """Fill `store` with a drawn room of `players` (10,000: a played night); a player still seated."""
    service = (festival_night if players == FESTIVAL else drawn_festival)(store, players)
    name = min(p.name for p in service.state.players.values() if p.status == "seated")
    store.close()
    return name


@pytest.fixture(scope="session")
def _rooms(tmp_path_factory: pytest.TempPathFactory) -> Room:
    """Each room in a SQLite file, built once a run."""
    built: dict[int, tuple[str, str]] = {}

    def room(players: int) -> tuple[str, str]:
        if players not in built:
            path = tmp_path_factory.mktemp(f"room-{players}") / "room.sqlite"
            built[players] = str(path), seated_player(EventStore.open(f"sqlite:///{path}"), players)
        return built[players]

    return room


@pytest.fixture
def room(_rooms: Room, tmp_path: Path) -> Room:
    """This test's own copy of a room (a terminal writes to it)."""
    def copy(players: int) -> tuple[str, str]:
        source, seated = _rooms(players)
        target = tmp_path / f"room-{players}.sqlite"
        with closing(sqlite3.connect(source)) as original, closing(sqlite3.connect(target)) as copied:
            original.backup(copied)
        return str(target), seated

    return copy


def quit_with_a_yes(terminal: Terminal) -> None:
    terminal.press("q")
    terminal.wait_for("Quit", DEADLINE)
    terminal.press("y")
    assert terminal.wait_exit(DEADLINE) == 0


def the_tds_console(db: str, size: tuple[int, int], terminals: Callable[..., Terminal]) -> None:
    td = terminals(["--db", db, "--no-sound"], size)
    td.wait_for("Blinds", DEADLINE)
    for key, only_there in TD_SCREENS:
        td.press(key)
        td.wait_for(only_there, DEADLINE)
    td.press("F2")
    victim = SEATED_ROW.findall(td.wait_for(SEATED_ROW.search, DEADLINE))[0]
    tdconsole(db, "bust", victim)
    # Busted, the player leaves the seated rows at the top of the list.
    td.wait_for(lambda screen: "Register a name" in screen and SEATED_ROW.search(screen) is not None
                and f"{victim}  " not in screen, DEADLINE)
    td.press("F1")
    td.wait_for("Blinds", DEADLINE)
    quit_with_a_yes(td)


@pytest.mark.parametrize(("players", "size"), [(45, LARGE), (45, SMALL), (300, LARGE), (1_000, LARGE),
                                               (FESTIVAL, LARGE), (FESTIVAL, SMALL)])
def test_the_tds_console_shows_every_screen_and_a_bust_then_quits(
        players: int, size: tuple[int, int], room: Room, terminals: Callable[..., Terminal]) -> None:
    the_tds_console(room(players)[0], size, terminals)


@pytest.mark.postgres
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_the_tds_console_on_postgresql_shows_every_screen_and_a_bust_then_quits(
        db_url: str, terminals: Callable[..., Terminal]) -> None:
    seated_player(EventStore.open(db_url), 1_000)
    the_tds_console(db_url, LARGE, terminals)


@pytest.mark.parametrize(("players", "size"), [(FESTIVAL, LARGE), (1_000, SMALL)])
def test_the_floor_terminal_shows_its_screens_and_a_bust_then_quits(
        players: int, size: tuple[int, int], room: Room, terminals: Callable[..., Terminal]) -> None:
    db, _seated = room(players)
    floor = terminals(["--db", db, "--no-sound", "floor", "--staff", "Mette"], size)
    floor.wait_for("Find a scenario", DEADLINE)
    floor.press("F2")
    seated = re.compile(r"^ *\d+ +\d+ +(Player \d{5})", re.MULTILINE)
    victim = seated.findall(floor.wait_for(seated.search, DEADLINE))[0]
    tdconsole(db, "bust", victim)
    floor.wait_for(lambda screen: seated.search(screen) is not None and victim not in screen, DEADLINE)
    quit_with_a_yes(floor)


@pytest.mark.parametrize(("players", "size"), [(FESTIVAL, LARGE), (1_000, SMALL)])
def test_the_display_shows_a_bust_then_quits(players: int, size: tuple[int, int], room: Room,
                                             terminals: Callable[..., Terminal]) -> None:
    db, victim = room(players)
    display = terminals(["--db", db, "display", "--no-sound"], size)
    left = players_left(display.wait_for(lambda screen: players_left(screen) is not None, DEADLINE))
    assert left is not None
    tdconsole(db, "bust", victim)
    display.wait_for(lambda screen: players_left(screen) == left - 1, DEADLINE)
    quit_with_a_yes(display)


def players_left(screen: str) -> int | None:
    """The count of players left that the display shows (`Players 5,680 / 10,000`)."""
    match = PLAYERS_LEFT.search(screen)
    return None if match is None else int(match[1].replace(",", ""))


# The TD's console with a fault: its players screen cannot be built (a division by zero).
FAULTY_CONSOLE = """
from tdconsole.cli import main
from tdconsole.tui.screens.players import PlayersScreen

def compose(self):
    return iter([1 / 0])

PlayersScreen.compose = compose
main()
"""


def test_a_crash_exits_non_zero_and_leaves_one_line_naming_the_log_with_the_traceback(
        room: Room, terminals: Callable[..., Terminal], tmp_path: Path) -> None:
    db, _seated = room(45)
    data = tmp_path / "data"
    td = terminals(["--db", db, "--no-sound"], LARGE, [sys.executable, "-c", FAULTY_CONSOLE],
                   {"TDCONSOLE_DATA_DIR": str(data)})
    td.wait_for("Blinds", DEADLINE)
    td.press("F2")
    assert td.wait_exit(DEADLINE) == 1
    [log] = data.glob("crash-*.log")
    lines = [line for line in td.capture(history=True).splitlines() if line.strip()]
    assert lines[0] == f"tdconsole stopped on an error; the details are in {log}"
    assert all(line.startswith("Pane is dead (status 1") for line in lines[1:])  # tmux's, no traceback
    traceback = log.read_text()
    assert traceback.startswith("Traceback (most recent call last):")
    assert "in compose" in traceback and "ZeroDivisionError: division by zero" in traceback
