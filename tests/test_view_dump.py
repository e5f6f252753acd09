"""A command's JSON at festival size: rows made from the program's own values are neither validated
nor walked again when dumped, and the collector stays out of `state` while it builds them (the
fast-CLI contract, benchmarks/bench_cli.py). The document stays the one pydantic would dump."""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import Field, field_serializer

from tdconsole import collector
from tdconsole.domain.commands import Bust, ClockStart, Draw, Register
from tdconsole.views import tournament as views
from tdconsole.views.base import OptionalKeysView, View, jsonable
from tdconsole.views.tournament import state_view
from tests.cli.helpers import run
from tests.domain.helpers import Tournament, at


class Row(View):
    name: str
    seat: int | None
    tied_with: list[str]


class Seated(View):  # a table's shape: seats by number as text, a status among literals
    seats: dict[str, str]
    status: Literal["open", "broken"]


class Renamed(View):
    break_: int = Field(alias="break")


class Spelled(View):
    amount: int

    @field_serializer("amount")
    def _money(self, amount: int) -> str:
        return f"{amount} kr"


class Document(OptionalKeysView):
    OMITTED_WHEN_NONE = frozenset({"note"})

    count: int
    rows: list[Row]
    tables: list[Seated]
    renamed: list[Renamed]
    spelled: list[Spelled]
    note: str | None = None
    last: int = 0


def test_plain_rows_are_dumped_as_they_stand_and_the_document_is_pydantic_s() -> None:
    rows = Row.made([{"name": "Anna", "seat": 1, "tied_with": []}, {"name": "Bo", "seat": None,
                                                                    "tied_with": ["Cy"]}])
    tables = Seated.made([{"seats": {"1": "Anna", "4": "Bo"}, "status": "open"}])
    document = Document(count=2, rows=rows, tables=tables, renamed=[Renamed(break_=3)],
                        spelled=[Spelled(amount=5)])
    dumped = jsonable(document)
    assert dumped == document.model_dump(mode="json")
    # In the declared order, `note` left out.
    assert list(dumped) == ["count", "rows", "tables", "renamed", "spelled", "last"]
    assert json.dumps(dumped) == json.dumps(document.model_dump(mode="json"))
    # Each plain row is its own fields, not a copy walked by pydantic; a row with an alias or a
    # serializer of its own is pydantic's.
    assert all(out is row.__dict__ for out, row in zip(dumped["rows"], rows, strict=True))
    assert dumped["tables"][0] is tables[0].__dict__
    assert dumped["renamed"] == [{"break": 3}] and dumped["spelled"] == [{"amount": "5 kr"}]


def test_a_row_made_in_the_declared_order_is_the_view_s_own_fields() -> None:
    ordered: dict[str, Any] = {"name": "Anna", "seat": 1, "tied_with": []}
    shuffled: dict[str, Any] = {"tied_with": [], "seat": 2, "name": "Bo"}
    made = Row.made([ordered, shuffled])
    assert made[0].__dict__ is ordered  # not copied: 10,000 of them in a festival's `state`
    assert list(made[1].__dict__) == ["name", "seat", "tied_with"]  # the order a dump follows
    assert made == Row.many([ordered, shuffled])


def test_a_view_is_made_as_the_domain_makes_its_values(monkeypatch: pytest.MonkeyPatch) -> None:
    # One function makes an unvalidated model (domain/model.py `made`, the slots set by their own
    # descriptors), not a second copy of it here; a row in the declared order is compared once.
    from tdconsole.domain import model
    from tdconsole.views import base

    calls: list[dict[str, Any]] = []

    def counted(kind: type[Row], values: dict[str, Any], fields_set: set[str]) -> Row:
        calls.append(values)
        return model.made(kind, values, fields_set)

    monkeypatch.setattr(base, "constructed", counted)
    ordered: dict[str, Any] = {"name": "Anna", "seat": 1, "tied_with": []}
    made = Row.made([ordered, {"tied_with": [], "seat": 2, "name": "Bo"}])
    assert calls[0] is ordered and list(calls[1]) == ["name", "seat", "tied_with"]
    assert made == Row.many([ordered, {"name": "Bo", "seat": 2, "tied_with": []}])
    assert made[0].model_fields_set == {"name", "seat", "tied_with"}


