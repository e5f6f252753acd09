"""Members and leagues in the database, on SQLite and PostgreSQL: the directory, CSV import (all or
nothing, a bad row named by its line), merges that history follows, bans that registration
respects, and the schema revision that adds them (the SQLite file copied aside first)."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import inspect

from tdconsole.actions.registration import register_linked as register
from tdconsole.club.history import history
from tdconsole.club.members import Members
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Bust, Undo
from tdconsole.domain.errors import InvalidInput, NotFound, TdError
from tdconsole.service import Service
from tdconsole.store import db
from tdconsole.store.event_store import EventStore
from tdconsole.views.export import members_csv
from tests.conftest import FakeClock


def _night(store: EventStore, name: str = "Friday") -> Service:
    return Service.create(store, name=name, structure=load_structure("club-turbo"), buy_in=100,
                          now=FakeClock())


def test_members_are_numbered_found_by_exact_name_and_searched(store: EventStore) -> None:
    members = Members(store)
    bo = members.add("Bo Dalsgaard", email="bo@example.org")
    ase = members.add("Åse Nygaard", number=10, phone="+45 12 34 56 78")
    ib = members.add("Ib Thorsen")
    assert (bo.number, ase.number, ib.number) == (1, 10, 11)
    # Exact, ignoring case and Unicode form ("Å" as A + ring); not a prefix or a near miss.
    assert members.find("a\u030ase nygaard").number == 10
    assert members.find("#11").name == "Ib Thorsen"
    with pytest.raises(NotFound, match="no member named 'Bo'"):
        members.find("Bo")
    assert [m.number for m in members.search("example")] == [1]
    assert [m.number for m in members.search("12 34")] == [10]
    with pytest.raises(InvalidInput, match="member number 10 is already Åse Nygaard"):
        members.add("Anna", number=10)
    members.add("Bo Dalsgaard")
    with pytest.raises(InvalidInput, match=r"2 members are named 'bo dalsgaard' \(numbers 1, 12\)"):
        members.find("bo dalsgaard")


def test_a_registration_links_to_the_member_and_a_banned_member_is_refused(store: EventStore) -> None:
    members = Members(store)
    members.add("Bo Dalsgaard")
    members.add("Ib Thorsen")
    members.set_banned("Ib Thorsen", True, "chip dumping")
    night = _night(store)
    envelopes = register(night, ["bo dalsgaard", "Guest"])
    assert [(e.event.name, e.event.member) for e in envelopes] == [  # type: ignore[union-attr]
        ("Bo Dalsgaard", 1), ("Guest", None)]
    with pytest.raises(TdError, match=r"^Ib Thorsen \(member 2\) is banned: chip dumping; lift it with: "
                                      r"tdconsole members unban 2$"):
        register(night, ["Ib Thorsen"])
    with pytest.raises(TdError, match="banned"):
        register(night, ["Ib T"], number=2)
    members.set_banned("2", False)
    assert register(night, ["Ib T"], number=2)[0].event.member == 2  # type: ignore[union-attr]


def test_a_new_name_becomes_a_member_in_one_step_and_is_taken_back_if_refused(store: EventStore) -> None:
    members = Members(store)
    night = _night(store)
    [envelope] = register(night, ["Nanna Juhl"], new_member=True, number=40)
    assert envelope.event.member == 40 and members.find("Nanna Juhl").number == 40  # type: ignore[union-attr]
    with pytest.raises(InvalidInput, match="already member 40"):
        register(night, ["nanna juhl"], new_member=True)
    register(night, ["Guest"])
    with pytest.raises(InvalidInput, match="already registered"):
        register(night, ["Guest"], new_member=True)
    assert [m.name for m in members.all()] == ["Nanna Juhl"]  # the refused one was taken back


def test_csv_import_is_all_or_nothing_and_names_the_bad_line(store: EventStore) -> None:
    members = Members(store)
    members.add("Bo Dalsgaard", number=1)
    cases = [
        ("name,email\nAnna,a@x.dk\n,b@x.dk\n", "club.csv line 3: a player name cannot be empty"),
        ("number;name\n5;Anna\nfem;Bent\n", "club.csv line 3: number 'fem' is not a whole number from 1"),
        ("number,name\n5,Anna\n5,Bent\n", "club.csv line 3: number 5 is also on line 2"),
        ("number,name\n5,Anna\n1,Bent\n", "club.csv line 3: member number 1 is already Bo Dalsgaard"),
        ("number,name,banned\n5,Anna,maybe\n", "club.csv line 2: banned 'maybe': write yes or no"),
        ("name,shoe size\nAnna,42\n", "club.csv line 1: unknown column 'shoe size'"),
        ("number,email\n5,a@x.dk\n", "club.csv line 1: no 'name' column"),
        ('name,note\nAnna,"unfinished\n', "club.csv line 2: unexpected end of data"),
        ("name\n", "club.csv: no members in the file"),
    ]
    for text, message in cases:
        with pytest.raises(InvalidInput) as error:
            members.import_csv(text, "club.csv")
        assert str(error.value).startswith(message), str(error.value)
        assert "\n" not in str(error.value)
        assert [m.number for m in members.all()] == [1]
    # A spreadsheet's export: a byte-order mark, semicolons, blank lines, numbers given or not.
    added = members.import_csv("\ufeffname;number;banned;ban_reason\nAnna;7;;\n\nBent;;ja;no-show\nCarl;;;\n",
                               "club.csv")
    assert [(m.number, m.name, m.banned) for m in added] == [(7, "Anna", False), (8, "Bent", True),
                                                             (9, "Carl", False)]
    exported = members_csv(members.all())
    assert exported.splitlines()[0] == "number,name,email,phone,note,banned,ban_reason"
    assert "8,Bent,,,,yes,no-show" in exported.splitlines()


def test_merge_moves_the_history_and_refuses_two_people_in_one_tournament(store: EventStore) -> None:
    members = Members(store)
    members.add("Bo Dalsgaard", number=1)
    members.add("Bo D.", number=2, email="bo@example.org")
    members.add("Carl", number=3)
    night = _night(store)
    register(night, ["Bo D."])
    register(night, ["Carl"])
    night.execute(Bust(names=["Carl"]))
    kept, gone = members.merge("1", "Bo D.")
    assert (kept.number, kept.email, gone.number) == (1, "bo@example.org", 2)
    assert members.get(2).number == 1 and [m.number for m in members.all()] == [1, 3]
    record = history(store, "Bo Dalsgaard")
    assert record.numbers == [1, 2]
    assert [(n.id, r.place, r.name) for n, r in record.results()] == [(night.tournament_id, 1, "Bo D.")]
    with pytest.raises(InvalidInput, match=f"both played tournament {night.tournament_id}"):
        members.merge("1", "3")


def test_history_follows_undo(store: EventStore) -> None:
    members = Members(store)
    members.add("Bo", number=1)
    night = _night(store)
    register(night, ["Bo"])
    night.execute(Undo(actor="td"))
    assert history(store, "Bo").results() == []


def test_schema_0003_adds_the_members_and_leagues_to_a_0002_database(tmp_path: Path) -> None:
    url = db.database_url(str(tmp_path / "td.sqlite"))
    engine = db.make_engine(url)
    config = db.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
    engine.dispose()
    store = EventStore.open(url)
    assert {"members", "leagues", "league_tournaments"} <= set(inspect(store.engine).get_table_names())
    assert [path.name.split(".")[2] for path in tmp_path.glob("td.sqlite.*.bak")] == ["0002"]
