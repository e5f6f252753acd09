"""A TD3 (The Tournament Director) save, `.tdt`, read into plain data: its players with their
buy-ins, rebuys, add-ons and busts, its prizes as TD3 awarded them, its levels and chip set as a
`Structure`, and its points formula. The notation is read by `td3_notation` (no `eval`); this
module only picks out what tdconsole keeps, the same from every version 3.3 to 3.7.2 (3.3 and 3.4
write maps `new Map({...})`, 3.7 `Map.from([...])`; older saves are Windows-1252, newer UTF-8).

What each TD3 word means here:
* A player's `Buyins` are his buy-in, then each buy-in after a bust: one of a profile TD3 lists
  under `Financials.Rebuys` is a rebuy (TD3 does not count it in `n`, the players), any other a
  re-entry (a new entry). Each may carry a `BustOut` {Time, Round, HitmanUUID, Seat}: the level
  (`Round`, counted without breaks as tdconsole counts levels) and who knocked him out.
* A prize (`GamePrize`) is for a place (`Recipient`) or for anything else (`Type` 2: a bounty, a
  raffle); `CalculatedAmount` is what TD3 paid, shared equally by its `AwardedToPlayers`. An
  awarded chop (`GameChop`, `Awarded`) pays each of its players `CashReal` in place of the place
  prizes the chop was made over.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from tdconsole.config.files import read_bytes
from tdconsole.config.td3_notation import Obj, parse
from tdconsole.domain.clock.games import find_game
from tdconsole.domain.clock.structure import Break, Chip, Level, Period, Structure
from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.domain.limits import MAX_TDT_BYTES

EntryKind = Literal["buy-in", "re-entry", "rebuy"]


@dataclass(frozen=True, slots=True)
class Bust:
    at: datetime | None
    level: int
    hitmen: tuple[str, ...]  # TD3 UUIDs of who knocked him out


@dataclass(frozen=True, slots=True)
class BuyIn:
    kind: EntryKind
    at: datetime | None
    level: int
    amount: int  # what he paid, rake included
    rake: int
    chips: int
    profile: str
    bust: Bust | None


@dataclass(frozen=True, slots=True)
class AddOn:
    at: datetime | None
    level: int
    amount: int
    rake: int
    chips: int


@dataclass(frozen=True, slots=True)
class Player:
    uuid: str
    name: str
    buy_ins: tuple[BuyIn, ...]
    add_ons: tuple[AddOn, ...]
    hits_adjustment: int = 0


@dataclass(frozen=True, slots=True)
class Prize:
    description: str
    place: int | None  # None: not a place's prize (a bounty, a raffle)
    amount: int
    awarded_to: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Chop:
    cash: dict[str, int]  # UUID -> what the chop paid him
    awarded: bool


@dataclass(frozen=True, slots=True)
class Save:
    version: str
    uuid: str
    title: str
    league: str
    season: str
    started: datetime | None
    players: tuple[Player, ...]
    prizes: tuple[Prize, ...]
    chops: tuple[Chop, ...]
    structure: Structure
    formula: str | None  # `PointsForPlaying`, TD3's formula language
    rebuy_profiles: frozenset[str] = field(default_factory=frozenset)

    @property
    def playing(self) -> tuple[Player, ...]:
        """The players who bought in (TD3 keeps the ones registered but never bought in too)."""
        return tuple(player for player in self.players if player.buy_ins)

    def awards(self) -> dict[str, int]:
        """What TD3 paid each player (by UUID) in prizes: each prize shared equally by the players
        it was awarded to, an awarded chop's cash in place of the place prizes of its players."""
        paid: dict[str, int] = {}
        chopped = {uuid for chop in self.chops if chop.awarded for uuid in chop.cash}
        # Players who tied share the prizes of their places as one sum (T-ELIM-2, as tdconsole
        # shares tied places), the odd kroner one each in order of their names.
        shared: dict[tuple[str, ...], int] = {}
        for prize in self.prizes:
            winners = tuple(uuid for uuid in prize.awarded_to if not (prize.place and uuid in chopped))
            if winners:
                part = prize.amount * len(winners) // len(prize.awarded_to)
                shared[winners] = shared.get(winners, 0) + part
        names = {player.uuid: player.name for player in self.players}
        for winners, amount in shared.items():
            share, odd = divmod(amount, len(winners))
            for index, uuid in enumerate(sorted(winners, key=lambda uuid: names.get(uuid, uuid))):
                paid[uuid] = paid.get(uuid, 0) + share + (1 if index < odd else 0)
        for chop in self.chops:
            if chop.awarded:
                for uuid, cash in chop.cash.items():
                    paid[uuid] = paid.get(uuid, 0) + cash
        return paid


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0
    return round(value)