def test_the_state_s_json_is_pydantic_s_dump() -> None:
    t = Tournament()
    t.do(Register(names=["A", "B", "C", "D", "E"]))
    t.do(Draw().with_rng(random.Random(1)))
    t.do(ClockStart(), 0)
    t.do(Bust(names=["B"]))
    t.do(Bust(names=["C", "D"]))
    view = state_view(t.state, 1, at(60))
    assert view.tables  # a table's seats and status are plain too
    assert json.dumps(jsonable(view)) == json.dumps(view.model_dump(mode="json"))
    dumped = jsonable(view)
    for key in ("players", "tables"):
        assert all(out is row.__dict__ for out, row in zip(dumped[key], getattr(view, key), strict=True))


def test_state_builds_its_views_with_the_collector_paused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "t.sqlite")
    assert run(capsys, "--db", db, "new", "Friday").code == 0
    assert run(capsys, "--db", db, "register", "Anna", "Bo").code == 0
    seen: list[bool] = []
    real = views.state_view

    def watched(*args: Any) -> views.StateView:
        seen.append(gc.isenabled())
        return real(*args)

    monkeypatch.setattr(views, "state_view", watched)
    assert gc.isenabled()
    result = run(capsys, "--db", db, "state", "--json")
    assert result.code == 0 and [p["name"] for p in result.json["players"]] == ["Anna", "Bo"]
    assert seen == [False] and gc.isenabled()  # paused for the command, and on again after it


def test_a_view_made_one_is_not_validated_again() -> None:
    # The program's own values, as `made` takes them: what validation would refuse is the caller's
    # to never give (a festival's `state --json` makes 1,112 tables and its whole document so).
    assert Row.made_one(name="Anna", seat=1, tied_with=["Bo"]) == Row(name="Anna", seat=1, tied_with=["Bo"])
    assert Row.made_one(name="Anna", seat="one", tied_with=[]).__dict__["seat"] == "one"
    with pytest.raises(ValueError, match="seat"):
        Row(name="Anna", seat="one", tied_with=[])


def test_the_state_view_made_unvalidated_is_the_validated_one() -> None:
    t = Tournament()
    t.do(Register(names=["A", "B", "C", "D", "E"]))
    t.do(ClockStart(), 0)
    t.do(Bust(names=["B"]))
    view = state_view(t.state, 1, at(60))
    validated = views.StateView.model_validate(view.model_dump())
    assert validated == view
    assert json.dumps(jsonable(validated)) == json.dumps(jsonable(view))


@pytest.mark.parametrize("one_command", [True, False], ids=["own process", "in-process"])
def test_state_in_a_process_of_its_own_freezes_what_it_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        one_command: bool) -> None:
    # The process ends after it prints: no pass of the collector need walk the state and its views
    # again (at the block's end, and at the exit). Where it does not end (the tests), nothing is
    # frozen: the collector would never again free what a freeze kept.
    db = str(tmp_path / "t.sqlite")
    assert run(capsys, "--db", db, "new", "Friday").code == 0
    frozen: list[bool] = []
    monkeypatch.setattr(collector, "_one_command", one_command)
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    assert run(capsys, "--db", db, "state", "--json").code == 0
    assert frozen == ([True] if one_command else []) and gc.isenabled()


def test_the_command_line_s_own_process_runs_one_command() -> None:
    probe = ("import sys, tdconsole.cli, tdconsole.collector as c\n"
             "try:\n    tdconsole.cli.main()\nexcept SystemExit:\n    pass\n"
             "print(c.one_command())")
    done = subprocess.run([sys.executable, "-c", probe, "--help"], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "True"
    assert not collector.one_command()  # the tests' process runs many, each with its arguments
