"""Every command and subcommand of the CLI, run as a TD runs it: plain text and `--json`, English and
Danish, each at a point of an evening where it has something to do.

The commands come from the click tree itself (`tdconsole.cli.root.command()`), so a new command
without a case here fails `test_every_command_has_a_case` by name. One small evening is built once
with the CLI's own commands and kept at each point a command fits (before the draw, running, a table
to break, unbalanced, hand-for-hand, the final table, a deal, finished); each case runs on a fresh
copy of its point, so a command that changes the tournament never changes what the next one sees.

Each case also runs once with standard output in an encoding that cannot show every name (cp1252,
a Windows console; ascii; latin-1; in turn): a command that has committed must never then fail
while printing its answer (issue 35), and `--json` stays JSON.

A case fails on an internal error, a traceback, a non-zero exit, an empty plain-text answer or one
that says "None", or `--json` output that does not parse: the plain-text renderers are code that
the `--json` contract test (test_json_contract.py) never runs, and a Danish catalogue entry can
break a format string.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from tdconsole.cli import main
from tdconsole.cli.root import Command, command
from tdconsole.time_source import TimeSource
from tests.cli.helpers import CHIPS, HAND, POTS, Result, run
from tests.conftest import FakeClock

# Commands that open a screen or serve until stopped: nothing to print and return. Each is named
# here with its reason, and must exist (test_the_exclusions_name_real_commands).
EXCLUDED = {
    "display": "opens the TV board's full screen (TUI); tested by tests/tui",
    "floor": "opens the floor terminal's screen (TUI); tested by tests/tui",
    "serve": "runs the web server until stopped; tested by tests/web",
    "db mirror status": "needs a mirror named by --mirror, an option before the command, and exits 1 "
                        "without one; tested by tests/store/test_mirror.py",
    "db promote": "promotes a PostgreSQL standby and refuses while a primary answers; tested by "
                  "tests/store/test_failover.py",
    "drill": "rehearses a failover on scratch copies for tens of seconds; tested by tests/cli/test_drill.py",
}

# Łukasz: a name that cp1252, latin-1 and ascii cannot show (test_command_answers_in_a_narrow_encoding).
NAMES = ["Anna", "Bo", "Carl", "Dorte", "Łukasz", "Frank", "Gitte", "Hans", "Ida", "Jens", "Karen", "Lars",
         "Mads", "Nina"]
OOT = ["-s", "out-of-turn-action", "-a", "action=check", "-a", "changed=no", "-a", "deliberate=no",
       "-a", "players=5"]


# ---------------------------------------------------------------- the command tree


def _walk(cmd: Command, path: tuple[str, ...]) -> Iterator[tuple[str, Command]]:
    subcommands = getattr(cmd, "commands", None)
    if subcommands is None:
        yield " ".join(path), cmd
        return
    if getattr(cmd, "invoke_without_command", False):  # `tables` alone shows the tables
        yield " ".join(path), cmd
    for name in subcommands:
        yield from _walk(subcommands[name], (*path, name))


def command_tree() -> dict[str, Command]:
    """Every runnable command by its full name ("break-table", "money set", "tables")."""
    root = command()
    return {name: cmd for top in root.commands for name, cmd in _walk(root.commands[top], (top,))}


TREE = command_tree()


def command_of(argv: tuple[str, ...]) -> str:
    """The full command name an argv runs: its leading words that name (sub)commands."""
    cmd: Any = command()
    words: list[str] = []
    for word in argv:
        subcommands = getattr(cmd, "commands", None)
        if subcommands is None or word not in subcommands:
            break
        words.append(word)
        cmd = subcommands[word]
    return " ".join(words)


def takes_json(name: str) -> bool:
    return any("--json" in getattr(param, "opts", ()) for param in TREE[name].params)


# ---------------------------------------------------------------- the cases


@dataclass(frozen=True)
class Case:
    """One command line at one point of the evening. `{name}` fields in the words are filled from
    what the evening found (who sits where) and `{tmp}` is the case's own folder; `before` runs
    first, in English, and must succeed; `stdin` is what the command reads."""

    point: str
    argv: tuple[str, ...]
    before: tuple[tuple[str, ...], ...] = ()
    stdin: str | None = None

    @property
    def command(self) -> str:
        return command_of(self.argv)

    def __str__(self) -> str:
        return f"{' '.join(self.argv)} @{self.point}"


def case(point: str, *argv: str, before: tuple[tuple[str, ...], ...] = (), stdin: Any = None) -> Case:
    text = stdin if stdin is None or isinstance(stdin, str) else json.dumps(stdin)
    return Case(point, argv, before, text)


# A festival event and its first flight (T-FLIGHT-1), made current as the database's first tournament.
FLIGHT = (("event", "new", "Main Event", "--buy-in", "100"),
          ("new", "Main Event 1A", "--event", "Main Event"))

TD3_FIXTURES = Path(__file__).parents[1] / "fixtures" / "td3"
MONEY_FILE = Path(__file__).parents[1] / "fixtures" / "money_friday.toml"
TV_LAYOUT = Path(__file__).parents[2] / "configs" / "tv" / "payouts.toml"

CASES = [
    # The club, before any tournament: members, staff, leagues, structures and the calculators.
    case("club", "new", "Lørdag", "--buy-in", "200", "--fee", "20", "--seats", "8"),
    case("club", "demo", "--players", "5", "--no-tui"),
    case("club", "db", "upgrade"),
    case("club", "members", "add", "Carl", "--number", "3", "--email", "carl@example.org"),
    case("club", "members", "list"),
    case("club", "tickets"),
    case("club", "members", "edit", "2", "--phone", "+45 20 00 00 02"),
    case("club", "members", "ban", "Bo", "--reason", "chip dumping"),
    case("club", "members", "unban", "2", before=(("members", "ban", "Bo"),)),
    case("club", "members", "merge", "1", "2"),
    case("club", "members", "import", "{tmp}/members.csv"),
    case("club", "members", "export"),
    case("club", "staff", "add", "Ole", "--role", "td", "--pin-stdin", stdin="2468\n"),
    case("club", "staff", "list"),
    case("club", "staff", "remove", "Mette"),
    case("club", "league", "new", "Vinterliga", "--best", "3"),
    case("club", "import", "tdt", str(TD3_FIXTURES / "friday_3_7.tdt")),
    case("club", "league", "set", "--min-events", "2"),
    case("club", "league", "list"),
    case("club", "structure", "list"),
    case("club", "structure", "export", "club-turbo", "--format", "tdt", "--out", "{tmp}/turbo.tdt"),
    case("club", "structure", "export", "club-turbo", "--format", "pdf", "--out", "{tmp}/turbo.pdf"),
    case("club", "structure", "import", str(TD3_FIXTURES / "club_night_3_3.tdt")),
    case("club", "structure", "show", "club-deepstack"),
    case("club", "structure", "generate", "--stack", "20000", "--players", "40", "--hours", "4",
         "--level-minutes", "15", "--name", "Fredag"),
    case("club", "rules", "icm", "--payouts", "100,76", "--stacks", "1500,1200,975"),
    case("club", "rules", "payouts", "--entries", "40", "--pool", "12000", "--buy-in", "300"),
    case("club", "rules", "post", "--sb", "1000", "--bb", "2000", "--ante", "2000", "--stack", "3000",
         "--handed", "9"),
    case("club", "rules", "chip-race", "--seat", "1:5075:75", "--seat", "3:25:25", "--color-up", "25",
         "--to", "100", "--cards", "As Kd Qh 2c"),
    case("club", "rules", "betting", stdin=HAND),
    case("club", "rules", "chips", stdin=CHIPS),
    case("club", "rules", "pots", stdin=POTS),
    case("club", "rules", "pots", stdin={"button": 1, "seats": [1, 2, 5], "folded": [1], "chip": 100,
                                         "contributions": {"1": 100, "2": 100, "5": 100}, "ranking": [[2, 5]],
                                         "stud_cards": {"2": "Ks 9d 4s", "5": "Kd 9h Ac"}}),  # 20B
    case("club", "rules", "showdown", "--game", "holdem", "--board", "Ks Qs 7s 3d 2h", "--hand",
         "1=As Js", "--hand", "2=9d 9c", "--button", "2"),
    case("club", "rules", "bring-in", "--game", "stud", "3h", "Kd", "3c", "--amount", "25",
         "--small-bet", "100"),
    case("club", "rules", "first-to-act", "--game", "razz", "1=Kd 9c", "4=7s 2h", "--aggressor", "1"),
    case("club", "event", "new", "Main Event", "--buy-in", "200", "--stop-level", "2", "--draw", "seeded"),
    case("club", "event", "list", before=(("event", "new", "Main Event"),)),
    case("club", "event", "show", "Main Event", before=FLIGHT),
    case("club", "event", "flight", "Main Event", before=(("event", "new", "Main Event"), ("new", "1A"))),
    case("club", "bag", "Anna=20000", "Bo=15000", "--slips", "{tmp}/bags.html",
         before=(*FLIGHT, ("register", "Anna", "Bo", "Carl"))),
    case("club", "event", "slips", "Main Event", "--out", "{tmp}/slips.html",
         before=(*FLIGHT, ("register", "Anna", "Bo"), ("bag", "Anna=20000", "Bo=15000"))),
    case("club", "event", "day2", "Main Event", "--draw", "seeded", "--seed", "3",
         before=(*FLIGHT, ("register", "Anna", "Bo", "Carl"), ("bag", "Anna=20000", "Bo=15000", "Carl=100"))),
    case("club", "rulings", "scenarios"),
    case("club", "rulings", "suggest", "out-of-turn-action", *OOT[2:], "-a", "earlier=1"),
    # Registered, before the draw.
    case("registered", "register", "Zoe", "--paid", "mobilepay"),
    case("registered", "register", "Zoe", "--unpaid"),
    case("registered", "tournaments"),
    case("registered", "use"),
    case("registered", "use", "1", before=(("new", "Lørdag"),)),
    case("registered", "state"),
    case("registered", "register", "Olga", "Anna Berg"),
    case("registered", "unregister", "Nina"),
    case("registered", "alternates"),
    case("club", "alternates", before=(("new", "Hal", "--tables", "1", "--seats", "2", "--use"),
                                        ("register", "Anna", "Bo", "Carl"))),
    case("club", "register", "Dorte", before=(("new", "Hal", "--tables", "1", "--seats", "2", "--use"),
                                               ("register", "Anna", "Bo"))),
    case("registered", "house-rules", "show"),
    case("registered", "house-rules", "set", "clock_call.seconds", "45"),
    case("registered", "chip-set", "set", "25=300", "100=400", "500=300", "1000=200", "5000=100"),
    case("registered", "chip-set", "show", "--entries", "40"),
    case("registered", "structure", "use", "club-deepstack"),
    case("registered", "money", "set", "--bounty", "20", "--guarantee", "5000"),
    case("registered", "money", "load", str(MONEY_FILE)),
    case("registered", "money", "mystery", "1000", "500", "200", "--from-level", "3", "--seed", "1"),
    case("registered", "money", "mystery", "1000", "500", "200"),  # from the level playing now
    case("registered", "money", "set", "--rebuy-until-break", "--rebuy-limit", "2", "--rebuy-who",
         "starting-stack", "--rebuy-chips", "5000", "--rebuy-fee", "20"),
    case("registered", "payouts"),
    case("registered", "template", "save", "Fredag"),
    case("registered", "template", "list"),
    case("registered", "tv", "layouts"),
    case("registered", "tv", "check", str(TV_LAYOUT)),
    case("registered", "new", "Fredag 2", "--template", "turbo-rebuy"),
    case("registered", "tables", "set-seats", "3", "5"),
    case("registered", "tables", "block", "1", "6"),
    case("registered", "tables", "unblock", "1", "6", before=(("tables", "block", "1", "6"),)),
    case("registered", "seat", "Anna", "1", "1"),
    case("registered", "draw", "--seed", "7"),
    case("registered", "clock", "start"),
    # Seated and running, the clock going, two busts in: table 3 can be broken.
    case("running", "state"),
    case("running", "tables"),
    case("running", "seating"),
    case("running", "seating", "--slips"),
    case("running", "seating", "--format", "html", "--out", "{tmp}/seating.html"),
    case("running", "seating", "--slips", "--format", "pdf", "--out", "{tmp}/slips.pdf"),
    case("running", "log"),
    case("running", "log", "--limit", "3"),
    case("running", "announcements"),
    case("running", "announcements", "--lang", "da"),
    case("running", "undo"),
    case("running", "undo", "--any", "--yes"),
    case("running", "register", "Olga", "--seed", "3"),
    case("running", "move", "{mover}", "{free_table}", "{free_seat}"),
    case("running", "hand-done", "1"),
    case("running", "hand-done", "--all"),
    case("running", "button", "1", "{button_seat}"),
    case("running", "balance"),
    case("running", "break-table", "3"),
    case("running", "break-table", "3", "--apply"),
    case("running", "bust", "{seated}", "--by", "Anna"),
    case("running", "bust", "{seated}", "{seated_2}", "--stack", "{seated}=5000",
         "--stack", "{seated_2}=3000", "--by", "Anna"),
    case("running", "reenter", "{busted}"),
    case("running", "add-on", "Anna", "Bo"),
    case("running", "rebuy", "{seated}"),
    case("running", "rebuy", "{seated}", "--double"),
    case("running", "payouts"),
    case("running", "cash"),
    case("running", "pay", "Anna", "--method", "card"),
    case("running", "pay", "Anna", "--unpaid"),
    case("running", "cash", "count", "cash=5000", "mobilepay=350"),
    case("running", "cash", "report"),
    case("running", "cash", "report", "--format", "csv", "--out", "{tmp}/cash.csv"),
    case("running", "cash", "report", "--out", "{tmp}/cash.html", "--sign"),
    case("running", "cash", "report", "--format", "pdf", "--out", "{tmp}/cash.pdf", "--sign"),
    case("running", "money", "show"),
    case("running", "chips", "Anna=12000", "{seated}=9000"),
    case("running", "chips", "report", "--format", "csv", "--out", "{tmp}/chips.csv"),
    case("running", "player-page", "Anna", "--url", "http://club.local:8000", "--lang", "da"),
    case("running", "signups"),
    case("running", "shot-clock", "1", "--seconds", "20", "--seat", "1"),
    case("running", "shot-clock", "1", "--stop", before=(("shot-clock", "1"),)),
    case("running", "signups", "add", "Mette Kjær", "--phone", "+45 20304050"),
    case("running", "signups", "approve", "Mette Kjær", before=(("signups", "add", "Mette Kjær"),)),
    case("running", "signups", "reject", "Ole Bak", before=(("signups", "add", "Ole Bak"),)),
    case("running", "player-page", "Anna", "--revoke", before=(("player-page", "Anna"),)),
    case("running", "clock"),
    case("running", "clock", "pause"),
    case("running", "clock", "resume", before=(("clock", "pause"),)),
    case("running", "clock", "next"),
    case("running", "clock", "prev", before=(("clock", "next"),)),
    case("running", "clock", "level", "3"),
    case("running", "clock", "set", "12:00"),
    case("running", "clock", "late-reg", "4"),
    case("running", "clock", "time"),
    case("running", "rulings", "log", *OOT, "--player", "Anna", "--by", "Mette"),
    case("running", "rulings", "log", "-s", "wrong-button", "-a", "substantial_action=no", "--table",
         "2", "--decision", "The button stays", "--reason", "both blinds agreed", "--by", "Mette"),
    case("running", "rulings", "log", "--clock-call", "1", "--by", "Mette"),
    case("running", "rulings", "correct", "1", "--player", "Bo", "--reason", "it was Bo", "--by", "TD"),
    case("running", "rulings", "list"),
    case("running", "rulings", "export"),
    case("running", "rulings", "export", "--format", "html", "--out", "{tmp}/rulings.html"),
    case("running", "rulings", "export", "--format", "pdf", "--out", "{tmp}/rulings.pdf"),
    case("running", "rulings", "penalties"),
    case("running", "rulings", "offences"),
    case("running", "rulings", "serve", "1", "--hands", "2"),
    case("running", "rulings", "clock-call", "--table", "3", "--seat", "{table_3_seat}"),
    case("running", "rulings", "clock-calls"),
    case("running", "rulings", "clock-stop", "2"),
    case("running", "h4h", "status"),
    case("running", "h4h", "start", "--tables", "1,2,3"),
    # Table 3 broken, two more busts at table 1: a player must move (T-BAL-1).
    case("unbalanced", "balance"),
    case("unbalanced", "balance", "--apply"),
    case("unbalanced", "tables"),
    # Hand-for-hand on tables 1 and 2, a bust at table 1 waiting for table 2's hand.
    case("hand-for-hand", "h4h", "status"),
    case("hand-for-hand", "h4h", "done", "2"),
    case("hand-for-hand", "h4h", "stop", before=(("h4h", "done", "1"), ("h4h", "done", "2"))),
    case("hand-for-hand", "bust", "{seated_1}", "--table", "1", "--by", "Anna"),
    case("hand-for-hand", "state"),
    # Six left: the final table is due.
    case("final", "tables"),
    case("final", "final-table", "--apply", "--seed", "4"),
    case("final", "chips", "{chip_counts}"),
    # The final table drawn, chips counted, a chip chop proposed; every player but one consents.
    case("deal", "deal", "calc", "--leave", "100"),
    case("deal", "deal", "propose", "icm", "--leave", "100"),
    case("deal", "deal", "consent", "{last_to_consent}"),
    case("deal", "deal", "approve", before=(("deal", "consent", "{last_to_consent}"),)),
    case("deal", "deal", "show"),
    case("deal", "payouts"),
    # A shootout's round 1 over: every table down to its winner.
    case("shootout", "shootout"),
    case("shootout", "shootout", "draw"),
    case("shootout", "shootout", "draw", "--apply", "--seed", "3"),
    # Finished: a winner, everybody placed.
    case("finished", "state"),
    case("finished", "results"),
    case("finished", "results", "--format", "html", "--out", "{tmp}/results.html"),
    case("finished", "results", "--format", "pdf", "--out", "{tmp}/results.pdf"),
    case("finished", "results", "--format", "png", "--out", "{tmp}/results.png"),
    case("finished", "results", "--format", "json", "--sign", "--out", "{tmp}/results.json"),
    case("finished", "verify"),
    case("finished", "verify", "--all"),
    case("finished", "verify", "{tmp}/results.csv",
         before=(("results", "--sign", "--out", "{tmp}/results.csv"),)),
    case("finished", "keys", "show"),
    case("finished", "db", "backup", "{tmp}/backup.sqlite"),
    case("finished", "db", "status"),
    case("finished", "db", "restore", "{tmp}/backup.sqlite", "--yes",
         before=(("db", "backup", "{tmp}/backup.sqlite"),)),
    case("finished", "payouts"),
    case("finished", "cash", "pay-out", "{last_to_consent}"),
    case("finished", "slips", "--out", "{tmp}/slips.html",
         before=(("cash", "pay-out", "{last_to_consent}"),)),
    case("finished", "slips", "--format", "pdf", "--out", "{tmp}/slips.pdf",
         before=(("cash", "pay-out", "{last_to_consent}"),)),
    case("finished", "slips", "--width", "80mm", "--receipts"),
    case("finished", "members", "show", "anna"),
    case("finished", "league", "add", "1"),
    case("finished", "league", "remove", "1", before=(("league", "add", "1"),)),
    case("finished", "league", "standings", before=(("league", "add", "1"),)),
    case("finished", "league", "standings", "--format", "csv", before=(("league", "add", "1"),)),
    case("finished", "league", "season", "--out", "{tmp}/season.html", before=(("league", "add", "1"),)),
    case("finished", "league", "season", "--format", "pdf", "--out", "{tmp}/season.pdf",
         before=(("league", "add", "1"),)),
    case("finished", "league", "standings", "--format", "pdf", "--out", "{tmp}/standings.pdf",
         before=(("league", "add", "1"),)),
    case("finished", "schedule", "add", "friday-deepstack", "--weekly", "--from", "2027-03-19",
         "--until", "2027-04-02"),
    case("finished", "schedule", "list", "--all",
         before=(("schedule", "add", "pko", "--from", "2027-03-19", "--time", "18:30"),)),
    case("finished", "schedule", "--all", "--format", "ics", "--out", "{tmp}/club.ics",
         before=(("schedule", "add", "pko", "--from", "2027-03-19"),)),
    case("finished", "schedule", "remove", "1", before=(("schedule", "add", "pko", "--from", "2027-03-19"),)),
]


def variants() -> Iterator[Any]:
    for one in CASES:
        outputs = ("text", "json") if takes_json(one.command) else ("text",)
        for lang in ("en", "da"):
            for output in outputs:
                yield pytest.param(one, lang, output, id=f"{one} {lang} {output}")


# ---------------------------------------------------------------- the evening


def _quiet(argv: list[str], stdin: str | None = None) -> str:
    """Run the CLI in-process (no pytest capture at module scope); stdout, or a failure."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.redirect_stdout(out))
        stack.enter_context(contextlib.redirect_stderr(err))
        if stdin is not None:
            patch = stack.enter_context(pytest.MonkeyPatch.context())
            patch.setattr("sys.stdin", io.StringIO(stdin))
        try:
            main(argv)
        except SystemExit as done:
            if done.code:
                pytest.fail(f"tdconsole {' '.join(argv)}: exit {done.code}: {err.getvalue()}")
    return out.getvalue()


