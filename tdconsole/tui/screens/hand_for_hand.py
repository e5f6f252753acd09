"""The hand-for-hand board (T-H4H-1): which tables have finished the hand, the busts waiting for
the others, and whether hand-for-hand is due."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Header, Input, Static

from tdconsole.actions import hand_for_hand
from tdconsole.actions.base import NoArguments
from tdconsole.i18n import N_, _
from tdconsole.tui.messages import ActionRequested
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.views.formatting import Formats
from tdconsole.views.money import hand_for_hand_view, payouts_view

# The house settings the board names, as people read them (the rules keep the keys).
CLOCK_WORDS = {"pause": N_("paused"), "deduct": N_("time taken off per hand")}
ACROSS_WORDS = {"rank-by-stack": N_("ranked by stack"), "tie": N_("tied")}


class HandForHandScreen(ServiceScreen):
    AUTO_FOCUS = "#tables"  # single keys act; Escape leaves an input
    # s then Enter starts it at the seated players' tables; d then the table's number, Enter, marks
    # a table done (the field stays for the next table); x stops it.
    BINDINGS = [Binding("s", "focus_start", "Start"),
                Binding("d", "focus_done", "Table done"),
                Binding("x", "stop", "Stop hand-for-hand"),
                Binding("escape", "focus_tables", "Back", show=False)]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status")
        with Horizontal(id="inputs"):
            yield Input(placeholder=_("Start: tables in play 1,2,3 (empty = seated), Enter"),
                        id="start")
            # Digits only: a key letter pressed while the field has the focus types nothing.
            yield Input(placeholder=_("Table that finished the hand, Enter"), id="done",
                        type="integer")
        yield DataTable(id="tables", cursor_type="row")
        yield DataTable(id="pending", cursor_type="row")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#tables", DataTable).add_columns(_("Table"), _("This hand"))
        self.query_one("#pending", DataTable).add_columns(_("Busted this hand"), _("Table"), _("Stack"))

    def refresh_view(self) -> None:
        state = self.service.state
        data = hand_for_hand_view(state, len(payouts_view(state).payouts))
        playing = data.tables or []
        if data.active:
            done = sum(row.done for row in playing)
            hand = (_("hand {hand} (the hand in progress at the announcement, RP-8A)") if data.hand == 0
                    else _("hand {hand}")).format(hand=data.hand)
            across, clock = data.across_tables or "", data.clock or ""
            status = _("Hand-for-hand: {hand} - {done} of {tables} tables done; busts across "
                       "tables: {across}; clock: {clock}").format(
                hand=hand, done=done, tables=len(playing),
                across=_(ACROSS_WORDS[across]) if across in ACROSS_WORDS else across,
                clock=_(CLOCK_WORDS[clock]) if clock in CLOCK_WORDS else clock)
        else:
            status = (_("Hand-for-hand is off - DUE NOW: the next bust reaches the money (T-H4H-1)")
                      if data.suggested else _("Hand-for-hand is off"))
            status += _(" (s: start at the seated players' tables)")
        self.query_one("#status", Static).update(Text(status))
        tables = self.query_one("#tables", DataTable)
        tables.clear()
        for row in playing:
            tables.add_row(str(row.table), Text(_("done"), style="green") if row.done
                           else Text(_("playing"), style="yellow"))
        pending = self.query_one("#pending", DataTable)
        pending.clear()
        formats = Formats.of(state.house_rules)
        for bust in data.pending or []:
            pending.add_row(Text(bust.name), str(bust.table),
                            "" if bust.stack is None else formats.number(bust.stack, 0))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if event.input.id == "start":
            parts = [part.strip() for part in text.split(",") if part.strip()]
            if not all(part.isdigit() for part in parts):
                self.notify(_("tables are numbers: 1,2,3"), severity="error")
                return
            # Once it runs, the next thing typed is a table that finished the hand.
            self.post_message(ActionRequested(hand_for_hand.start, hand_for_hand.StartRequest(
                tables=",".join(parts)), on_done=self._started))
        elif event.input.id == "done":
            if not text.isdigit():
                self.notify(_("type the table's number"), severity="error")
                return
            self.post_message(ActionRequested(hand_for_hand.done,
                                              hand_for_hand.TableRequest(table=int(text))))
        event.input.value = ""

    def _started(self, done: bool) -> None:
        if done:
            self.action_focus_done()

    def action_focus_start(self) -> None:
        self.query_one("#start", Input).focus()

    def action_focus_done(self) -> None:
        self.query_one("#done", Input).focus()

    def action_stop(self) -> None:
        self.post_message(ActionRequested(hand_for_hand.stop, NoArguments()))

    def action_focus_tables(self) -> None:
        self.query_one("#tables", DataTable).focus()
