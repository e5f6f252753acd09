"""A yes/no question before an action that changes the tournament."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tdconsole.i18n import _
from tdconsole.tui.screens.base import TranslatedKeys


class ConfirmScreen(TranslatedKeys, ModalScreen[bool]):
    """Every question this console asks guards an action on the tournament (a bust, a draw, a deal,
    undo), so Enter and Escape answer No: a stray Enter never busts anyone; `y` answers Yes."""

    AUTO_FOCUS = "#no"
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question), id="question")
            with Horizontal(id="buttons"):
                yield Button(_("Yes (y)"), id="yes", variant="error")
                yield Button(_("No (n, Enter)"), id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
