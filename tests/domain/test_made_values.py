"""Values made without validation (`made`: `Frozen.updated`, `Envelope.of`, 40,000 of them in a
festival's first fold, issue 33) are the values pydantic's own `model_construct` and `model_copy`
make: equal, hashed, dumped, copied and refused assignment alike."""

from __future__ import annotations

import copy
from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from tdconsole.domain.events import Envelope, PlayerBusted
from tdconsole.domain.model import made
from tdconsole.domain.seating.tables import Table, set_button


def test_a_made_value_is_the_value_model_construct_makes() -> None:
    values = {"number": 4, "seats": 9, "occupants": {1: "Ann", 5: "Bo"}}
    theirs = Table.model_construct(**values)  # the defaults filled in, as a fold's values have them
    mine = made(Table, dict(theirs.__dict__), set(values))
    assert mine == theirs and repr(mine) == repr(theirs)
    assert mine.__pydantic_fields_set__ == theirs.__pydantic_fields_set__ == set(values)
    assert mine.__pydantic_extra__ is theirs.__pydantic_extra__ is None
    assert mine.__pydantic_private__ is theirs.__pydantic_private__ is None
    assert mine.model_dump() == theirs.model_dump() and mine.model_dump_json() == theirs.model_dump_json()
    assert copy.deepcopy(mine) == mine and mine.model_copy() == mine
    with pytest.raises(ValidationError, match="frozen"):
        mine.seats = 10


def test_updated_is_model_copy_with_its_update() -> None:
    table = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"}), 1)
    changes = {"occupants": {1: "Ann", 4: "Bo"}, "just_paid": frozenset({"Bo"})}
    mine, theirs = table.updated(changes), table.model_copy(update=changes)
    assert mine == theirs and type(mine) is Table and mine is not table
    assert mine.__pydantic_fields_set__ == theirs.__pydantic_fields_set__
    assert mine.hand == theirs.hand and mine.model_dump() == theirs.model_dump()
    assert table.occupants == {1: "Ann", 4: "Bo", 7: "Cy"}  # the original unchanged


def test_an_envelope_made_is_the_envelope_validated() -> None:
    when = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)
    event = PlayerBusted(player_id="p3", place=3)
    mine = Envelope.of(7, when, "td", "c7", event)
    theirs = Envelope(seq=7, time=when, actor="td", command_id="c7", event=event)
    assert mine == theirs and mine.__pydantic_fields_set__ == theirs.__pydantic_fields_set__
    assert mine.model_dump_json() == theirs.model_dump_json()