def copy_database(source: Path, target: Path) -> None:
    """A consistent copy of a SQLite database, whatever its write-ahead log still holds."""
    with contextlib.closing(sqlite3.connect(source)) as src, \
            contextlib.closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


@dataclass
class Evening:
    """One database taken through an evening, a copy kept at each point, and what was found on
    the way (who sits where) for the cases' `{fields}`."""

    folder: Path
    clock: FakeClock
    points: dict[str, Path] = field(default_factory=dict)
    moments: dict[str, datetime] = field(default_factory=dict)
    facts: dict[str, Any] = field(default_factory=dict)

    @property
    def db(self) -> Path:
        return self.folder / "evening.sqlite"

    def __call__(self, *argv: str, stdin: str | None = None) -> Any:
        """Run a command in English on the evening's database; its --json answer."""
        return json.loads(_quiet(["--lang", "en", "--db", str(self.db), *argv, "--json"], stdin))

    def keep(self, point: str) -> None:
        self.points[point] = self.folder / f"{point}.sqlite"
        self.moments[point] = self.clock()
        copy_database(self.db, self.points[point])

    def at(self, point: str, target: Path) -> None:
        """A copy of `point` at `target`, and the clock back at that point's moment."""
        copy_database(self.points[point], target)
        self.clock.moment = self.moments[point]

    def seated(self) -> dict[int, dict[str, Any]]:
        return {table["table"]: table for table in self("tables") if table["status"] == "open"}


