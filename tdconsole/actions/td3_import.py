"""Importing TD3 saves (`tdconsole import tdt`): each save becomes a finished tournament whose log
is written as the evening was run, command by command through the service, at TD3's own times:
the registrations, the clock at each bust's level, the busts with their knockers, the re-entries,
rebuys and add-ons with their prices, and, before the last bust, the money settings that make
every place pay what TD3 awarded. Nothing is written to the database but through `Service`, so
the imported tournament folds, undoes, exports and scores like one run here.

Players are linked to club members by TD3's UUID (kept on the member, `member_links`), else by
name (the report says which names were linked this way), else they become new members.

Why the payouts are set the way they are: TD3 awards prizes its own way (its rounding, chops,
shared prizes, house contributions), and the club's history must say what was paid. So the
payouts are a table of exactly the places TD3 paid, every place locked at what TD3 gave the
player who finished there (T-PAY-1), and the pool is brought to their sum: a pool short of it is
topped up as a guarantee's overlay, a pool above it keeps the difference as rake.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import ROUND_CEILING, Decimal
from itertools import pairwise
from pathlib import Path
from typing import Literal

from tdconsole.club.leagues import League, Leagues
from tdconsole.club.members import Members
from tdconsole.config.leagues import td3_formula
from tdconsole.config.structures import keep_preset
from tdconsole.config.td3 import BuyIn, Player, Save
from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput, NotFound, TdError
from tdconsole.domain.league.standings import LeagueRules
from tdconsole.domain.limits import ENTRIES
from tdconsole.domain.money.payouts import PayoutRange, PayoutTables
from tdconsole.domain.money.prize_pool import RebuySettings
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.text import MAX_NAME, name_key
from tdconsole.i18n import N_
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore

SOURCE = "td3"
LinkKind = Literal["uuid", "name", "new"]


@dataclass(frozen=True, slots=True)
class Link:
    td3_name: str
    uuid: str
    member: int | None  # None in a dry run for a member not made yet
    name: str  # the member's name, as the entries read
    how: LinkKind


@dataclass(slots=True)
class Imported:
    """What one save became (or, in a dry run, would become)."""

    path: str
    title: str
    version: str
    tournament: int | None = None
    players: int = 0
    entries: int = 0
    rebuys: int = 0
    add_ons: int = 0
    busts: int = 0
    winner: str | None = None
    prizes: dict[str, int] = field(default_factory=dict)  # name -> what TD3 paid
    structure: str | None = None  # the preset key the structure was saved under
    links: list[Link] = field(default_factory=list)
    # What a TD should know, as (English template, values): the edge translates the template.
    notes: list[tuple[str, dict[str, int]]] = field(default_factory=list)


class _Clock:
    """The service's time while importing: TD3's time of the command being replayed."""

    def __init__(self, start: datetime) -> None:
        self.moment = start

    def __call__(self) -> datetime:
        return self.moment

    def at(self, moment: datetime | None) -> None:
        # Never backwards: a save's times are TD3's clicks, and two may be out of order.
        if moment is not None and moment > self.moment:
            self.moment = moment


def _unique_names(players: Iterable[Player]) -> dict[str, str]:
    """Each player's name in the tournament: TD3's, made unique (two "Johan" in one save become
    "Johan" and "Johan (2)": a tournament knows each entry by its name)."""
    names: dict[str, str] = {}
    taken: set[str] = set()
    for player in players:
        base = player.name.strip()[: MAX_NAME - 4] or player.uuid[:8]
        name, number = base, 1
        while name_key(name) in taken:
            number += 1
            name = f"{base} ({number})"
        taken.add(name_key(name))
        names[player.uuid] = name
    return names


def link_players(members: Members, save: Save, *, dry_run: bool,
                 planned: dict[str, str] | None = None) -> list[Link]:
    """Each player who bought in, linked to a member: by UUID, else by a unique name, else new. A
    dry run links a player an earlier save of the run would make a member (`planned`: UUID to
    name) by his UUID, as the import will."""
    links = []
    planned = {} if planned is None else planned
    names = _unique_names(save.playing)
    for player in save.playing:
        found = members.linked(SOURCE, player.uuid)
        how: LinkKind = "uuid"
        if found is None and player.uuid in planned:
            links.append(Link(player.name, player.uuid, None, planned[player.uuid], "uuid"))
            continue
        if found is None:
            same = members.named(names[player.uuid])
            found = same[0] if len(same) == 1 else None
            how = "name"
        if found is None:
            how = "new"
            planned[player.uuid] = names[player.uuid]
            if not dry_run:
                found = members.add(names[player.uuid])
        if found is not None and not dry_run:
            members.link_external(SOURCE, player.uuid, found.number)
        links.append(Link(player.name, player.uuid, found.number if found else None,
                          found.name if found else names[player.uuid], how))
    return links


@dataclass(order=True, frozen=True, slots=True)
class _Step:
    """One thing that happened, in TD3's order: its time, then what kind, then the player."""

    at: datetime
    order: int  # at the same moment: entries, then busts, then what follows a bust
    what: Literal["register", "add-on", "bust", "rebuy", "re-enter"]
    uuid: str
    level: int
    hitmen: tuple[str, ...] = ()
    final: bool = False  # a bust the player did not buy back or re-enter after: his place


