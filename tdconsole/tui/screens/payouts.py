"""Payouts: the prize pool and what each place pays; edit a place's amount (it is locked, the
rest of the pool is shared by the table or the generator) or unlock it; `m` opens the money
settings form (guarantee, bounty, rake, re-entry and add-on prices, the generator's curve)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Header, Input, Static

from tdconsole.actions import money as money_actions
from tdconsole.i18n import _
from tdconsole.tui.messages import ActionRequested
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.money_settings import MoneySettingsScreen
from tdconsole.tui.screens.rebuy_settings import RebuySettingsScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.views.formatting import Formats
from tdconsole.views.money import deal_lines, payouts_view, places_text, prize_pool_view, tied_note


class PayoutsScreen(ServiceScreen):
    AUTO_FOCUS = "DataTable"
    BINDINGS = [Binding("e", "edit", "Edit amount"), Binding("u", "unlock", "Unlock place"),
                Binding("t", "use_table", "Club table"), Binding("g", "use_generator", "Generator"),
                Binding("m", "money_settings", "Money settings"),
                Binding("c", "app.switch_mode('cash')", "Cash desk"),
                Binding("r", "rebuy_settings", "Rebuys"),
                Binding("escape", "focus_table", "Back", show=False)]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="summary")
        yield Input(placeholder=_("New amount for the selected place (locks it), Enter"), id="amount")
        yield DataTable(id="payouts", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(_("Place"), _("Amount"), _("Note"))

    def refresh_view(self) -> None:
        service = self.service
        data = payouts_view(service.state)
        money = prize_pool_view(service.state)
        formats = Formats.of(service.state.house_rules)
        method = (_("seats of {value}, T-SAT-1").format(value=formats.money(seat))
                  if (seat := service.state.money.satellite_seat) is not None
                  else _("the generator") if money.table is None
                  else _("table {name}").format(name=money.table))
        summary = _("Prize pool {pool} ({method}): {entries} entries, prize part {prize_part}, "
                    "rake {rake}, overlay {overlay}; fees {fees} and bounties {bounties} kept "
                    "apart").format(
            pool=formats.money(data.prize_pool), method=method, entries=money.entries,
            prize_part=formats.money(money.prize_part), rake=formats.money(money.rake),
            overlay=formats.money(money.overlay), fees=formats.money(money.fees),
            bounties=formats.money(money.bounties))
        if money.bounties_to_pool:
            summary += "; " + _("disqualified players' bounties {amount} added (T-PKO-4)").format(
                amount=formats.money(money.bounties_to_pool))
        if data.error is not None:
            summary += "\n" + _("The payouts cannot be made: {error}").format(
                error=money.refusal or data.error)
        if data.deal is not None:  # T-DEAL-1: once approved it pays the players in it instead
            summary += "\n" + "\n".join(deal_lines(data.deal, formats))
        self.query_one("#summary", Static).update(Text(summary))
        rows = self.query_one(DataTable)
        row = rows.cursor_row
        rows.clear()
        locked = {item.place for item in data.locked}
        for index, paid in enumerate(data.paid):  # T-DEAL-1: the deal's amounts, the ladder outside it
            if paid.by_deal:
                rows.add_row("–" if paid.place is None else str(paid.place), formats.money(paid.amount),
                             Text(_("{name}, by the deal").format(name=paid.name)), key=f"deal-{index}")
            elif paid.last_place is not None:  # T-ELIM-2: a tie, each player with his share
                rows.add_row(places_text(paid.place, paid.last_place), formats.money(paid.amount),
                             Text(tied_note(paid)), key=f"tie-{index}")
            else:
                note = (_("locked") if paid.place in locked
                        else _("a seat (T-SAT-1)") if paid.seat else "")
                rows.add_row(str(paid.place), formats.money(paid.amount), note, key=str(paid.place))
        if rows.row_count:
            rows.move_cursor(row=min(row, rows.row_count - 1))

    def selected_place(self) -> int | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value or ""
        return int(key) if key.isdigit() else None  # a deal's row is no place to lock

    def action_edit(self) -> None:
        self.query_one("#amount", Input).focus()

    def action_money_settings(self) -> None:
        self.app.push_screen(MoneySettingsScreen())

    def action_rebuy_settings(self) -> None:
        self.app.push_screen(RebuySettingsScreen())

    def action_focus_table(self) -> None:
        self.query_one(DataTable).focus()

    def _lock(self, place: int, amount: int | None) -> None:
        locked = {key: value for key, value in self.service.state.money.locked.items() if key != place}
        if amount is not None:
            locked[place] = amount
        self._settings(money_actions.MoneySetRequest(lock=locked))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        place = self.selected_place()
        text = event.value.strip().replace(",", "").replace("_", "")
        if place is None or not text.isdigit():
            self.notify(_("select a place and type a whole number of kroner"), severity="error")
            return
        self._lock(place, int(text))
        event.input.value = ""
        self.action_focus_table()

    def _settings(self, request: money_actions.MoneySetRequest) -> None:
        self.post_message(ActionRequested(money_actions.money_set, request))

    def _switch(self, method: str, request: money_actions.MoneySetRequest) -> None:
        """A new ladder changes what every place not locked pays: asked first, naming the places
        already paid and the deal it would touch (T-PAY-1 refuses those in the action anyway)."""
        state = self.service.state
        question = [_("Pay the places by {method}? What every place not locked pays changes.").format(
            method=method)]
        paid = sorted({state.players[slip.player_id].name for slip in state.paid_out if slip.prize})
        if paid:
            question.append(_("Prizes already paid out: {names} (T-PAY-1).").format(names=", ".join(paid)))
        if state.deal is not None and state.deal.approved:
            question.append(_("An approved deal was made on these payouts (T-DEAL-1)."))

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._settings(request)

        self.app.push_screen(ConfirmScreen("\n".join(question)), confirmed)

    def action_use_table(self) -> None:
        """Pay by `configs/payouts/club.toml` (copied into the log)."""
        self._switch(_("table {name}").format(name="club"), money_actions.MoneySetRequest(table="club"))

    def action_use_generator(self) -> None:
        self._switch(_("the generator"), money_actions.MoneySetRequest(generator=True))

    def action_unlock(self) -> None:
        place = self.selected_place()
        if place is None or place not in self.service.state.money.locked:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._lock(place, None)

        # A key that changes what places pay asks first (T-PAY-1).
        self.app.push_screen(ConfirmScreen(_("Unlock place {place}? What the places not locked pay "
                                             "changes.").format(place=place)), confirmed)
