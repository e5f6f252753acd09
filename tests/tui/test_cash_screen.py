"""The cash desk screen (F12) through the real app with Pilot: the drawer, the dues with how each
was paid, and its keys running the same actions as `pay`, `cash count` and `cash pay-out`."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable, Input, Static

from tdconsole.domain.commands import Bust, Pay, Register, SetMoney
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.cash import CashScreen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.prompt import PromptScreen
from tdconsole.tui.widgets.synced_table import SyncedTable
from tests.tui.wait import until


def _drawer(app) -> str:  # type: ignore[no-untyped-def]
    content = app.screen.query_one("#drawer", Static).content
    return (content.plain if isinstance(content, Text) else str(content)).replace("\xa0", " ")


def _paid_by(app) -> list[str]:  # type: ignore[no-untyped-def]
    table = app.screen.query_one("#dues", DataTable)
    return [str(table.get_row_at(i)[3]) for i in range(table.row_count)]


async def test_f12_shows_the_drawer_and_u_then_p_settles_an_entry(service: Service) -> None:
    app = create_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f12")
        assert isinstance(app.screen, CashScreen)
        # Four entries of 300 + 50, all cash by the house's default.
        assert "cash DKK 1,400" in _drawer(app) and _paid_by(app) == ["cash"] * 4
        await pilot.press("down", "u")  # Bo has not paid yet: asked first, Enter answers No
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Bo" in app.screen.question
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CashScreen) and _paid_by(app) == ["cash"] * 4
        assert not service.state.payments
        await pilot.press("u", "y")
        await until(pilot, lambda: "Not paid yet (DKK 350): Bo" in _drawer(app), "Bo listed unpaid")
        assert _paid_by(app)[1] == "unpaid"
        await pilot.press("p")
        assert isinstance(app.screen, PromptScreen)
        app.screen.query_one(Input).value = "mobilepay"
        await pilot.press("enter")
        await until(pilot, lambda: _paid_by(app)[1] == "MobilePay", "Bo paid by MobilePay")
        assert "MobilePay DKK 350" in _drawer(app) and "Not paid yet" not in _drawer(app)


async def test_n_counts_the_drawer_and_o_pays_the_selected_prize(service: Service) -> None:
    service.execute(SetMoney(settings=service.state.money.model_copy(update={"bounty": 100})))
    service.execute(Pay(name="Anna", method="card"))
    service.execute(Bust(names=["Bo"], by=["Anna"]))  # Anna wins Bo's bounty (T-BOUNTY-1)
    app = create_app(service)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("f12", "n")
        app.screen.query_one(Input).value = "cash=1000"
        await pilot.press("enter")
        await until(pilot, lambda: "counted DKK 1,000" in _drawer(app), "the count")
        # Cash in: three entries of 450 (Anna paid by card): 1,350; counted 1,000.
        assert service.state.cash_counted == {"cash": 1000} and "DKK 350" in _drawer(app)
        await pilot.press("tab", "o")  # the prizes list: Anna's 100 of bounty cash, asked first
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("enter")  # No: nothing paid
        await pilot.pause()
        assert service.state.paid_out == []
        await pilot.press("o", "y")  # slip 1
        await until(pilot, lambda: len(service.state.paid_out) == 1, "the slip")
        [slip] = service.state.paid_out
        assert (slip.slip, slip.bounty, slip.method) == (1, 100, "cash")
        await until(pilot, lambda: "paid out DKK 100" in _drawer(app), "the drawer after the slip")


async def test_at_80x24_every_column_of_the_dues_and_the_prizes_is_in_sight(service: Service) -> None:
    """A narrow terminal puts the prizes under the dues, each as wide as the screen, so no column
    is cut (a longer name still scrolls its own table)."""
    from tdconsole.domain.commands import Register

    service.execute(SetMoney(settings=service.state.money.model_copy(update={"bounty": 100})))
    service.execute(Register(names=["Marie-Louise Kristoffersen"]))
    service.execute(Bust(names=["Bo"], by=["Marie-Louise Kristoffersen"]))
    app = create_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f12")
        for selector in ("#dues", "#prizes"):
            table = app.screen.query_one(selector, DataTable)
            width = table.scrollable_content_region.width
            assert table.row_count and table.virtual_size.width <= width, selector


def _statuses(app) -> dict[str, str]:  # type: ignore[no-untyped-def]
    table = app.screen.query_one(DataTable)
    return {str(table.get_row_at(i)[0]): str(table.get_row_at(i)[1]) for i in range(table.row_count)}


async def test_f2_marks_an_entry_not_paid_yet_until_it_pays(service: Service) -> None:
    """Erik registers unpaid: the players list (F2) says so where the TD seats him, and no more
    once the desk records his payment."""
    service.execute(Register(names=["Erik"], unpaid=True))
    app = create_app(service)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        statuses = _statuses(app)
        assert statuses["Erik"] == "registered, unpaid"
        assert statuses["Anna"] == "registered"
        service.execute(Pay(name="Erik", method="mobilepay"))
        app.screen.refresh_view()  # as when another terminal records it
        await pilot.pause()
        assert _statuses(app)["Erik"] == "registered"


async def test_the_desk_left_for_another_screen_lets_its_rows_go_and_shows_them_again(
        service: Service) -> None:
    """A festival's 10,000 dues were kept (5.5 MB) by a terminal that had once shown F12; left for
    another F-key the desk holds no rows, and back it shows them with the cursor where it was. A
    question over the desk keeps them (the desk still shows behind it)."""
    app = create_app(service)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("f12", "down", "down")
        desk = app.screen
        assert isinstance(desk, CashScreen)
        dues = desk.query_one("#dues", SyncedTable)
        rows = _paid_by(app)
        assert dues.selected_key() is not None and dues.selected_key().endswith(":Carl")  # type: ignore[union-attr]
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert dues.row_count == len(rows)
        await pilot.press("enter")  # No
        await pilot.press("f1")
        await until(pilot, lambda: app.screen is not desk, "the clock")
        await pilot.pause()
        assert dues.row_count == 0 and not desk.query_one("#prizes", SyncedTable).row_count
        await pilot.press("f12")
        await until(pilot, lambda: app.screen is desk, "the desk again")
        await pilot.pause()
        assert _paid_by(app) == rows and dues.selected_key().endswith(":Carl")  # type: ignore[union-attr]


async def test_the_desk_shown_again_is_scrolled_where_it_was_left(service: Service) -> None:
    """The rows let go and built anew, the desk is back as the TD left it: the same rows in view
    (not the cursor's row moved to the top), the cursor on the same row."""
    service.execute(Register(names=[f"Guest {number:02}" for number in range(80)]))
    app = create_app(service)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("f12", *["down"] * 60, *["up"] * 6)
        await pilot.pause()
        dues = app.screen.query_one("#dues", SyncedTable)
        left, selected = dues.scroll_offset, dues.selected_key()
        assert left.y > 0
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("f12")
        await until(pilot, lambda: dues.row_count > 0, "the desk again")
        await pilot.pause()
        await pilot.pause()
        assert (dues.scroll_offset, dues.selected_key()) == (left, selected)