def _steps(save: Save, start: datetime) -> list[_Step]:
    steps = []
    for player in save.playing:
        for index, buy in enumerate(player.buy_ins):
            at = buy.at or start
            if index == 0:
                steps.append(_Step(at, 0, "register", player.uuid, buy.level))
            following = player.buy_ins[index + 1] if index + 1 < len(player.buy_ins) else None
            if buy.bust is not None:
                bust_at = buy.bust.at or at
                if following is not None and following.kind == "rebuy":
                    # T-REBUY-3: a rebuy bought instead of the bust, credited to who knocked him out.
                    steps.append(_Step(max(bust_at, following.at or bust_at), 2, "rebuy", player.uuid,
                                       buy.bust.level, buy.bust.hitmen))
                    continue
                steps.append(_Step(bust_at, 1, "bust", player.uuid, buy.bust.level, buy.bust.hitmen,
                                   final=following is None))
            elif following is not None and following.kind == "rebuy":
                # A rebuy with chips left (T-REBUY-3's starting-stack setting): no bust before it.
                steps.append(_Step(following.at or at, 2, "rebuy", player.uuid, following.level))
                continue
            if following is not None and following.kind == "re-entry":
                steps.append(_Step(following.at or at, 3, "re-enter", player.uuid, following.level))
        steps.extend(_Step(add_on.at or start, 2, "add-on", player.uuid, add_on.level)
                     for add_on in player.add_ons)
    return sorted(steps)


def _price(buys: Iterable[BuyIn]) -> tuple[int, int, int | None]:
    """The prize part, the fee (TD3's rake) and the chips of the buys' most common price."""
    counted: dict[tuple[int, int, int], int] = {}
    for buy in buys:
        key = (max(0, buy.amount - buy.rake), buy.rake, buy.chips)
        counted[key] = counted.get(key, 0) + 1
    if not counted:
        return 0, 0, None
    part, fee, chips = max(counted, key=lambda key: counted[key])
    return part, fee, chips or None


