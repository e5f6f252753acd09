"""Rulings: the guided wizard, clock calls with their countdown, the rulings log
with a filter, and the penalty board. The TD's console and the floor terminal share this screen;
the service decides who may do what (floor staff may log rulings and call the clock)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, VerticalScroll
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Header,
    Input,
    Label,
    Static,
    TabbedContent,
    TabPane,
)

from tdconsole.actions import rulings
from tdconsole.domain.floor.clock_call import SCENARIO as CLOCK_CALL
from tdconsole.domain.floor.clock_call import answers_at_zero
from tdconsole.domain.floor.rulings import Catalogue
from tdconsole.i18n import N_, _
from tdconsole.tui.messages import ActionRequested
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.service_app import TICK_SECONDS
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.tui.widgets.ruling_wizard import RulingWizard, describe_suggestion
from tdconsole.views.formatting import format_clock, format_duration
from tdconsole.views.rulings import (
    ClockCallRow,
    clock_calls_view,
    left_text,
    logged_ruling_view,
    offence_text,
    offences_view,
    penalties_view,
    penalty_text,
    rulings_view,
)

# A penalty board row's status.
STATUS_WORDS = {"serving": N_("serving"), "ended": N_("ended"), "done": N_("done")}


class RulingsScreen(ServiceScreen):
    BINDINGS = [
        Binding("l", "log_at_zero", "Log clock ruling"),
        Binding("x", "stop_call", "Player acted"),
        Binding("h", "hand_served", "Hand served"),
        Binding("e", "end_penalty", "End penalty"),
        Binding("c", "correct", "Correct ruling"),
    ]

    # Each key acts on its own tab only (and shows in the footer there).
    ACTION_TABS = {"log_at_zero": "tab-calls", "stop_call": "tab-calls", "hand_served": "tab-penalties",
                   "end_penalty": "tab-penalties", "correct": "tab-log"}

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        super().__init__()
        # The app loaded the catalogue before it ran (a broken file is one line, not a traceback).
        self.catalogue: Catalogue = catalogue or self.app.catalogue  # type: ignore[attr-defined]
        self._announced: set[int] = set()

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent(id="tabs"):
            with TabPane(_("Ruling"), id="tab-wizard"), VerticalScroll():
                yield RulingWizard(self.catalogue, id="wizard")
            with TabPane(_("Clock calls"), id="tab-calls"), VerticalScroll():
                with Grid(id="call-form"):
                    yield Label(_("Table"))
                    yield Input(id="call-table", type="integer")
                    yield Label(_("Seat"))
                    yield Input(id="call-seat", type="integer")
                    yield Checkbox(_("Facing a bet"), value=True, id="call-facing")
                    yield Button(_("Call the clock"), id="call", variant="primary")
                yield DataTable(id="calls", cursor_type="row")
                yield Static(id="proposal")
            with TabPane(_("Log"), id="tab-log"):
                yield Input(id="filter",
                            placeholder=_("Filter: player, staff, scenario, words of the decision"))
                yield DataTable(id="rulings", cursor_type="row", zebra_stripes=True)
                yield Static(id="detail")
            with TabPane(_("Penalties"), id="tab-penalties"), VerticalScroll():
                yield Static(_("Penalties (h: one hand served, e: end; TD only)"), classes="heading")
                yield DataTable(id="penalties", cursor_type="row")
                yield Static(_("Offences this tournament"), classes="heading")
                yield DataTable(id="offences", cursor_type="row")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#calls", DataTable).add_columns(
            "#", _("Table"), _("Seat"), _("Player"), _("Left"), "")
        self.query_one("#rulings", DataTable).add_columns(
            "#", _("Time"), _("Staff"), _("T/S"), _("Players"), _("Scenario"), _("Decision"),
            _("Penalty"), "")
        self.query_one("#penalties", DataTable).add_columns(
            _("Ruling"), _("Player"), _("Penalty"), _("Left"), _("Status"))
        self.query_one("#offences", DataTable).add_columns(_("Player"), _("Offences"), _("Rulings"))
        # Countdowns (clock calls, minutes away) change with the time alone, with nothing logged.
        self.set_interval(TICK_SECONDS, self.tick)

    # The widget each tab starts on, the first shown of these (a tab whose widget has the focus is
    # the one in front). Clock calls: the running calls, so one key logs the ruling at zero.
    TAB_FOCUS = {"tab-wizard": ["#search", "#choices", "#number", "#accept"],
                 "tab-calls": ["#calls", "#call-table"], "tab-log": ["#filter"],
                 "tab-penalties": ["#penalties"]}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        tab = self.ACTION_TABS.get(action)
        if tab is None:
            return True
        tabs = self.query(TabbedContent)
        return bool(tabs) and tabs.first().active == tab

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.refresh_bindings()

    def action_open_tab(self, tab: str) -> None:
        """Show one tab and focus its first widget (wizard, clock calls, log, penalties)."""
        # A focused widget left in a hidden tab pulls its tab back to the front: drop it first.
        self.set_focus(None)
        tabs = self.query_one(TabbedContent)
        tabs.active = tab
        for selector in self.TAB_FOCUS[tab]:
            widget = self.query_one(selector)
            if widget.display and not (isinstance(widget, DataTable) and widget.row_count == 0):
                widget.focus()
                break
        # On a screen just made, the tabs' own first activation may still be on its way.
        self.call_after_refresh(setattr, tabs, "active", tab)

    def refresh_view(self) -> None:
        self.refresh_log()
        self.tick()
        wizard = self.query_one(RulingWizard)
        if wizard.scenario is not None:
            wizard.show()

    def tick(self) -> None:
        """The parts that change with the clock alone: clock calls and minutes away."""
        self.refresh_calls()
        self.refresh_penalties()

    # ------------------------------------------------------------ clock calls

    def clock_calls(self) -> list[ClockCallRow]:
        return clock_calls_view(self.service.state, self.service.now(), self.service.state.house_rules,
                                self.catalogue.get(CLOCK_CALL))

    def refresh_calls(self) -> None:
        rows = self.clock_calls()
        table = self.query_one("#calls", DataTable)
        selected = self._selected(table)
        table.clear()
        for row in rows:
            flag = _("TIME") if row.expired else (_("warning") if row.warning else "")
            style = "bold red" if row.expired else ("yellow" if row.warning else "")
            table.add_row(str(row.id), str(row.table), str(row.seat), Text(row.player or ""),
                          Text(format_duration(row.remaining_seconds), style=style),
                          Text(flag, style=style), key=str(row.id))
            if row.expired and row.id not in self._announced:
                self._announced.add(row.id)
                self.notify(_("Clock call {call}: time at table {table} seat {seat}; l on the clock "
                              "calls tab logs the ruling").format(
                                call=row.id, table=row.table, seat=row.seat),
                            severity="warning", timeout=8)
        self._reselect(table, selected)
        proposal = self.query_one("#proposal", Static)
        current = self._current_call(rows)
        proposal.display = current is not None
        if current is None:
            return
        proposal.set_class(current.expired, "-time")
        if current.proposal:
            proposal.update(Text(_("Time on clock call {call}! Press l to log:").format(call=current.id)
                                 + "\n").append_text(describe_suggestion(current.proposal)))
        else:
            left = format_duration(current.remaining_seconds)
            proposal.update(Text(_("Clock call {call}: {left} of {total} s left; warning at {warning} s "
                                   "({rules}). x: the player acted.").format(
                call=current.id, left=left, total=current.total_seconds,
                warning=self.service.state.house_rules.clock_call.warning_seconds,
                rules=", ".join(current.rules))))

    def _current_call(self, rows: list[ClockCallRow]) -> ClockCallRow | None:
        selected = self._selected(self.query_one("#calls", DataTable))
        return next((r for r in rows if str(r.id) == selected), rows[0] if rows else None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "call":
            event.stop()
            self.call_clock()

    def call_clock(self) -> None:
        def number(name: str) -> int:
            raw = self.query_one(f"#{name}", Input).value.strip()
            return int(raw) if raw.isdigit() else 0

        table, seat = number("call-table"), number("call-seat")
        if not table or not seat:
            self.notify(_("Give the table and the seat of the player on the clock"), severity="error")
            return
        facing = self.query_one("#call-facing", Checkbox).value

        def called(ok: bool) -> None:
            if ok:  # watch the countdown; at zero one key (l) logs the ruling
                self.refresh_calls()
                self.query_one("#calls", DataTable).focus()

        self.post_message(ActionRequested(
            rulings.clock_call, rulings.ClockCallRequest(table=table, seat=seat, facing_bet=facing), called))

    def action_log_at_zero(self) -> None:
        """One key: log the ruling a clock call proposes at zero (H-DEAD-D; TDA 29)."""
        current = self._current_call(self.clock_calls())
        if current is None or not current.expired:
            self.notify(_("No clock call has run out"), severity="warning")
            return
        wizard = self.query_one(RulingWizard)
        # The call's own table, seat and player: never those left from the ruling before.
        wizard.set_where(current.table, current.seat, [current.player] if current.player else [])
        wizard.start(CLOCK_CALL, answers_at_zero(current.facing_bet), clock_call=current.id)
        wizard.log_ruling(override=False)

    def action_stop_call(self) -> None:
        current = self._current_call(self.clock_calls())
        if current is not None:
            self.post_message(ActionRequested(rulings.clock_stop, rulings.ClockStopRequest(call=current.id)))

    # ------------------------------------------------------------ the log

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "filter":
            self.refresh_log()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id in ("call-table", "call-seat"):
            self.call_clock()

    def refresh_log(self) -> None:
        words = self.query_one("#filter", Input).value.casefold().split()
        table = self.query_one("#rulings", DataTable)
        selected = self._selected(table)
        table.clear()
        zone = self.service.state.house_rules.money.time_zone
        for row in reversed(rulings_view(self.service.state)):
            haystack = " ".join([row.staff, *row.players, row.scenario, row.decision,
                                 row.reason or ""]).casefold()
            if not all(word in haystack for word in words):
                continue
            where = "/".join(str(number) for number in (row.table, row.seat) if number is not None)
            status = (_("corrected by {ruling}").format(ruling=row.corrected_by) if row.corrected_by
                      else _("corrects {ruling}").format(ruling=row.corrects) if row.corrects else "")
            decision = (_("override: {decision}").format(decision=row.decision) if row.overridden
                        else row.decision)
            table.add_row(str(row.id), format_clock(row.time, time_zone=zone, seconds=False),
                          Text(row.staff), where,
                          Text(", ".join(row.players)), row.scenario, Text(decision[:60]),
                          penalty_text(row.penalty), status, key=str(row.id))
        self._reselect(table, selected)
        self.show_detail()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "rulings":
            self.show_detail()

    def show_detail(self) -> None:
        selected = self._selected(self.query_one("#rulings", DataTable))
        detail = self.query_one("#detail", Static)
        detail.display = selected is not None
        if selected is None:
            return
        row = logged_ruling_view(self.service.state, int(selected))
        text = Text(_("Ruling {ruling} by {staff} at {time}: {decision}").format(
            ruling=row.id, staff=row.staff, decision=row.decision,
            time=format_clock(row.time, time_zone=self.service.state.house_rules.money.time_zone)) + "\n")
        if row.description:
            text.append(_("Situation: {description}").format(description=row.description) + "\n")
        if row.overridden:
            text.append(_("Suggested: {ruling}").format(ruling=row.suggestion.ruling) + "\n")
        if row.reason:
            text.append(_("Reason: {reason}").format(reason=row.reason) + "\n")
        answers = "  ".join(f"{k}={v}" for k, v in row.answers.items())
        text.append(_("Answers: {answers}").format(answers=answers) + "\n"
                    + _("Rules: {rules}").format(rules=", ".join(row.suggestion.rules)))
        detail.update(text)

    def action_correct(self) -> None:
        """Correct the ruling selected in the log: the wizard, filled in from it (never an edit)."""
        selected = self._selected(self.query_one("#rulings", DataTable))
        if selected is None:
            self.notify(_("Choose a ruling in the log to correct"), severity="warning")
            return
        self.action_open_tab("tab-wizard")
        self.query_one(RulingWizard).correct(logged_ruling_view(self.service.state, int(selected)))

    # ------------------------------------------------------------ penalties

    def refresh_penalties(self) -> None:
        state, now = self.service.state, self.service.now()
        table = self.query_one("#penalties", DataTable)
        selected = self._selected(table)
        table.clear()
        for row in penalties_view(state, now):
            status = "serving" if row.serving else ("ended" if row.ended else "done")
            table.add_row(str(row.ruling), Text(row.player), penalty_text(row), left_text(row),
                          Text(_(STATUS_WORDS[status]), style="bold" if row.serving else "dim"),
                          key=str(row.ruling))
        self._reselect(table, selected)
        offences = self.query_one("#offences", DataTable)
        offences.clear()
        for offender in offences_view(state):
            counts = ", ".join(f"{offence_text(kind)} {n}" for kind, n in offender.offences.items())
            offences.add_row(Text(offender.player), counts, ", ".join(map(str, offender.rulings)))

    def _selected_penalty(self) -> int | None:
        selected = self._selected(self.query_one("#penalties", DataTable))
        return int(selected) if selected else None

    def action_hand_served(self) -> None:
        if (ruling := self._selected_penalty()) is not None:
            self.post_message(ActionRequested(rulings.serve, rulings.ServeRequest(ruling=ruling, hands=1)))

    def action_end_penalty(self) -> None:
        if (ruling := self._selected_penalty()) is not None:
            self.post_message(ActionRequested(rulings.serve, rulings.ServeRequest(ruling=ruling, end=True)))

    # ------------------------------------------------------------ helpers

    @staticmethod
    def _selected(table: DataTable[Any]) -> str | None:
        if table.row_count == 0:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    @staticmethod
    def _reselect(table: DataTable[Any], key: str | None) -> None:
        if key is not None and key in table.rows:
            table.move_cursor(row=table.get_row_index(key), animate=False)
