"""F3, the log as people read it: sentences with names, undone entries struck through with who
undid them, a filter by kind (k) and a search (/)."""

from __future__ import annotations

import re

import pytest
from rich.text import Text
from textual.widgets import DataTable, Input, Select, Static

from tdconsole.domain.commands import Bust, ClockStart, Undo
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.screens import log as log_screen
from tests.tui.wait import until


def _rows(app: object) -> list[Text]:
    table = app.screen.query_one(DataTable)  # type: ignore[attr-defined]
    return [table.get_row_at(index)[3] for index in range(table.row_count)]


async def test_the_log_reads_as_sentences_and_shows_who_undid_what(service: Service) -> None:
    service.execute(Bust(names=["Bo"], by=["Anna"]))
    Service(service.store, service.tournament_id, actor="maria", now=service.now).execute(
        Undo(any=True, command_id=service.log[-1].command_id))
    app = create_app(service)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("f3")
        # The undo came from another terminal: the app sees it when it next reads the log.
        await until(pilot, lambda: str(_rows(app)[0]).startswith("Undone: Bo busts in 4th"), "the undo")
        rows = _rows(app)
        struck = rows[1]
        assert str(struck) == "Bo busts in 4th, knocked out by Anna  (undone by maria at 19:00:00)"
        assert "strike" in str(struck.style)
        assert str(rows[-1]).startswith("Tournament Friday is created")
        assert not any(re.search(r"\bp\d+\b|\bFalse\b|\bTrue\b", str(row)) for row in rows)
        # a name that looks like markup is shown as typed
        assert any(str(row) == "[bold red]x[/] registers" for row in rows)


async def test_filter_by_kind_and_search_the_text(service: Service) -> None:
    service.execute(ClockStart())
    service.execute(Bust(names=["Carl"]))
    app = create_app(service)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("f3")
        everything = len(_rows(app))
        await pilot.press("k")  # players
        await until(pilot, lambda: all("registers" in str(row) for row in _rows(app)), "only the players")
        assert len(_rows(app)) == 4
        kinds = app.screen.query_one("#kind", Select)
        for _ in range(3):  # players, busts, seating ... (the order of the list)
            if kinds.value == "busts":
                break
            await pilot.press("k")
        await until(pilot, lambda: [str(row) for row in _rows(app)] == ["Carl busts in 4th"], "only the bust")
        for _ in range(8):
            if kinds.value == Select.NULL:
                break
            await pilot.press("k")
        await until(pilot, lambda: len(_rows(app)) == everything, "every entry again")
        await pilot.press("slash", *"clock")
        assert isinstance(app.focused, Input)
        await until(pilot, lambda: [str(row) for row in _rows(app)] == ["The clock starts"], "the search")
        await pilot.press("enter")
        assert isinstance(app.focused, DataTable)


async def test_a_long_log_lists_its_newest_entries_and_a_search_finds_the_older_ones(
        service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    # A festival's 30,000 entries would be 30,000 rows: the newest `LISTED` are listed.
    monkeypatch.setattr(log_screen, "LISTED", 3)
    service.execute(ClockStart())
    service.execute(Bust(names=["Carl"]))
    app = create_app(service)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("f3")
        await until(pilot, lambda: len(_rows(app)) == 3, "the newest three")
        assert str(_rows(app)[0]) == "Carl busts in 4th"
        shown = str(app.screen.query_one("#shown", Static).render())
        assert shown.startswith("the newest 3 of 7 entries: search (/)"), shown
        await pilot.press("slash", *"anna")
        await until(pilot, lambda: [str(row) for row in _rows(app)] == ["Anna registers"], "the older one")
        # An undo reads the log again: the entry listed is struck through, not kept as it was.
        await pilot.press("escape")
        app.screen.query_one("#search", Input).value = ""
        await until(pilot, lambda: str(_rows(app)[0]) == "Carl busts in 4th", "the bust again")
        service.execute(Undo(any=True))
        app.redraw()
        await until(pilot, lambda: "strike" in str(getattr(_rows(app)[1], "style", "")), "the bust struck")