def _money(save: Save, steps: list[_Step]) -> MoneySettings:
    """The prices TD3 sold at and a rebuy period and add-on window that hold every one it sold."""
    rebuys = [buy for player in save.playing for buy in player.buy_ins if buy.kind == "rebuy"]
    re_entries = [buy for player in save.playing for buy in player.buy_ins if buy.kind == "re-entry"]
    add_ons = [add_on for player in save.playing for add_on in player.add_ons]
    rebuy = RebuySettings()
    if rebuys:
        price, fee, chips = _price(rebuys)
        last = max(step.level for step in steps if step.what == "rebuy")
        # "starting-stack": TD3 sells a rebuy to a player with chips left too (AllowInTourneyRebuys).
        rebuy = RebuySettings(until_level=last, price=price, fee=fee, chips=chips, who="starting-stack")
    re_entry, re_entry_fee, re_chips = _price(re_entries) if re_entries else (None, None, None)
    add_on, add_on_fee = 0, 0
    add_on_chips = None
    if add_ons:
        add_on_buys = [BuyIn("rebuy", None, 1, a.amount, a.rake, a.chips, "", None) for a in add_ons]
        add_on, add_on_fee, add_on_chips = _price(add_on_buys)
    return MoneySettings(
        re_entry=re_entry, re_entry_fee=re_entry_fee, re_entry_chips=re_chips, add_on=add_on,
        add_on_fee=add_on_fee, add_on_chips=add_on_chips, add_on_from_level=1 if add_ons else None,
        add_on_limit=None, rebuy=rebuy,
    )


def _payouts(service: Service, base: MoneySettings, paid: list[int]) -> MoneySettings:
    """`base` with the places `paid` (place 1 first) locked at TD3's amounts and the pool made
    equal to their sum (the module's docstring says why)."""
    from tdconsole.domain.money.handlers import pool  # the fold's money, read once here

    prize_part = pool(service.state).prize_pool
    total = sum(paid)
    guarantee, rake = 0, Decimal(0)
    if total >= prize_part:
        guarantee = total
    elif prize_part:
        # The rake is rounded down to the krone (prize_pool.py): a percent rounded *up* at ten
        # decimals takes exactly the difference for any pool below 10^10.
        rake = (Decimal(prize_part - total) * 100 / prize_part).quantize(Decimal("1e-10"), ROUND_CEILING)
    places = len(paid)
    percents = [Decimal(100) - Decimal("0.01") * (places - 1)] + [Decimal("0.01")] * (places - 1)
    table = PayoutTables(name="TD3", ranges=[PayoutRange(min_entries=places, max_entries=ENTRIES.hi,
                                                         percents=percents)])
    return base.model_copy(update={"table": table, "locked": dict(enumerate(paid, 1)),
                                   "guarantee": guarantee, "rake_percent": rake})


def _places(save: Save, steps: list[_Step]) -> dict[str, tuple[int, int]]:
    """The place (first, last when tied) each player finishes in, by TD3's busts: the busts at
    one moment share their places (T-ELIM-2), the last left wins."""
    out = [step for step in steps if step.final]
    alive = len(save.playing)
    places: dict[str, tuple[int, int]] = {}
    moments: dict[datetime, list[str]] = {}
    for step in out:
        moments.setdefault(step.at, []).append(step.uuid)
    for moment in sorted(moments):
        group = moments[moment]
        for uuid in group:
            places[uuid] = (alive - len(group) + 1, alive)
        alive -= len(group)
    for player in save.playing:
        places.setdefault(player.uuid, (1, 1))
    return places


def _finish_alive(save: Save, steps: list[_Step], awards: dict[str, int]
                  ) -> tuple[list[_Step], list[tuple[str, dict[str, int]]]]:
    """A save whose tournament TD3 ended with several players in (a deal; TD3 awards their prizes
    without busting them): they are placed by what TD3 paid them, the least first, at the end."""
    busted = {step.uuid for step in steps if step.final}
    alive = [player for player in save.playing if player.uuid not in busted]
    if len(alive) < 2:
        return steps, []
    if not all(awards.get(player.uuid) for player in alive):
        # Not finished in TD3 (a day 1 played on another evening): imported as it stands.
        return steps, []
    end = max(step.at for step in steps) + timedelta(seconds=1)
    level = max(step.level for step in steps)
    ordered = sorted(alive, key=lambda player: awards[player.uuid])[:-1]
    added = [_Step(end + timedelta(seconds=index), 1, "bust", player.uuid, level, final=True)
             for index, player in enumerate(ordered)]
    note = (N_("TD3 ended it with {count} players in (a deal): placed by their prizes"),
            {"count": len(alive)})
    return steps + added, [note]


