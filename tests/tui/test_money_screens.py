"""Money in the TUI: the bust-one-hand modal (T-ELIM-1), the hand-for-hand board, the payouts screen with
an editable structure, and the deal calculator (ICM and chip chop side by side)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable, Input, Static

from tdconsole.domain.commands import SetMoney
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.service import Service
from tdconsole.tui.app import SCREEN_ACTIONS, TD_ACTIONS, TdApp, create_app, offers
from tdconsole.tui.screens.bust_hand import BustHandScreen


def _rows(app, selector: str = "DataTable") -> list[list[str]]:  # type: ignore[no-untyped-def]
    table = app.screen.query_one(selector, DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def _amount(cell: str) -> int:
    """An amount as the English screen writes it ("DKK 1,200") as a number."""
    return int(cell.removeprefix("DKK\xa0").replace(",", ""))


def _text(app, selector: str) -> str:  # type: ignore[no-untyped-def]
    content = app.screen.query_one(selector, Static).content
    return content.plain if isinstance(content, Text) else str(content)


async def test_bust_modal_ranks_one_hand_by_starting_stack_t_elim_1(service: Service) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f2", "slash", *"carl", "tab", "B")
        await pilot.pause()
        assert isinstance(app.screen, BustHandScreen)
        assert app.screen.query_one("#busts", Input).value == "Carl"
        app.screen.query_one("#busts", Input).value = "Carl=5000, Bo=8000"
        app.screen.query_one("#by", Input).value = "Anna"
        await pilot.pause()
        assert _text(app, "#preview").splitlines() == ["Bo: place 3 (T-ELIM-1)",
                                                        "Carl: place 4 (T-ELIM-1)"]
        app.screen.query_one("#busts", Input).value = "Carl=-1"
        await pilot.pause()
        assert "above 0" in _text(app, "#preview")  # validated as you type
        app.screen.query_one("#busts", Input).value = "Carl=5000, Bo=8000"
        await pilot.pause()
        await pilot.press("enter", "y")  # nothing is busted without a yes
        await pilot.pause()
        assert (service.state.find("bo").place, service.state.find("carl").place) == (3, 4)
        assert service.state.find("anna").knockouts == 2


async def test_hand_for_hand_board_shows_which_tables_finished(service: Service) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f7")
        app.screen.query_one("#start", Input).focus()
        await pilot.press(*"1,2", "enter")
        await pilot.pause()
        assert service.state.hand_for_hand is not None
        assert [row[1] for row in _rows(app, "#tables")] == ["playing", "playing"]
        app.screen.query_one("#done", Input).focus()
        await pilot.press("1", "enter")
        await pilot.pause()
        assert _rows(app, "#tables") == [["1", "done"], ["2", "playing"]]
        assert "1 of 2 tables done" in _text(app, "#status")


async def test_payouts_screen_edits_a_place_by_locking_it(service: Service) -> None:
    service.execute(SetMoney(settings=MoneySettings.model_validate(
        {"curve": {"paid_share": "0.5", "min_cash_multiple": "0"}})))
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f6")
        assert [row[0] for row in _rows(app)] == ["1", "2"]
        assert "Prize pool DKK\xa01,200" in _text(app, "#summary")  # amounts in the house currency
        await pilot.press("down", "e", *"400", "enter")
        await pilot.pause()
        assert service.state.money.locked == {2: 400}
        assert _rows(app) == [["1", "DKK\xa0800", ""], ["2", "DKK\xa0400", "locked"]]
        await pilot.press("u")  # asked first: Enter answers No
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert service.state.money.locked == {2: 400}
        await pilot.press("u", "y")
        await pilot.pause()
        assert service.state.money.locked == {}
        await pilot.press("t", "y")  # a new ladder is asked first
        await pilot.pause()
        assert service.state.money.table is not None and "table Club" in _text(app, "#summary")
        await pilot.press("g", "y")
        await pilot.pause()
        assert service.state.money.table is None


async def test_t_pay_1_g_and_t_on_a_paid_ladder_change_nothing_without_a_yes(service: Service) -> None:
    from tdconsole.actions.money import MoneySetRequest, money_set
    from tdconsole.domain.commands import Bust, PayOut
    from tdconsole.tui.screens.confirm import ConfirmScreen

    service.execute(SetMoney(settings=MoneySettings.model_validate(
        {"curve": {"paid_share": "0.5", "min_cash_multiple": "0"}})))
    money_set(service, MoneySetRequest(table="club"))
    service.execute(Bust(names=["[bold red]x[/]"]))
    service.execute(Bust(names=["Carl"]))
    service.execute(Bust(names=["Bo"]))  # 2nd: 400
    service.execute(PayOut(name="Bo"))
    settings, seq = service.state.money, service.state.last_seq
    app = create_app(service)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("f6")
        for key in ("g", "t"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            assert "Bo" in app.screen.question and "T-PAY-1" in app.screen.question
            await pilot.press("enter")  # Enter answers No
            await pilot.pause()
            assert service.state.money == settings and service.state.last_seq == seq
        await pilot.press("g", "y")  # a yes reaches the action, which refuses a paid place's change
        await pilot.pause()
        assert service.state.money == settings and service.state.last_seq == seq
        assert any("T-PAY-1" in str(n.message) for n in app._notifications)


async def test_deal_calculator_icm_and_chip_chop_side_by_side(service: Service) -> None:
    service.execute(SetMoney(settings=MoneySettings.model_validate(
        {"curve": {"paid_share": "0.75", "min_cash_multiple": "0", "unit": 1}})))
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f9")
        assert "no chip count" in _text(app, "#note")
        app.screen.query_one("#chips", Input).focus()
        await pilot.press(*"Anna=4000, Bo=3000, Carl=2000, [bold red]x[/]=1000", "enter")
        await pilot.pause()
        rows = _rows(app)
        assert [row[0] for row in rows] == ["Anna", "Bo", "Carl", "[bold red]x[/]"]
        assert sum(_amount(row[3]) for row in rows) == 1200  # ICM deal
        assert sum(_amount(row[4]) for row in rows) == 1200  # chip chop
        await pilot.press("escape", "i")
        await pilot.pause()
        assert service.state.deal is not None and service.state.deal.method == "icm"
        await pilot.press("a", "enter")  # approving is asked first, and Enter answers No
        await pilot.pause()
        assert not service.state.deal.approved
        await pilot.press("a", "y")
        await pilot.pause()
        assert any("T-DEAL-1" in str(n.message) for n in app._notifications)
        assert not service.state.deal.approved


def test_every_money_action_is_in_the_palette() -> None:
    names = {name for name, _help, _factory in TD_ACTIONS} | {entry[0] for entry in SCREEN_ACTIONS}
    assert {"Start hand-for-hand", "Stop hand-for-hand", "Propose an ICM deal",
            "Propose a chip-chop deal"} <= names
    screen_actions = {(mode, action) for _name, _help, mode, action in SCREEN_ACTIONS}
    assert {("players", "bust_hand"), ("payouts", "edit"), ("payouts", "unlock"),
            ("hand-for-hand", "focus_done"), ("hand-for-hand", "focus_start"), ("deal", "focus_chips"),
            ("deal", "focus_consent"), ("deal", "approve"), ("tables", "final_table"),
            ("players", "reenter"), ("players", "add_on")} <= screen_actions
    for mode, action in screen_actions:  # each names a real action of its screen
        assert offers(TdApp.MODES, mode, action), (mode, action)  # open_tab('tab-log') too


async def test_the_palette_opens_the_bust_modal(service: Service) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        app.on_screen_action("players", "bust_hand")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, BustHandScreen)


async def test_t_deal_1_payouts_and_the_clock_show_what_the_deal_pays(service: Service) -> None:
    from tdconsole.domain import commands as c

    service.execute(c.SetMoney(settings=service.state.money.model_validate(
        {"curve": {"paid_share": "0.75", "min_cash_multiple": "0", "unit": 1}})))
    service.execute(c.Bust(names=["[bold red]x[/]"]))
    service.execute(c.CountChips(counts={"Anna": 50_000, "Bo": 20_000, "Carl": 10_000}))
    service.execute(c.ProposeDeal(method="icm"))
    service.execute(c.ConsentDeal(names=["Anna", "Bo", "Carl"]))
    service.execute(c.ApproveDeal())
    deal = service.state.deal
    assert deal is not None
    amounts = {service.state.players[i].name: a for i, a in deal.amounts.items()}
    app = create_app(service)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]
        assert rows[0][2] == "Anna, by the deal" and rows[0][1].replace("\xa0", " ").endswith(
            f"{amounts['Anna']:,}")
        assert [row[2] for row in rows] == ["Anna, by the deal", "Bo, by the deal", "Carl, by the deal"]
        await pilot.press("f1")
        await pilot.pause()
        ladder = str(app.screen.query_one("#ladder", Static).render()).replace("\xa0", " ")
        assert f"Anna DKK {amounts['Anna']:,}" in ladder and "1st" not in ladder