def _players(table: dict[str, Any]) -> list[str]:
    """A table's players, those not on the button or in the blinds first (free to move: T-MOVE-3)."""
    busy = {table["button"], table["small_blind"], table["big_blind"]}
    seats = sorted(table["seats"], key=lambda seat: (int(seat) in busy, int(seat)))
    return [table["seats"][seat] for seat in seats]


def build_evening(folder: Path, clock: FakeClock) -> Evening:
    t = Evening(folder, clock)
    t("members", "add", "Anna", "--number", "1")
    t("members", "add", "Bo", "--number", "2")
    t("staff", "add", "Mette", "--role", "floor", "--pin-stdin", stdin="1357\n")
    t("league", "new", "Fredagsliga")
    (folder / "members.csv").write_text("number;name;phone\n7;Dorte;+45 20 00 00 07\n8;Åse;\n",
                                        encoding="utf-8")
    t.keep("club")

    t("new", "Fredag", "--buy-in", "300", "--fee", "50", "--seats", "6", "--late-reg-level", "6")
    t("register", *NAMES)
    t("money", "set", "--add-on", "200", "--add-on-fee", "20", "--add-on-until-level", "6",
      "--rebuy-until-level", "6", "--rebuy-price", "300", "--rebuy-double")
    t.keep("registered")

    t("draw", "--seed", "7")
    t("clock", "start")
    t("rulings", "log", *OOT, "--player", "Anna", "--penalty", "missed-hands:3", "--reason", "again",
      "--by", "Mette")
    tables = t.seated()
    # Clock call 1 has run out (its ruling can be logged); call 2 is running (it can be stopped).
    t("rulings", "clock-call", "--table", "2", "--seat", next(iter(tables[2]["seats"])))
    t.clock.advance(90)
    t("rulings", "clock-call", "--table", "1", "--seat", next(iter(tables[1]["seats"])))
    # Bust players away from table 3 until the other tables have a seat for each of its players.
    others = [name for number in sorted(tables) if number != 3 for name in _players(tables[number])]
    free = sum(6 - len(tables[number]["seats"]) for number in tables if number != 3)
    busted = others[:max(0, len(tables[3]["seats"]) - free)] or others[:1]
    t("bust", *busted)
    tables = t.seated()
    free_seat = min(seat for seat in range(1, 7) if str(seat) not in tables[1]["seats"])
    t.facts.update(
        busted=busted[0], free_table="1", free_seat=str(free_seat),
        mover=_players(tables[2])[0], seated=_players(tables[2])[0], seated_2=_players(tables[2])[1],
        table_3_seat=next(iter(tables[3]["seats"])), table_3=list(tables[3]["seats"].values()),
        button_seat=next(seat for seat in tables[1]["seats"] if int(seat) != tables[1]["button"]))
    t.keep("running")

    t("break-table", "3", "--seed", "2", "--apply")
    t("bust", *_players(t.seated()[1])[:2])
    t.keep("unbalanced")

    t("balance", "--apply")
    t("h4h", "start", "--tables", "1,2")
    first, second = _players(t.seated()[1])[:2]
    t("bust", first, "--table", "1")
    t.facts["seated_1"] = second
    t.keep("hand-for-hand")

    t("h4h", "done", "1")
    t("h4h", "done", "2")
    t("h4h", "stop")
    tables = t.seated()
    while sum(len(table["seats"]) for table in tables.values()) > 6:
        t("bust", _players(tables[max(tables)])[0])
        tables = t.seated()
    left = [name for table in tables.values() for name in table["seats"].values()]
    t.facts["chip_counts"] = [f"{name}={(index + 1) * 5000}" for index, name in enumerate(left)]
    t.keep("final")

    t("final-table", "--apply", "--seed", "4")
    t("chips", *t.facts["chip_counts"])
    t("deal", "propose", "chip-chop", "--leave", "100")
    t("deal", "consent", *left[:-1])
    t.facts["last_to_consent"] = left[-1]
    t.keep("deal")

    for name in left[:-1]:
        t("bust", name)
    t.keep("finished")

    # A shootout beside it (T-SHOOT-1..4): two tables of six, each played down to its winner.
    t("new", "Shootout", "--shootout", "--seats", "6", "--use")
    t("register", *NAMES[:12])
    t("draw", "--seed", "7")
    for table in t.seated().values():
        t("bust", *_players(table)[1:])
    t.keep("shootout")
    return t


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Evening]:
    # Module scope runs before the suite's per-test environment (tests/conftest.py): set the same.
    clock = FakeClock()
    with pytest.MonkeyPatch.context() as patch:
        # The tournament's time (a clock call's seconds, the level's time) moves only when the
        # evening moves it: the tests never depend on how fast they run. Every service, and
        # whatever else stamps the tournament's time, takes it from `TimeSource.of`.
        patch.setattr(TimeSource, "of", classmethod(lambda cls, store: clock))
        patch.setenv("TDCONSOLE_LANG", "en")
        patch.setenv("TDCONSOLE_USER_STRUCTURES", str(tmp_path_factory.mktemp("structures")))
        patch.setenv("TDCONSOLE_USER_TEMPLATES", str(tmp_path_factory.mktemp("templates")))
        for name in ("TDCONSOLE_HOUSE_RULES", "TDCONSOLE_CONFIGS", "TDCONSOLE_DEBUG"):
            patch.delenv(name, raising=False)
        yield build_evening(tmp_path_factory.mktemp("evening"), clock)