def import_save(store: EventStore, path: Path, save: Save, *, dry_run: bool = False,
                into: EventStore | None = None, planned: dict[str, str] | None = None) -> Imported:
    """Import one save (see the module's docstring). With `dry_run` nothing is written to `store`:
    the players are linked as they would be, and the evening is replayed into `into` (a scratch
    database) if given."""
    report = Imported(str(path), save.title, save.version)
    players = save.playing
    if len(players) < 2:
        raise InvalidInput("{path}: {count} players bought in; a tournament needs two", path=path,
                           count=len(players))
    start = save.started or min((buy.at for p in players for buy in p.buy_ins if buy.at),
                                default=datetime(2000, 1, 1, tzinfo=UTC))
    awards = save.awards()
    steps, notes = _finish_alive(save, _steps(save, start), awards)
    report.notes.extend(notes)
    places = _places(save, steps)
    members = Members(store)
    report.links = link_players(members, save, dry_run=dry_run, planned=planned)
    names = {link.uuid: link.name for link in report.links}
    numbers = {link.uuid: link.member for link in report.links}
    report.players = len(players)
    report.entries = sum(1 + sum(b.kind == "re-entry" for b in p.buy_ins) for p in players)
    report.rebuys = sum(b.kind == "rebuy" for p in players for b in p.buy_ins)
    report.add_ons = sum(len(p.add_ons) for p in players)
    report.busts = sum(step.what == "bust" for step in steps)
    report.winner = names[min(places, key=lambda uuid: places[uuid])]
    report.prizes = {names[uuid]: amount for uuid, amount in awards.items() if uuid in names and amount}
    # What each place pays: the award of whoever finished there; tied places share their sum.
    by_place: dict[int, int] = {}
    for uuid, (first, last) in places.items():
        for place in range(first, last + 1):
            by_place.setdefault(place, 0)
        by_place[first] += awards.get(uuid, 0)
    paid_places = max((place for place, amount in by_place.items() if amount), default=0)
    # TD3 paid nothing (a ranking final played for points): one place of 0, the pool all rake.
    paid = [by_place.get(place, 0) for place in range(1, paid_places + 1)] or [0]
    finished = sum(1 for step in steps if step.final) == len(players) - 1
    if finished and any(worse > better for better, worse in pairwise(paid)):
        raise InvalidInput("{path}: TD3 paid a place more than a better one ({amounts}): tdconsole's payouts "
                           "never increase with place (T-PAY-1)", path=path,
                           amounts=", ".join(map(str, paid)))
    if dry_run:
        report.structure = save.structure.name
        if into is None:
            return report
    else:
        report.structure = keep_preset(save.structure)
    part, fee, chips = _price(p.buy_ins[0] for p in players)
    clock = _Clock(start)
    service = Service.create(into if dry_run and into is not None else store, name=save.title[:60],
                             structure=save.structure, buy_in=part, fee=fee, starting_stack=chips,
                             seats_per_table=10, now=clock)
    report.tournament = None if dry_run else service.tournament_id
    settings = _money(save, steps)
    service.execute(commands.SetMoney(settings=settings))
    final_bust = max((step.at for step in steps if step.what == "bust"), default=None)
    level = 0
    index = 0
    while index < len(steps):
        step = steps[index]
        clock.at(step.at)
        name = names[step.uuid]
        if step.what == "register":
            number = numbers[step.uuid]
            service.execute(commands.Register(names=[name], members={name: number} if number else {},
                                              seed=index))
            if not service.state.clock.started:
                # Paused: the clock stands at each step's level (TD3's), not where the time since
                # the last step would run it on to.
                service.execute(commands.ClockStart())
                service.execute(commands.ClockPause())
            index += 1
            continue
        here = min(step.level, len(save.structure.levels))
        if here != level:
            service.execute(commands.ClockGoToLevel(level=here))
            level = here
        hitmen = [names[h] for h in step.hitmen if h in names and h != step.uuid]
        if step.what == "add-on":
            service.execute(commands.AddOn(names=[name]))
        elif step.what == "rebuy":
            service.execute(commands.Rebuy(name=name, knocked_out_by=_still_in(service, hitmen), seed=index))
        elif step.what == "re-enter":
            service.execute(commands.Reenter(name=name, seed=index))
        else:
            # The busts of one moment are one hand's: they share their places (T-ELIM-2).
            group = [step]
            while index + 1 < len(steps) and (steps[index + 1].what, steps[index + 1].at) == ("bust",
                                                                                              step.at):
                index += 1
                group.append(steps[index])
            busted = [names[s.uuid] for s in group]
            knockers = [names[h] for s in group for h in s.hitmen if h in names and names[h] not in busted]
            if step.at == final_bust and finished:
                service.execute(commands.SetMoney(settings=_payouts(service, settings, paid)))
            service.execute(commands.Bust(names=busted, by=_still_in(service, list(dict.fromkeys(knockers))),
                                          seed=index))
        index += 1
    if service.state.status != "finished":
        report.winner = None
        report.notes.append((N_("not finished in TD3: {left} players left; the payouts are tdconsole's"),
                             {"left": service.state.players_left}))
    return report


