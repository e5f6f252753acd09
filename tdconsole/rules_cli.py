"""`tdconsole rules ...`: the floor calculators. They need no tournament and touch no database."""

from __future__ import annotations

import random
from typing import Annotated

import typer

from tdconsole.clikit import JsonFlag, console, emit
from tdconsole.config import load_house_rules, validate
from tdconsole.domain.antes import post_blinds
from tdconsole.domain.chip_race import RaceSeat, chip_race, parse_cards
from tdconsole.domain.errors import InvalidInput

rules_app = typer.Typer(help="Floor calculators: betting, chips pushed, pots, showdown, posts, ICM.",
                        no_args_is_help=True)


# --- Posts and the chip race (issue 5: T-ANTE-*, RP-11, T-COLOR-1, TDA 24) ---------------------

SHORT_ORDERS = ("ante-first", "blind-first")


@rules_app.command("post")
def post(
    sb: Annotated[int, typer.Option("--sb", help="The level's small blind.")],
    bb: Annotated[int, typer.Option("--bb", help="The level's big blind.")],
    stack: Annotated[int, typer.Option("--stack", help="The big blind's stack before posting.")],
    handed: Annotated[int, typer.Option("--handed", help="Players dealt in at the table (2-10).")],
    ante: Annotated[
        int, typer.Option("--ante", help="The level's big blind ante (full table).")
    ] = 0,
    order: Annotated[
        str | None,
        typer.Option("--order", help="Short big blind: ante-first (T-ANTE-3) or blind-first "
                                     "(RP-11); default from the house rules."),
    ] = None,
    dead_sb: Annotated[
        bool, typer.Option("--dead-sb", help="Nobody posts the small blind (TDA 32).")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """What the big blind posts (live blind, dead ante) and what the others must call."""
    rules = load_house_rules().ante
    if order is not None:
        if order not in SHORT_ORDERS:
            raise InvalidInput(f"--order must be ante-first or blind-first, got {order!r}")
        rules = rules.model_copy(update={"short_big_blind": order})
    posting = post_blinds(sb, bb, ante, stack, handed, rules, dead_small_blind=dead_sb)

    def render() -> None:
        all_in = ", all-in" if posting.all_in else ""
        console.print(f"Big blind {posting.big_blind} live, ante {posting.ante} dead{all_in}")
        console.print(f"Small blind {posting.small_blind}; pot {posting.pot}; "
                      f"to call {posting.to_call}")
        console.print("Rules: " + ", ".join(posting.rules))

    emit(posting, as_json, render)


def _race_seat(spec: str) -> RaceSeat:
    parts = spec.split(":")
    if len(parts) != 3 or not all(part.strip().isdigit() for part in parts):
        raise InvalidInput(f"--seat {spec!r}: expected SEAT:STACK:COLOURED_UP, e.g. 3:25:25")
    seat, stack, colored_up = (int(part) for part in parts)
    return validate(RaceSeat, {"seat": seat, "stack": stack, "colored_up": colored_up},
                    f"--seat {spec}")


def _deck() -> list[str]:
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    random.SystemRandom().shuffle(deck)  # the interface draws; the domain only deals
    return deck


@rules_app.command("chip-race")
def chip_race_command(
    seats: Annotated[list[str], typer.Option(
        "--seat", help="SEAT:STACK:COLOURED_UP, once per player (COLOURED_UP = value in the "
                       "chips being removed).")],
    color_up: Annotated[list[int], typer.Option("--color-up", help="A chip value removed.")],
    to: Annotated[int, typer.Option("--to", help="The smallest chip still in play.")],
    cards: Annotated[str | None, typer.Option(
        "--cards", help="The draw, dealt from seat 1, e.g. 'As Kd 7h'; default: a shuffled deck.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Colour-up chip race: exchange, race the odd chips from seat 1, nobody raced out."""
    draw = parse_cards(cards.replace(",", " ").split() if cards is not None else _deck())
    race = chip_race([_race_seat(spec) for spec in seats], color_up, to, draw)

    def render() -> None:
        console.print(f"Colour-up of {', '.join(map(str, race.color_up))} into {race.new_chip}: "
                      f"odd chips worth {race.pool}, {race.chips_raced} chip(s) raced")
        for seat in race.seats:
            notes = ["wins a chip"] if seat.won else []
            notes += ["not raced out: gets one chip"] if seat.rescued else []
            console.print(f"  seat {seat.seat}: {seat.exchanged} exchanged, {seat.odd_chips} odd "
                          f"({' '.join(seat.cards) or 'no cards'}) -> {seat.stack_after}"
                          + (f"  [{'; '.join(notes)}]" if notes else ""))
        console.print(f"Chips at the table change by {race.value_change}; rules: "
                      + ", ".join(race.rules))

    emit(race, as_json, render)
