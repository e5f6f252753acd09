"""Tables: every table as a tile (seats, names, D/SB/BB), short tables highlighted, and the
balancing panel: each suggested move with its reason, applied one at a time or all after a
confirmation; break the suggested table; move a player by hand; set a button; export the seating
list and seat slips."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Header, Static

from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.domain.seating import balancing
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.seating.tables import Table
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import _, error_text, ngettext
from tdconsole.tui.messages import CommandRequested
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.prompt import PromptScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.tui.widgets.synced_table import Row, SyncedTable
from tdconsole.views import seating as seating_views
from tdconsole.views.export import SEATING_FORMATS, seating_document
from tdconsole.views.seating import TableView, table_view


def tile(view: TableView) -> Text:
    """One table's tile: a header, then a line per seat with its name (never markup) and marks."""
    text = Text(_("Table {table}").format(table=view.table), style="bold")
    if view.status != "open":
        text.append("  " + _("broken"), style="dim")
        return text
    players = len(view.seats)
    text.append("  " + ngettext("{count} player", "{count} players", players).format(count=players))
    for seat in seating_views.shown_seats(view):
        text.append(f"\n{seat:>2} ")
        text.append(Text(view.seats.get(str(seat), "-")))
        if marks := seating_views.marks(view, seat):
            text.append(f"  {marks}", style="bold yellow")
    return text


# A tile's width (a name and D/SB/BB on one line, the frame); past MAX_TILES tables a list.
TILE_WIDTH = 34
MAX_TILES = 60
# The balancing panel's width, and the terminal widths where it narrows and where it goes under.
PANEL_WIDTH = 64
PANEL_WIDTH_MIDDLING = 46
WIDE = 160
NARROW = 100


