"""The TV's board, kept up to date change by change, says what `state --json` says and what a board
built afresh from the whole log says, through an evening: moves, hand-for-hand, a PKO's bounties,
an undo, the result. "Find my seat" likewise."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.responses import JSONResponse

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain import commands
from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.views.base import jsonable
from tdconsole.views.tournament import state_view
from tdconsole.web.board import MOVES_SHOWN, Board, Relocations, SeatIndex, relocations
from tests.domain.helpers import at
from tests.domain.test_money_left_as_it_was import LEVEL_1, MONEY, STEP, do, evening, evening_commands
from tests.samples import examples

NAMES = [f"{first} {last}" for first in ("Anna", "Bent", "Carl", "Dorte")
         for last in ("Holm", "Lund", "Møller")]


class Ticks:
    def __init__(self) -> None:
        self.now = datetime(2026, 5, 1, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def from_state_document(service: Service, now: datetime) -> dict[str, Any]:
    """The board as the state document has it: every part read from `state --json`."""
    state = service.state
    view = jsonable(state_view(state, service.tournament_id, now))
    players = {player["name"]: player for player in view["players"]}
    winner = next((p["name"] for p in view["players"] if p["status"] != "busted"), None)
    undone = service.undone_commands()
    reading = clock_ops.read(state.info.structure, state.clock, now)
    return {
        "tournament": {key: view["tournament"][key] for key in ("id", "name", "status", "game",
                                                                "min_players")},
        "clock": {key: view["clock"][key] for key in (
            "level", "small_blind", "big_blind", "ante", "running", "started", "on_break", "period",
            "periods", "next_level", "next_break", "late_registration", "add_on", "rebuys", "game")}
        | {"remaining": reading.remaining, "to_break": reading.seconds_to_break},
        **{key: view[key] for key in ("entries", "players_left", "average_stack", "average_stack_bb",
                                      "prize_pool")},
        "payouts": [{key: row[key] for key in ("place", "amount", "name", "by_deal", "seat", "last_place")
                     if key in row} for row in view["paid"]],
        "hand_for_hand": {key: view["hand_for_hand"].get(key) for key in ("active", "hand", "tables")},
        "bounties": [{"name": p["name"], "bounty": p["bounty"]} for p in sorted(
            (p for p in view["players"] if p["bounty"]), key=lambda p: -p["bounty"])[:6]]
        if view["bounties"]["pko"] else [],
        "chip_leaders": view["chip_leaders"],  # T-CHIPS-3
        "shot_clocks": [],  # T-SHOT-1: none runs in this evening
        "speaks": state.house_rules.speech.speaker == "tv",
        "mystery": view.get("mystery"),  # T-MYSTERY-1: only with mystery bounties
        "shootout": view.get("shootout"),  # T-SHOOT-1..3: only in a shootout
        "moves": [m.as_json() for m in relocations(state, service.log, undone)
                  if now - m.time <= MOVES_SHOWN][-12:],
        "finished": view["tournament"]["status"] == "finished",
        "winner": winner if view["tournament"]["status"] == "finished" else None,
        "seat_winners": [],
        "winner_prize": players[winner]["prize"] if winner and winner in players else None,
        "forecast": None if view["tournament"]["status"] == "finished" else view["forecast"],
    }


def test_the_board_followed_change_by_change_says_what_the_state_document_says(tmp_path: Path) -> None:
    ticks = Ticks()
    store = EventStore.open(f"sqlite:///{tmp_path / 'club.sqlite'}")
    td = Service.create(store, name="Friday", buy_in=100, fee=10, structure=load_structure(DEFAULT_STRUCTURE),
                        seats_per_table=6, now=ticks)
    tv = Service(store, td.tournament_id, role="display", now=ticks)
    board, seats = Board(td.tournament_id), None
    followed: list[dict[str, Any]] = []

    def look() -> None:
        nonlocal seats
        tv.refresh()
        board.follow(tv.state, tv.log)
        document = board.document(tv.state, ticks.now)
        assert {key: value for key, value in document.items() if key not in ("seq", "server_time")} \
            == from_state_document(tv, ticks.now)
        assert (document["seq"], document["server_time"]) == (tv.state.last_seq, ticks.now.timestamp())
        followed.append(document)
        # Encoded with the payouts written once per change, exactly as json.dumps and Starlette write it.
        assert board.encoded(document) == json.dumps(document)
        assert board.encoded(document, compact=True).encode() == JSONResponse(document).body
        seats = SeatIndex.follow(tv.state, board.moves, seats)
        fresh = Relocations()
        fresh.follow(tv.state, tv.log)
        afresh = SeatIndex.follow(tv.state, fresh, None)
        for query in ("anna", "holm", "møller", "dorte lund", "zz"):
            assert seats.find(query) == afresh.find(query)

    settings = MoneySettings.model_validate({"bounty": 100, "pko_share": 50, "pko_unit": 5})
    for command in (commands.Register(names=[*NAMES, "Erik Holm"]), commands.SetMoney(settings=settings)):
        td.execute(command)
        look()
    # One entry taken back and another made between two looks: as many entries, other names.
    td.execute(commands.Unregister(name="Erik Holm"))
    td.execute(commands.Register(names=["Frida Holm"]))
    look()
    assert seats is not None and seats.find("frida")["players"] and not seats.find("erik")["players"]
    td.execute(commands.Unregister(name="Frida Holm"))
    for command in (commands.Draw(seed=7), commands.ClockStart()):
        td.execute(command)
        look()
    td.execute(commands.Bust(names=["Anna Holm"], by=["Bent Holm"]))
    look()
    table, free = next((table.number, seat) for table in td.state.room.values() for seat in range(1, 7)
                       if seat not in table.occupants)
    moving = next(p for p in td.state.players.values() if p.status == "seated" and p.table != table)
    td.execute(commands.MovePlayer(name=moving.name, table=table, seat=free, force=True))
    look()
    td.execute(commands.Reenter(name="Anna Holm"))  # a second entry: "find my seat" finds the new one
    look()
    ticks.now += timedelta(minutes=3)
    td.execute(commands.ClockPause())
    look()
    td.execute(commands.Undo(any=True))  # the pause: the move stays on the board
    look()
    td.execute(commands.Undo(any=True))  # the re-entry
    look()
    td.execute(commands.Undo(any=True))  # the move: it leaves the board and "find my seat"
    look()
    assert followed[-1]["moves"] == [] and followed[-2]["moves"] != []
    td.execute(commands.HandForHandStart())
    look()
    td.execute(commands.HandForHandStop())
    ticks.now += MOVES_SHOWN
    standing = [p.name for p in td.state.players.values() if p.status != "busted"]
    for chips, name in enumerate(standing[1:], start=1):
        td.execute(commands.Bust(names=[name], stacks={name: chips}, by=[standing[0]]))
        look()
    assert followed[-1]["finished"] is True and followed[-1]["winner_prize"]
    td.execute(commands.Undo(any=True))  # the last bust: the tournament runs again
    look()
    assert followed[-1]["finished"] is False and followed[-1]["entries"] == len(NAMES)
    store.close()


@settings(max_examples=examples(50), deadline=None)
@given(players=st.integers(8, 30), settings_=MONEY, steps=st.lists(STEP, min_size=5, max_size=30),
       seed=st.integers(0, 1_000))
def test_the_board_keeps_its_money_only_while_each_change_leaves_the_money(
        players: int, settings_: dict[str, Any], steps: list[Any], seed: int) -> None:
    """The board followed change by change, which keeps its money parts while the changes leave
    the money as it was (busts outside the places paid, moves), says what a board worked out
    afresh from the state says, after every change of random evenings of busts, re-entries,
    rebuys, add-ons, moves and undos played out to the end."""
    t = evening(players, settings_, seed)
    board, now = Board(1), at(LEVEL_1)
    for command in evening_commands(t, steps, seed):
        do(t, command, seed)
        board.follow(t.state, t.state.log)
        afresh = Board(1)
        afresh.follow(t.state, t.state.log)
        assert board.document(t.state, now) == afresh.document(t.state, now)
