"""Blind structures in and out of the files clubs trade: a CSV of the columns clubs publish (level,
minutes, small blind, big blind, ante, break) and The Tournament Director's `.tdt` (its levels and
chip set, which TD3 and `structure import FILE.tdt` read back).

In the CSV a break is a row of its own: `break` says yes (yes, y, x, true, 1, or the word "break"
in the level column) and `minutes` its length; a level's row leaves `break` empty. Column names
are read ignoring case, spaces and underscores (`Small Blind`, `small_blind`, `SB`), `;` or `,`.

A mixed night (RP-18) adds the columns `game` (a key or a name: `razz`, `limit holdem`; empty plays
the tournament's), `small bet`, `big bet` and `bring-in` (empty: the game's defaults); a structure
of one game writes the six columns it always wrote. The `.tdt` carries each level's game by name in
TD3's `GameName` and reads it back; TD3's own limit fields are not written (their notation is not
known here), so a limit level's bets and a stud level's bring-in go back as their defaults.

    >>> text = structure_csv(Structure(name="S", starting_stack=5000, periods=[
    ...     Level(small_blind=25, big_blind=50, minutes=15), Break(minutes=10),
    ...     Level(small_blind=50, big_blind=100, ante=100, minutes=15)]))
    >>> print(text, end="")
    level,minutes,small blind,big blind,ante,break
    1,15,25,50,0,
    ,10,,,,yes
    2,15,50,100,100,
    >>> read_structure_csv(text, "in.csv", name="S", stack=5000).periods[1]
    Break(kind='break', minutes=10, color_up=[], add_on=False)
    >>> horse = structure_csv(Structure(name="H", starting_stack=5000, periods=[
    ...     Level(small_blind=25, big_blind=50, minutes=15, game="lhe"),
    ...     Level(small_blind=50, big_blind=100, ante=25, minutes=15, game="razz", bring_in=25)]))
    >>> print(horse, end="")
    level,minutes,small blind,big blind,ante,break,game,small bet,big bet,bring-in
    1,15,25,50,0,,lhe,,,
    2,15,50,100,25,,razz,,,25
    >>> [level.game for level in read_structure_csv(horse, "h.csv", name="H", stack=5000).levels]
    ['lhe', 'razz']
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from pydantic import ValidationError

from tdconsole.config.files import read_text
from tdconsole.domain.clock.structure import Break, Chip, Level, Period, Structure, check_structure
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.limits import MAX_CONFIG_BYTES

COLUMNS = ("level", "minutes", "small blind", "big blind", "ante", "break")
GAME_COLUMNS = ("game", "small bet", "big bet", "bring-in")  # only a mixed night's CSV has them
# The names clubs give the columns, folded (lower case, no spaces or underscores).
_NAMES = {"level": "level", "lvl": "level", "round": "level", "minutes": "minutes", "min": "minutes",
          "mins": "minutes", "duration": "minutes", "length": "minutes", "smallblind": "small blind",
          "sb": "small blind", "small": "small blind", "bigblind": "big blind", "bb": "big blind",
          "big": "big blind", "ante": "ante", "bbante": "ante", "break": "break", "pause": "break",
          "game": "game", "smallbet": "small bet", "bigbet": "big bet", "bringin": "bring-in"}
_YES = {"yes", "y", "x", "true", "1", "break", "pause", "ja"}


def structure_csv(structure: Structure) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    games = any(level.game is not None for level in structure.levels)
    writer.writerow(COLUMNS + GAME_COLUMNS if games else COLUMNS)

    def optional(value: int | str | None) -> int | str:
        return "" if value is None else value

    for index, period in enumerate(structure.periods):
        if isinstance(period, Level):
            row: list[int | str] = [optional(structure.level_number(index)), period.minutes,
                                    period.small_blind, period.big_blind, period.ante, ""]
            if games:
                row += [optional(period.game), optional(period.small_bet), optional(period.big_bet),
                        optional(period.bring_in)]
            writer.writerow(row)
        else:
            writer.writerow(["", period.minutes, "", "", "", "yes"] + (["", "", "", ""] if games else []))
    return out.getvalue()


def _fold(column: str) -> str:
    return re.sub(r"[\s_\-]+", "", column.strip().casefold())


def _whole(raw: str, source: str, line: int, column: str) -> int:
    text = raw.strip().replace(" ", "").replace("\u00a0", "")
    if not text:
        return 0
    if not text.isdecimal() or len(text) > 12:
        raise InvalidInput("{source} line {line}: {column} {raw!r} is not a whole number", source=source,
                           line=line, column=column, raw=raw)
    return int(text)


def read_structure_csv(text: str, source: str, *, name: str, stack: int) -> Structure:
    """The structure a CSV of COLUMNS describes (a refusal names the line and what is wrong)."""
    text = text.removeprefix("\ufeff")
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = [_NAMES.get(_fold(column), column.strip()) for column in next(reader, [])]
        unknown = [column for column in header if column not in COLUMNS + GAME_COLUMNS and column]
        if unknown or not {"minutes", "small blind", "big blind"} <= set(header):
            raise InvalidInput("{source} line 1: the columns are {names} (found {found})", source=source,
                               names=", ".join(COLUMNS + GAME_COLUMNS), found=", ".join(header) or "none")
        periods: list[Period] = []
        for cells in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in cells):
                continue
            row = dict(zip(header, (cell.strip() for cell in cells), strict=False))
            minutes = _whole(row.get("minutes", ""), source, line, "minutes")
            is_break = (row.get("break", "").casefold() in _YES
                        or row.get("level", "").casefold() in ("break", "pause"))
            try:
                if is_break:
                    periods.append(Break(minutes=minutes))
                else:
                    periods.append(Level(
                        small_blind=_whole(row.get("small blind", ""), source, line, "small blind"),
                        big_blind=_whole(row.get("big blind", ""), source, line, "big blind"),
                        ante=_whole(row.get("ante", ""), source, line, "ante"), minutes=minutes,
                        game=row.get("game") or None,
                        **{key.replace(" ", "_").replace("-", "_"): _whole(row[key], source, line, key)
                           for key in GAME_COLUMNS[1:] if row.get(key)}))
            except ValidationError as error:
                raise InvalidInput("{source} line {line}: {error}", source=source, line=line,
                                   error=error.errors()[0]["msg"].removeprefix("Value error, ")) from None
    except csv.Error as error:
        raise InvalidInput("{source} line {line}: {error}", source=source, line=reader.line_num,
                           error=str(error)) from None
    if not periods:
        raise InvalidInput("{source}: no levels", source=source)
    try:
        return check_structure(Structure(name=name, starting_stack=stack, periods=periods))
    except ValidationError as error:
        raise InvalidInput("{source}: {error}", source=source,
                           error=error.errors()[0]["msg"].removeprefix("Value error, ")) from None


def load_structure_csv(path: Path, *, name: str | None, stack: int) -> Structure:
    return read_structure_csv(read_text(path, MAX_CONFIG_BYTES), str(path), name=name or path.stem,
                              stack=stack)


def _string(text: str) -> str:
    # A JSON string is a JavaScript string TD3 reads: quotes and backslashes escaped.
    return json.dumps(text, ensure_ascii=False)


def structure_tdt(structure: Structure) -> str:
    """The structure as a TD3 save holding its levels and chip set (no players), in TD3 3.7's
    notation, which `config/td3.py` and TD3 read."""
    periods = []
    for period in structure.periods:
        if isinstance(period, Level):
            # TD3's GameName is the level's game by name (RP-18), which td3.py reads back.
            game = _string(period.played.name) if period.played else "\"Texas Hold 'Em\""
            periods.append(f"new GameRound({{Minutes: {period.minutes}, SmallBlind: {period.small_blind}, "
                           f"BigBlind: {period.big_blind}, Ante: {period.ante}, GameType: 2, "
                           f"GameName: {game}, Notes: \"\"}})")
        else:
            periods.append(f"new GameBreak({{Minutes: {period.minutes}, ChipUp: "
                           f"{'true' if period.color_up else 'false'}, Notes: \"\"}})")
    chips = [_chip(number, chip) for number, chip in enumerate(structure.chips, 1)]
    profile = (f"new FeeProfile({{Name: \"Standard\", Enabled: true, Fee: 0, "
               f"Rake: new PerPlayerRake([0]), Chips: {structure.starting_stack}}})")
    return (
        f"{{ V: \"3.7.2\", T: new Tournament({{Title: {_string(structure.name)}, "
        f"Financials: new FinancialConfig({{Buyins: new BuyConfig({{Allow: true, "
        f"Profiles: [{profile}]}})}}), "
        f"Players: new GamePlayers({{Players: Map.from([]), Chops: new GameChops({{Chops: []}})}}), "
        f"Levels: new GameLevels({{Levels: [{', '.join(periods)}]}}), "
        f"Prizes: new GamePrizes({{Prizes: []}}), "
        f"Chips: new GameChips({{Chips: [{', '.join(chips)}]}})}}) }}\n"
    )


def _chip(number: int, chip: Chip) -> str:
    return (f"new GameChip({{ChipID: \"{number}\", Label: {_string(chip.color)}, "
            f"Color: {_string(chip.color)}, Value: {chip.value}, Use: true}})")
