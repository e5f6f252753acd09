"""Club members: the directory in the database, CSV import and export, merges, bans, and linking a
registration to its member.

A tournament's log links an entry to a member by number (`PlayerRegistered.member`), so a number
is never reused nor changed; a member merged into another keeps their row, pointing at the member
they now are (`merged_into`), and every history and standing follows that pointer.

Names are matched exactly, ignoring case and Unicode form ("Åse" typed two ways is one name);
several members may share a name, and then `--member N` says which.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Row, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from tdconsole.domain import limits, text
from tdconsole.domain.commands import Register
from tdconsole.domain.errors import InvalidInput, NotFound, TdError
from tdconsole.domain.players.registration import validate_name
from tdconsole.domain.text import MAX_NAME
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import event_table, member_link_table, member_table

CSV_COLUMNS = ("number", "name", "email", "phone", "note", "banned", "ban_reason")
LIMITS = {"email": 200, "phone": 50, "note": 500, "ban_reason": 200}
_TRUE = {"yes", "y", "true", "1", "ja", "j", "x"}
_FALSE = {"", "no", "n", "false", "0", "nej"}


@dataclass(frozen=True, slots=True)
class Member:
    number: int
    name: str
    email: str = ""
    phone: str = ""
    note: str = ""
    banned: bool = False
    ban_reason: str = ""
    merged_into: int | None = None
    created_at: datetime | None = None

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["created_at"] = self.created_at.isoformat() if self.created_at else None
        return data


def name_key(name: str) -> str:
    """The members' index of names: the one key names are compared by (NFKC case folding),
    cut to its column's width (NFKC can lengthen a name)."""
    return text.name_key(name)[:MAX_NAME]


def _text(field: str, raw: str | None) -> str:
    return text.check_text(field, raw or "", LIMITS[field])


def _member(row: Row[Any]) -> Member:
    created = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    # Shown through `visible`, like the log: rows written before text was checked stay harmless.
    return Member(row.number, text.visible(row.name), text.visible(row.email), text.visible(row.phone),
                  text.visible(row.note), bool(row.banned), text.visible(row.ban_reason),
                  row.merged_into, created)


class NumberTaken(InvalidInput):
    def __init__(self, number: int, name: str) -> None:
        self.number = number
        super().__init__(f"member number {number} is already {name}")


def refuse_banned(member: Member) -> None:
    """A banned member cannot be registered: one line saying who, why, and how to lift it."""
    if member.banned:
        reason = f": {member.ban_reason}" if member.ban_reason else ""
        raise TdError(
            "{name} (member {number}) is banned{reason}; lift it with: tdconsole members unban {number}",
            name=member.name, number=member.number, reason=reason,
        )


