"""Alternates (T-REG-1, 8A): a room of `tables` tables whose every seat is taken; pure, no database.

The room of these tests: 2 tables of 9 (18 seats) unless a test says otherwise.
"""

from __future__ import annotations

import random

import pytest

from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation, TdError
from tdconsole.domain.events import (
    AlternateListed,
    AlternateWithdrawn,
    Event,
    PlayerReentered,
    PlayerRegistered,
    PlayerSeated,
)
from tdconsole.domain.limits import Range
from tdconsole.domain.players.alternates import open_seats
from tdconsole.domain.tournament import fold
from tests.domain.helpers import Tournament

SEATED = [f"P{i}" for i in range(18)]


def rng(seed: int = 1) -> random.Random:
    return random.Random(seed)


def full_room(alternates: list[str], tables: int = 2) -> Tournament:
    """18 players drawn into two full tables of 9, and `alternates` registered after them."""
    t = Tournament(tables=tables)
    t.do(commands.Register(names=[*SEATED, *alternates]))
    t.do(commands.Draw().with_rng(rng()))
    return t


def waiting(t: Tournament) -> list[tuple[int, str]]:
    return [(alt.number, alt.name) for alt in t.state.alternates.values()]


def seat_of(t: Tournament, name: str) -> tuple[int | None, int | None]:
    player = t.state.find(name)
    return player.table, player.seat


def test_t_reg_1_registrations_past_the_rooms_seats_wait_as_numbered_alternates() -> None:
    t = Tournament(tables=2)
    events = t.do(commands.Register(names=[*SEATED, "A1", "A2"]))
    assert [e.name for e in events if isinstance(e, PlayerRegistered)] == SEATED
    assert [(e.number, e.name) for e in events if isinstance(e, AlternateListed)] == [(1, "A1"), (2, "A2")]
    assert t.state.entries == 18 and waiting(t) == [(1, "A1"), (2, "A2")]
    t.do(commands.Draw().with_rng(rng()))
    assert sorted(len(table.occupants) for table in t.state.room.values()) == [9, 9]
    [listed] = t.do(commands.Register(names=["Mette Kjær"]).with_rng(rng()))
    assert isinstance(listed, AlternateListed) and listed.number == 3
    assert open_seats(t.state) == 0


def test_t_reg_1_alternates_fill_seats_in_order_as_players_bust() -> None:
    """Worked by hand: each bust frees one seat (the room is full), which goes to the next
    alternate by number, at that very seat; a late entry finishes above everyone already out."""
    t = full_room(["A1", "A2"])
    t.do(commands.Register(names=["Mette Kjær"]).with_rng(rng()))  # alternate 3
    freed = seat_of(t, "P0")
    events = t.do(commands.Bust(names=["P0"]).with_rng(rng()))
    registered = [e for e in events if isinstance(e, PlayerRegistered)]
    seated = [e for e in events if isinstance(e, PlayerSeated)]
    assert [(e.name, e.alternate) for e in registered] == [("A1", 1)]
    assert [(e.table, e.seat, e.alternate, e.late) for e in seated] == [(*freed, 1, True)]
    assert seat_of(t, "A1") == freed and waiting(t) == [(2, "A2"), (3, "Mette Kjær")]

    for bust, alternate in (("P1", "A2"), ("P2", "Mette Kjær")):
        freed = seat_of(t, bust)
        t.do(commands.Bust(names=[bust]).with_rng(rng()))
        assert seat_of(t, alternate) == freed
    assert waiting(t) == []
    freed = seat_of(t, "P3")
    t.do(commands.Bust(names=["P3"]).with_rng(rng()))  # nobody waits: the seat stays free
    assert open_seats(t.state) == 1
    t.do(commands.Register(names=["Late"]).with_rng(rng()))
    assert seat_of(t, "Late") == freed
    # 18 in, 3 alternates and one late entry: 22 entries, 18 still in. P0 busted 18th of 18, and each
    # of the four entries after him put him one place lower: 22nd; P1 18th + 3 = 21st; ...
    assert (t.state.entries, t.state.players_left) == (22, 18)
    assert [t.state.find(name).place for name in ("P0", "P1", "P2", "P3")] == [22, 21, 20, 19]
    [listed] = t.do(commands.Register(names=["Too Late"]).with_rng(rng()))
    assert isinstance(listed, AlternateListed) and listed.number == 4  # numbers are never given twice


def test_one_bust_of_two_players_seats_two_alternates_in_order() -> None:
    t = full_room(["A1", "A2", "A3"])
    freed = {seat_of(t, "P0"), seat_of(t, "P9")}
    events = t.do(commands.Bust(names=["P0", "P9"]).with_rng(rng()))
    assert [e.alternate for e in events if isinstance(e, PlayerSeated)] == [1, 2]
    assert {seat_of(t, "A1"), seat_of(t, "A2")} == freed
    assert waiting(t) == [(3, "A3")]


