"""League standings: each member's points over the league's finished tournaments, ranked.

* Points: the formula's for each tournament (`formulas.py`); with `best` set, only the member's
  best N results count (the others are still events played).
* `min_events`: a member with fewer events is listed below the ranked ones, without a place.
* Ties on points are broken in the league's stated order (`tie_break`, by default the best single
  finish, then the most events); members still equal share the place (1, 1, 3).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field, field_validator

from tdconsole.domain.league.formulas import Finish, PointsFormula, rounded
from tdconsole.domain.league.results import MemberResult
from tdconsole.domain.model import Frozen

TieBreak = Literal["best-finish", "events", "wins", "cashes", "winnings"]
TIE_BREAKS: tuple[TieBreak, ...] = ("best-finish", "events", "wins", "cashes", "winnings")
DEFAULT_TIE_BREAK: tuple[TieBreak, ...] = ("best-finish", "events")


class LeagueRules(Frozen):
    best: int | None = Field(default=None, ge=1)  # count only the best N results; None: all
    min_events: int = Field(default=0, ge=0)
    tie_break: list[TieBreak] = Field(default_factory=lambda: list(DEFAULT_TIE_BREAK))

    @field_validator("tie_break")
    @classmethod
    def _each_once(cls, order: list[TieBreak]) -> list[TieBreak]:
        if len(set(order)) != len(order):
            raise ValueError("each tie-break once")
        return order


@dataclass(frozen=True, slots=True)
class Scored:
    tournament: int
    result: MemberResult
    points: float
    counted: bool = True  # False: outside the member's best N


@dataclass(slots=True)
class Standing:
    place: int | None  # None: fewer events than the league's minimum
    member: int
    name: str
    points: float
    results: list[Scored] = field(default_factory=list)

    @property
    def events(self) -> int:
        return len(self.results)

    @property
    def cashes(self) -> int:
        return sum(scored.result.cashed for scored in self.results)

    @property
    def winnings(self) -> int:
        return sum(scored.result.winnings for scored in self.results)

    @property
    def wins(self) -> int:
        return sum(scored.result.place == 1 for scored in self.results)

    @property
    def best_finish(self) -> int | None:
        places = [scored.result.place for scored in self.results if scored.result.place is not None]
        return min(places) if places else None


# Larger is better for every key: a best finish is the smallest place.
_KEYS: dict[TieBreak, Callable[[Standing], float]] = {
    "best-finish": lambda s: -(s.best_finish or 10**9),
    "events": lambda s: s.events,
    "wins": lambda s: s.wins,
    "cashes": lambda s: s.cashes,
    "winnings": lambda s: s.winnings,
}


def points(formula: PointsFormula, result: MemberResult) -> float:
    """The member's points for one finished tournament.

    >>> from tdconsole.domain.league.results import EntryResult, MemberResult
    >>> field = PointsFormula(name="Field", expression="entries - place + 1", decimals=1)
    >>> third = EntryResult(entry=1, place=3, last_place=None, prize=0, knockouts=0, bounties=0, add_ons=0)
    >>> points(field, MemberResult(member=7, name="Bo", entries=(third,), field=20, buy_in=300, fee=50,
    ...                            cost=350, finished=True))
    18.0
    """
    assert result.place is not None
    figures = result.figures
    return formula.points(Finish(
        place=result.place, last_place=result.last_place, entries=result.field, buy_in=result.buy_in,
        fee=result.fee, prize=result.prize, knockouts=result.knockouts, bounties=result.bounties,
        hits=result.hits, rebuys=result.rebuys, add_ons=result.add_ons, cost=result.cost,
        players=figures.players, total_rebuys=figures.rebuys, total_add_ons=figures.add_ons,
        buy_ins_amount=figures.buy_ins_amount, rebuys_amount=figures.rebuys_amount,
        add_ons_amount=figures.add_ons_amount, prize_pool=figures.prize_pool,
        places_paid=figures.places_paid, members=figures.members))


def standings(
    season: Mapping[int, Mapping[int, MemberResult]],
    formula: PointsFormula,
    rules: LeagueRules,
    names: Mapping[int, str] | None = None,
) -> list[Standing]:
    """The standings over `season` (tournament id -> member -> result, finished tournaments in
    order); `names` gives each member's name today (else the name they last entered under).

    The season's table: points over the finished tournaments, ties broken by the best finish, members
    short of the minimum events listed last, unranked.

    >>> from tdconsole.domain.league.results import EntryResult, MemberResult
    >>> def result(member: int, name: str, place: int) -> MemberResult:
    ...     entry = EntryResult(entry=1, place=place, last_place=None, prize=0, knockouts=0, bounties=0,
    ...                         add_ons=0)
    ...     return MemberResult(member=member, name=name, entries=(entry,), field=10, buy_in=300, fee=50,
    ...                         cost=350, finished=True)
    >>> field = PointsFormula(name="Field", expression="entries - place + 1", decimals=1)
    >>> season = {1: {7: result(7, "Bo", 1), 8: result(8, "Ann", 4)}, 2: {8: result(8, "Ann", 2)}}
    >>> [(s.place, s.name, s.points) for s in standings(season, field, LeagueRules())]
    [(1, 'Ann', 16.0), (2, 'Bo', 10.0)]
    >>> [(s.place, s.name) for s in standings(season, field, LeagueRules(min_events=2))]
    [(1, 'Ann'), (None, 'Bo')]
    """
    scored: dict[int, list[Scored]] = {}
    for tournament, results in season.items():
        for member, result in results.items():
            if result.place is not None:
                scored.setdefault(member, []).append(Scored(tournament, result, points(formula, result)))
    table = []
    for member, own in scored.items():
        counting = sorted(own, key=lambda s: -s.points)[: rules.best] if rules.best else own
        kept = {id(s) for s in counting}
        marked = [s if id(s) in kept else Scored(s.tournament, s.result, s.points, counted=False)
                  for s in own]
        total = rounded(sum(s.points for s in counting), formula.decimals)
        name = (names or {}).get(member) or own[-1].result.name
        table.append(Standing(place=None, member=member, name=name, points=total, results=marked))

    def order(standing: Standing) -> tuple[float, ...]:
        return (standing.points, *(_KEYS[key](standing) for key in rules.tie_break))

    table.sort(key=lambda s: s.name.casefold())
    table.sort(key=order, reverse=True)
    ranked = [s for s in table if s.events >= rules.min_events]
    previous: tuple[float, ...] | None = None
    for index, standing in enumerate(ranked, 1):
        key = order(standing)
        standing.place = ranked[index - 2].place if key == previous else index
        previous = key
    return ranked + [s for s in table if s.events < rules.min_events]
