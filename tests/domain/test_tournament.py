"""Registration, busts and undo as pure decisions and folds."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.commands import (
    Bust,
    ClockPause,
    ClockSetRemaining,
    ClockStart,
    ClockStep,
    Register,
    Undo,
    Unregister,
)
from tdconsole.domain.errors import InvalidInput, NotFound, TdError
from tdconsole.domain.tournament import fold
from tdconsole.views.tournament import state_view
from tests.domain.helpers import Tournament, at
from tests.samples import examples


def test_names_are_trimmed() -> None:
    t = Tournament()
    t.do(Register(names=["  Anna Holm \t"]))
    assert [p.name for p in t.state.players.values()] == ["Anna Holm"]


@pytest.mark.parametrize("name", ["", "   ", "x" * 61, "tab\tinside", "new\nline", "bell\x07"])
def test_bad_names_are_refused_and_nothing_changes(name: str) -> None:
    t = Tournament()
    with pytest.raises(InvalidInput):
        t.do(Register(names=["Good", name]))
    assert t.state.entries == 0 and len(t.log) == 1


def test_name_of_60_characters_is_allowed() -> None:
    t = Tournament()
    t.do(Register(names=["x" * 60]))
    assert t.state.entries == 1


def test_names_are_unique_ignoring_case() -> None:
    t = Tournament()
    t.do(Register(names=["Åse"]))
    with pytest.raises(InvalidInput, match="already registered"):
        t.do(Register(names=["åSE"]))
    with pytest.raises(InvalidInput, match="already registered"):
        t.do(Register(names=["Bo", "BO"]))
    assert t.state.entries == 1


def test_markup_in_a_name_is_stored_literally() -> None:
    t = Tournament()
    t.do(Register(names=["[bold red]x[/]"]))
    assert t.state.find("[bold red]x[/]").name == "[bold red]x[/]"


def test_unregister_frees_the_name() -> None:
    t = Tournament()
    t.do(Register(names=["Anna"]))
    t.do(Unregister(name="anna"))
    assert t.state.entries == 0
    t.do(Register(names=["Anna"]))
    assert t.state.players_left == 1


def test_bust_place_is_players_left_at_that_moment() -> None:
    t = Tournament()
    t.do(Register(names=["A", "B", "C", "D"]))
    t.do(Bust(names=["C"]))
    assert t.state.find("C").place == 4
    t.do(Bust(names=["A"]))
    assert (t.state.find("A").place, t.state.players_left) == (3, 2)


def test_t_elim_1_several_busts_in_one_command_take_consecutive_places_by_stack() -> None:
    t = Tournament()
    t.do(Register(names=["A", "B", "C", "D"]))
    t.do(Bust(names=["A", "B"], stacks={"A": 5_000, "B": 3_000}))
    assert (t.state.find("A").place, t.state.find("B").place) == (3, 4)


def test_t_elim_3_same_hand_busts_without_stacks_tie_for_the_places_left() -> None:
    t = Tournament()
    t.do(Register(names=["A", "B", "C", "D"]))
    t.do(Bust(names=["A", "B"]))
    a, b = t.state.find("A"), t.state.find("B")
    assert (a.place, a.last_place, b.place, b.last_place) == (3, 4, 3, 4)


def test_t_reg_1_a_late_entry_finishes_above_everyone_who_busted_before_it() -> None:
    t = Tournament()
    t.do(Register(names=["A", "B", "C"]))
    t.do(Bust(names=["A"]))
    assert t.state.find("A").place == 3
    t.do(Register(names=["D"]))
    assert t.state.find("A").place == 4
    t.do(Bust(names=["B"]))
    t.do(Bust(names=["C"]))
    assert [t.state.find(n).place for n in "ABC"] == [4, 3, 2]
    t.do(Undo(actor="td"))
    t.do(Undo(actor="td"))
    t.do(Unregister(name="D"))
    assert t.state.find("A").place == 3


def test_busting_unknown_or_busted_players_is_refused() -> None:
    t = Tournament()
    t.do(Register(names=["A", "B", "C"]))
    with pytest.raises(NotFound):
        t.do(Bust(names=["Zed"]))
    t.do(Bust(names=["A"]))
    with pytest.raises(TdError, match="already busted"):
        t.do(Bust(names=["A"]))
    with pytest.raises(InvalidInput, match="twice"):
        t.do(Bust(names=["B", "b"]))


def test_the_last_player_cannot_be_busted_and_wins() -> None:
    t = Tournament()
    t.do(Register(names=["A", "B"]))
    with pytest.raises(TdError, match="must remain"):
        t.do(Bust(names=["A", "B"]))
    t.do(Bust(names=["A"]))
    assert t.state.status == "finished"


def test_undo_skips_the_last_command_and_keeps_it_in_the_log() -> None:
    t = Tournament()
    t.do(Register(names=["A", "B", "C"]))
    t.do(Bust(names=["A"]))
    t.do(Undo(actor="td"))
    assert t.state.find("A").status == "registered" and t.state.players_left == 3
    assert len(t.log) == 1 + 3 + 1 + 1
    t.do(Undo(actor="td"))  # the registration of all three
    assert t.state.entries == 0
    with pytest.raises(TdError, match="nothing to undo"):
        t.do(Undo(actor="td"))


def test_undo_of_a_clock_change_restores_the_clock() -> None:
    t = Tournament()
    t.do(ClockStart(), seconds=0)
    t.do(ClockSetRemaining(seconds=60), seconds=10)
    t.do(Undo(actor="td"), seconds=20)
    view = state_view(t.state, 1, at(20))
    assert view.clock.remaining_seconds == 1200 - 20


def test_state_is_the_fold_of_the_log() -> None:
    t = Tournament()
    t.do(Register(names=["A", "B", "C"]))
    t.do(ClockStart(), 0)
    t.do(ClockStep(by=1), 50)
    t.do(ClockPause(), 70)
    t.do(Bust(names=["B"]))
    t.do(Undo(actor="td"))
    refolded = fold(t.log)
    assert state_view(refolded, 1, at(999)) == state_view(t.state, 1, at(999))


def test_state_json_contract_keys() -> None:
    t = Tournament()
    t.do(Register(names=["A"]))
    view = state_view(t.state, 7, at(0)).model_dump(mode="json")
    assert {"id", "name", "status", "buy_in", "fee", "starting_stack", "seats_per_table"} <= set(
        view["tournament"])
    assert {"level", "small_blind", "big_blind", "ante", "running", "remaining_seconds",
            "on_break"} <= set(view["clock"])
    assert {"entries", "players_left", "players"} <= set(view)
    assert set(view["players"][0]) >= {"name", "status", "table", "seat", "place"}


def test_the_state_s_player_rows_made_unvalidated_are_the_validated_ones() -> None:
    """`state_view` makes its players' rows with `View.made` (not validated again): they equal,
    and dump as, the rows validation makes, for seated, busted and tied players."""
    from tdconsole.views.tournament import PlayerView

    t = Tournament()
    t.do(Register(names=["A", "B", "C", "D", "E"]))
    t.do(ClockStart(), 0)
    t.do(Bust(names=["B"]))
    t.do(Bust(names=["C", "D"]))
    players = state_view(t.state, 1, at(60)).players
    validated = PlayerView.many(player.model_dump() for player in players)
    assert players == validated
    assert [p.model_dump(mode="json") for p in players] == [p.model_dump(mode="json") for p in validated]
    assert [p.model_dump_json() for p in players] == [p.model_dump_json() for p in validated]
    assert PlayerView.made([{"id": "p9", "name": "X", "status": "registered", "table": None, "seat": None,
                             "place": None, "placed_last": False, "last_place": None, "prize": None,
                             "tied_with": [], "entry": 1, "knockouts": 0, "bounties": 0, "add_ons": 0,
                             "chips": None}])[0].rebuys == 0  # a row short of fields is validated


names = st.text(alphabet=st.characters(codec="utf-8", categories=["L", "N", "Zs", "P", "S"]),
                min_size=0, max_size=70)


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["register", "bust", "undo"]), names), max_size=25))
def test_places_are_unique_and_players_left_is_consistent(steps: list[tuple[str, str]]) -> None:
    t = Tournament()
    for kind, name in steps:
        with contextlib.suppress(TdError):  # a bad name is refused when the command is made
            command = (Register(names=[name]) if kind == "register" else
                       Bust(names=[name]) if kind == "bust" else Undo(actor="td"))
            t.do(command)
    players = list(t.state.players.values())
    places = [p.place for p in players if p.place is not None]
    assert len(places) == len(set(places))
    assert t.state.players_left == sum(p.status != "busted" for p in players)
    busted = [p for p in players if p.status == "busted"]
    assert all(p.place is not None and p.place > t.state.players_left for p in busted)
    assert len({p.name.casefold() for p in players}) == len(players)
    assert state_view(fold(t.log), 1, at(0)) == state_view(t.state, 1, at(0))