def _time(value: Any) -> datetime | None:
    # TD3 writes times as JavaScript's milliseconds since 1970 (UTC).
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < 10**14:
        return datetime.fromtimestamp(value / 1000, UTC)
    return None


def _obj(value: Any, key: str) -> Obj:
    if not isinstance(value, Obj):
        raise InvalidInput("not a TD3 save: it has no {key}", key=key)
    return value


def _items(value: Any) -> list[Any]:
    """A TD3 collection as a list: an array as it is, a map's values in order."""
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, list):
        return value
    return []


def _rake(value: Any) -> int:
    # `new PerPlayerRake([20])`: one amount per named rake; tdconsole keeps their sum.
    if isinstance(value, Obj) and value.args and isinstance(value.args[0], list):
        return sum(_int(part) for part in value.args[0])
    return _int(value)


def _profiles(config: Any) -> list[Obj]:
    return [profile for profile in _items(config.get("Profiles")) if isinstance(profile, Obj)] \
        if isinstance(config, Obj) else []


def _player(raw: Obj, rebuy_profiles: frozenset[str]) -> Player:
    name_obj = raw.get("Name")
    name = ""
    if isinstance(name_obj, Obj):
        name = str(name_obj.get("Nickname") or "").strip() or " ".join(
            part for part in (str(name_obj.get("Firstname") or ""), str(name_obj.get("Lastname") or ""))
            if part).strip()
    uuid = str(raw.get("UUID") or "")
    buy_ins = []
    for index, entry in enumerate(_items(raw.get("Buyins"))):
        if not isinstance(entry, Obj):
            continue
        profile = str(entry.get("ProfileName") or "")
        kind: EntryKind = "buy-in" if index == 0 else "rebuy" if profile in rebuy_profiles else "re-entry"
        bust_obj = entry.get("BustOut")
        bust = None
        if isinstance(bust_obj, Obj):
            hitmen = bust_obj.get("HitmanUUID")
            hitmen = hitmen if isinstance(hitmen, list) else [hitmen] if isinstance(hitmen, str) else []
            bust = Bust(_time(bust_obj.get("Time")), max(1, _int(bust_obj.get("Round"))),
                        tuple(str(h) for h in hitmen if h))
        buy_ins.append(BuyIn(kind, _time(entry.get("Time")), max(1, _int(entry.get("Round"))),
                             _int(entry.get("Amount")), _rake(entry.get("Rake")), _int(entry.get("Chips")),
                             profile, bust))
    add_ons = tuple(
        AddOn(_time(a.get("Time")), max(1, _int(a.get("Round"))), _int(a.get("Amount")), _rake(a.get("Rake")),
              _int(a.get("Chips")))
        for a in _items(raw.get("AddOns")) if isinstance(a, Obj))
    return Player(uuid, name or uuid[:8], tuple(buy_ins), add_ons, _int(raw.get("HitsAdjustment")))


def _structure(title: str, levels: Any, chips: Any, stack: int) -> Structure:
    periods: list[Period] = []
    for raw in _items(levels.get("Levels") if isinstance(levels, Obj) else None):
        if not isinstance(raw, Obj):
            continue
        minutes = max(1, _int(raw.get("Minutes")))
        if raw.name == "GameBreak":
            periods.append(Break(minutes=minutes))
        elif raw.name == "GameRound":
            small, big = _int(raw.get("SmallBlind")), _int(raw.get("BigBlind"))
            # A level's game by TD3's name for it, when it names one of ours ("Razz"; TD3's own
            # "Texas Hold 'Em" names none: the tournament's game).
            game = find_game(str(raw.get("GameName") or ""))
            periods.append(Level(small_blind=max(1, small), big_blind=max(1, big, small),
                                 ante=max(0, _int(raw.get("Ante"))), minutes=minutes,
                                 game=game.key if game else None))
    if not any(isinstance(period, Level) for period in periods):
        raise InvalidInput("the save has no levels")
    while isinstance(periods[-1], Break):  # a structure ends in play
        periods.pop()
    chip_list = []
    seen = set()
    for raw in _items(chips.get("Chips") if isinstance(chips, Obj) else None):
        if isinstance(raw, Obj) and raw.get("Use", True) and _int(raw.get("Value")) > 0:
            value = _int(raw.get("Value"))
            if value not in seen:
                seen.add(value)
                label = str(raw.get("Label") or raw.get("Color") or value).strip() or str(value)
                chip_list.append(Chip(value=value, color=label))
    try:
        return Structure(name=title, starting_stack=max(1, stack),
                         chips=sorted(chip_list, key=lambda chip: chip.value), periods=periods)
    except (ValueError, TdError):
        # A chip set tdconsole would refuse (T-COLOR-1: a blind no chip can pay) still gives the
        # levels: the structure is kept without its chips.
        return Structure(name=title, starting_stack=max(1, stack), periods=periods)