def _still_in(service: Service, names: list[str]) -> list[str]:
    # A knocker TD3 names who has busted since (its clicks out of order) is not credited.
    left = {name_key(p.name) for p in service.state.players.values() if p.status != "busted"}
    return [name for name in names if name_key(name) in left]


def into_league(store: EventStore, name: str, loaded: list[tuple[Path, Save]],
                reports: list[Imported]) -> League:
    """The league `name` with the imported tournaments in it; a new league scores with the first
    save's own formula (TD3's `PointsForPlaying`), so its points are the ones TD3 gave. A save whose
    formula differs from the league's is noted: it is scored by the league's."""
    leagues = Leagues(store)
    try:
        league = leagues.get(name)
    except NotFound:
        text = next((save.formula for _, save in loaded if save.formula), None)
        if text is None:
            raise InvalidInput("no save has a points formula to start the league {name!r} with; start the "
                               "league first (league new) with its formula",
                               name=name, field="formula") from None
        league = leagues.new(name, "td3", td3_formula(text, f"TD3: {name}"), LeagueRules())
    for (_, save), report in zip(loaded, reports, strict=True):
        if save.formula and league.formula.td3 and save.formula.strip() != league.formula.td3.strip():
            report.notes.append((N_("its own points formula differs from the league's: scored by the "
                                    "league's"), {}))
    ids = [report.tournament for report in reports if report.tournament is not None]
    return leagues.add(league, ids) if ids else league


def import_saves(store: EventStore, loaded: Iterable[tuple[Path, Save]], *,
                 dry_run: bool = False) -> list[Imported]:
    """Every save replayed first into a scratch database: a save the service refuses part way (a
    rule TD3 did not keep) is refused, naming its file, before anything is written, and a dry run
    reports what the replay made. Then, unless a dry run, each is imported for real."""
    saves = list(loaded)
    with tempfile.TemporaryDirectory(prefix="tdconsole-td3-") as scratch_dir:
        scratch = EventStore.open(f"sqlite:///{Path(scratch_dir) / 'scratch.sqlite'}")
        try:
            trials: list[Imported] = []
            planned: dict[str, str] = {}
            for path, save in saves:
                try:
                    trials.append(import_save(store, path, save, dry_run=True, into=scratch, planned=planned))
                except TdError as error:
                    if str(error).startswith(str(path)):
                        raise
                    raise InvalidInput("{path}: {error}; nothing was imported", path=path,
                                       error=error) from None
        finally:
            scratch.close()
    if dry_run:
        return trials
    return [import_save(store, path, save) for path, save in saves]
