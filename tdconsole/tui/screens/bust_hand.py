"""Bust several players in one hand: names with the chips they started it with, who knocked them
out, and (in hand-for-hand, unseated) the table. The places show as you type, decided by the same
pure `decide` the service runs (T-ELIM-1/2/3, T-BOUNTY-1)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from tdconsole.domain.commands import Bust
from tdconsole.domain.errors import TdError
from tdconsole.domain.money.handlers import name_numbers
from tdconsole.i18n import _, error_text
from tdconsole.tui.screens.base import TranslatedKeys
from tdconsole.tui.service_app import service_of
from tdconsole.views.busts import bust_preview


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


class BustHandScreen(TranslatedKeys, ModalScreen[Bust | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, names: str = "") -> None:
        super().__init__()
        self.initial = names
        self.command: Bust | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(_("Bust in one hand: ranked by the chips they started it with (T-ELIM-1)"))
            yield Input(value=self.initial, id="busts",
                        placeholder=_("Name=starting stack, Name=stack (no stack: T-ELIM-3)"))
            yield Input(id="by", placeholder=_("Knocked out by: names (several split the bounty)"))
            yield Input(id="table", placeholder=_("Table (hand-for-hand, unseated players)"))
            yield Static("", id="preview")
            with Horizontal(id="buttons"):
                yield Button(_("Bust (Enter)"), id="bust", variant="error")
                yield Button(_("Cancel (Esc)"), id="cancel")

    def on_mount(self) -> None:
        self.update_preview()

    def build(self) -> Bust:
        names, stacks = [], {}
        for part in _names(self.query_one("#busts", Input).value):
            if "=" in part:
                stacks.update(name_numbers([part], "stack"))
                names.append(part.rpartition("=")[0].strip())
            else:
                names.append(part)
        if not names:
            raise TdError("type the names of the players out in this hand")
        table_text = self.query_one("#table", Input).value.strip()
        if table_text and not table_text.isdigit():
            raise TdError("table {table_text!r} is not a number", table_text=table_text)
        return Bust(names=names, stacks=stacks, by=_names(self.query_one("#by", Input).value),
                    table=int(table_text) if table_text else None)

    def update_preview(self) -> None:
        service = service_of(self)
        preview = self.query_one("#preview", Static)
        self.command = None
        try:
            command = self.build()
            rows = bust_preview(service.state, command, service.now())
        except (TdError, ValueError) as error:
            preview.update(Text(error_text(error).splitlines()[0], style="red"))
            return
        self.command = command
        lines = []
        for row in rows:
            if row.place is None:
                lines.append(_("{name}: table {table}, placed when every table is done").format(
                    name=row.name, table=row.table))
            else:
                place = f"{row.place}-{row.last_place}" if row.last_place else str(row.place)
                rules = f" ({', '.join(row.rules)})" if row.rules else ""
                lines.append(_("{name}: place {place}{rules}").format(
                    name=row.name, place=place, rules=rules))
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
        self.update_preview()
        if self.command is not None:
            self.dismiss(self.command)

    def action_cancel(self) -> None:
        self.dismiss(None)
