"""The deal calculator: ICM and chip chop side by side from the chip counts; propose one of them
or a custom deal (an amount typed per player), record every player's consent and approve
(T-DEAL-1)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Header, Input, Static

from tdconsole.actions import money, players
from tdconsole.actions.base import Action, NoArguments, Request
from tdconsole.domain.errors import TdError
from tdconsole.domain.text import name_numbers
from tdconsole.i18n import _, error_text
from tdconsole.tui.messages import ActionRequested
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.views.formatting import Formats
from tdconsole.views.money import deal_lines, deal_options_view, deal_view, method_text


class DealScreen(ServiceScreen):
    AUTO_FOCUS = "DataTable"  # single keys act; Escape leaves an input
    # n: chip counts, l: what is left for the winner, i or c: propose, u: type a custom deal,
    # o: consent, a: approve.
    BINDINGS = [Binding("n", "focus_chips", "Chip counts"),
                Binding("l", "focus_leave", "Leave for winner", show=False),
                Binding("i", "propose('icm')", "Propose ICM"),
                Binding("c", "propose('chip-chop')", "Propose chip chop"),
                Binding("u", "focus_custom", "Custom deal", show=False),  # hinted below the table
                Binding("o", "focus_consent", "Consent"),
                Binding("a", "approve", "Approve"),
                Binding("escape", "focus_table", "Back", show=False)]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="inputs"):
            yield Input(placeholder=_("Chip counts: Name=N, Name=N, Enter"), id="chips")
            yield Input(placeholder=_("Leave for the winner ({currency})").format(
                currency=self._currency()), id="leave")
            yield Input(placeholder=_("Custom deal: Name=amount, Name=amount, Enter"), id="custom")
            yield Input(placeholder=_("Consent: names, Enter"), id="consent")
        yield Static("", id="note")
        yield DataTable(id="calc", cursor_type="row")
        yield Static("", id="deal")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(_("Player"), _("Chips"), _("ICM equity"),
                                              _("ICM deal"), _("Chip chop"))

    def _currency(self) -> str:
        """The tournament's currency as the chosen language writes it ("kr." in Danish)."""
        from babel.numbers import get_currency_symbol

        formats = Formats.of(self.service.state.house_rules)
        return get_currency_symbol(formats.currency, formats.locale)

    def leave(self) -> int:
        text = self.query_one("#leave", Input).value.strip()
        return int(text) if text.isdigit() else 0

    def refresh_view(self) -> None:
        state = self.service.state
        table = self.query_one(DataTable)
        table.clear()
        note = self.query_one("#note", Static)
        formats = Formats.of(state.house_rules)
        try:
            found = deal_options_view(state, self.leave())
        except TdError as error:
            note.update(Text(error_text(error)))
        else:
            note.update(Text(_("Remaining payouts: {amounts}").format(
                amounts=", ".join(formats.money(p) for p in found.payouts))))
            for row in found.players:
                table.add_row(Text(row.name), formats.number(row.chips, 0), formats.number(row.equity, 2),
                              formats.money(row.icm), formats.money(row.chip_chop))
        deal = deal_view(state)
        if deal is None:
            self.query_one("#deal", Static).update(_("No deal proposed (i: ICM, c: chip chop, u: custom)"))
            return
        lines = deal_lines(deal, formats)
        self.query_one("#deal", Static).update(Text("\n".join(lines)))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "leave":
            self.refresh_view()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "leave":
            self.action_focus_table()
            return
        parts = [part.strip() for part in event.value.split(",") if part.strip()]
        try:
            action: Action[Any, Any]
            request: Request
            if event.input.id == "chips":
                action, request = players.chips, players.ChipsRequest(counts=name_numbers(parts, "counts"))
            elif event.input.id == "custom":  # the amount left for the winner comes from #leave
                action, request = money.deal_propose, money.ProposeRequest(
                    method="custom", amount=name_numbers(parts, "amount"), leave=self.leave())
            elif event.input.id == "consent":
                action, request = money.deal_consent, money.NamesRequest(names=parts)
            else:
                return
        except (TdError, ValueError) as error:
            self.notify(error_text(error).splitlines()[0], severity="error", markup=False)
            return
        def done(ok: bool) -> None:
            if ok:  # refused: what was typed stays to be corrected
                event.input.value = ""
                self.action_focus_table()  # the next key proposes (i, c) or approves (a)

        self.post_message(ActionRequested(action, request, on_done=done))

    def action_propose(self, method: str) -> None:
        self.post_message(ActionRequested(money.deal_propose, money.ProposeRequest.model_validate(
            {"method": method, "leave": self.leave()})))

    def action_focus_chips(self) -> None:
        self.query_one("#chips", Input).focus()

    def action_focus_custom(self) -> None:
        self.query_one("#custom", Input).focus()

    def action_focus_consent(self) -> None:
        self.query_one("#consent", Input).focus()

    def action_focus_leave(self) -> None:
        self.query_one("#leave", Input).focus()

    def action_approve(self) -> None:
        """The TD's approval (T-DEAL-1) replaces the payouts of everyone in the deal: asked first,
        No by default."""
        deal = deal_view(self.service.state)
        if deal is None or deal.approved or not all(row.consented for row in deal.players):
            # Nothing to approve yet: the service's refusal says why, in its words (T-DEAL-1).
            self.post_message(ActionRequested(money.deal_approve, NoArguments()))
            return
        formats = Formats.of(self.service.state.house_rules)
        shares = ", ".join(f"{row.name} {formats.money(row.amount)}" for row in deal.players)
        question = _("Approve the deal by {method} ({shares}; {left} left for the winner)? "
                     "It replaces their payouts (T-DEAL-1).").format(
            method=method_text(deal.method), shares=shares,
            left=formats.money(deal.left_for_winner))

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.post_message(ActionRequested(money.deal_approve, NoArguments()))

        self.app.push_screen(ConfirmScreen(question), confirmed)

    def action_focus_table(self) -> None:
        self.query_one(DataTable).focus()
