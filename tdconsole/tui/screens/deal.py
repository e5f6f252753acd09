"""The deal calculator: ICM and chip chop side by side from the chip counts; propose, record
every player's consent and approve (T-DEAL-1)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Header, Input, Static

from tdconsole.domain.commands import ApproveDeal, Command, ConsentDeal, CountChips, ProposeDeal
from tdconsole.domain.errors import TdError
from tdconsole.domain.money import deals
from tdconsole.domain.money.handlers import name_numbers
from tdconsole.i18n import _
from tdconsole.tui.messages import CommandRequested
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.views.money import deal_view


class DealScreen(ServiceScreen):
    AUTO_FOCUS = "DataTable"  # single keys act; Escape leaves an input
    BINDINGS = [Binding("i", "propose('icm')", "ICM deal"),
                Binding("c", "propose('chip-chop')", "Chip chop"),
                Binding("k", "focus_chips", "Counts"),
                Binding("o", "focus_consent", "Consent"),
                Binding("a", "approve", "Approve"),
                Binding("escape", "focus_table", "Back", show=False)]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="inputs"):
            yield Input(placeholder="Chip counts: Name=N, Name=N, Enter", id="chips")
            yield Input(placeholder="Leave for the winner (kr)", id="leave")
            yield Input(placeholder="Consent: names, Enter", id="consent")
        yield Static("", id="note")
        yield DataTable(id="calc", cursor_type="row")
        yield Static("", id="deal")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns("Player", "Chips", "ICM equity", "ICM deal",
                                              "Chip chop")

    def leave(self) -> int:
        text = self.query_one("#leave", Input).value.strip()
        return int(text) if text.isdigit() else 0

    def refresh_view(self) -> None:
        state = self.service.state
        table = self.query_one(DataTable)
        table.clear()
        note = self.query_one("#note", Static)
        try:
            found = deals.options(state, self.leave())
        except TdError as error:
            note.update(Text(str(error)))
        else:
            note.update(Text("Remaining payouts: " + ", ".join(f"{p:,}" for p in found.payouts)))
            for row in zip(found.players, found.stacks, found.equity, found.icm.amounts,
                           found.chip_chop.amounts, strict=True):
                player, chips, equity, icm_amount, chop = row
                table.add_row(Text(player.name), f"{chips:,}", f"{equity:,.2f}",
                              f"{icm_amount:,}", f"{chop:,}")
        deal = deal_view(state)
        if deal is None:
            self.query_one("#deal", Static).update("No deal proposed (i: ICM, c: chip chop)")
            return
        lines = [f"Deal by {deal.method}: {'APPROVED' if deal.approved else 'proposed'}"
                 f", {deal.left_for_winner:,} left for the winner (T-DEAL-1)"]
        lines += [f"  {row.name}: {row.amount:,} {'consents' if row.consented else 'has not consented'}"
                  for row in deal.players]
        self.query_one("#deal", Static).update(Text("\n".join(lines)))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "leave":
            self.refresh_view()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        parts = [part.strip() for part in event.value.split(",") if part.strip()]
        try:
            command: Command
            if event.input.id == "chips":
                command = CountChips(counts=name_numbers(parts, "chips"))
            elif event.input.id == "consent":
                command = ConsentDeal(names=parts)
            else:
                return
        except (TdError, ValueError) as error:
            self.notify(str(error).splitlines()[0], severity="error")
            return
        self.post_message(CommandRequested(command))
        event.input.value = ""

    def action_propose(self, method: str) -> None:
        self.post_message(CommandRequested(ProposeDeal.model_validate(
            {"method": method, "leave_for_winner": self.leave()})))

    def action_focus_chips(self) -> None:
        self.query_one("#chips", Input).focus()

    def action_focus_consent(self) -> None:
        self.query_one("#consent", Input).focus()

    def action_approve(self) -> None:
        """Approving pays the deal out (T-DEAL-1): it is asked first, and Enter answers No."""
        deal = deal_view(self.service.state)
        if deal is None:
            self.notify(_("No deal proposed (i: ICM, c: chip chop)"), severity="warning")
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.post_message(CommandRequested(ApproveDeal()))

        self.app.push_screen(ConfirmScreen(_("Approve the deal by {method}: {amounts}?").format(
            method=deal.method, amounts=", ".join(f"{row.name} {row.amount:,}" for row in deal.players))),
            confirmed)

    def action_focus_table(self) -> None:
        self.query_one(DataTable).focus()