class Members:
    """The members table, in the same database as the tournaments."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    # ------------------------------------------------------------ reading

    def all(self, *, merged: bool = False) -> list[Member]:
        query = select(member_table).order_by(member_table.c.number)
        if not merged:
            query = query.where(member_table.c.merged_into.is_(None))
        with self.store.connection(write=False) as connection:
            return [_member(row) for row in connection.execute(query).all()]

    def search(self, text: str = "") -> list[Member]:
        """Members whose name, email, phone or number contains `text` (ignoring case)."""
        needle = name_key(text)
        return [m for m in self.all() if not needle or any(
            needle in value.casefold() for value in (m.name, m.email, m.phone, str(m.number)))]

    def get(self, number: int) -> Member:
        """Member `number`, or the member they were merged into."""
        limits.ID.check("member number", number)
        seen: set[int] = set()
        while True:
            with self.store.connection(write=False) as connection:
                row = connection.execute(
                    select(member_table).where(member_table.c.number == number)).one_or_none()
            if row is None:
                raise NotFound("there is no member {number}", number=number)
            member = _member(row)
            if member.merged_into is None or member.merged_into in seen:
                return member
            seen.add(member.number)
            number = member.merged_into

    def named(self, name: str) -> list[Member]:
        """The members (not merged away) with exactly this name, ignoring case and Unicode form."""
        query = select(member_table).where(member_table.c.name_key == name_key(name),
                                        member_table.c.merged_into.is_(None)).order_by(member_table.c.number)
        with self.store.connection(write=False) as connection:
            return [_member(row) for row in connection.execute(query).all()]

    def find(self, ref: str) -> Member:
        """A member by number ("12", "#12") or by exact name; a shared name lists the numbers."""
        text = ref.strip().removeprefix("#")
        if text.isdecimal():  # not isdigit: "²" is a digit that int() refuses
            return self.get(int(text))
        found = self.named(ref)
        if not found:
            raise NotFound(
                "no member named {strip!r} (a search of the members finds one)", strip=ref.strip(),
            )
        if len(found) > 1:
            numbers = ", ".join(str(m.number) for m in found)
            raise InvalidInput(
                "{count} members are named {strip!r} (numbers {numbers}): give the number",
                count=len(found), strip=ref.strip(), numbers=numbers,
            )
        return found[0]

    def aliases(self) -> dict[int, int]:
        """Every member number -> the number of the member it is now (merges followed)."""
        with self.store.connection(write=False) as connection:
            pointers = {row.number: row.merged_into for row in connection.execute(
                select(member_table.c.number, member_table.c.merged_into))}
        current = {}
        for number in pointers:
            seen, at = {number}, number
            while (nxt := pointers.get(at)) is not None and nxt not in seen:
                seen.add(nxt)
                at = nxt
            current[number] = at
        return current

    # ------------------------------------------------------------ writing

    def add(self, name: str, *, number: int | None = None, email: str = "", phone: str = "",
            note: str = "") -> Member:
        """A new member; without `number` the next one after the highest."""
        return self._insert([self._new(name, number, email, phone, note)])[0]

    def add_all(self, names: Iterable[str], number: int | None = None) -> list[Member]:
        """A new member for each name, all or none: numbered `number` (one name), else the next free."""
        return self._insert([self._new(name, number) for name in names])

    def _new(self, name: str, number: int | None, email: str = "", phone: str = "", note: str = "",
             banned: bool = False, ban_reason: str = "") -> dict[str, Any]:
        if number is not None and number < 1:
            raise InvalidInput("member number {number}: numbers start at 1", number=number)
        if number is not None:
            limits.ID.check("member number", number)
        valid = validate_name(name)
        return {"number": number, "name": valid, "name_key": name_key(valid),
                "email": _text("email", email), "phone": _text("phone", phone),
                "note": _text("note", note), "banned": banned, "ban_reason": _text("ban_reason", ban_reason),
                "merged_into": None, "created_at": datetime.now(UTC)}

    def _insert(self, rows: list[dict[str, Any]]) -> list[Member]:
        """All rows or none, in one transaction; rows without a number get the next free ones."""
        for _attempt in range(5):  # another terminal may take the next number first
            try:
                with self.store.connection(write=True) as connection:
                    highest = connection.execute(select(func.max(member_table.c.number))).scalar() or 0
                    given = [row["number"] for row in rows if row["number"] is not None]
                    following = max([highest, *given]) + 1
                    numbered = []
                    for row in rows:
                        if row["number"] is None:
                            row = {**row, "number": following}
                            following += 1
                        numbered.append(row)
                    taken = connection.execute(select(member_table.c.number, member_table.c.name).where(
                        member_table.c.number.in_(given))).first() if given else None
                    if taken is not None:
                        raise NumberTaken(taken.number, taken.name)
                    connection.execute(insert(member_table), numbered)
                return [Member(**{k: v for k, v in row.items() if k != "name_key"}) for row in numbered]
            except IntegrityError:
                continue
        raise TdError("other terminals keep adding members; try again")

    def edit(self, ref: str, *, name: str | None = None, email: str | None = None,
             phone: str | None = None, note: str | None = None) -> Member:
        """Change a member's details; the number stays (the logs name it)."""
        member = self.find(ref)
        values: dict[str, Any] = {}
        if name is not None:
            values.update(name=validate_name(name), name_key=name_key(name))
        for field, value in (("email", email), ("phone", phone), ("note", note)):
            if value is not None:
                values[field] = _text(field, value)
        if not values:
            raise InvalidInput("nothing to change: give a new name, e-mail, phone or note")
        self._update(member.number, values)
        return self.get(member.number)

    def set_banned(self, ref: str, banned: bool, reason: str = "") -> Member:
        member = self.find(ref)
        if member.banned == banned:
            if banned:
                raise InvalidInput("{name} (member {number}) is already banned",
                                   name=member.name, number=member.number)
            raise InvalidInput("{name} (member {number}) is not banned", name=member.name,
                               number=member.number)
        self._update(member.number, {"banned": banned,
                                     "ban_reason": _text("ban_reason", reason) if banned else ""})
        return self.get(member.number)

    def merge(self, keep_ref: str, other_ref: str) -> tuple[Member, Member]:
        """`other` becomes `keep`: their history follows (the logs' numbers are redirected, never
        rewritten); blank details are filled from `other`; a ban on either stays."""
        keep, other = self.find(keep_ref), self.find(other_ref)
        if keep.number == other.number:
            raise InvalidInput(
                "{name} (member {number}) is already that member", name=keep.name, number=keep.number,
            )
        shared = self.shared_tournaments(keep.number, other.number)
        if shared:
            raise InvalidInput(
                "members {number} and {other_number} both played tournament {shared}: they are two people, "
                "not one", number=keep.number, other_number=other.number, shared=shared[0],
            )
        values: dict[str, Any] = {field: getattr(other, field) for field in ("email", "phone", "note")
                                  if not getattr(keep, field) and getattr(other, field)}
        if other.banned and not keep.banned:
            values.update(banned=True, ban_reason=other.ban_reason)
        with self.store.connection(write=True) as connection:
            if values:
                connection.execute(update(member_table).where(member_table.c.number == keep.number)
                                   .values(**values))
            connection.execute(update(member_table).where(member_table.c.number == other.number)
                               .values(merged_into=keep.number))
        return self.get(keep.number), other

    def remove_unused(self, number: int) -> None:
        """Take back a member just added who never entered a tournament (a failed registration)."""
        if not self.tournaments_of({number}):
            with self.store.connection(write=True) as connection:
                connection.execute(delete(member_table).where(member_table.c.number == number,
                                                           member_table.c.merged_into.is_(None)))

    def _update(self, number: int, values: dict[str, Any]) -> None:
        with self.store.connection(write=True) as connection:
            connection.execute(update(member_table).where(member_table.c.number == number).values(**values))

    # ------------------------------------------------------------ the logs' links

    def linked(self, source: str, external: str) -> Member | None:
        """The member another program's id (`source` "td3": a player's UUID) was linked to, or
        the member he was merged into since."""
        with self.store.connection(write=False) as connection:
            number = connection.execute(select(member_link_table.c.member).where(
                member_link_table.c.source == source, member_link_table.c.external == external)).scalar()
        return None if number is None else self.get(number)

    def link_external(self, source: str, external: str, number: int) -> None:
        """Keep another program's id on member `number` (an id linked before is moved to him)."""
        with self.store.connection(write=True) as connection:
            connection.execute(delete(member_link_table).where(
                member_link_table.c.source == source, member_link_table.c.external == external))
            connection.execute(insert(member_link_table).values(source=source, external=external,
                                                                member=number))

    def registrations(self) -> list[tuple[int, int]]:
        """(tournament, member number) for every registration linked to a member, undone or not:
        which logs to read for a member's history (the fold decides what stands)."""
        query = select(event_table.c.tournament_id, event_table.c.payload).where(
            event_table.c.type == "player_registered")
        with self.store.connection(write=False) as connection:
            rows = connection.execute(query).all()
        return [(row.tournament_id, row.payload["member"]) for row in rows
                if isinstance(row.payload, dict) and row.payload.get("member") is not None]

    def tournaments_of(self, numbers: set[int]) -> list[int]:
        return sorted({tournament for tournament, member in self.registrations() if member in numbers})

    def shared_tournaments(self, first: int, second: int) -> list[int]:
        aliases = self.aliases()
        played: dict[int, set[int]] = {}
        for tournament, member in self.registrations():
            played.setdefault(aliases.get(member, member), set()).add(tournament)
        return sorted(played.get(first, set()) & played.get(second, set()))

    # ------------------------------------------------------------ CSV

    def import_csv(self, text: str, source: str) -> list[Member]:
        """Every row of a CSV with a header row (`name` required; the columns of CSV_COLUMNS), or
        none: the first bad row is refused with its line number. Comma or semicolon separated
        (a Danish spreadsheet writes semicolons), UTF-8 with or without a byte-order mark."""
        rows = list(_csv_rows(text, source))
        if not rows:
            raise InvalidInput(
                "{source}: no members in the file (a header row, then one member a line)", source=source,
            )
        numbers: dict[int, int] = {}
        new = []
        for line, row in rows:
            try:
                number = _number(row.get("number", ""))
                if number is not None and number in numbers:
                    raise InvalidInput(
                        "number {number} is also on line {numbers}", number=number, numbers=numbers[number],
                    )
                if number is not None:
                    numbers[number] = line
                new.append(self._new(row.get("name", ""), number, row.get("email", ""), row.get("phone", ""),
                                     row.get("note", ""), _yes(row.get("banned", "")),
                                     row.get("ban_reason", "")))
            except TdError as error:
                raise InvalidInput(
                    "{source} line {line}: {error}; nothing was imported", source=source, line=line,
                    error=error,
                ) from None
        try:
            return self._insert(new)
        except NumberTaken as error:
            line = numbers[error.number]
            raise InvalidInput(
                "{source} line {line}: {error}; nothing was imported", source=source, line=line,
                error=error,
            ) from None


