"""`tdconsole rules ...`: the floor calculators. They need no tournament and touch no database."""

from __future__ import annotations

from typing import Annotated

import typer

from tdconsole.clikit import JsonFlag, console, emit, read_json_stdin
from tdconsole.config import load_house_rules
from tdconsole.domain.betting import BettingInput, betting_round
from tdconsole.domain.chips_pushed import ChipsInput, read_chips
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.pots import PotsInput, resolve_pots
from tdconsole.domain.showdown import GameName, Half, parse_cards, showdown

rules_app = typer.Typer(
    help="Floor calculators: betting, chips pushed, pots, showdown, posts, ICM.",
    no_args_is_help=True,
)


# --- issue 4: the rules engine (betting, chips, pots, showdown) --------------------------------

def _rules_line(rules: list[str]) -> None:
    console.print(f"rules: {', '.join(rules)}")


@rules_app.command("betting")
def betting_command(as_json: JsonFlag = False) -> None:
    """Who acts, the call, the minimum and maximum raise (hand JSON on stdin)."""
    hand = read_json_stdin(BettingInput)
    answer = betting_round(hand, load_house_rules().ante)

    def render() -> None:
        if answer.to_act is None:
            console.print(f"The betting round is complete. Pot {answer.pot}.")
        else:
            raise_text = (f"raise to {answer.min_raise_to}..{answer.max_raise_to}"
                          if answer.can_raise else "may not raise")
            console.print(f"Seat {answer.to_act} to act: call {answer.to_call}, {raise_text}. "
                          f"Pot {answer.pot}.")
        _rules_line(answer.rules)

    emit(answer, as_json, render)


@rules_app.command("chips")
def chips_command(as_json: JsonFlag = False) -> None:
    """What the chips a player pushed (and what he said) amount to (JSON on stdin)."""
    push = read_json_stdin(ChipsInput)
    answer = read_chips(push, load_house_rules().betting.bet_leaving_one_big_blind_is_all_in)

    def render() -> None:
        extra = f", {answer.returned} returned" if answer.returned else ""
        extra += f", {answer.owed} more to put in" if answer.owed else ""
        console.print(f"{answer.action} (total {answer.to} on this street){extra}")
        _rules_line(answer.rules)

    emit(answer, as_json, render)


@rules_app.command("pots")
def pots_command(as_json: JsonFlag = False) -> None:
    """Main and side pots and the award to each seat (JSON on stdin)."""
    answer = resolve_pots(read_json_stdin(PotsInput))

    def render() -> None:
        for pot in answer.pots:
            shares = ", ".join(f"seat {seat} {amount}" for seat, amount in pot.awards.items())
            eligible = " ".join(map(str, pot.eligible))
            console.print(f"{pot.name}: {pot.amount} (seats {eligible}) -> {shares}")
        totals = ", ".join(f"seat {seat} {amount}" for seat, amount in answer.awards.items())
        console.print(f"In all: {totals}")
        _rules_line(answer.rules)

    emit(answer, as_json, render)


def _parse_hand_option(text: str) -> tuple[int, str]:
    seat, sep, cards = text.partition("=")
    if not sep or not seat.strip().isdigit() or int(seat) < 1:
        raise InvalidInput(f"--hand {text!r}: write SEAT=CARDS, e.g. --hand 1=\"As Js\"")
    return int(seat), cards


@rules_app.command("showdown")
def showdown_command(
    game: Annotated[GameName, typer.Option(help="holdem, omaha or omaha-hilo.")],
    board: Annotated[str, typer.Option(help='The five board cards, e.g. "Ks Qs 7s 3d 2h".')],
    hand: Annotated[list[str], typer.Option(help='SEAT=CARDS, once per player.')],
    button: Annotated[int, typer.Option(help="The button seat (for the show order).")] = 0,
    aggressor: Annotated[int | None, typer.Option(help="The last aggressor on the river.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """The best hands in words, the winners and the order of showing."""
    hands: dict[int, str] = {}
    for text in hand:
        seat, cards = _parse_hand_option(text)
        if seat in hands:
            raise InvalidInput(f"--hand: seat {seat} is given twice")
        hands[seat] = cards
    result = showdown(
        game,
        parse_cards(board, "--board"),
        {seat: parse_cards(cards, f"--hand {seat}") for seat, cards in hands.items()},
        button=button,
        aggressor=aggressor,
        order=load_house_rules().showdown.order,
    )

    def half(part: Half | None) -> dict[str, object] | None:
        if part is None:
            return None
        return {"winners": part.winners, "hands": {str(s): n for s, n in part.hands.items()}}

    data = {"high": half(result.high), "low": half(result.low),
            "show_order": result.show_order, "rules": result.rules}

    def render() -> None:
        for label, part in (("High", result.high), ("Low", result.low)):
            if part is None:
                continue
            for seat, name in part.hands.items():
                console.print(f"{label}: seat {seat}: {name}")
            console.print(f"{label} wins: {', '.join(f'seat {s}' for s in part.winners) or 'none'}")
        console.print(f"Show order: {' '.join(map(str, result.show_order))}")
        _rules_line(result.rules)

    emit(data, as_json, render)