def test_an_alternate_registered_paid_keeps_the_method_given_when_seated_and_unpaid_stays_unpaid() -> None:
    """`register --paid METHOD` (or `--unpaid`) of a name that waits is the cash desk's word on
    that entry: it holds when a freed seat makes him an entry, not the house's default method."""
    t = full_room([])
    t.do(commands.Register(names=["A1"], paid="mobilepay").with_rng(rng()))
    t.do(commands.Register(names=["A2"], unpaid=True).with_rng(rng()))
    with pytest.raises(InvalidInput, match="'bitcoin' is not a payment method of the club"):
        t.do(commands.Register(names=["A3"], paid="bitcoin").with_rng(rng()))
    with pytest.raises(InvalidInput, match="paid or unpaid, not both"):
        t.do(commands.Register(names=["A3"], paid="cash", unpaid=True).with_rng(rng()))
    t.do(commands.Bust(names=["P0", "P1"]).with_rng(rng()))
    assert {key: method for key, method in t.state.payments.items()} == {
        f"{t.state.find('A1').id}/entry": "mobilepay", f"{t.state.find('A2').id}/entry": None}
    t.do(commands.Undo(actor="td"))  # back on the list, the payment with them
    assert t.state.payments == {} and waiting(t) == [(1, "A1"), (2, "A2")]


def test_8a_t_move_2_an_alternate_is_seated_exactly_as_a_late_entry_would_be() -> None:
    """The same busts, then the same names as late entries in a room without a limit: the same
    seats drawn, and the same answer to whether each waits for the button (T-MOVE-2)."""
    limited = full_room(["A1", "A2"])
    open_room = Tournament()
    open_room.do(commands.Register(names=SEATED))
    open_room.do(commands.Draw().with_rng(rng()))
    assert open_room.state.room == limited.state.room
    as_alternates = limited.do(commands.Bust(names=["P0", "P9"]).with_rng(rng(7)))
    open_room.do(commands.Bust(names=["P0", "P9"]))
    as_late_entries = open_room.do(commands.Register(names=["A1", "A2"]).with_rng(rng(7)))

    def seats(events: list[Event]) -> list[tuple[int, int, bool]]:
        return [(e.table, e.seat, e.waits) for e in events if isinstance(e, PlayerSeated)]

    assert seats(as_alternates) == seats(as_late_entries) and len(seats(as_alternates)) == 2


def test_unregistering_an_alternate_takes_him_off_the_list_and_the_others_keep_their_numbers() -> None:
    t = full_room(["A1", "A2", "A3"])
    [withdrawn] = t.do(commands.Unregister(name="a2"))
    assert withdrawn == AlternateWithdrawn(number=2)
    assert waiting(t) == [(1, "A1"), (3, "A3")] and t.state.entries == 18
    t.do(commands.Bust(names=["P0"]).with_rng(rng()))
    t.do(commands.Bust(names=["P1"]).with_rng(rng()))
    assert t.state.find("A3").status == "seated" and waiting(t) == []
    with pytest.raises(NotFound, match="no player named 'A2'"):
        t.state.find("A2")


def test_unregistering_a_seated_player_gives_his_seat_to_the_next_alternate() -> None:
    t = full_room(["A1"])
    freed = seat_of(t, "P5")
    events = t.do(commands.Unregister(name="P5").with_rng(rng()))
    assert [type(e).__name__ for e in events] == ["PlayerUnregistered", "PlayerRegistered", "PlayerSeated"]
    assert seat_of(t, "A1") == freed and t.state.entries == 18


def test_before_the_draw_an_unregistration_makes_the_first_alternate_an_entry() -> None:
    t = Tournament(tables=2)
    t.do(commands.Register(names=[*SEATED, "A1", "A2"]))
    events = t.do(commands.Unregister(name="P3"))
    assert [(type(e).__name__, getattr(e, "alternate", None)) for e in events] == [
        ("PlayerUnregistered", None), ("PlayerRegistered", 1)]
    assert t.state.find("A1").status == "registered" and waiting(t) == [(2, "A2")]
    t.do(commands.Draw().with_rng(rng()))
    assert t.state.find("A1").status == "seated" and t.state.entries == 18


def test_t_reg_1_a_reentry_while_alternates_wait_goes_to_the_back_of_the_list() -> None:
    t = full_room(["A1", "A2"])
    t.do(commands.Bust(names=["P0"]).with_rng(rng()))  # A1 takes his seat
    [listed] = t.do(commands.Reenter(name="P0").with_rng(rng()))
    assert listed == AlternateListed(number=3, name="P0", previous_id=t.state.find("P0").id)
    with pytest.raises(RuleViolation, match=r"T-REG-1.*P0 is already alternate 3"):
        t.do(commands.Reenter(name="P0").with_rng(rng()))
    t.do(commands.Bust(names=["P1"]).with_rng(rng()))  # A2's turn
    freed = seat_of(t, "P2")
    events = t.do(commands.Bust(names=["P2"]).with_rng(rng()))  # the re-entry's turn
    [entry] = [e for e in events if isinstance(e, PlayerReentered)]
    assert entry.alternate == 3
    again = t.state.find("P0")
    assert (again.entry, again.status, (again.table, again.seat)) == (2, "seated", freed)


