"""`tdconsole import tdt`: TD3 saves the project wrote itself in TD3's notation (tests/fixtures/td3:
3.3's players as a map in Windows-1252, 3.7's `Map.from` arrays, a rebuy and an add-on profile, a
re-entry, a shared prize between two players busted in one hand, an awarded chop), each imported
into a finished tournament whose winner, prizes, entries, rebuys, busts and levels are the file's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tdconsole.club.members import Members
from tdconsole.config.structures import load_structure
from tdconsole.config.td3 import load_save
from tdconsole.domain.clock.structure import Level
from tdconsole.domain.money import handlers as money
from tdconsole.service import Service
from tdconsole.store.db import database_url
from tdconsole.store.event_store import EventStore
from tests.cli.helpers import assert_one_line_error, run

FIXTURES = Path(__file__).parents[1] / "fixtures" / "td3"
Capsys = pytest.CaptureFixture[str]


def _import(capsys: Capsys, db: str, *files: str, dry_run: bool = False) -> list[dict[str, Any]]:
    result = run(capsys, "--db", db, "import", "tdt", *files, *(["--dry-run"] if dry_run else []), "--json")
    assert result.code == 0, result.err
    data = result.json
    assert data["dry_run"] is dry_run
    return list(data["imported"])


def _state(db: str, tournament: int) -> Any:
    return Service(EventStore.open(database_url(db)), tournament).state


def _prizes(state: Any) -> dict[str, int]:
    standings = money.standings(state, money.payout_structure(state))
    return {state.players[pid].name: s.prize for pid, s in standings.items() if s.prize}


def _places(state: Any) -> dict[str, tuple[int | None, int | None]]:
    standings = money.standings(state, money.payout_structure(state))
    best: dict[str, tuple[int | None, int | None]] = {}
    for pid, standing in standings.items():
        name = state.players[pid].name
        if name not in best or (standing.place or 99) < (best[name][0] or 99):
            best[name] = (standing.place, standing.last_place)
    return best


# What each file says: the winner, every prize, entries, rebuys, add-ons, and the places.
EXPECTED = {
    "club_night_3_3.tdt": dict(
        winner="Anna", prizes={"Anna": 700, "Björn": 320}, players=4, entries=4, rebuys=1, add_ons=1,
        places={"Anna": (1, None), "Björn": (2, None), "Carl": (3, None), "Dora": (4, None)}),
    "friday_3_7.tdt": dict(
        winner="Erik", prizes={"Erik": 1300, "Frida": 700, "Gustav": 200, "Hanna": 200}, players=6,
        entries=7, rebuys=1, add_ons=0,
        places={"Erik": (1, None), "Frida": (2, None), "Gustav": (3, 4), "Hanna": (3, 4), "Ida": (5, None)}),
    "chop_3_7.tdt": dict(
        winner="Erik", prizes={"Erik": 180, "Frida": 120, "Karin": 100}, players=4, entries=4, rebuys=0,
        add_ons=0, places={"Erik": (1, None), "Frida": (2, None), "Karin": (3, None), "Lars": (4, None)}),
}


@pytest.mark.parametrize("file", sorted(EXPECTED))
def test_each_save_becomes_the_finished_tournament_it_records(file: str, tmp_path: Path,
                                                              capsys: Capsys) -> None:
    db = str(tmp_path / "td.sqlite")
    expected = EXPECTED[file]
    (report,) = _import(capsys, db, str(FIXTURES / file))
    assert report["winner"] == expected["winner"]
    assert report["prizes"] == expected["prizes"]
    for key in ("players", "entries", "rebuys", "add_ons"):
        assert report[key] == expected[key], key
    state = _state(db, report["tournament"])
    assert state.status == "finished"
    assert state.winner is not None and state.winner.name == expected["winner"]
    assert _prizes(state) == expected["prizes"]
    assert state.entries == expected["entries"]
    assert sum(p.rebuys for p in state.players.values()) == expected["rebuys"]
    assert sum(p.add_ons for p in state.players.values()) == expected["add_ons"]
    for name, place in expected["places"].items():
        assert _places(state)[name] == place, name
    # The structure is the file's, in the log and as a preset.
    save = load_save(FIXTURES / file)
    assert state.info.structure.periods == save.structure.periods
    assert load_structure(report["structure"]).periods == save.structure.periods


def test_busts_keep_their_level_and_knockers_and_the_money_its_prices(tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "td.sqlite")
    (report,) = _import(capsys, db, str(FIXTURES / "club_night_3_3.tdt"))
    state = _state(db, report["tournament"])
    log = Service(EventStore.open(database_url(db)), report["tournament"]).log
    busts, level = [], 1
    for envelope in log:
        event = envelope.event
        if event.type == "level_changed":
            level = state.info.structure.level_number(event.period)
        elif event.type == "player_busted":
            busts.append((state.players[event.player_id].name, level,
                          [state.players[k].name for k in event.knocked_out_by]))
    # TD3's rounds count levels without breaks, as tdconsole does: round 3 is the third level.
    assert busts == [("Dora", 4, ["Björn"]), ("Carl", 5, ["Anna"]), ("Björn", 5, ["Anna"])]
    knockouts = {p.name: p.knockouts for p in state.players.values()}
    assert knockouts["Anna"] == 2  # Carl and Björn; Dora's first bust was bought back (a rebuy)
    assert [period.big_blind for period in state.info.structure.periods if isinstance(period, Level)] == \
        [50, 100, 150, 200, 300]
    pool = money.pool(state)
    assert (state.info.buy_in, state.info.fee) == (180, 20)  # TD3's 200 with its rake of 20 as the fee
    assert pool.prize_pool == 1020 == 4 * 180 + 200 + 100  # buy-ins, the rebuy, the add-on
    assert state.clock.started


def test_members_linked_by_td3_id_then_by_name_and_the_dry_run_writes_nothing(
        tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "td.sqlite")
    members = Members(EventStore.open(database_url(db)))
    members.add("Karin")  # a member already: the chop night links her by her name
    (dry,) = _import(capsys, db, str(FIXTURES / "chop_3_7.tdt"), dry_run=True)
    assert dry["tournament"] is None and dry["winner"] == "Erik"
    assert {link["name"]: link["how"] for link in dry["links"]} == {
        "Erik": "new", "Frida": "new", "Karin": "name", "Lars": "new"}
    assert [m.name for m in members.all()] == ["Karin"]
    assert run(capsys, "--db", db, "tournaments", "--json").json == []

    (chop,) = _import(capsys, db, str(FIXTURES / "chop_3_7.tdt"))
    assert {link["name"]: link["how"] for link in chop["links"]} == {
        "Erik": "new", "Frida": "new", "Karin": "name", "Lars": "new"}
    (friday,) = _import(capsys, db, str(FIXTURES / "friday_3_7.tdt"))
    # Erik and Frida have the same TD3 ids on Friday: linked by them, the rest are new.
    assert {link["name"]: link["how"] for link in friday["links"]} == {
        "Erik": "uuid", "Frida": "uuid", "Gustav": "new", "Hanna": "new", "Ida": "new", "Jonas": "new"}
    assert members.linked("td3", "u-erik") == members.named("Erik")[0]
    text = run(capsys, "--db", db, "import", "tdt", str(FIXTURES / "club_night_3_3.tdt"), "--dry-run")
    assert "New members: Anna, Björn, Carl, Dora" in text.out.replace("\n", " ")


def test_a_file_it_cannot_read_is_one_line_and_imports_nothing(tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "td.sqlite")
    bad = tmp_path / "broken.tdt"
    bad.write_text('{ V: "3.7.2",\n  T: new Tournament({Title: "x" Players: 1}) }')
    result = run(capsys, "--db", db, "import", "tdt", str(FIXTURES / "chop_3_7.tdt"), str(bad))
    assert_one_line_error(result, "broken.tdt: line 2:33: expected ',' or '}', found 'Players'")
    assert run(capsys, "--db", db, "tournaments", "--json").json == []
    assert_one_line_error(run(capsys, "--db", db, "import", "tdt", str(tmp_path / "none.tdt")),
                          "none.tdt: no such file")


ALL_OUT = """{ V: "3.7.2", T: new Tournament({Title: "All out", StartTime: 1736300000000,
Players: new GamePlayers({Players: Map.from([
 ["u-a", new GamePlayer({UUID: "u-a", Name: new PlayerName({Nickname: "Ann"}), Buyins: [new GameBuyin({
   Time: 1736300000000, Round: 1, Amount: 100, Chips: 5000, BustOut: new GameBustOut({Time: 1736301200000,
   Round: 2, HitmanUUID: []})})]})],
 ["u-b", new GamePlayer({UUID: "u-b", Name: new PlayerName({Nickname: "Bo"}), Buyins: [new GameBuyin({
   Time: 1736300000000, Round: 1, Amount: 100, Chips: 5000, BustOut: new GameBustOut({Time: 1736301200000,
   Round: 2, HitmanUUID: []})})]})]])}),
Levels: new GameLevels({Levels: [new GameRound({Minutes: 15, SmallBlind: 25, BigBlind: 50})]})}) }"""


def test_a_save_the_service_refuses_part_way_imports_nothing_at_all(tmp_path: Path, capsys: Capsys) -> None:
    """Every save is replayed into a scratch database first: the second save's last hand busts
    everyone (a tournament needs a winner), so neither save is imported, nor any member made."""
    db = str(tmp_path / "td.sqlite")
    bad = tmp_path / "all_out.tdt"
    bad.write_text(ALL_OUT)
    result = run(capsys, "--db", db, "import", "tdt", str(FIXTURES / "chop_3_7.tdt"), str(bad))
    assert_one_line_error(result, "all_out.tdt: ", "nothing was imported")
    assert run(capsys, "--db", db, "tournaments", "--json").json == []
    assert Members(EventStore.open(database_url(db))).all() == []
    # The dry run replays too: it says the same, and links a player an earlier save of the run
    # would make a member by his TD3 id, as the import will.
    assert_one_line_error(run(capsys, "--db", db, "import", "tdt", str(bad), "--dry-run"),
                          "nothing was imported")
    _chop, friday = _import(capsys, db, str(FIXTURES / "chop_3_7.tdt"), str(FIXTURES / "friday_3_7.tdt"),
                           dry_run=True)
    assert [link["how"] for link in friday["links"] if link["name"] in ("Erik", "Frida")] == ["uuid", "uuid"]
