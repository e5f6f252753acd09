"""The `--json` contract: every command's JSON, byte for byte, on one fixed tournament.

JSON keys are a contract (add keys freely, never rename). This test runs a whole evening through
the real CLI entry point - registration, the draw, the clock, rulings and penalties, busts,
re-entries, balancing, hand-for-hand, a deal and the results - with the time, the command ids,
the seat draws and the time zone fixed, and compares each command's standard output with the
reviewed transcript in golden/json_contract.txt.

A change that only adds keys is allowed: regenerate with TDCONSOLE_UPDATE_GOLDEN=1 and check the
diff adds and never renames, removes or reorders.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import time
from collections.abc import Iterator
from datetime import datetime, tzinfo
from pathlib import Path
from types import SimpleNamespace

import pytest

from tdconsole.service import Service
from tests.cli.helpers import CHIPS, HAND, POTS, run
from tests.conftest import FakeClock

GOLDEN = Path(__file__).parent / "golden" / "json_contract.txt"
PROMPT = "$ tdconsole "
OOT = ["-a", "action=check", "-a", "changed=no", "-a", "deliberate=no", "-a", "players=5"]


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeClock]:
    """Every service the CLI opens reads this clock; draws repeat; command ids count up; local
    time is Copenhagen."""
    clock = FakeClock()
    monkeypatch.setitem(Service.__init__.__kwdefaults__, "now", clock)
    monkeypatch.setitem(Service.create.__func__.__kwdefaults__, "now", clock)  # type: ignore[attr-defined]
    # Draws without --seed (a re-entry's seat) come from the cryptographic source: make it repeatable.
    monkeypatch.setattr("tdconsole.randomness.secrets",
                        SimpleNamespace(SystemRandom=lambda: random.Random(11)))
    ids = itertools.count(1)
    monkeypatch.setattr("tdconsole.service.uuid",
                        SimpleNamespace(uuid4=lambda: SimpleNamespace(hex=f"command-{next(ids):04d}")))
    # Members and leagues are stamped when they are made: by the same clock.
    class FrozenDatetime(datetime):
        @classmethod
        def now(cls, tz: tzinfo | None = None) -> datetime:  # type: ignore[override]
            return clock()

    for module in ("tdconsole.club.members", "tdconsole.club.leagues"):
        monkeypatch.setattr(f"{module}.datetime", FrozenDatetime)
    # The machine as the club's laptop is set; the wall times follow the club's zone (money.time_zone).
    monkeypatch.setenv("TZ", "Europe/Copenhagen")
    time.tzset()
    yield clock
    monkeypatch.undo()
    time.tzset()


class Transcript:
    """Runs commands on one database and keeps each one's standard output."""

    def __init__(self, folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                 clock: FakeClock) -> None:
        self.folder, self.db = folder, str(folder / "contract.sqlite")
        self.capsys, self.monkeypatch, self.clock = capsys, monkeypatch, clock
        self.blocks: list[tuple[str, str]] = []

    def __call__(self, *argv: str, stdin: object = None, json_flag: bool = True) -> str:
        args = [*argv, "--json"] if json_flag else list(argv)
        result = run(self.capsys, "--db", self.db, "--actor", "Kim", *args,
                     stdin=None if stdin is None else json.dumps(stdin), monkeypatch=self.monkeypatch)
        assert result.code == 0, (args, result.err)
        shown = " ".join(args).replace(self.db, "DB").replace(str(self.folder), "TMP")
        # The schema's revision is whatever migration came last: the key is the contract, not its value.
        out = re.sub(r'"revision": ?"[^"]*"', '"revision":"HEAD"', result.out.replace(self.db, "DB"))
        self.blocks.append((shown, out))
        return result.out

    def text(self) -> str:
        return "".join(f"{PROMPT}{command}\n{out}" for command, out in self.blocks)