# ---------------------------------------------------------------- the tests


def test_every_command_has_a_case() -> None:
    covered = {one.command for one in CASES}
    missing = sorted(set(TREE) - covered - EXCLUDED.keys())
    assert missing == [], f"commands without a case in {Path(__file__).name}: {', '.join(missing)}"


def test_the_exclusions_name_real_commands() -> None:
    assert sorted(EXCLUDED.keys() - TREE.keys()) == []
    assert sorted({one.command for one in CASES} - TREE.keys()) == []  # no case runs a lone option


def set_up(one: Case, evening: Evening, tmp_path: Path,
           capsys: pytest.CaptureFixture[str]) -> tuple[Path, dict[str, Any]]:
    """The case's database at its point of the evening, the members' file beside it, and the
    commands it needs first run: the database and the facts its command line is filled with."""
    db = tmp_path / "td.sqlite"
    evening.at(one.point, db)
    (tmp_path / "members.csv").write_bytes((evening.folder / "members.csv").read_bytes())
    fields = {**evening.facts, "tmp": str(tmp_path)}
    for step in one.before:
        done = run(capsys, "--lang", "en", "--db", str(db), *fill(step, fields))
        assert done.code == 0, (step, done.err)
    return db, fields


@pytest.mark.parametrize(("one", "lang", "output"), variants())
def test_command_runs(one: Case, lang: str, output: str, evening: Evening, tmp_path: Path,
                      capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    db, fields = set_up(one, evening, tmp_path, capsys)
    flag = ["--json"] if output == "json" else []
    result = run(capsys, "--lang", lang, "--db", str(db), *fill(one.argv, fields), *flag, stdin=one.stdin,
                 monkeypatch=monkeypatch)
    check(result, output)


NARROW = ("cp1252", "ascii", "latin-1")


def narrow_variants() -> Iterator[Any]:
    for index, one in enumerate(CASES):
        encoding = NARROW[index % len(NARROW)]
        for output in ("text", "json") if takes_json(one.command) else ("text",):
            yield pytest.param(one, encoding, output, id=f"{one} {encoding} {output}")


@pytest.mark.parametrize(("one", "encoding", "output"), narrow_variants())
def test_command_answers_in_a_narrow_encoding(one: Case, encoding: str, output: str, evening: Evening,
                                              tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """What the stream cannot show is written as "?" (JSON escapes it), never an internal error
    after the command has done its work."""
    db, fields = set_up(one, evening, tmp_path, capsys)
    flag = ["--json"] if output == "json" else []
    raw = io.BytesIO()
    # A stream as Python opens it on such a terminal: strict, as `main` finds it.
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(raw, encoding=encoding, write_through=True))
    result = run(capsys, "--lang", "da", "--db", str(db), *fill(one.argv, fields), *flag,
                 stdin=one.stdin, monkeypatch=monkeypatch)
    sys.stdout.flush()
    check(Result(result.code, raw.getvalue().decode(encoding), result.err), output)


SEAT_WORDS = {"en": r"table \d+ seat \d+", "da": r"bord \d+ plads \d+"}


@pytest.mark.parametrize(("lang", "apply", "heading"), [
    ("en", False, "Would break table 3:"), ("en", True, "Broke table 3:"),
    ("da", False, "Ville bryde bord 3:"), ("da", True, "Brød bord 3:"),
])
def test_break_table_prints_its_draw_in_both_languages(
        lang: str, apply: bool, heading: str, evening: Evening, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """10A: each player of the broken table, and the table and seat he draws."""
    db = tmp_path / "td.sqlite"
    evening.at("running", db)
    result = run(capsys, "--lang", lang, "--db", str(db), "break-table", "3", *(["--apply"] if apply else []))
    assert result.code == 0, result.err
    named, shown, *draws = result.out.splitlines()
    # A preview also says its seed, to make that very draw with --apply --seed.
    draws = [line for line in draws if "--apply --seed" not in line]
    assert (named, shown) == ({"en": "Tournament 1: Fredag", "da": "Turnering 1: Fredag"}[lang], heading)
    drawn = {line.split(":")[0].strip(): line for line in draws}
    assert sorted(drawn) == sorted(evening.facts["table_3"])
    assert all(re.search(SEAT_WORDS[lang], line) for line in drawn.values()), result.out


def fill(argv: tuple[str, ...], fields: dict[str, Any]) -> list[str]:
    """The words of `argv` with their `{fields}` filled; a field that holds a list, alone in its
    word, gives one word per item (`chips {chip_counts}`)."""
    words: list[str] = []
    for part in argv:
        value = fields.get(part[1:-1]) if part.startswith("{") and part.endswith("}") else None
        words.extend(value if isinstance(value, list) else [part.format(**fields)])
    return words


def check(result: Result, output: str) -> None:
    shown = result.out + result.err
    assert "internal error" not in shown and "intern fejl" not in shown, result.err
    assert "Traceback" not in shown, shown
    assert result.code == 0, result.err
    assert result.out.strip(), "no output"
    if output == "json":
        result.json  # noqa: B018 - parses, or fails the test
    else:  # Python's words for a missing value are nobody's words
        assert not re.search(r"\bNone\b", result.out), result.out
