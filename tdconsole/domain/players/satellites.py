"""Satellites through the log (docs/FORMATS.md T-SAT-1..4): the prizes are seats of a stated value
(`money/payouts.py` `satellite_payouts`); the satellite ends when the players left equal the seats.

* T-SAT-2: the bust (or the hand-for-hand hand) that leaves no more players than seats ends it in
  the same command: `SatelliteEnded` names everyone left, each winning a seat; nobody busts after.
  Hand-for-hand is suggested on the money bubble (the first place that pays anything: the cash
  after the seats, if any) and again on the seat bubble (`players/hand_for_hand.py`, T-H4H-1).
* T-SAT-6: busts tied across the last seat share its value in cash (T-ELIM-2) and win no seat;
  the satellite ends with them.
* T-SAT-4: each seat won is a ticket, worked out from the logs by the club (`club/tickets.py`);
  spending one at a registration is `registration.py`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.events import Event, PlayerBusted, SatelliteEnded
from tdconsole.domain.money import handlers as money
from tdconsole.domain.state import TournamentState


def refuse_when_over(state: TournamentState) -> None:
    """T-SAT-2: nobody busts once the satellite has ended.

    >>> from tdconsole.domain.commands import Bust, SetMoney
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo", "Cy", "Di", "Ed")
    >>> _ = t.do(SetMoney(settings=MoneySettings(satellite_seat=600)))
    >>> refuse_when_over(t.state)
    >>> _ = t.do(Bust(names=["Ed", "Di"]))
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> refuse_when_over(t.state)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-SAT-2: the satellite is over: the 2 players left have each won a
    seat
    """
    if state.satellite is not None:
        raise RuleViolation("T-SAT-2", "the satellite is over: the {count} players left have each won "
                            "a seat", count=len(state.satellite.winners))


def ended(state: TournamentState, busted: Sequence[Event]) -> list[Event]:
    """T-SAT-2: `SatelliteEnded` when the busts decided now (`busted`, their `PlayerBusted`) leave no
    more players than the seats the pool buys; nothing otherwise, and nothing in a cash tournament.
    The winners are the players left and, when one hand took the field below the seats, those of
    its busts placed on a seat (T-ELIM-1); busts tied across the last seat share their places'
    money in cash (T-ELIM-2, T-SAT-6) and win no seat.

    Five buy-ins of 300 buy two seats of 600 (and 300 in cash for third): the bust that leaves two ends
    the satellite, both win a seat (T-SAT-2):

    >>> from tdconsole.domain.commands import Bust, SetMoney
    >>> from tdconsole.domain.examples import T0, tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> from tdconsole.domain.players.busts import decide_bust
    >>> t = tournament("Ann", "Bo", "Cy", "Di", "Ed")
    >>> _ = t.do(SetMoney(settings=MoneySettings(satellite_seat=600)))
    >>> ended(t.state, decide_bust(t.state, Bust(names=["Ed"]), T0))
    []
    >>> _ = t.do(Bust(names=["Ed", "Di"]))
    >>> ended(t.state, decide_bust(t.state, Bust(names=["Cy"]), T0))
    [SatelliteEnded(type='satellite_ended', winners=['p1', 'p2'], seat=600, rules=['T-SAT-2'])]
    """
    seats = money.seats(state)
    if not seats or state.satellite is not None:
        return []
    places = {event.player_id: event.last_place or event.place for event in busted
              if isinstance(event, PlayerBusted)}
    left = [player.id for player in state.players.values()
            if player.status != "busted" and player.id not in places]
    if len(left) > seats:
        return []
    seat = state.money.satellite_seat
    assert seat is not None  # seats() is None in a cash tournament
    placed = sorted((player_id for player_id, place in places.items() if place <= seats),
                    key=lambda player_id: places[player_id])
    return [SatelliteEnded(winners=[*left, *placed], seat=seat)]


def apply_ended(state: TournamentState, event: SatelliteEnded, now: datetime) -> None:
    state.satellite = event
    state.satellite_at = now