def read_save(text: str) -> Save:
    """The save `text` holds; `InvalidInput` (one line, with its line:column) if it is not one."""
    root = parse(text)
    if not isinstance(root, dict) or "T" not in root:
        raise InvalidInput("not a TD3 save: it has no {key}", key="T: new Tournament(...)")
    tournament = _obj(root["T"], "T: new Tournament(...)")
    financials = tournament.get("Financials")
    money = financials if isinstance(financials, Obj) else Obj("FinancialConfig")
    rebuy_profiles = frozenset(str(p.get("Name")) for p in _profiles(money.get("Rebuys")))
    buyin_profiles = {str(p.get("Name")) for p in _profiles(money.get("Buyins"))}
    # A profile named under both is a buy-in's: TD3 sold it as one.
    rebuy_profiles = rebuy_profiles - buyin_profiles
    players_obj = _obj(tournament.get("Players"), "Players: new GamePlayers(...)")
    players = tuple(_player(raw, rebuy_profiles) for raw in _items(players_obj.get("Players"))
                    if isinstance(raw, Obj))
    chops = []
    chops_obj = players_obj.get("Chops")
    for chop in _items(chops_obj.get("Chops") if isinstance(chops_obj, Obj) else None):
        if isinstance(chop, Obj):
            portions = chop.get("Portions") if isinstance(chop.get("Portions"), dict) else {}
            chops.append(Chop({str(uuid): _int(p.get("CashReal")) for uuid, p in portions.items()
                               if isinstance(p, Obj)}, bool(chop.get("Awarded"))))
    prizes = []
    prizes_obj = tournament.get("Prizes")
    for raw in _items(prizes_obj.get("Prizes") if isinstance(prizes_obj, Obj) else None):
        if isinstance(raw, Obj):
            place = raw.get("Recipient") if _int(raw.get("Type")) == 0 else None
            awarded = raw.get("AwardedToPlayers")
            prizes.append(Prize(str(raw.get("Description") or ""),
                                _int(place) if isinstance(place, int) and place > 0 else None,
                                _int(raw.get("CalculatedAmount")),
                                tuple(str(uuid) for uuid in awarded) if isinstance(awarded, list) else ()))
    # The starting stack: the first buy-in's chips, else (a save of a structure, no players yet)
    # the default buy-in profile's.
    profile_chips = [_int(profile.get("Chips")) for profile in _profiles(money.get("Buyins"))]
    stack = next((buy.chips for player in players for buy in player.buy_ins if buy.chips), 0) or next(
        (chips for chips in profile_chips if chips), 0)
    title = str(tournament.get("Title") or "TD3 tournament").strip() or "TD3 tournament"
    formula = financials.get("PointsForPlaying") if isinstance(financials, Obj) else None
    return Save(
        version=str(root.get("V") or ""), uuid=str(tournament.get("UUID") or ""), title=title,
        league=str(tournament.get("LeagueName") or ""), season=str(tournament.get("SeasonName") or ""),
        started=_time(tournament.get("StartTime")), players=players, prizes=tuple(prizes), chops=tuple(chops),
        structure=_structure(title, tournament.get("Levels"), tournament.get("Chips"), stack or 10_000),
        formula=str(formula.get("Text")) if isinstance(formula, Obj) and formula.get("Text") else None,
        rebuy_profiles=rebuy_profiles,
    )


def decode(data: bytes) -> str:
    """TD3 3.7 writes UTF-8; 3.4 and before the Windows code page (Swedish names: cp1252)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def load_save(path: Path) -> Save:
    """The save in `path`; every refusal one line naming the file."""
    try:
        return read_save(decode(read_bytes(path, MAX_TDT_BYTES)))
    except TdError as error:
        raise InvalidInput("{path}: {error}", path=path, error=error) from None


def load_saves(paths: Iterable[Path]) -> list[tuple[Path, Save]]:
    return [(path, load_save(path)) for path in paths]
