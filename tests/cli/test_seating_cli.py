"""Seating through the CLI on a temporary database: the draw, late entries, busts, hands, balancing,
breaking, the final table, undo of each, and bad input (one line, the log unchanged)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import Result, assert_one_line_error, run, unnamed

Capsys = pytest.CaptureFixture[str]
Cli = Callable[..., Result]
GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys) -> str:
    path = str(tmp_path / "club.sqlite")
    assert run(capsys, "--db", path, "new", "Friday", "--buy-in", "300", "--fee", "50").code == 0
    return path


@pytest.fixture
def cli(db: str, capsys: Capsys) -> Cli:
    def call(*args: str) -> Result:
        return run(capsys, "--db", db, *args)

    return call


def _events(db: str) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT count(*) FROM events").fetchone()[0])


def _names(count: int) -> list[str]:
    return [f"Player {i:02}" for i in range(1, count + 1)]


def _tables(cli: Cli) -> list[dict[str, Any]]:
    result = cli("tables", "--json")
    assert result.code == 0, result.err
    return result.json  # type: ignore[no-any-return]


def _refused(cli: Cli, db: str, args: tuple[str, ...], *fragments: str) -> None:
    """Bad input: one line naming the rule or the reason, and nothing written."""
    before = _events(db)
    assert_one_line_error(cli(*args), *fragments)
    assert _events(db) == before


def _drawn(cli: Cli, players: int, seed: int = 7) -> list[dict[str, Any]]:
    assert cli("register", *_names(players)).code == 0
    result = cli("draw", "--seed", str(seed), "--json")
    assert result.code == 0, result.err
    return result.json["tables"]  # type: ignore[no-any-return]


def _seat_of(cli: Cli, table: int, seat: int) -> str:
    return _tables(cli)[table - 1]["seats"][str(seat)]  # type: ignore[no-any-return]


# ---------------------------------------------------------------- the draw


def test_st1_twenty_players_nine_max_draw_7_7_6_with_seat_1_on_the_button(cli: Cli) -> None:
    tables = _drawn(cli, 20)
    assert sorted(len(t["seats"]) for t in tables) == [6, 7, 7]
    for table in tables:
        assert table["status"] == "open"
        assert table["button"] == 1 and "1" in table["seats"]  # T-SEAT-2
        assert set(table) >= {"table", "seats", "button", "small_blind", "big_blind", "status"}
    state = cli("state", "--json").json
    assert state["tables"] == tables
    seated = {p["name"]: (p["status"], p["table"], p["seat"]) for p in state["players"]}
    assert len(seated) == 20
    by_seat = {(t["table"], int(s)): n for t in tables for s, n in t["seats"].items()}
    assert {n: ("seated", t, s) for (t, s), n in by_seat.items()} == seated


def test_the_same_seed_draws_the_same_seats_and_the_draw_is_stored(
    tmp_path: Path, capsys: Capsys
) -> None:
    draws = []
    for name in ("a", "b"):
        path = str(tmp_path / f"{name}.sqlite")
        run(capsys, "--db", path, "new", "Friday")
        run(capsys, "--db", path, "register", *_names(30))
        draws.append(run(capsys, "--db", path, "draw", "--seed", "42", "--json").json["tables"])
        # Another process reads the stored draw: the same tables, nothing drawn again.
        assert unnamed(run(capsys, "--db", path, "tables", "--json").json) == draws[-1]
    assert draws[0] == draws[1]


def test_undo_of_the_draw_unseats_everyone(cli: Cli) -> None:
    _drawn(cli, 12)
    assert cli("undo").code == 0
    assert _tables(cli) == []
    assert {p["status"] for p in cli("state", "--json").json["players"]} == {"registered"}


def test_a_blocked_seat_and_a_short_table_are_never_drawn(cli: Cli) -> None:
    assert unnamed(cli("tables", "block", "1", "5", "--json").json) == {
        "table": 1, "seats": 9, "blocked": [5]}
    assert cli("tables", "set-seats", "2", "6", "--json").json["seats"] == 6
    tables = _drawn(cli, 14)
    assert "5" not in tables[0]["seats"] and tables[0]["blocked"] == [5]
    assert max(int(s) for s in tables[1]["seats"]) <= 6
    assert cli("tables", "unblock", "1", "5", "--json").json["blocked"] == []


def test_draw_refuses_with_nobody_waiting(cli: Cli, db: str) -> None:
    _refused(cli, db, ("draw",), "nobody is waiting")
    _drawn(cli, 4)
    _refused(cli, db, ("draw",), "nobody is waiting")


# ---------------------------------------------------------------- late entries, busts


def test_8a_a_late_entry_is_seated_at_a_table_with_the_fewest_players(cli: Cli) -> None:
    tables = _drawn(cli, 20)
    fewest = min(len(t["seats"]) for t in tables)
    short = {t["table"] for t in tables if len(t["seats"]) == fewest}
    entry = cli("register", "Latecomer", "--seed", "3", "--json").json
    assert entry["entries"] == 21 and entry["players_left"] == 21
    [late] = entry["registered"]
    assert late["name"] == "Latecomer" and late["id"] == "p21"
    assert late["table"] in short and isinstance(late["waits"], bool)
    assert _seat_of(cli, late["table"], late["seat"]) == "Latecomer"
    assert cli("undo").code == 0
    assert "Latecomer" not in {n for t in _tables(cli) for n in t["seats"].values()}


def test_t_move_2_a_newcomer_between_the_small_blind_and_the_button_waits(cli: Cli) -> None:
    cli("register", "A", "B", "C", "D", "E")
    for name, seat in (("A", 1), ("B", 3), ("C", 5), ("D", 7)):
        assert cli("seat", name, "1", str(seat)).code == 0
    assert cli("button", "1", "1", "--json").json["big_blind"] == 5
    # Next hand: button 3, small blind 5, big blind 7; seat 4 lies between them.
    seated = cli("seat", "E", "1", "4", "--json")
    assert seated.json["waits"] is True
    done = cli("hand-done", "1", "--json").json["tables"][0]
    assert (done["button"], done["small_blind"], done["big_blind"]) == (3, 5, 7)
    assert done["waiting"] == [4]


def test_t_move_2_a_newcomer_on_the_button_seat_is_dealt_in_and_the_button_is_live(cli: Cli) -> None:
    cli("register", "A", "B", "C", "D", "E")
    for name, seat in (("A", 1), ("B", 3), ("C", 5), ("D", 7)):
        assert cli("seat", name, "1", str(seat)).code == 0
    cli("button", "1", "1")
    # B (the small blind, seat 3) busts: next hand's button is seat 3. E sits there at once.
    assert cli("bust", "B").code == 0
    assert cli("seat", "E", "1", "3", "--json").json["waits"] is False
    done = cli("hand-done", "1", "--json").json["tables"][0]
    assert (done["button"], done["small_blind"], done["big_blind"]) == (3, 5, 7)
    assert done["dead_button"] is False and done["waiting"] == [] and done["seats"]["3"] == "E"


def test_t_move_3_move_mid_sequence_warns_refuses_and_force_logs_it(cli: Cli, db: str) -> None:
    cli("register", "A", "B", "C", "D", "E")
    for name, seat in (("A", 1), ("B", 3), ("C", 5), ("D", 7), ("E", 9)):
        cli("seat", name, "1", str(seat))
    cli("button", "1", "1")  # A button, B small blind, C big blind
    for name, where in (("A", "button"), ("B", "small blind"), ("C", "big blind")):
        _refused(cli, db, ("move", name, "1", "4"), "T-MOVE-3", f"{name} is on the {where}")
    free = cli("move", "D", "1", "4", "--json").json  # under the gun: not in the sequence
    assert free["forced"] is False and free["rules"] == []
    forced = cli("move", "C", "1", "2", "--force")
    assert forced.code == 0 and "T-MOVE-3, forced" in forced.out
    [event] = [row for row in cli("log", "--json").json if row["type"] == "player_moved"][-1:]
    assert "by the TD's choice against T-MOVE-3" in event["summary"]


def test_a_bust_frees_the_seat_and_undo_gives_it_back(cli: Cli) -> None:
    _drawn(cli, 9)
    name = _seat_of(cli, 1, 4)
    assert cli("bust", name).code == 0
    assert "4" not in _tables(cli)[0]["seats"]
    player = next(p for p in cli("state", "--json").json["players"] if p["name"] == name)
    assert (player["status"], player["table"], player["seat"]) == ("busted", None, None)
    cli("undo")
    assert _seat_of(cli, 1, 4) == name


def test_unregistering_a_seated_player_frees_his_seat(cli: Cli) -> None:
    _drawn(cli, 9)
    name = _seat_of(cli, 1, 6)
    assert cli("unregister", name).code == 0
    assert "6" not in _tables(cli)[0]["seats"]


# ---------------------------------------------------------------- hands: D1, D4, H2, H3


def _positions(table: dict[str, Any]) -> tuple[int, int, int]:
    return table["button"], table["small_blind"], table["big_blind"]


def test_d1_small_blind_busts_the_button_is_dead_on_seat_2(cli: Cli) -> None:
    assert _positions(_drawn(cli, 9)[0]) == (1, 2, 3)  # seats 1-9 occupied, seat 1 the button
    cli("bust", _seat_of(cli, 1, 2))
    first = cli("hand-done", "1", "--json").json["tables"][0]
    assert _positions(first) == (2, 3, 4) and first["dead_button"] is True
    second = cli("hand-done", "--all", "--json").json["tables"][0]
    assert _positions(second) == (3, 4, 5) and second["dead_button"] is False


def test_d4_button_busts(cli: Cli) -> None:
    _drawn(cli, 9)
    cli("bust", _seat_of(cli, 1, 1))
    assert _positions(cli("hand-done", "1", "--json").json["tables"][0]) == (2, 3, 4)
    assert _positions(cli("hand-done", "1", "--json").json["tables"][0]) == (3, 4, 5)


@pytest.mark.parametrize(("busts", "button", "big_blind"), [(5, 8, 2), (8, 5, 2)])
def test_h2_h3_heads_up_the_button_posts_the_small_blind(
    cli: Cli, busts: int, button: int, big_blind: int
) -> None:
    cli("register", "A", "B", "C")
    for name, seat in (("A", 2), ("B", 5), ("C", 8)):
        cli("seat", name, "1", str(seat))
    assert _positions(cli("button", "1", "2", "--json").json) == (2, 5, 8)
    cli("bust", _seat_of(cli, 1, busts))
    table = cli("hand-done", "1", "--json").json["tables"][0]
    assert _positions(table) == (button, button, big_blind)


def test_t_seat_2_a_table_seated_by_hand_has_its_lowest_seat_on_the_button(cli: Cli) -> None:
    cli("register", "A", "B", "C")
    for name, seat in (("A", 4), ("B", 6), ("C", 9)):
        cli("seat", name, "3", str(seat))
    assert _positions(_tables(cli)[0]) == (4, 6, 9)  # the lowest seat deals first, like a draw
    table = cli("hand-done", "--all", "--json").json["tables"][0]
    assert _positions(table) == (6, 9, 4)  # that hand done: the button moves on


def test_t_seat_2_a_table_opened_by_late_registration_gets_its_button_and_blinds(
        cli: Cli, capsys: Capsys, db: str) -> None:
    _drawn(cli, 18)  # two full tables of 9
    opened = cli("register", "Late One", "--json").json
    assert (opened["registered"][0]["table"], opened["registered"][0]["seat"]) == (3, 1)
    assert _tables(cli)[2]["button"] is None  # one player: no hand yet
    cli("register", "Late Two", "Late Three")
    table = _tables(cli)[2]
    seats = sorted(int(seat) for seat in table["seats"])
    assert seats[0] == 1 and _positions(table) == tuple(seats)  # seat 1 on the button (T-SEAT-2)
    [line] = [line for line in run(capsys, "--db", db, "tables").out.splitlines() if "Late One" in line]
    assert line.split("│")[-2].strip() == "D"
    done = cli("hand-done", "--all", "--json").json["tables"][2]
    assert _positions(done) == (seats[1], seats[2], seats[0])  # moves on like every drawn table


def test_hand_and_button_bad_input_changes_nothing(cli: Cli, db: str) -> None:
    _drawn(cli, 9)
    cli("bust", _seat_of(cli, 1, 5))
    _refused(cli, db, ("button", "1", "5"), "seat 5 is empty")
    _refused(cli, db, ("button", "1", "10"), "no seat 10")
    _refused(cli, db, ("button", "4", "1"), "table 4 does not exist")
    _refused(cli, db, ("hand-done",), "a table or every table")
    _refused(cli, db, ("hand-done", "1", "--all"), "a table or every table")
    _refused(cli, db, ("hand-done", "2"), "table 2 does not exist")


# ---------------------------------------------------------------- seats and moves


def test_seat_and_move_by_hand_and_undo(cli: Cli) -> None:
    cli("register", "Anna", "Bo")
    seated = cli("seat", "anna", "2", "3", "--json").json
    assert (seated["player"], seated["table"], seated["seat"]) == ("Anna", 2, 3)
    cli("seat", "Bo", "2", "5")
    moved = cli("move", "Anna", "2", "7", "--json").json
    assert moved["from"] == {"table": 2, "seat": 3} and moved["to"] == {"table": 2, "seat": 7}
    assert _tables(cli)[0]["seats"] == {"5": "Bo", "7": "Anna"}
    cli("undo")
    assert _tables(cli)[0]["seats"] == {"3": "Anna", "5": "Bo"}


def test_seating_bad_input_names_the_reason_and_changes_nothing(cli: Cli, db: str) -> None:
    cli("register", "Anna", "Bo", "Carl", "Dora")
    cli("seat", "Anna", "1", "1")
    cli("seat", "Bo", "1", "2")
    cli("tables", "block", "1", "3")
    cli("bust", "Dora")
    _refused(cli, db, ("seat", "Carl", "1", "2"), "seat 2 is taken by Bo")
    _refused(cli, db, ("seat", "Carl", "1", "3"), "seat 3 is blocked")
    _refused(cli, db, ("seat", "Carl", "1", "10"), "no seat 10")
    _refused(cli, db, ("seat", "Anna", "1", "4"), "Anna already sits at table 1 seat 1")
    _refused(cli, db, ("seat", "Dora", "1", "4"), "Dora has busted")
    _refused(cli, db, ("move", "Dora", "1", "4"), "Dora has busted")
    _refused(cli, db, ("move", "Nobody", "1", "4"), "no player named 'Nobody'")
    _refused(cli, db, ("move", "Carl", "1", "4"), "Carl is not seated")
    _refused(cli, db, ("move", "Anna", "5", "1"), "table 5 does not exist")
    _refused(cli, db, ("move", "Anna", "1", "3"), "seat 3 is blocked")
    _refused(cli, db, ("tables", "block", "1", "2"), "taken by Bo")
    _refused(cli, db, ("tables", "set-seats", "1", "6"), "table 1 has players")
    _refused(cli, db, ("seat", "Carl", "0", "1"), "table")


# ---------------------------------------------------------------- balancing and breaking


def _unbalanced(cli: Cli) -> None:
    """Two full tables, then three busts at table 1: 6 against 9."""
    _drawn(cli, 18)
    cli("bust", *[_seat_of(cli, 1, s) for s in (7, 8, 9)])


def test_t_bal_1_moves_one_player_from_the_fullest_to_the_emptiest(cli: Cli) -> None:
    _unbalanced(cli)
    plan = cli("balance", "--json").json
    assert set(unnamed(plan)) == {"moves", "halt", "break"} and plan["break"] is None
    [move] = plan["moves"]
    assert set(move) == {"player", "from", "to", "rule"} and "T-BAL-1" in move["rule"]
    assert move["from"]["table"] == 2 and move["to"]["table"] == 1
    # 11A: the player due the big blind next at table 2 (seat 4: button 1, blinds 2 and 3).
    assert move["from"]["seat"] == 4 and move["player"] == _seat_of(cli, 2, 4)
    assert _tables(cli)[1]["seats"]["4"] == move["player"]  # only shown, nothing moved
    applied = cli("balance", "--apply", "--json").json
    assert applied["moves"] == [move]
    assert _seat_of(cli, 1, move["to"]["seat"]) == move["player"]
    assert sorted(len(t["seats"]) for t in _tables(cli)) == [7, 8]
    assert unnamed(cli("balance", "--json").json) == {"moves": [], "halt": [], "break": None}
    cli("undo")
    assert _seat_of(cli, 2, 4) == move["player"]


def test_balance_apply_when_balanced_writes_nothing(cli: Cli, db: str) -> None:
    _drawn(cli, 18)
    before = _events(db)
    assert cli("balance", "--apply", "--json").json["moves"] == []
    assert _events(db) == before


def test_a_table_breaks_as_soon_as_its_players_fit_elsewhere(cli: Cli, db: str) -> None:
    _drawn(cli, 20)  # 7/7/6
    assert cli("balance", "--json").json["break"] is None
    cli("bust", *[n for n in _tables(cli)[0]["seats"].values()][:2])  # 18 left: fit two tables
    assert cli("balance", "--json").json["break"] == 3  # 10A: the highest number first
    _refused(cli, db, ("balance", "--apply"), "T-BREAK-1", "table 3 can break")
    shown = cli("break-table", "3", "--seed", "5", "--json").json
    assert shown["applied"] is False and _tables(cli)[2]["status"] == "open"
    broken = cli("break-table", "3", "--seed", "5", "--apply", "--json").json
    assert broken["seats"] == shown["seats"] and broken["applied"] is True
    tables = _tables(cli)
    assert tables[2]["status"] == "broken" and tables[2]["seats"] == {}
    assert sorted(len(t["seats"]) for t in tables[:2]) == [9, 9]
    for entry in broken["seats"]:
        assert entry["from"]["table"] == 3 and isinstance(entry["waits"], bool)
        assert _seat_of(cli, entry["to"]["table"], entry["to"]["seat"]) == entry["player"]
    cli("undo")
    assert _tables(cli)[2]["status"] == "open"


def test_breaking_when_the_others_lack_seats_is_refused(cli: Cli, db: str) -> None:
    _drawn(cli, 20)
    _refused(cli, db, ("break-table", "3", "--apply"), "T-BREAK-1", "lack free seats")
    _refused(cli, db, ("break-table", "7", "--apply"), "table 7 does not exist")


# ---------------------------------------------------------------- the final table


def test_st2_the_final_table_is_a_new_draw_with_seat_1_on_the_button(cli: Cli, db: str) -> None:
    _drawn(cli, 12)  # 6/6
    _refused(cli, db, ("final-table",), "T-SEAT-3", "12 players do not fit")
    cli("bust", *_names(3))
    shown = cli("final-table", "--seed", "9", "--json").json  # only shown, like break-table
    assert (shown["applied"], shown["seed"]) == (False, 9) and _tables(cli)[1]["status"] == "open"
    final = cli("final-table", "--apply", "--seed", "9", "--json").json
    assert final == shown | {"applied": True}  # exactly the draw shown
    assert final["table"] == 1 and final["button"] == 1 and len(final["seats"]) == 9
    tables = _tables(cli)
    assert [t["status"] for t in tables] == ["open", "broken"]
    seated = [p for p in cli("state", "--json").json["players"] if p["status"] == "seated"]
    assert {(p["table"], p["seat"]) for p in seated} == {(1, int(s)) for s in final["seats"]}
    cli("undo")
    assert [t["status"] for t in _tables(cli)] == ["open", "open"]


# ---------------------------------------------------------------- views and exports


def _golden_room(cli: Cli) -> None:
    cli("register", "Åse <b>&", "Bo", "[bold]Carl[/]")
    for name, table, seat in (("Åse <b>&", 1, 3), ("Bo", 2, 1), ("[bold]Carl[/]", 1, 7)):
        assert cli("seat", name, str(table), str(seat)).code == 0


@pytest.mark.parametrize(("args", "golden"), [
    (("--format", "text"), "seating.txt"),
    (("--format", "html"), "seating.html"),
    (("--format", "text", "--slips"), "slips.txt"),
    (("--format", "html", "--slips"), "slips.html"),
])
def test_seating_list_and_slips_match_the_golden_files(
    cli: Cli, tmp_path: Path, args: tuple[str, ...], golden: str
) -> None:
    _golden_room(cli)
    out = tmp_path / golden
    assert cli("seating", *args, "--out", str(out)).code == 0
    assert out.read_text(encoding="utf-8") == (GOLDEN / golden).read_text(encoding="utf-8")
    assert cli("seating", *args).out == out.read_text(encoding="utf-8")


def test_seating_json_and_bad_format(cli: Cli) -> None:
    _golden_room(cli)
    assert unnamed(cli("seating", "--json").json[-1]) == {"player": "Åse <b>&", "table": 1, "seat": 3}
    assert_one_line_error(cli("seating", "--format", "xml"),
                          "--format: the format must be text or html or pdf")


def test_tables_text_shows_names_literally_and_the_markers(cli: Cli) -> None:
    _golden_room(cli)
    cli("button", "1", "3")
    out = cli("tables").out
    assert "[bold]Carl[/]" in out and "D" in out and "BB" in out
    assert "event" not in out
    log = cli("log").out
    assert "is seated at table" in log and "p1" not in log


def test_d6_a_player_moved_into_the_busted_seat_4_takes_the_big_blind(cli: Cli) -> None:
    cli("register", *_names(11))
    for seat in range(1, 10):
        cli("seat", f"Player {seat:02}", "1", str(seat))
    cli("seat", "Player 10", "2", "1")
    cli("seat", "Player 11", "2", "2")
    cli("button", "1", "1")
    cli("bust", "Player 04")
    cli("move", "Player 10", "1", "4")
    table = cli("hand-done", "1", "--json").json["tables"][0]
    assert _positions(table) == (2, 3, 4) and table["seats"]["4"] == "Player 10"


def _blinds_twice_room(cli: Cli) -> None:
    """Bo posts the small blind at table 1; seat 6 of table 2 would post its next big blind."""
    cli("register", "Anna", "Bo", "Carl", "Dora", "Eve", "Finn", "Gus")
    for name, table, seat in (("Anna", 1, 1), ("Bo", 1, 2), ("Carl", 1, 3), ("Dora", 1, 4),
                              ("Eve", 2, 1), ("Finn", 2, 3), ("Gus", 2, 5)):
        cli("seat", name, str(table), str(seat))
    cli("button", "1", "1")
    cli("button", "2", "1")


def test_t_move_1_club_refuses_a_move_that_pays_the_big_blind_twice(cli: Cli, db: str) -> None:
    _blinds_twice_room(cli)
    _refused(cli, db, ("move", "Bo", "2", "6"), "T-MOVE-1", "Bo paid a blind")
    _refused(cli, db, ("move", "Bo", "2", "6", "--force"), "T-MOVE-1", "Bo paid a blind")
    # Seat 1 posts the next big blind there; Bo is in the small blind, so only by force (T-MOVE-3).
    assert cli("move", "Bo", "2", "2", "--force").code == 0


def test_tda_house_rules_let_a_moved_player_post_the_big_blind_again(cli: Cli) -> None:
    _blinds_twice_room(cli)
    assert cli("house-rules", "set", "seating.moved_player_may_pay_blinds_twice", "true").code == 0
    assert cli("move", "Bo", "2", "6", "--force").code == 0  # TDA 10A/11A (T-MOVE-3 forced)
    assert cli("hand-done", "2", "--json").json["tables"][0]["big_blind"] == 6


def test_draw_after_seating_by_hand_seats_the_rest_as_late_entries(cli: Cli) -> None:
    cli("register", "Anna", "Bo", "Carl")
    cli("seat", "Anna", "2", "5")
    cli("draw", "--seed", "1")
    [table] = _tables(cli)
    assert table["table"] == 2 and sorted(table["seats"].values()) == ["Anna", "Bo", "Carl"]
    entry = cli("register", "Dora", "--json").json["registered"][0]  # seated at once (8A)
    assert (entry["table"], entry["name"]) == (2, "Dora")


def test_st1_a_draw_around_a_seat_given_by_hand_keeps_the_sizes_within_1(cli: Cli) -> None:
    cli("register", *_names(20))
    cli("seat", "Player 01", "2", "4")  # a seat kept for him (T-SEAT-1)
    cli("draw", "--seed", "3")
    tables = _tables(cli)
    assert sorted(len(t["seats"]) for t in tables) == [6, 7, 7]
    assert tables[1]["seats"]["4"] == "Player 01"
    # The tables opened by this draw have their lowest seat on the button (T-SEAT-2).
    assert all(t["button"] == min(int(s) for s in t["seats"]) for t in tables)


def test_undo_of_hand_done_and_button_restores_the_positions(cli: Cli) -> None:
    _drawn(cli, 9)
    cli("hand-done", "1")
    cli("button", "1", "7")
    assert _positions(_tables(cli)[0]) == (7, 8, 9)
    cli("undo")
    assert _positions(_tables(cli)[0]) == (2, 3, 4)
    cli("undo")
    assert _positions(_tables(cli)[0]) == (1, 2, 3)


def test_8a_a_re_entry_after_the_draw_is_seated_at_once(cli: Cli) -> None:
    _drawn(cli, 20)
    out = _seat_of(cli, 1, 2)
    cli("bust", out)
    entry = cli("reenter", out, "--json")
    assert entry.code == 0, entry.err
    assert entry.json["entry"] == 2 and entry.json["table"] is not None
    assert _seat_of(cli, entry.json["table"], entry.json["seat"]) == out
    cli("undo")
    assert out not in {n for t in _tables(cli) for n in t["seats"].values()}