def evening(t: Transcript) -> None:
    clock = t.clock
    # Set-up, registration and the money.
    t("new", "Fredag <Cup> & Co", "--buy-in", "300", "--fee", "50", "--seats", "6",
      "--late-reg-level", "6")
    t("tournaments")
    # Club members: registration links each player to the member of that name.
    t("members", "add", "Anna", "--number", "1", "--email", "anna@example.org")
    t("members", "add", "<b>Bo</b>", "--note", "writes his name in <b>")
    members = t.folder / "members.csv"
    members.write_text("number;name;phone\n7;Dorte;+45 20 00 00 07\n8;Åse;\n9;Gitte G.;\n", encoding="utf-8")
    t("members", "import", str(members))
    t("members", "list")
    t("register", "Anna", "<b>Bo</b>", "[bold]Carl[/]", "Dorte", "Åse", "Frank", "Gitte", "Hans",
      "Ida", "Jens", "Karen", "Lars", "Mads", "Nina")
    t("unregister", "Nina")
    t("money", "set", "--bounty", "20", "--guarantee", "5000", "--paid", "30", "--add-on", "200",
      "--add-on-fee", "20")
    t("money", "show")
    t("payouts")
    t("money", "set", "--lock", "1=3300")
    t("payouts")
    t("tables", "set-seats", "3", "5")
    t("tables", "block", "1", "6")
    t("tables", "unblock", "1", "6")
    t("tables", "block", "2", "6")
    t("seat", "Anna", "1", "1")
    t("draw", "--seed", "7")
    t("tables")
    t("seating")
    t("state")
    # The clock.
    t("clock", "start")
    clock.advance(600)
    t("clock", "pause")
    clock.advance(60)
    t("clock", "resume")
    clock.advance(30)
    t("clock", "next")
    t("clock", "prev")
    t("clock", "level", "2")
    t("clock", "set", "12:00")
    t("clock", "late-reg", "6")
    # Hands, buttons, a late entry and a move.
    t("hand-done", "--all")
    t("hand-done", "1")
    t("button", "2", "3")
    clock.advance(120)
    t("register", "Olga", "--seed", "3")
    t("move", "<b>Bo</b>", "2", "1")  # not in a blind at table 3: T-MOVE-1 lets him
    # Floor rulings, penalties and clock calls.
    t("rulings", "scenarios")
    t("rulings", "suggest", "out-of-turn-action", *OOT, "-a", "earlier=1")
    t("rulings", "log", "--scenario", "out-of-turn-action", *OOT, "--player", "anna", "--table", "1",
      "--seat", "1", "--by", "Mette")
    clock.advance(300)
    t("rulings", "log", "--scenario", "out-of-turn-action", *OOT, "--player", "Anna", "--table", "1",
      "--seat", "1", "--by", "Mette")
    t("rulings", "log", "-s", "wrong-button", "-a", "substantial_action=no", "--table", "2",
      "--decision", "The button stays", "--reason", "both blinds agreed", "--by", "Mette")
    t("rulings", "correct", "1", "--player", "<b>Bo</b>", "--reason", "it was Bo", "--by", "TD")
    t("rulings", "list")
    t("rulings", "list", "--player", "anna")
    t("rulings", "penalties")
    t("rulings", "offences")
    t("rulings", "serve", "2", "--hands", "5")
    t("rulings", "clock-call", "--table", "2", "--seat", "3")
    clock.advance(20)
    t("rulings", "clock-calls")
    t("rulings", "clock-stop", "1")
    t("rulings", "clock-call", "--table", "1", "--seat", "2", "--no-facing-bet")
    clock.advance(200)
    t("rulings", "clock-calls")
    t("rulings", "log", "--clock-call", "2", "--by", "Mette")
    t("state")
    # Busts, a re-entry, add-ons; balancing and breaking a table.
    t("bust", "Dorte", "Åse", "--stack", "Dorte=5000", "--stack", "Åse=3000", "--by", "Anna")
    t("bust", "Hans", "--by", "<b>Bo</b>", "--by", "Anna")
    t("reenter", "Hans")
    t("payouts")  # a fifth place paid: the lock leaves too little for it, shown and never a crash
    t("state")
    t("money", "set", "--unlock", "--add-on-until-level", "6")  # sold through level 6 (T-ADDON-1)
    t("add-on", "Anna", "<b>Bo</b>")
    t("bust", "Ida", "Jens", "--by", "Karen")
    t("balance")
    t("break-table", "3", "--seed", "2")
    t("break-table", "3", "--seed", "2", "--apply")
    t("tables")
    t("bust", "Karen", "--by", "Lars")
    t("balance")
    t("balance", "--apply")
    t("payouts")
    t("h4h", "status")
    t("h4h", "start", "--tables", "1,2")
    t("bust", "Lars", "--table", "1", "--by", "Mads")
    t("h4h", "done", "1")
    t("h4h", "status")
    t("h4h", "done", "2")
    t("h4h", "stop")
    t("bust", "Frank", "Gitte", "--stack", "Frank=4000", "--stack", "Gitte=2000", "--by", "Olga")
    t("final-table", "--apply", "--seed", "4")
    # A deal.
    t("chips", "Anna=30000", "<b>Bo</b>=20000", "[bold]Carl[/]=15000", "Hans=6000", "Mads=5000",
      "Olga=4000")
    t("deal", "calc", "--leave", "100")
    t("deal", "propose", "chip-chop", "--leave", "100")
    t("deal", "consent", "Anna", "<b>Bo</b>")
    t("deal", "show")
    t("payouts")
    t("deal", "consent", "[bold]Carl[/]", "Hans", "Mads", "Olga")
    t("deal", "approve")
    t("payouts")  # the approved deal, and the places it pays instead of the payouts
    t("state")
    t("results", "--format", "json", json_flag=False)
    # The log, and undo.
    t("log", "--limit", "5")
    t("undo")
    t("log")
    t("state")
    # The tournament to its end; the member's history and the league.
    t("bust", "Olga", "Mads", "--stack", "Olga=1000", "--stack", "Mads=2000", "--by", "Anna")
    t("bust", "Hans", "--by", "<b>Bo</b>")
    t("bust", "[bold]Carl[/]", "--by", "Anna")
    t("bust", "<b>Bo</b>", "--by", "Anna")
    t("state")
    t("members", "show", "anna")
    t("members", "show", "8")
    t("members", "edit", "9", "--name", "Gitte", "--phone", "+45 20 00 00 09")
    t("members", "ban", "Gitte", "--reason", "chip dumping <again>")
    t("members", "unban", "9")
    t("members", "add", "Åse Brandt", "--number", "18")
    t("members", "merge", "8", "18")
    t("members", "list", "--search", "a")
    t("league", "new", "Fredagsliga", "--best", "3", "--tie-break", "events,best-finish")
    t("league", "add", "1")
    t("league", "standings")
    t("league", "set", "--min-events", "2")
    t("league", "standings")
    t("league", "list")
    t("league", "remove", "1")
    # The structure and the calculators.
    t("structure", "list")
    t("structure", "show", "club-deepstack")
    t("structure", "generate", "--stack", "20000", "--players", "40", "--hours", "4",
      "--level-minutes", "15", "--name", "Fredag")
    t("structure", "use", "club-deepstack")
    t("rules", "icm", "--payouts", "100,76", "--stacks", "1500,1200,975")
    t("rules", "payouts", "--entries", "40", "--pool", "12000", "--buy-in", "300")
    t("rules", "payouts", "--entries", "40", "--pool", "12000", "--table", "club")
    t("rules", "post", "--sb", "1000", "--bb", "2000", "--ante", "2000", "--stack", "3000",
      "--handed", "9")
    t("rules", "chip-race", "--seat", "1:5075:75", "--seat", "3:25:25", "--color-up", "25", "--to",
      "100", "--cards", "As Kd Qh 2c")
    t("rules", "betting", stdin=HAND)
    t("rules", "chips", stdin=CHIPS)
    t("rules", "pots", stdin=POTS)
    t("rules", "showdown", "--game", "holdem", "--board", "Ks Qs 7s 3d 2h", "--hand", "1=As Js",
      "--hand", "2=9d 9c", "--button", "2")
    t("rules", "bring-in", "--game", "stud", "3h", "Kd", "3c", "--amount", "25", "--small-bet", "100")
    t("rules", "first-to-act", "--game", "razz", "1=Kd 9c", "4=7s 2h", "--aggressor", "1")
    t("house-rules", "show")
    t("house-rules", "set", "clock_call.seconds", "45")
    t("db", "upgrade")
    t("demo", "--players", "5", "--no-tui")
    t("tournaments")


def test_every_json_command_prints_what_the_reviewed_transcript_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        frozen: FakeClock) -> None:
    transcript = Transcript(tmp_path, capsys, monkeypatch, frozen)
    try:
        evening(transcript)
    finally:
        if os.environ.get("TDCONSOLE_UPDATE_GOLDEN"):  # regenerate deliberately, review the diff
            GOLDEN.write_text(transcript.text(), encoding="utf-8")
    expected = _blocks(GOLDEN.read_text(encoding="utf-8"))
    assert [command for command, _ in transcript.blocks] == [command for command, _ in expected]
    for (command, out), (_, golden) in zip(transcript.blocks, expected, strict=True):
        assert out == golden, f"tdconsole {command}: the JSON differs from the golden transcript"


def _blocks(text: str) -> list[tuple[str, str]]:
    blocks: list[tuple[str, str]] = []
    for line in text.splitlines(keepends=True):
        if line.startswith(PROMPT):
            blocks.append((line[len(PROMPT):].rstrip("\n"), ""))
        else:
            command, out = blocks[-1]
            blocks[-1] = (command, out + line)
    return blocks
