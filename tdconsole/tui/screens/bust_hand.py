"""Bust several players in one hand: names with the chips they started it with, who knocked them
out, and (in hand-for-hand, unseated) the table. The places show as you type, decided by the same
pure `decide` the service runs (`views/busts.py`; T-ELIM-1/2/3, T-BOUNTY-1)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from tdconsole.actions.players import BustRequest
from tdconsole.domain.errors import TdError
from tdconsole.domain.text import name_numbers
from tdconsole.i18n import N_, _
from tdconsole.tui.keys import TranslatedKeys
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.service_app import service_of
from tdconsole.tui.widgets.form_fields import FormField, FormFields, mark_refused, refusal_line
from tdconsole.views.busts import bust_command, bust_lines, bust_preview

# The bust's fields and the input each is typed in: a refusal is shown with its label.
OUT = FormField("busts", N_("Players out"))
FIELDS: FormFields = {"names": OUT, "stack": OUT, "by": FormField("by", N_("Knocked out by")),
                      "table": FormField("table", N_("Table"))}


def split_names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


class BustHandScreen(TranslatedKeys, ModalScreen[BustRequest | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, names: str = "", *, ask_knocker: bool = False) -> None:
        super().__init__()
        self.initial = names
        # A PKO's bust of the highlighted player: the name is given, the knocker is asked (T-PKO-1).
        self.ask_knocker = ask_knocker
        self.command: BustRequest | None = None
        self.refused: Input | None = None  # the input of the field the preview's refusal is about
        # The places the preview shows for `command`, one line a player.
        self.places: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(_("Bust in one hand: ranked by the chips they started it with (T-ELIM-1)"))
            yield Input(value=self.initial, id="busts",
                        placeholder=_("Name=starting stack, Name=stack (no stack: T-ELIM-3)"))
            yield Input(id="by", placeholder=_("Knocked out by: names (several split the bounty)"))
            yield Input(id="table", placeholder=_("Table (hand-for-hand, unseated players)"))
            yield Static("", id="preview")
            with Horizontal(id="buttons"):
                yield Button(_("Bust… (Enter, then y)"), id="bust", variant="error")
                yield Button(_("Cancel (Esc)"), id="cancel")

    def on_mount(self) -> None:
        for field in FIELDS.values():
            self.query_one(f"#{field.input}", Input).border_title = _(field.label)
        if self.ask_knocker:
            self.query_one("#by", Input).focus()
        self.update_preview()

    def build(self) -> BustRequest:
        names, stacks = [], {}
        for part in split_names(self.query_one("#busts", Input).value):
            if "=" in part:
                stacks.update(name_numbers([part], "stack"))
                names.append(part.rpartition("=")[0].strip())
            else:
                names.append(part)
        if not names:
            raise TdError("type the names of the players out in this hand", field="names")
        table_text = self.query_one("#table", Input).value.strip()
        if table_text and not table_text.isdigit():
            raise TdError("table {table_text!r} is not a number", table_text=table_text, field="table")
        return BustRequest(names=names, stack=stacks, by=split_names(self.query_one("#by", Input).value),
                           table=int(table_text) if table_text else None)

    def update_preview(self) -> None:
        service = service_of(self)
        preview = self.query_one("#preview", Static)
        self.command = None
        try:
            command = self.build()
            rows = bust_preview(service.state, bust_command(**command.model_dump()), service.now())
        except (TdError, ValueError) as error:
            preview.update(Text(refusal_line(error, FIELDS), style="red"))
            self.refused = mark_refused(self, error, FIELDS)
            return
        self.refused = mark_refused(self, None, FIELDS)
        self.command = command
        lines = bust_lines(service.state, rows)
        self.places = lines
        preview.update(Text("\n".join(lines)))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.update_preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "bust":
            self.submit()
        else:
            self.dismiss(None)

    def submit(self) -> None:
        """Nothing is busted without a yes: Enter asks, showing the places; `y` busts, and Enter
        or Escape there comes back to the names as typed."""
        self.update_preview()
        command = self.command
        if command is None:
            if self.refused is not None:
                self.refused.focus()
            return
        shown = "\n".join(self.places)

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.dismiss(command)

        self.app.push_screen(ConfirmScreen(_("Bust them?") + "\n" + shown), confirmed)

    def action_cancel(self) -> None:
        self.dismiss(None)
