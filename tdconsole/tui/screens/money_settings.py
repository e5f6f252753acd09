"""The money settings as a form (the TUI's `tdconsole money set`): one labelled field per setting,
prefilled from the log; Enter saves them with the `money load` action, which the service may refuse
(the form stays open, nothing changes); Escape closes, asking first when something was typed.

The buy-in's prize part and the fee are the tournament's own (`TournamentCreated`): shown, not
edited here. Numbers are typed as the terminal's language writes them (Danish "1,5").
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from tdconsole.actions import money as money_actions
from tdconsole.config.toml import validate
from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.i18n import N_, _, error_text
from tdconsole.tui.keys import TranslatedKeys
from tdconsole.tui.messages import ActionRequested
from tdconsole.tui.screens.confirm import UnsavedEdits
from tdconsole.tui.service_app import service_of
from tdconsole.views.formatting import Formats, format_decimal_plain, parse_number

# (field, label) in the form's order; the labels are translated when the form is drawn.
FIELDS: tuple[tuple[str, str], ...] = (
    ("guarantee", N_("Guarantee")),
    ("bounty", N_("Bounty per entry (T-BOUNTY-1)")),
    ("rake_percent", N_("Rake, percent of the prize part")),
    ("re_entry", N_("Re-entry prize part (empty: as the buy-in)")),
    ("re_entry_fee", N_("Re-entry fee (empty: as the buy-in)")),
    ("add_on", N_("Add-on prize part")),
    ("add_on_fee", N_("Add-on fee")),
    ("re_entry_chips", N_("Re-entry chips (empty: the starting stack)")),
    ("add_on_chips", N_("Add-on chips (empty: the starting stack)")),
    ("paid_percent", N_("Generator: percent of entries paid")),
    ("min_cash_multiple", N_("Generator: min cash × buy-in")),
    ("unit", N_("Generator: round to")),
    ("exponent", N_("Generator: curve steepness (0-4)")),
    ("pay_jumps", N_("Pay jumps for hand-for-hand (places)")),
    ("pko_share", N_("PKO: percent in cash (empty: a fixed bounty)")),
    ("pko_unit", N_("PKO: cash paid in units of")),
    ("satellite_seat", N_("Satellite: seat value (empty: cash prizes)")),
)
# Fields that may be left empty (None: priced as a buy-in, T-REG-1; chips: the starting stack;
# no PKO share: a fixed bounty, T-BOUNTY-1; no seat: a cash tournament, T-SAT-1).
OPTIONAL = {"re_entry", "re_entry_fee", "re_entry_chips", "add_on_chips", "pko_share", "satellite_seat"}
WHOLE = {"guarantee", "bounty", "re_entry", "re_entry_fee", "add_on", "add_on_fee", "unit",
         "re_entry_chips", "add_on_chips", "pko_share", "pko_unit", "satellite_seat"}


def settings_texts(settings: MoneySettings, locale: str) -> dict[str, str]:
    """What each field shows for these settings (the inverse of `MoneySettingsScreen.settings`)."""
    curve = settings.curve
    values: dict[str, Any] = {**settings.model_dump(include=set(dict(FIELDS))),
                              "paid_percent": curve.paid_share * 100,
                              "min_cash_multiple": curve.min_cash_multiple,
                              "unit": curve.unit, "exponent": Decimal(str(curve.exponent))}
    texts = {key: "" if value is None else format_decimal_plain(value, locale)
             for key, value in values.items() if key != "pay_jumps"}
    texts["pay_jumps"] = ", ".join(str(place) for place in settings.pay_jumps)
    return texts


class MoneySettingsScreen(TranslatedKeys, UnsavedEdits, ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self) -> None:
        super().__init__()
        self.texts: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        state = service_of(self).state
        formats = self.formats()
        self.texts = settings_texts(state.money, formats.locale)
        with Vertical(id="dialog"):
            yield Static(Text(_("Money settings: buy-in {buy_in} + fee {fee} are the tournament's "
                                "own; amounts in {currency}").format(
                buy_in=formats.money(state.info.buy_in), fee=formats.money(state.info.fee),
                currency=formats.currency)), id="title")
            with Grid(id="fields"):
                for key, label in FIELDS:
                    yield Label(_(label))
                    yield Input(self.texts[key], id=key, name=key, compact=True)
            with Horizontal(id="buttons"):
                yield Button(_("Save (Enter)"), id="save", variant="primary")
                yield Button(_("Close (Esc)"), id="cancel")

    def formats(self) -> Formats:
        return Formats.of(service_of(self).state.house_rules)

    def on_mount(self) -> None:
        self.query_one(f"#{FIELDS[0][0]}", Input).focus()

    def typed(self) -> dict[str, str]:
        return {key: self.query_one(f"#{key}", Input).value for key, _label in FIELDS}

    @property
    def unsaved(self) -> bool:
        """Something typed that differs from the settings shown."""
        return self.typed() != self.texts

    def settings(self) -> MoneySettings:
        """The settings as typed over the current ones; `InvalidInput` names the field at fault."""
        locale = self.formats().locale
        labels = dict(FIELDS)
        values: dict[str, Any] = {}
        for key, text in self.typed().items():
            text = text.strip()
            if key == "pay_jumps":
                parts = [part.strip() for part in text.split(",") if part.strip()]
                if not all(part.isdigit() for part in parts):
                    raise InvalidInput("{label}: write place numbers, 9, 18", label=_(labels[key]))
                values[key] = [int(part) for part in parts]
            elif not text and key in OPTIONAL:
                values[key] = None
            else:
                number = parse_number(text, locale, _(labels[key]))
                if key in WHOLE and number != number.to_integral_value():
                    raise InvalidInput("{label}: {text} is not a whole number", label=_(labels[key]),
                                       text=text)
                values[key] = int(number) if key in WHOLE else number
        data = service_of(self).state.money.model_dump()
        curve = {"paid_share": values.pop("paid_percent") / 100,
                 "min_cash_multiple": values.pop("min_cash_multiple"), "unit": values.pop("unit"),
                 "exponent": float(values.pop("exponent"))}
        data.update(values)
        data["curve"].update(curve)
        return validate(MoneySettings, data, "money settings")

    def action_save(self) -> None:
        try:
            settings = self.settings()
        except TdError as error:
            self.notify(error_text(error).splitlines()[0], severity="error", markup=False)
            return
        if settings == service_of(self).state.money:
            self.dismiss(None)  # nothing changed: nothing to log
            return

        def done(ok: bool) -> None:
            if ok:  # refused: the service said why; what was typed stays to be corrected
                self.dismiss(None)

        self.post_message(ActionRequested(money_actions.money_load,
                                          money_actions.MoneyLoadRequest(settings=settings), on_done=done))

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self.action_save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.close()

    def drop_question(self) -> str:
        return _("Drop the unsaved money settings?")
