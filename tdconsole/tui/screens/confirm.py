"""A yes/no question before an action that changes the tournament."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from tdconsole.i18n import _
from tdconsole.tui.keys import TranslatedKeys


class ConfirmScreen(TranslatedKeys, ModalScreen[bool]):
    """Every question this console asks guards an action on the tournament (a bust, a draw, a deal,
    undo), so Enter and Escape answer No: a stray Enter never busts anyone; `y` answers Yes, and
    `j` too ("ja"), in either language, so a TD's habit works whichever the console speaks."""

    AUTO_FOCUS = "#no"
    BINDINGS = [Binding("y,j", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

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


class UnsavedEdits:
    """Mixed into a screen that holds typing not saved yet (the structure editor, the money form):
    leaving it — Escape, or an F-key through the app's `leave_overlays` — asks `drop_question()`
    first whenever `unsaved`, so edits are never dropped silently."""

    @property
    def unsaved(self) -> bool:
        raise NotImplementedError

    def drop_question(self) -> str:
        raise NotImplementedError

    def action_close(self) -> None:
        self.close()

    def close(self, then: Callable[[], object] | None = None) -> None:
        """Leave the screen, then run `then`; unsaved edits are never dropped without asking."""
        screen: Screen[None] = self  # type: ignore[assignment]

        def leave(yes: bool | None = True) -> None:
            if yes:
                screen.dismiss(None)
                if then is not None:
                    then()

        if self.unsaved:
            screen.app.push_screen(ConfirmScreen(self.drop_question()), leave)
        else:
            leave()
