"""Leagues: a season's tournaments, its points formula and rules, and its standings.

The formula is copied into the league when it is created or changed (like a tournament's
structure), so editing `configs/leagues/*.toml` later never rewrites a season's points.
Standings count the league's finished tournaments; one still in play is listed as pending.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from tdconsole.club.history import Night, nights
from tdconsole.club.members import Members
from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.domain.league.formulas import PointsFormula
from tdconsole.domain.league.standings import LeagueRules, Standing, standings
from tdconsole.domain.text import MAX_LABEL, check_text, name_key, visible
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import league_table, league_tournament_table, tournament_table


@dataclass(frozen=True, slots=True)
class League:
    id: int
    name: str
    formula_key: str
    formula: PointsFormula
    rules: LeagueRules
    tournaments: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Season:
    league: League
    standings: list[Standing]
    played: list[Night]  # finished tournaments, in order: the points
    pending: list[Night]  # still in play: no points yet


def _league_name(raw: str) -> str:
    return check_text("a league's name", raw, MAX_LABEL, empty=False)


class Leagues:
    def __init__(self, store: EventStore) -> None:
        self.store = store

    def new(self, name: str, formula_key: str, formula: PointsFormula, rules: LeagueRules) -> League:
        valid = _league_name(name)
        try:
            with self.store.connection(write=True) as connection:
                connection.execute(insert(league_table).values(
                    name=valid, key=name_key(valid)[:MAX_LABEL], formula_key=formula_key,
                    formula=formula.model_dump(mode="json"), rules=rules.model_dump(mode="json"),
                    created_at=datetime.now(UTC)))
        except IntegrityError:
            raise InvalidInput("there is already a league named {valid!r}", valid=valid) from None
        return self.get(valid)

    def all(self) -> list[League]:
        with self.store.connection(write=False) as connection:
            rows = connection.execute(select(league_table).order_by(league_table.c.id)).all()
            links = connection.execute(select(league_tournament_table).order_by(
                league_tournament_table.c.tournament_id)).all()
        tournaments: dict[int, list[int]] = {}
        for link in links:
            tournaments.setdefault(link.league_id, []).append(link.tournament_id)
        return [League(row.id, visible(row.name), row.formula_key, PointsFormula.model_validate(row.formula),
                       LeagueRules.model_validate(row.rules), tournaments.get(row.id, []))
                for row in rows]

    def get(self, name: str | None = None) -> League:
        """The league named (ignoring case), or without a name the newest."""
        leagues = self.all()
        if not leagues:
            raise NotFound("there is no league yet; start one with: tdconsole league new NAME")
        if name is None:
            return leagues[-1]
        key = name_key(name)[:MAX_LABEL]
        for league in leagues:
            if name_key(league.name)[:MAX_LABEL] == key:
                return league
        known = ", ".join(league.name for league in leagues)
        raise NotFound("no league named {strip!r} (leagues: {known})", strip=name.strip(), known=known)

    def change(self, league: League, *, formula_key: str | None = None,
               formula: PointsFormula | None = None, rules: LeagueRules | None = None) -> League:
        values: dict[str, Any] = {}
        if formula is not None and formula_key is not None:
            values.update(formula_key=formula_key, formula=formula.model_dump(mode="json"))
        if rules is not None:
            values["rules"] = rules.model_dump(mode="json")
        if values:
            with self.store.connection(write=True) as connection:
                connection.execute(update(league_table).where(league_table.c.id == league.id)
                                   .values(**values))
        return self.get(league.name)

    def add(self, league: League, tournament_ids: Iterable[int]) -> League:
        ids = sorted(set(tournament_ids))
        with self.store.connection(write=True) as connection:
            known = set(connection.execute(
                select(tournament_table.c.id).where(tournament_table.c.id.in_(ids))).scalars())
            missing = [tid for tid in ids if tid not in known]
            if missing:
                raise NotFound(
                    "there is no tournament {missing} (tdconsole tournaments lists them)",
                    missing=missing[0],
                )
            already = [tid for tid in ids if tid in league.tournaments]
            if already:
                raise InvalidInput(
                    "tournament {already} is already in {name}", already=already[0], name=league.name,
                )
            connection.execute(insert(league_tournament_table),
                               [{"league_id": league.id, "tournament_id": tid} for tid in ids])
        return self.get(league.name)

    def remove(self, league: League, tournament_ids: Iterable[int]) -> League:
        ids = sorted(set(tournament_ids))
        absent = [tid for tid in ids if tid not in league.tournaments]
        if absent:
            raise NotFound("tournament {absent} is not in {name}", absent=absent[0], name=league.name)
        with self.store.connection(write=True) as connection:
            connection.execute(delete(league_tournament_table).where(
                league_tournament_table.c.league_id == league.id,
                league_tournament_table.c.tournament_id.in_(ids)))
        return self.get(league.name)

    def of_tournament(self, tournament_id: int) -> League | None:
        """The newest league the tournament counts in (what the display shows after it)."""
        with self.store.connection(write=False) as connection:
            newest = connection.execute(select(func.max(league_tournament_table.c.league_id)).where(
                league_tournament_table.c.tournament_id == tournament_id)).scalar()
        if newest is None:
            return None
        return next(league for league in self.all() if league.id == newest)

    def between(self, tournament_id: int) -> League | None:
        """The league the TV shows between tournaments: the newest one this tournament counts in,
        else the club's newest league (a night outside any league still shows the season)."""
        found = self.of_tournament(tournament_id)
        if found is not None:
            return found
        leagues = self.all()
        return leagues[-1] if leagues else None


def season(store: EventStore, league: League) -> Season:
    """The league's standings now: its finished tournaments folded from their logs."""
    members = Members(store)
    aliases = members.aliases()
    names = {m.number: m.name for m in members.all()}
    folded = nights(store, league.tournaments, aliases)
    played = [night for night in folded if night.finished]
    table = standings({night.id: night.results for night in played}, league.formula, league.rules, names)
    return Season(league, table, played, [night for night in folded if not night.finished])