def _csv_rows(text: str, source: str) -> Iterable[tuple[int, dict[str, str]]]:
    text = text.removeprefix("\ufeff")
    header_line = text.splitlines()[0] if text.strip() else ""
    delimiter = ";" if header_line.count(";") > header_line.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    try:
        header = [column.strip().casefold() for column in next(reader, [])]
    except csv.Error as error:
        raise InvalidInput(
            "{source} line 1: {error}; nothing was imported", source=source, error=error,
        ) from None
    unknown = [column for column in header if column not in CSV_COLUMNS]
    if "name" not in header or unknown:
        what = f"unknown column {unknown[0]!r}" if unknown else "no 'name' column"
        raise InvalidInput(
            "{source} line 1: {what} (the columns: {names}); nothing was imported", source=source,
            what=what, names=', '.join(CSV_COLUMNS),
        )
    try:
        for cells in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) > len(header):
                raise InvalidInput(
                    "{source} line {line}: {count} cells, the header has {count2}; nothing was imported",
                    source=source, line=line, count=len(cells), count2=len(header),
                )
            yield line, dict(zip(header, (cell.strip() for cell in cells), strict=False))
    except csv.Error as error:
        raise InvalidInput(
            "{source} line {line_num}: {error}; nothing was imported", source=source,
            line_num=reader.line_num, error=error,
        ) from None


