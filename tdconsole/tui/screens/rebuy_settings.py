"""The rebuy settings as a form (the TUI's `money set --rebuy-...`, T-REBUY-1..4): the period (a
level, or the first break), price, fee and chips of one rebuy, the limit per player, who may rebuy
and the double. Enter saves through the `money set` action, which the service may refuse (the form
stays open, nothing changes); Escape closes."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from tdconsole.actions import money as money_actions
from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.i18n import _, error_text
from tdconsole.tui.keys import TranslatedKeys
from tdconsole.tui.messages import ActionRequested
from tdconsole.tui.service_app import service_of


class RebuySettingsScreen(TranslatedKeys, ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", "Close")]

    def compose(self) -> ComposeResult:
        rebuy = service_of(self).state.money.rebuy
        shown = {"until_level": rebuy.until_level, "price": rebuy.price, "fee": rebuy.fee,
                 "chips": rebuy.chips, "limit": rebuy.limit}
        with Vertical(id="dialog"):
            yield Static(Text(_("Rebuys (T-REBUY-1..4): empty level and no break = no rebuys")), id="title")
            with Grid(id="fields"):
                for key, label in (("until_level", _("Through the end of level")),
                                   ("price", _("Prize part of a rebuy")), ("fee", _("Fee of a rebuy")),
                                   ("chips", _("Chips (empty: the starting stack)")),
                                   ("limit", _("Rebuys per player (empty: no limit)"))):
                    yield Label(label)
                    value = shown[key]
                    yield Input("" if value is None else str(value), id=key, type="integer", compact=True)
                yield Label(_("Who may rebuy (T-REBUY-3)"))
                yield Select([(_("only with no chips left"), "busted"),
                              (_("at or below the starting stack"), "starting-stack")],
                             value=rebuy.who, allow_blank=False, id="who", compact=True)
            yield Checkbox(_("…or until the first break"), rebuy.until_break, id="until_break")
            yield Checkbox(_("double rebuy allowed"), rebuy.double, id="double")
            with Horizontal(id="buttons"):
                yield Button(_("Save (Enter)"), id="save", variant="primary")
                yield Button(_("Close (Esc)"), id="cancel")

    def _number(self, key: str) -> int | None:
        text = self.query_one(f"#{key}", Input).value.strip()
        if not text:
            return None
        if not text.lstrip("-").isdigit():
            raise InvalidInput("{text} is not a whole number", text=text, field=f"rebuy_{key}")
        return int(text)

    def request(self) -> money_actions.MoneySetRequest:
        level, limit = self._number("until_level"), self._number("limit")
        until_break = self.query_one("#until_break", Checkbox).value
        who = self.query_one("#who", Select).value
        return money_actions.MoneySetRequest(
            rebuy_until_level=None if until_break else level, rebuy_until_break=until_break,
            no_rebuys=level is None and not until_break,
            rebuy_price=self._number("price") or 0, rebuy_fee=self._number("fee") or 0,
            rebuy_chips=self._number("chips"), rebuy_limit=limit, rebuy_unlimited=limit is None,
            rebuy_who="starting-stack" if who == "starting-stack" else "busted",
            rebuy_double=self.query_one("#double", Checkbox).value)

    def action_save(self) -> None:
        try:
            request = self.request()
        except TdError as error:
            self.notify(error_text(error).splitlines()[0], severity="error", markup=False)
            return

        def done(ok: bool) -> None:
            if ok:  # refused: the service said why; what was typed stays to be corrected
                self.dismiss(None)

        self.post_message(ActionRequested(money_actions.money_set, request, on_done=done))

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self.action_save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
