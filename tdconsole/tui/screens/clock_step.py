"""The TD's choice after the machine's clock jumped: keep the tournament clock or follow the machine's.

Until the TD answers, every terminal keeps counting the tournament's time as before the jump
(tdconsole/time_source.py); Enter and Escape keep it, the answer that moves nothing."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from tdconsole.i18n import _
from tdconsole.tui.screens.confirm import ConfirmScreen


class ClockStepScreen(ConfirmScreen):
    """Yes (y) follows the machine's clock; No (n, Enter, Escape) keeps the tournament clock."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question), id="question")
            with Horizontal(id="buttons"):
                yield Button(_("Follow the machine (y)"), id="yes", variant="error")
                yield Button(_("Keep the tournament clock (n)"), id="no")
