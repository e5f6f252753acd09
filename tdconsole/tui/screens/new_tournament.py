"""A new tournament from a template (or the club's defaults): its name, then the template. The
tournament is made beside this one; the TD opens it with `tdconsole -t ID` (this terminal stays
on its own tournament, as every terminal does)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tdconsole.actions.templates import TemplateRow, template_line
from tdconsole.i18n import _
from tdconsole.tui.keys import TranslatedKeys

NO_TEMPLATE = "-"


class NewTournamentScreen(TranslatedKeys, ModalScreen[tuple[str, str | None] | None]):
    """Answers (name, template key or None for the club's defaults); Escape makes nothing."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, templates: list[TemplateRow]) -> None:
        super().__init__()
        self.templates = templates

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(_("A new tournament: type its name, Enter, then choose what it starts "
                                "from and Enter.")), id="question")
            yield Input(placeholder=_("The tournament's name"), id="name")
            yield OptionList(Option(_("The club's defaults (no template)"), id=NO_TEMPLATE),
                             *(Option(Text(template_line(row)), id=row.key) for row in self.templates),
                             id="templates")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            self.query_one("#name", Input).focus()
            return
        key = event.option.id
        self.dismiss((name, None if key in (None, NO_TEMPLATE) else key))

    def action_cancel(self) -> None:
        self.dismiss(None)