def test_undoing_the_bust_that_seated_an_alternate_puts_him_back_on_the_list() -> None:
    t = full_room(["A1", "A2"])
    before = fold(t.log)
    seat = seat_of(t, "P0")
    t.do(commands.Bust(names=["P0"]).with_rng(rng()))
    assert seat_of(t, "A1") == seat
    t.do(commands.Undo(actor="td"))
    assert waiting(t) == [(1, "A1"), (2, "A2")] and seat_of(t, "P0") == seat
    assert t.state.room == before.room and t.state.players == before.players
    assert t.state.alternates == before.alternates
    # and the list carries on from there: the next bust seats alternate 1 again
    t.do(commands.Bust(names=["P4"]).with_rng(rng()))
    assert t.state.find("A1").status == "seated"


def test_undoing_the_registration_of_an_alternate_another_terminal_has_seated_is_refused() -> None:
    t = full_room([])
    t.do(commands.Register(names=["A1"]).with_rng(rng()))
    t.do(commands.Bust(names=["P0"]).with_rng(rng()))
    bust = t.log[-1].command_id
    t.log = [env.model_copy(update={"actor": "floor"}) if env.command_id == bust else env for env in t.log]
    t.state = fold(t.log)
    with pytest.raises(TdError, match="depends on it"):
        t.do(commands.Undo(actor="td"))


def test_t_break_1_a_broken_table_frees_no_seat_for_newcomers() -> None:
    t = Tournament(tables=3)
    t.do(commands.Register(names=[f"P{i}" for i in range(27)]))
    t.do(commands.Draw().with_rng(rng()))
    t.do(commands.Bust(names=[name for name in t.state.room[3].occupants.values()]).with_rng(rng()))
    assert open_seats(t.state) == 9
    busted = [t.state.room[1].occupants[s] for s in (2, 3)] + [t.state.room[2].occupants[s] for s in (2, 3)]
    for name in busted:
        t.do(commands.Bust(names=[name]).with_rng(rng()))
    # Tables 1 and 2 have 7 each; table 3 is empty and breaks (nobody to move): 18 seats, 14 taken.
    t.do(commands.BreakTable(table=3).with_rng(rng()))
    t.do(commands.Register(names=[f"N{i}" for i in range(5)]).with_rng(rng()))
    assert [alt.name for alt in t.state.alternates.values()] == ["N4"]


def test_names_are_unique_across_players_and_alternates() -> None:
    t = full_room(["Mette Kjær"])
    with pytest.raises(RuleViolation, match="T-REG-1: Mette Kjær is already alternate 1"):
        t.do(commands.Register(names=["mette kjær"]).with_rng(rng()))
    with pytest.raises(NotFound, match="Mette Kjær is alternate 1, waiting for a seat"):
        t.do(commands.Bust(names=["Mette Kjær"]).with_rng(rng()))


def test_a_seat_beyond_the_rooms_tables_is_refused_in_one_line() -> None:
    t = full_room(["A1"])
    with pytest.raises(InvalidInput, match=r"^table 3: the room has tables 1 to 2$"):
        t.do(commands.MovePlayer(name="P0", table=3, seat=1))


def test_without_a_number_of_tables_nobody_waits() -> None:
    t = Tournament()
    t.do(commands.Register(names=[*SEATED]))
    t.do(commands.Draw().with_rng(rng()))
    events = t.do(commands.Register(names=["Late"]).with_rng(rng()))
    assert not any(isinstance(e, AlternateListed) for e in events)
    assert seat_of(t, "Late")[0] == 3  # a new table opens (8A)
    assert open_seats(t.state) is None


def test_entries_and_alternates_together_stay_within_the_stated_range(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tdconsole.domain.players.registration.ENTRIES", Range("a number of entries", 1, 20))
    t = full_room(["A1", "A2"])  # 18 entries and 2 alternates
    with pytest.raises(InvalidInput, match="21 is out of range; a number of entries is 1 to 20"):
        t.do(commands.Register(names=["One Too Many"]).with_rng(rng()))
    t.do(commands.Bust(names=["P0"]).with_rng(rng()))  # A1 takes the seat: still 20 in all
    with pytest.raises(InvalidInput, match="21 is out of range"):
        t.do(commands.Reenter(name="P0").with_rng(rng()))


def test_t_h4h_1_a_hand_for_hand_bust_frees_its_seat_when_the_hand_is_placed() -> None:
    t = full_room(["A1"])
    t.do(commands.HandForHandStart())
    freed = seat_of(t, "P0")
    table = freed[0]
    assert table is not None
    t.do(commands.Bust(names=["P0"]).with_rng(rng()))  # reported: placed with the hand's others
    assert waiting(t) == [(1, "A1")]
    others = [n for n in t.state.hand_for_hand.started.tables if n != table]  # type: ignore[union-attr]
    for number in others:
        t.do(commands.HandForHandTableDone(table=number).with_rng(rng()))
    events = t.do(commands.HandForHandTableDone(table=table).with_rng(rng()))
    assert [e.alternate for e in events if isinstance(e, PlayerSeated)] == [1]
    assert seat_of(t, "A1") == freed and waiting(t) == []
