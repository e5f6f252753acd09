"""A one-line question with a text answer (a move, a button, a file name); Escape cancels."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tdconsole.tui.keys import TranslatedKeys


class PromptScreen(TranslatedKeys, ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, placeholder: str = "", value: str = "", *,
                 empty_answers: bool = False) -> None:
        super().__init__()
        self.question = question
        self.placeholder = placeholder
        self.value = value
        # Enter on nothing typed is an answer ("" : none known), told apart from Escape (None).
        self.empty_answers = empty_answers

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question), id="question")
            yield Input(value=self.value, placeholder=self.placeholder, id="answer")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() if self.empty_answers else event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