def _number(raw: str) -> int | None:
    text = raw.strip().removeprefix("#")
    if not text:
        return None
    if not text.isdecimal() or int(text) < 1:
        raise InvalidInput("number {strip!r} is not a whole number from 1", strip=raw.strip())
    return limits.ID.check("member number", int(text))


def _yes(raw: str) -> bool:
    value = raw.strip().casefold()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise InvalidInput("banned {strip!r}: write yes or no", strip=raw.strip())


# ---------------------------------------------------------------- registration


def link(members: Members, command: Register, number: int | None = None) -> Register:
    """`command` with each name linked to its member: `number` for the one name given, else the
    member with exactly that name (a name no member has is a guest). A banned member is refused."""
    if number is not None:
        if len(command.names) != 1:
            raise InvalidInput("a member number links one name: register the players one at a time",
                               field="member")
        member = members.get(number)
        refuse_banned(member)
        return command.model_copy(update={"members": {command.names[0]: member.number}})
    names, links = [], {}
    for name in command.names:
        found = members.named(name)
        if len(found) > 1:
            numbers = ", ".join(str(m.number) for m in found)
            raise InvalidInput(
                "{count} members are named {strip!r} (numbers {numbers}): say which by member number",
                count=len(found), strip=name.strip(), numbers=numbers, field="member",
            )
        if found:
            refuse_banned(found[0])
            name = found[0].name  # "bo dalsgaard" typed: the entry reads as the club writes it
            links[name] = found[0].number
        names.append(name)
    return command.model_copy(update={"names": names, "members": links})
