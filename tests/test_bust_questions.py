"""The questions a bust asks before it is done (views/busts.py `bust_questions`), one snapshot per
state: the TUI's bust dialog (tui/screens/players.py) and the remote (web/static/remote.js, through
`POST api/bust/questions`) both ask what this view says, so they cannot ask differently."""

from __future__ import annotations

from typing import Any

import pytest

from tdconsole.domain.commands import ClockStart, HandForHandStart, HandForHandTableDone, SetMoney
from tdconsole.domain.errors import NotFound
from tdconsole.domain.examples import Tournament, at, tournament
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.views.busts import bust_questions

NAMES = ["Ann", "Bo", "Cy", "Dan", "Eva", "Finn"]
PKO = {"bounty": 75, "pko_share": 50}
REBUYS = {"rebuy": {"until_level": 2, "price": 300, "fee": 20, "chips": 10_000, "limit": 3, "double": True}}


def table_of_six(**money: Any) -> Tournament:
    t = tournament(*NAMES, tables=1)
    if money:
        t.do(SetMoney(settings=MoneySettings.model_validate(money)))
    return t


def asked(t: Tournament, names: list[str], **bust: Any) -> dict[str, Any]:
    return bust_questions(t.state, at(60), names, **bust).model_dump(mode="json")


def ask(field: str, kind: str, label: str, *, required: bool = False, choices: tuple[str, ...] = (),
        player: str | None = None) -> dict[str, Any]:
    """One field of the form the remote draws from the view (`asks`)."""
    return {"field": field, "kind": kind, "label": label, "required": required, "choices": list(choices),
            "player": player}


DISQUALIFY = ask("disqualified", "flag", "Disqualified (C-PEN-1): knocked out by nobody")


def stack(name: str) -> dict[str, Any]:
    return ask("stack", "number", "Starting chips (T-ELIM-1)", player=name)


def snapshot(**differs: Any) -> dict[str, Any]:
    """The view of Ann's bust at a table of six with no bounty, no rebuys, no hand-for-hand,
    with what `differs` in this state."""
    return {"names": ["Ann"], "rebuy": [], "knocker": "none", "stacks": False, "hand_for_hand": False,
            "confirm": ["Bust Ann in place 6?"], "refused": None, "asks": [DISQUALIFY], **differs}


def test_a_plain_bust_asks_only_for_a_yes() -> None:
    assert asked(table_of_six(), ["Ann"]) == snapshot()


def test_t_elim_1_two_out_in_one_hand_are_asked_their_stacks_and_equal_ones_tie() -> None:
    assert asked(table_of_six(), ["Ann", "Bo"], stack={"Ann": 5000, "Bo": 5000}) == snapshot(
        names=["Ann", "Bo"], stacks=True, asks=[stack("Ann"), stack("Bo"), DISQUALIFY],
        confirm=["Bust Ann, Bo?", "Ann: place 5-6 (T-ELIM-2)", "Bo: place 5-6 (T-ELIM-2)"])


def test_t_pko_1_a_progressive_knockout_asks_the_knocker_first() -> None:
    refused = "T-PKO-1: Ann's bounty goes to whoever knocked the player out: say who, or disqualify"
    knocker = ask("by", "choice", "Knocked out by (bounty, T-PKO-1)", required=True, choices=tuple(NAMES[1:]))
    assert asked(table_of_six(**PKO), ["Ann"]) == snapshot(knocker="required", confirm=None, refused=refused,
                                                           asks=[knocker, DISQUALIFY])
    assert asked(table_of_six(**PKO), ["Ann"], by=["Bo"]) == snapshot(
        knocker="required", asks=[knocker, DISQUALIFY],
        confirm=["Bust Ann?", "Ann: place 6",
                 "  Bo takes DKK\xa035 in cash and DKK\xa040 onto the bounty on the head"])


def test_t_bounty_1_a_fixed_bounty_may_name_the_knocker() -> None:
    knocker = ask("by", "choice", "Knocked out by (bounty, optional)", choices=tuple(NAMES[1:]))
    assert asked(table_of_six(bounty=50), ["Ann"]) == snapshot(knocker="optional", asks=[knocker, DISQUALIFY])


def test_t_rebuy_1_in_the_rebuy_period_the_rebuy_is_offered_first() -> None:
    t = table_of_six(**REBUYS)
    t.do(ClockStart())
    offer = {"name": "Ann", "double": True, "left": 3, "until_level": 2, "who": "busted",
             "busted_place": None}
    assert asked(t, ["Ann"]) == snapshot(rebuy=[offer], asks=[
        ask("rebuy", "note", "Ann is offered a rebuy first (T-REBUY-1)", player="Ann"), DISQUALIFY])


def test_t_h4h_1_in_hand_for_hand_the_bust_waits_for_the_hand_and_no_rebuy_is_offered() -> None:
    t = table_of_six(**REBUYS)
    t.do(ClockStart())
    t.do(HandForHandStart(tables=[1]))
    assert asked(t, ["Ann"]) == snapshot(hand_for_hand=True, confirm=[
        "Bust Ann?", "Ann: table 1, placed when every table is done",
        "These busts tie (RP-8A): this is the hand that was being played when hand-for-hand began, so "
        "everyone out in it, at any table, shares the places they reach."])


def test_c_pen_1_a_disqualification_asks_no_knocker_and_no_rebuy() -> None:
    assert asked(table_of_six(**PKO), ["Ann"], disqualified=True) == snapshot(
        confirm=["Disqualify Ann (C-PEN-1)? The bounty goes to the prize pool (T-PKO-4)."])


def test_a_name_not_in_is_refused_as_the_bust_would_be() -> None:
    with pytest.raises(NotFound):
        asked(table_of_six(), ["Zed"])


def test_t_h4h_1_a_hand_after_the_first_ranks_a_lone_bust_by_its_stack() -> None:
    """From hand 1 on, busts at any table in the same hand are ranked by the chips each started it
    with (the club's `rank-by-stack`): one alone is asked his stack too."""
    t = tournament(*NAMES, tables=2)
    t.do(ClockStart())
    t.do(HandForHandStart(tables=[1, 2]))
    t.do(HandForHandTableDone(table=1))
    t.do(HandForHandTableDone(table=2))  # hand 0, dealt before it began, is over
    assert asked(t, ["Ann"])["asks"] == [stack("Ann"), DISQUALIFY]
