"""The cash desk (F12, or `c` on the payouts screen): the drawer by payment method (expected,
counted, difference), the fees, overlay and what is paid out and owed; the entries and add-ons with
how each was paid (the unpaid marked), and the prizes to hand over. `p` records how the selected
entry paid, `u` marks it unpaid, `o` pays out the selected prize on the next slip, `n` enters the
drawer's count. Every key runs the same action as the CLI's `pay`, `cash pay-out`, `cash count`."""

from __future__ import annotations

from functools import cache

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Header, Static

from tdconsole.actions import cash as cash_actions
from tdconsole.domain.errors import TdError
from tdconsole.domain.text import name_numbers
from tdconsole.i18n import _, error_text
from tdconsole.tui.messages import ActionRequested
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.prompt import PromptScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.tui.widgets.synced_table import Row, SyncedTable
from tdconsole.views.cash import cash_view
from tdconsole.views.formatting import Formats, due_text, fee_destination, payment_method

# Below this width the prizes go under the dues, each as wide as the screen (at 80 columns side by
# side cut the dues' methods and the prizes' slips).
NARROW = 120


class CashScreen(ServiceScreen):
    AUTO_FOCUS = "#dues"
    BINDINGS = [Binding("p", "pay", "Paid by"), Binding("u", "unpaid", "Unpaid"),
                Binding("o", "pay_out", "Pay out"), Binding("n", "count", "Count drawer"),
                Binding("tab", "app.focus_next", "Dues/prizes", show=False)]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="drawer")
        with Horizontal(id="desk"):
            yield SyncedTable(id="dues", cursor_type="row", zebra_stripes=True)
            yield SyncedTable(id="prizes", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#dues", DataTable).add_columns(_("Name"), _("For"), _("Amount"), _("Paid by"))
        self.query_one("#prizes", DataTable).add_columns(_("Place"), _("Name"), _("Owed"), _("Slips"))

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#desk").set_class(event.size.width < NARROW, "-narrow")

    def refresh_view(self) -> None:
        state = self.service.state
        view = cash_view(state)
        money = Formats.of(state.house_rules).money
        # Each method with what came in and went out by it, so one that paid out more than it took
        # in (expected below 0, a MobilePay account that sent prizes) is counted and reconciled too.
        lines = [_("Drawer: {methods}").format(methods="; ".join(
            _("{method} {expected} (in {came_in}, out {went_out})").format(
                method=payment_method(method), expected=money(amount),
                came_in=money(view.came_in.get(method, 0)), went_out=money(view.went_out.get(method, 0)))
            + ("" if method not in view.counted else " " + _("(counted {counted}, difference {difference})")
               .format(counted=money(view.counted[method]), difference=money(view.difference[method])))
            for method, amount in view.expected.items()
            if amount or view.came_in.get(method) or view.went_out.get(method) or method in view.counted))]
        lines.append(_("Collected {collected} (dues paid, not those unpaid); fees {fees}; overlay {overlay}; "
                       "paid out {paid}; owed {owed}").format(
            collected=money(view.collected), fees=", ".join(f"{fee_destination(where)} {money(amount)}"
                                                            for where, amount in view.fees.items()),
            overlay=money(view.overlay), paid=money(view.paid_out), owed=money(view.owed)))
        if view.unpaid:
            lines.append(_("Not paid yet ({amount}): {names}").format(
                amount=money(view.unpaid_amount), names=", ".join(view.unpaid)))
        if view.held_for:
            lines.append(_("Held for alternates waiting for a seat ({amount}): {names}").format(
                amount=money(view.held), names=", ".join(view.held_for)))
        self.query_one("#drawer", Static).update(Text("\n".join(lines)))
        # A row an entry's due, a festival's 10,000 of them: shown as a SyncedTable changes only
        # the rows a command changed.
        # Most dues share their few kinds, amounts and methods: each written once, one string
        # for all the rows that show it (not 10,000 copies of "DKK 500.00" kept by the table).
        due, amount, paid_by = cache(due_text), cache(money), cache(payment_method)
        dues: list[Row] = []
        for index, row_view in enumerate(view.dues):
            unpaid = row_view.method is None
            method = paid_by(row_view.method)
            dues.append((f"{index}:{row_view.name}", (
                Text(row_view.name, style="bold red") if unpaid else row_view.name,
                due(row_view.due), amount(row_view.amount),
                Text(method, style="bold red") if unpaid else method)))
        self.query_one("#dues", SyncedTable).show(dues)
        self.query_one("#prizes", SyncedTable).show([
            (f"{index}:{prize.name}", ("" if prize.place is None else str(prize.place), prize.name,
                                       money(prize.owed), ", ".join(map(str, prize.slips))))
            for index, prize in enumerate(view.prizes)])

    def on_screen_suspend(self) -> None:
        # Left for another F-key's screen (not covered by a question: it still shows behind
        # it), the desk lets its rows go: a festival's 10,000 dues kept 5.5 MB of a terminal
        # that may never come back here. Shown again, `refresh_view` builds them anew. (Textual
        # runs ServiceScreen's handler too: it dispatches to every class's own.)
        if self not in self.app.screen_stack:
            for table in self.query(SyncedTable):
                table.release()

    def _selected(self, table_id: str) -> str | None:
        key = self.query_one(f"#{table_id}", SyncedTable).selected_key()
        return None if key is None else key.partition(":")[2]

    def action_pay(self) -> None:
        name = self._selected("dues")
        if name is None:
            self.notify(_("No entry to record a payment for"), severity="warning")
            return
        methods = ", ".join(self.service.state.house_rules.cash.methods)

        def answered(method: str | None) -> None:
            if method:
                self.post_message(ActionRequested(cash_actions.pay,
                                                  cash_actions.PayRequest(name=name, method=method)))

        self.app.push_screen(PromptScreen(_("How did {name} pay? ({methods})").format(
            name=name, methods=methods), self.service.state.house_rules.cash.default_method), answered)

    def action_unpaid(self) -> None:
        name = self._selected("dues")
        if name is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.post_message(ActionRequested(cash_actions.pay,
                                                  cash_actions.PayRequest(name=name, unpaid=True)))

        self.app.push_screen(ConfirmScreen(_("Mark {name}'s last due unpaid? The drawer then expects "
                                             "that money still to come.").format(name=name)), confirmed)

    def action_pay_out(self) -> None:
        name = self._selected("prizes")
        if name is None:
            self.notify(_("Nobody has a prize or bounty to pay out yet"), severity="warning")
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.post_message(ActionRequested(cash_actions.pay_out,
                                                  cash_actions.PayOutRequest(name=name)))

        # Handing money over prints a numbered slip that is never issued again: asked first.
        self.app.push_screen(ConfirmScreen(_("Pay out what {name} is owed now, on the next slip?").format(
            name=name)), confirmed)

    def action_count(self) -> None:
        def answered(answer: str | None) -> None:
            if not answer:
                return
            try:
                counts = name_numbers(answer.replace(",", " ").split(), "counts")
            except TdError as error:
                self.notify(error_text(error), severity="error", timeout=6, markup=False)
                return
            self.post_message(ActionRequested(cash_actions.count, cash_actions.CountRequest(counts=counts)))

        # A method that paid out more than it took in holds less than nothing: its count is below 0.
        self.app.push_screen(PromptScreen(_("What does each method hold? METHOD=KR, e.g. cash=12500 "
                                            "mobilepay=-1200 (below 0: it paid out more than it took in)"),
                                          "cash=12500"), answered)