class TablesScreen(ServiceScreen):
    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("a", "apply_all", "Balance"),
        Binding("k", "break", "Break table"),
        Binding("f", "final_table", "Final table"),
        Binding("o", "apply_one", "One move"),
        Binding("m", "move", "Move"),
        Binding("t", "button", "Button"),
        Binding("h", "hands_done", "Hands done"),
        Binding("e", "export", "Export"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.plan = balancing.BalancePlan()
        self._tile_widgets: list[Static] = []
        self._tile_numbers: list[int] = []
        # Each table's view and list rows, kept while the room holds the same Table: a table is
        # immutable (seating replaces it when it changes), so after a bust at festival size only
        # that table's rows are made again, not 1,112 tables'.
        self._views: dict[int, tuple[Table, TableView]] = {}
        self._rows: dict[tuple[int, bool], tuple[TableView, list[Row]]] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            with VerticalScroll(id="room"):
                yield Grid(id="tiles")
            yield SyncedTable(id="list", cursor_type="row", zebra_stripes=True)
            with Vertical(id="panel"):
                yield Static(_("Balancing"), classes="title")
                yield Static(id="advice")
                yield DataTable(id="moves", cursor_type="row")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#moves", DataTable).add_columns(_("Player"), _("From"), _("To"), _("Reason"))
        self.query_one("#list", SyncedTable).add_columns(_("Table"), _("Seat"), _("Player"), "D/SB/BB")

    def on_resize(self, _event: events.Resize) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        state = self.service.state
        self.plan = seating.balance_plan(state)
        width = self.size.width or self.app.size.width
        # Narrow: the balancing panel goes under the room; middling: a narrower panel.
        self.query_one("#body").set_class(width < NARROW, "-narrow")
        self.query_one("#panel").styles.width = (
            "100%" if width < NARROW else PANEL_WIDTH if width >= WIDE else PANEL_WIDTH_MIDDLING)
        room_width = width if width < NARROW else width - (
            PANEL_WIDTH if width >= WIDE else PANEL_WIDTH_MIDDLING)
        views = [self._view(state.room[number]) for number in sorted(state.room)]
        open_count = sum(view.status == "open" for view in views)
        columns = max(room_width // TILE_WIDTH, 1)
        # Tiles while they fit side by side (names never run down a narrow tile) and the room is
        # small enough to take in; else one line per seat, a list that scrolls at any size.
        as_list = open_count > MAX_TILES or columns < min(2, max(open_count, 1))
        self.query_one("#room").display = not as_list
        self.query_one("#list").display = as_list
        short = self._short(views)
        if as_list:
            self._list(views, short)
        else:
            self.query_one("#tiles", Grid).styles.grid_size_columns = columns
            self._lay_tiles(views, short)
        self._panel(state)

    def _view(self, table: Table) -> TableView:
        cached = self._views.get(table.number)
        if cached is None or cached[0] is not table:
            cached = self._views[table.number] = (table, table_view(table, self.service.state.house_rules))
        return cached[1]

    def _short(self, views: list[TableView]) -> set[int]:
        """The tables past the tolerance (T-BAL-1), highlighted."""
        counts = [len(v.seats) for v in views if v.status == "open"]
        allowed = balancing.tolerance(self.service.state.house_rules, len(counts))
        top = max(counts, default=0)
        return {v.table for v in views if v.status == "open" and top - len(v.seats) > allowed}

    def _list(self, views: list[TableView], short: set[int]) -> None:
        rows: list[Row] = []
        for view in views:
            if view.status == "open":
                rows += self._table_rows(view, view.table in short)
        self.query_one("#list", SyncedTable).show(rows)

    def _table_rows(self, view: TableView, is_short: bool) -> list[Row]:
        """One row per seat worth a line (`shown_seats`), made again only when the view is new."""
        cached = self._rows.get((view.table, is_short))
        if cached is None or cached[0] is not view:
            number = f"{view.table}" + (_("  short") if is_short else "")
            cached = self._rows[(view.table, is_short)] = (view, [
                (f"{view.table}-{seat}", (number, str(seat), view.seats.get(str(seat), "-"),
                                          seating_views.marks(view, seat)))
                for seat in seating_views.shown_seats(view)])
        return cached[1]

    def _lay_tiles(self, views: list[TableView], short: set[int]) -> None:
        grid = self.query_one("#tiles", Grid)
        numbers = [v.table for v in views]
        if numbers != self._tile_numbers:  # tables opened or taken back: lay the tiles out anew
            # Classes, not ids: the old tiles may still be on their way out while these mount.
            grid.remove_children()
            self._tile_widgets = [Static(classes=f"tile table-{n}") for n in numbers]
            self._tile_numbers = numbers
            grid.mount_all(self._tile_widgets)
        for widget, view in zip(self._tile_widgets, views, strict=True):
            widget.update(tile(view))
            widget.set_class(view.table in short, "short")
            widget.set_class(view.status != "open", "broken")

    def _panel(self, state: TournamentState) -> None:
        lines = []
        if not state.room:
            lines.append(_("No tables yet: press d to draw the seats (T-SEAT-2)."))
        elif seating.final_table_due(state):
            lines.append(_("The players fit one table: press f to draw the final table (T-SEAT-3)."))
        if self.plan.break_ is not None:
            lines.append(_("Break table {table} first (10A, T-BREAK-1): press k.").format(
                table=self.plan.break_))
        if self.plan.halt:
            lines.append(_("Halt tables {tables} (11D).").format(tables=", ".join(map(str, self.plan.halt))))
        if state.room and not self.plan.moves and self.plan.break_ is None:
            lines.append(_("The tables are balanced (T-BAL-1)."))
        self.query_one("#advice", Static).update("\n".join(lines))
        table = self.query_one("#moves", DataTable)
        table.clear()
        for move in self.plan.moves:
            table.add_row(Text(move.player), f"{move.from_.table}-{move.from_.seat}",
                          f"{move.to.table}-{move.to.seat}", move.rule)

    # ------------------------------------------------------------ actions

    def _confirm(self, question: str, command: commands.Command) -> None:
        def confirmed(yes: bool | None) -> None:
            if yes:
                self.post_message(CommandRequested(command))

        self.app.push_screen(ConfirmScreen(question), confirmed)

    def _moves_question(self, count: int) -> str:
        lines = [seating_views.move_line(m) for m in self.plan.moves]
        shown = lines[: min(count, 8)]
        moves = "; ".join(shown)
        if count > len(shown):
            return _("Move {moves} and {more} more?").format(moves=moves, more=count - len(shown))
        return _("Move {moves}?").format(moves=moves)

    def action_apply_one(self) -> None:
        if not self.plan.moves:
            self.notify(_("Nobody needs to move"), severity="warning")
            return
        first = self.plan.moves[:1]
        self._confirm(self._moves_question(1),
                      commands.Balance(moves=1, expect=first))

    def action_apply_all(self) -> None:
        if not self.plan.moves:
            self.notify(_("Nobody needs to move"), severity="warning")
            return
        moves = list(self.plan.moves)
        self._confirm(self._moves_question(len(moves)),
                      commands.Balance(expect=moves))

    def action_break(self) -> None:
        number = self.plan.break_
        if number is None:
            self.notify(_("No table can break yet (T-BREAK-1)"), severity="warning")
            return
        self._confirm(_("Break table {table} and draw its players into the free seats?").format(
                          table=number),
                      commands.BreakTable(table=number))

    def action_hands_done(self) -> None:
        # Every dealing table's hand is over: no confirmation, undo takes it back.
        self.post_message(CommandRequested(commands.HandDone()))

    def action_final_table(self) -> None:
        """Every seat drawn anew at the final table (T-SEAT-2, T-SEAT-3): asked first, No by default,
        since it moves everyone."""
        state = self.service.state
        try:
            number = seating.final_table_number(state)
        except TdError as error:
            self.notify(error_text(error), severity="error", markup=False)
            return
        question = _("Draw the final table: every one of the {players} players left gets a new seat "
                     "at table {table}?").format(players=state.players_left, table=number)

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.post_message(CommandRequested(commands.FinalTable()))

        self.app.push_screen(ConfirmScreen(question), confirmed)

    def action_draw(self) -> None:
        self._confirm(_("Draw the seats of every registered, unseated player?"),
                      commands.Draw())

    def _ask(self, question: str, placeholder: str, then: Any) -> None:
        def answered(answer: str | None) -> None:
            if not answer:
                return
            try:
                then(answer)
            except (TdError, ValueError) as error:
                self.notify(error_text(error), severity="error", timeout=6, markup=False)

        self.app.push_screen(PromptScreen(question, placeholder), answered)

    def action_move(self) -> None:
        def move(answer: str) -> None:
            name, table, seat = _name_table_seat(answer)
            self.post_message(CommandRequested(
                commands.MovePlayer(name=name, table=table, seat=seat)))

        self._ask(_("Move a player: NAME TABLE SEAT"), _("Anna Berg 3 7"), move)

    def action_button(self) -> None:
        def button(answer: str) -> None:
            table, seat = _numbers(answer, 2, _("TABLE SEAT"))
            self.post_message(CommandRequested(commands.SetButton(table=table, seat=seat)))

        self._ask(_("Where is the button in the hand being played? TABLE SEAT (34A)"), "3 5", button)

    def action_export(self) -> None:
        def export(answer: str) -> None:
            state = self.service.state
            folder = Path(answer).expanduser()
            folder.mkdir(parents=True, exist_ok=True)
            written = []
            for slips in (False, True):
                for fmt in SEATING_FORMATS:
                    path = folder / f"{'slips' if slips else 'seating'}.{'txt' if fmt == 'text' else fmt}"
                    path.write_text(seating_document(state.room, state.info.name, fmt, slips),
                                    encoding="utf-8")
                    written.append(path.name)
            self.notify(_("Wrote {files} in {folder}").format(files=", ".join(written), folder=folder),
                        markup=False)

        self._ask(_("Export the seating list and seat slips (text and HTML) to this folder"),
                  "seating", export)


def _numbers(answer: str, count: int, what: str) -> list[int]:
    parts = answer.split()
    if len(parts) != count or not all(p.isdigit() for p in parts):
        raise InvalidInput("type {what} as numbers, e.g. 3 5", what=what)
    return [int(p) for p in parts]


def _name_table_seat(answer: str) -> tuple[str, int, int]:
    # The name is everything before the last two numbers, spaces and all.
    parts = answer.rsplit(maxsplit=2)
    if len(parts) < 3:
        raise InvalidInput("type NAME TABLE SEAT, e.g. Anna Berg 3 7")
    table, seat = _numbers(" ".join(parts[1:]), 2, _("TABLE SEAT"))
    return parts[0], table, seat
