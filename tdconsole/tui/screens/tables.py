"""Tables: every table as a tile (seats, names, D/SB/BB), short tables highlighted, and the
balancing panel: each suggested move with its reason, applied one at a time or all after a
confirmation; break the suggested table; move a player by hand; set a button; export the seating
list and seat slips."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Footer, Header, Static

from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.domain.seating import balancing
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import _
from tdconsole.tui.messages import CommandRequested
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.prompt import PromptScreen
from tdconsole.views import seating as seating_views
from tdconsole.views.export import SEATING_FORMATS, seating_document
from tdconsole.views.seating import TableView, tables_view


def tile(view: TableView) -> Text:
    """One table's tile: a header, then a line per seat with its name (never markup) and marks."""
    text = Text(f"Table {view.table}", style="bold")
    if view.status != "open":
        text.append("  broken", style="dim")
        return text
    text.append(f"  {len(view.seats)} players")
    for seat in seating_views.shown_seats(view):
        text.append(f"\n{seat:>2} ")
        text.append(Text(view.seats.get(str(seat), "-")))
        if marks := seating_views.marks(view, seat):
            text.append(f"  {marks}", style="bold yellow")
    return text


class TablesScreen(ServiceScreen):
    BINDINGS = [
        Binding("a", "apply_all", "Apply all moves"),
        Binding("o", "apply_one", "Apply one move"),
        Binding("k", "break", "Break table"),
        Binding("m", "move", "Move player"),
        Binding("t", "button", "Set button"),
        Binding("e", "export", "Export seating"),
        Binding("d", "draw", "Draw"),
        Binding("f", "final_table", "Final table"),
        Binding("h", "hands_done", "Hand done (all)"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.plan = balancing.BalancePlan()
        self._tile_widgets: list[Static] = []
        self._tile_numbers: list[int] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with VerticalScroll(id="room"):
                yield Grid(id="tiles")
            with Vertical(id="panel"):
                yield Static("Balancing", classes="title")
                yield Static(id="advice")
                yield DataTable(id="moves", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#moves", DataTable).add_columns("Player", "From", "To", "Reason")

    def refresh_view(self) -> None:
        state = self.service.state
        views = tables_view(state.room)
        self.plan = seating.balance_plan(state)
        self._lay_tiles(views)
        self._panel(state)

    def _lay_tiles(self, views: list[TableView]) -> None:
        grid = self.query_one("#tiles", Grid)
        counts = [len(v.seats) for v in views if v.status == "open"]
        allowed = balancing.tolerance(self.service.state.house_rules, len(counts))
        top = max(counts, default=0)
        numbers = [v.table for v in views]
        if numbers != self._tile_numbers:  # tables opened or taken back: lay the tiles out anew
            # Classes, not ids: the old tiles may still be on their way out while these mount.
            grid.remove_children()
            self._tile_widgets = [Static(classes=f"tile table-{n}") for n in numbers]
            self._tile_numbers = numbers
            grid.mount_all(self._tile_widgets)
        for widget, view in zip(self._tile_widgets, views, strict=True):
            widget.update(tile(view))
            is_open = view.status == "open"
            widget.set_class(is_open and top - len(view.seats) > allowed, "short")
            widget.set_class(not is_open, "broken")

    def _panel(self, state: TournamentState) -> None:
        lines = []
        if not state.room:
            lines.append("No tables yet: press d to draw the seats (T-SEAT-2).")
        elif seating.final_table_due(state):
            lines.append(_("The players fit one table: press f to draw the final table (T-SEAT-3)."))
        if self.plan.break_ is not None:
            lines.append(f"Break table {self.plan.break_} first (10A, T-BREAK-1): press k.")
        if self.plan.halt:
            lines.append(f"Halt tables {', '.join(map(str, self.plan.halt))} (11D).")
        if state.room and not self.plan.moves and self.plan.break_ is None:
            lines.append("The tables are balanced (T-BAL-1).")
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
        more = f" and {count - len(shown)} more" if count > len(shown) else ""
        return "Move " + "; ".join(shown) + more + "?"

    def action_apply_one(self) -> None:
        if not self.plan.moves:
            self.notify("Nobody needs to move", severity="warning")
            return
        first = self.plan.moves[:1]
        self._confirm(self._moves_question(1),
                      commands.Balance(moves=1, expect=first))

    def action_apply_all(self) -> None:
        if not self.plan.moves:
            self.notify("Nobody needs to move", severity="warning")
            return
        moves = list(self.plan.moves)
        self._confirm(self._moves_question(len(moves)),
                      commands.Balance(expect=moves))

    def action_break(self) -> None:
        number = self.plan.break_
        if number is None:
            self.notify("No table can break yet (T-BREAK-1)", severity="warning")
            return
        self._confirm(f"Break table {number} and draw its players into the free seats?",
                      commands.BreakTable(table=number))

    def action_hands_done(self) -> None:
        # Every dealing table's hand is over: no confirmation, undo takes it back.
        self.post_message(CommandRequested(commands.HandDone()))

    def action_draw(self) -> None:
        self._confirm(_("Draw the seats of every registered, unseated player?"),
                      commands.Draw())

    def action_final_table(self) -> None:
        if not seating.final_table_due(self.service.state):
            self.notify(_("The players do not fit one table yet (T-SEAT-3)"), severity="warning")
            return
        self._confirm(_("Draw the final table: every player to a new seat at random (T-SEAT-3)?"),
                      commands.FinalTable())

    def _ask(self, question: str, placeholder: str, then: Any) -> None:
        def answered(answer: str | None) -> None:
            if not answer:
                return
            try:
                then(answer)
            except (TdError, ValueError) as error:
                self.notify(str(error), severity="error", timeout=6)

        self.app.push_screen(PromptScreen(question, placeholder), answered)

    def action_move(self) -> None:
        def move(answer: str) -> None:
            name, table, seat = _name_table_seat(answer)
            self.post_message(CommandRequested(
                commands.MovePlayer(name=name, table=table, seat=seat)))

        self._ask("Move a player: NAME TABLE SEAT", "Anna Berg 3 7", move)

    def action_button(self) -> None:
        def button(answer: str) -> None:
            table, seat = _numbers(answer, 2, "TABLE SEAT")
            self.post_message(CommandRequested(commands.SetButton(table=table, seat=seat)))

        self._ask("Where is the button in the hand being played? TABLE SEAT (34A)", "3 5", button)

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
            self.notify(f"Wrote {', '.join(written)} in {folder}")

        self._ask("Export the seating list and seat slips (text and HTML) to this folder",
                  "seating", export)


def _numbers(answer: str, count: int, what: str) -> list[int]:
    parts = answer.split()
    if len(parts) != count or not all(p.isdigit() for p in parts):
        raise InvalidInput(f"type {what} as numbers, e.g. 3 5")
    return [int(p) for p in parts]


def _name_table_seat(answer: str) -> tuple[str, int, int]:
    # The name is everything before the last two numbers, spaces and all.
    parts = answer.rsplit(maxsplit=2)
    if len(parts) < 3:
        raise InvalidInput("type NAME TABLE SEAT, e.g. Anna Berg 3 7")
    table, seat = _numbers(" ".join(parts[1:]), 2, "TABLE SEAT")
    return parts[0], table, seat
