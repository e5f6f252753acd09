"""Tables: every table as a tile (seats, names, D/SB/BB), short tables highlighted, and the
balancing panel: each suggested move with its reason, applied one at a time or all after a
confirmation; break the suggested table; move a player by hand; set a button; export the seating
list and seat slips."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Header, Static

from tdconsole.actions import seating
from tdconsole.actions.base import Action, Request
from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.domain.events import TableBroken
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import _, error_text, ngettext
from tdconsole.tui.messages import ActionRequested
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.prompt import PromptScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.tui.widgets.synced_table import Row, SyncedTable
from tdconsole.views import seating as seating_views
from tdconsole.views.export import SEATING_FORMATS, seating_document
from tdconsole.views.papers import pdf_of
from tdconsole.views.seating import (
    BalancingView,
    TableView,
    balancing_view,
    break_preview,
    no_balancing,
    round_preview,
    table_view,
)


def tile(view: TableView, seats: int) -> Text:
    """One table's tile: a header, then a line for each of its `seats` with the name (never
    markup, "-" for an empty seat) and marks. A line for every seat, as a seating chart has: the
    TD sees where the empty seats are, and a bust or a move leaves the tile its height (a tile
    that grows or shrinks lays the whole room out again)."""
    text = Text(_("Table {table}").format(table=view.table), style="bold")
    if view.status != "open":
        text.append("  " + _("broken"), style="dim")
        return text
    players = len(view.seats)
    text.append("  " + ngettext("{count} player", "{count} players", players).format(count=players))
    for seat in range(1, seats + 1):
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
        self.balancing = no_balancing()
        self._breaking: int | None = None  # the table `k` asked to break, until it is broken
        self._tile_widgets: list[Static] = []
        self._tile_numbers: list[int] = []
        self._tiles_shown: list[tuple[TableView, int, bool]] = []  # each tile's view, seats, short
        # Each table's view and list rows, kept while the room holds the same table (and the house
        # rules are the same): a table is immutable (seating replaces it when it changes), so after
        # a bust at festival size only that table's rows are made again, not 1,112 tables'.
        self._views: dict[int, tuple[object, object, TableView]] = {}
        self._rows: dict[tuple[int, bool], tuple[TableView, list[Row]]] = {}
        self._moves: list[tuple[str, str, str, str]] | None = None  # the balancing moves shown

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            with VerticalScroll(id="room"):
                yield Grid(id="tiles")
            yield SyncedTable(id="list", cursor_type="row", zebra_stripes=True)
            with Vertical(id="panel"):
                yield Static(_("Balancing"), classes="title", id="panel-title")
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
        if self._breaking is not None:
            self._tell_broken()
        self.balancing = balancing_view(state)
        width = self.size.width or self.app.size.width
        # Narrow: the balancing panel goes under the room; middling: a narrower panel.
        self.query_one("#body").set_class(width < NARROW, "-narrow")
        self.query_one("#panel").styles.width = (
            "100%" if width < NARROW else PANEL_WIDTH if width >= WIDE else PANEL_WIDTH_MIDDLING)
        room_width = width if width < NARROW else width - (
            PANEL_WIDTH if width >= WIDE else PANEL_WIDTH_MIDDLING)
        views = [self._view(state, number) for number in sorted(state.room)]
        open_count = sum(view.status == "open" for view in views)
        columns = max(room_width // TILE_WIDTH, 1)
        # Tiles while they fit side by side (names never run down a narrow tile) and the room is
        # small enough to take in; else one line per seat, a list that scrolls at any size.
        as_list = open_count > MAX_TILES or columns < min(2, max(open_count, 1))
        self.query_one("#room").display = not as_list
        self.query_one("#list").display = as_list
        short = set(self.balancing.short)
        if as_list:
            self._list(state, views, short)
        else:
            self.query_one("#tiles", Grid).styles.grid_size_columns = columns
            self._lay_tiles(views, [state.room[view.table].seats for view in views], short)
        self._panel(state, self.balancing)

    def _view(self, state: TournamentState, number: int) -> TableView:
        table = state.room[number]
        cached = self._views.get(number)
        if cached is None or cached[0] is not table or cached[1] is not state.house_rules:
            cached = self._views[number] = (table, state.house_rules, table_view(table, state.house_rules))
        return cached[2]

    def _list(self, state: TournamentState, views: list[TableView], short: set[int]) -> None:
        rows: list[Row] = []
        for view in views:
            if view.status == "open":
                rows += self._table_rows(view, state.room[view.table].seats, view.table in short)
        self.query_one("#list", SyncedTable).show(rows)

    def _table_rows(self, view: TableView, seats: int, is_short: bool) -> list[Row]:
        """A row for every seat, an empty one as "-", as a seating chart lists them: a bust or a
        move changes a row and the list keeps its length (a list that grows or shrinks lays the
        whole screen out again). Made again only when the view is new."""
        cached = self._rows.get((view.table, is_short))
        if cached is None or cached[0] is not view:
            number = f"{view.table}" + (_("  short") if is_short else "")
            # Most seats hold no mark: only those that may are asked (10,000 seats at first).
            marked = {view.button, view.small_blind, view.big_blind, *view.waiting, *view.blocked}
            cached = self._rows[(view.table, is_short)] = (view, [
                (f"{view.table}-{seat}", (number, str(seat), view.seats.get(str(seat), "-"),
                                          seating_views.marks(view, seat) if seat in marked else ""))
                for seat in range(1, seats + 1)])
        return cached[1]

    def _lay_tiles(self, views: list[TableView], seats: list[int], short: set[int]) -> None:
        grid = self.query_one("#tiles", Grid)
        numbers = [v.table for v in views]
        if numbers != self._tile_numbers:  # tables opened or taken back: lay the tiles out anew
            # Classes, not ids: the old tiles may still be on their way out while these mount.
            grid.remove_children()
            self._tile_widgets = [Static(classes=f"tile table-{n}") for n in numbers]
            self._tile_numbers = numbers
            self._tiles_shown = []
            grid.mount_all(self._tile_widgets)
        shown = [(view, count, view.table in short) for view, count in zip(views, seats, strict=True)]
        before: list[tuple[TableView, int, bool] | None] = [*self._tiles_shown] or [None] * len(shown)
        for widget, now, then in zip(self._tile_widgets, shown, before, strict=True):
            if now == then:  # (a view is kept while its table is the same: most tiles after a bust)
                continue
            view, count, is_short = now
            # A tile keeps its height while its table has the same seats and stays open: it is
            # drawn again without laying the room out again.
            same_height = then is not None and then[1] == count and then[0].status == view.status
            widget.update(tile(view, count), layout=not same_height)
            widget.set_class(is_short, "short")
            widget.set_class(view.status != "open", "broken")
        self._tiles_shown = shown

    def _panel(self, state: TournamentState, view: BalancingView) -> None:
        lines = []
        plan = view.plan
        shootout = seating_views.shootout_view(state)
        title = _("Shootout") if shootout is not None else _("Balancing")
        if self.query_one("#panel-title", Static).content != title:
            self.query_one("#panel-title", Static).update(title)
        if shootout is not None and state.room:
            # T-SHOOT-1: never balanced; each table's own state instead (T-SHOOT-2, T-SHOOT-3).
            lines.append(seating_views.shootout_heading(shootout))
            if shootout.round_over:
                lines.append(_("Press f to draw round {round}.").format(round=shootout.round + 1))
            lines += seating_views.shootout_lines(shootout)
        elif not state.room:
            lines.append(_("No tables yet: press d to draw the seats (T-SEAT-2)."))
        elif view.final_table_due:
            lines.append(_("The players fit one table: press f to draw the final table (T-SEAT-3)."))
            if plan.break_ is not None:  # breaking a table into another would keep its seats
                lines.append(_("The final table is a new draw of every seat (T-SEAT-3), not table "
                               "{table} broken into the others.").format(table=plan.break_))
        if plan.break_ is not None and not view.final_table_due:
            lines.append(_("Break table {table} first (10A, T-BREAK-1): press k.").format(
                table=plan.break_))
        if plan.halt:
            lines.append(seating_views.halt_line(plan.halt) + ".")
        if state.room and not plan.moves and plan.break_ is None and not view.final_table_due \
                and shootout is None:
            lines.append(_("The tables are balanced (T-BAL-1)."))
        advice = self.query_one("#advice", Static)
        if advice.content != "\n".join(lines):  # (an update lays the whole screen out again)
            advice.update("\n".join(lines))
        self._fit_moves(lines)
        moves = [(move.player, f"{move.from_.table}-{move.from_.seat}",
                  f"{move.to.table}-{move.to.seat}", move.rule) for move in plan.moves]
        if moves != self._moves:  # (a table filled again lays the whole screen out again)
            self._moves = moves
            table = self.query_one("#moves", DataTable)
            table.clear()
            for player, from_, to, rule in moves:
                table.add_row(Text(player), from_, to, rule)

    def _fit_moves(self, advice: list[str]) -> None:
        """Under the room (narrow) the panel has at most 45% of the body (app.tcss): the moves get
        what its border, title, advice and margin leave, and scroll there; at 80x24 six moves ran
        past the panel's bottom, out of sight."""
        table = self.query_one("#moves", DataTable)
        body = self.query_one("#body")
        if not body.has_class("-narrow") or not body.size.height:
            table.styles.max_height = None
            return
        width = max(1, body.size.width - 2)  # the panel's padding
        advice_rows = max(1, sum(max(1, -(-len(line) // width)) for line in advice))
        table.styles.max_height = max(3, body.size.height * 45 // 100 - 3 - advice_rows)

    # ------------------------------------------------------------ actions

    def _confirm(self, question: str, action: Action[Any, Any], request: Request) -> None:
        def confirmed(yes: bool | None) -> None:
            if yes:
                self.post_message(ActionRequested(action, request))

        self.app.push_screen(ConfirmScreen(question), confirmed)

    def _moves_question(self, count: int) -> str:
        lines = [seating_views.move_line(m) for m in self.balancing.plan.moves]
        shown = lines[: min(count, 8)]
        moves = "; ".join(shown)
        if count > len(shown):
            return _("Move {moves} and {more} more?").format(moves=moves, more=count - len(shown))
        return _("Move {moves}?").format(moves=moves)

    def action_apply_one(self) -> None:
        if not self.balancing.plan.moves:
            self.notify(_("Nobody needs to move"), severity="warning")
            return
        first = self.balancing.plan.moves[:1]
        self._confirm(self._moves_question(1), seating.balance,
                      seating.BalanceRequest(apply=True, moves=1, expect=first))

    def action_apply_all(self) -> None:
        if not self.balancing.plan.moves:
            self.notify(_("Nobody needs to move"), severity="warning")
            return
        moves = list(self.balancing.plan.moves)
        self._confirm(self._moves_question(len(moves)), seating.balance,
                      seating.BalanceRequest(apply=True, expect=moves))

    def action_break(self) -> None:
        """The draw shown before the TD says yes is the draw made (its seed goes with the command),
        and the moves are shown again once the table is broken (10A, T-BREAK-1)."""
        number = self.balancing.plan.break_
        if number is None:
            self.notify(_("No table can break yet (T-BREAK-1)"), severity="warning")
            return
        seed = secrets.randbelow(2**31)
        try:
            seats = break_preview(self.service.state, number, seed)
        except TdError as error:
            self.notify(error_text(error), severity="error", markup=False)
            return
        self._breaking = number
        self._confirm(_("Break table {table}: {moves}?").format(
                          table=number, moves="; ".join(seating_views.move_line(s) for s in seats)),
                      seating.break_table, seating.BreakTableRequest(table=number, seed=seed, apply=True))

    def _tell_broken(self) -> None:
        # After `k`: the moves as made, once this terminal has the table's TableBroken.
        broken = next((e.event for e in reversed(self.service.log[-3:])
                       if isinstance(e.event, TableBroken) and e.event.table == self._breaking), None)
        if broken is not None:
            self._breaking = None
            self.notify(_("Table {table} is broken: {moves}").format(
                table=broken.table, moves="; ".join(seating_views.move_line(s) for s in broken.seats)),
                timeout=20, markup=False)

    def action_hands_done(self) -> None:
        # Every dealing table's hand is over: no confirmation, undo takes it back.
        self.post_message(ActionRequested(seating.hand_done, seating.HandDoneRequest(every=True)))

    def action_final_table(self) -> None:
        """Every seat drawn anew at the final table (T-SEAT-2, T-SEAT-3): asked first, No by default,
        since it moves everyone. In a shootout, the next round's draw instead (T-SHOOT-3)."""
        state = self.service.state
        shootout = seating_views.shootout_view(state)
        if shootout is not None:
            self._draw_round(shootout)
            return
        number = self.balancing.final_table
        if number is None:
            self.notify(_("no table is in play: draw the seats first"), severity="error", markup=False)
            return
        question = _("Draw the final table: every one of the {players} players left gets a new seat "
                     "at table {table}?").format(players=state.players_left, table=number)

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.post_message(ActionRequested(seating.final_table, seating.FinalTableRequest(apply=True)))

        self.app.push_screen(ConfirmScreen(question), confirmed)

    def _draw_round(self, shootout: seating_views.ShootoutView) -> None:
        """T-SHOOT-3: the draw shown before the TD says yes is the draw made (its seed goes with it)."""
        seed = secrets.randbelow(2**31)
        try:
            tables = round_preview(self.service.state, seed)
        except TdError as error:
            self.notify(error_text(error), severity="error", markup=False)
            return
        players = sum(len(table.seats) for table in tables)
        question = ngettext("Draw shootout round {round}: the {players} table winners at {tables} table?",
                            "Draw shootout round {round}: the {players} table winners at {tables} tables?",
                            len(tables)).format(round=shootout.round + 1, players=players, tables=len(tables))
        self._confirm(question, seating.shootout_draw, seating.ShootoutDrawRequest(apply=True, seed=seed))

    def action_draw(self) -> None:
        self._confirm(_("Draw the seats of every registered, unseated player?"),
                      seating.draw, seating.SeedRequest())

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
            self.post_message(ActionRequested(
                seating.move, seating.MoveRequest(name=name, table=table, seat=seat)))

        self._ask(_("Move a player: NAME TABLE SEAT"), _("Anna Berg 3 7"), move)

    def action_button(self) -> None:
        def button(answer: str) -> None:
            table, seat = _numbers(answer, 2, _("TABLE SEAT"))
            self.post_message(ActionRequested(seating.button,
                                              seating.TableSeatRequest(table=table, seat=seat)))

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
            # The same pages printed as PDF take seconds for a festival's room (WeasyPrint lays out
            # some 5 ms a row): in a thread, so the clock and the keys never wait for the printer.
            self.app.run_worker(lambda: self._print_pdfs(state, folder), thread=True, group="papers")

        self._ask(_("Export the seating list and seat slips (text, HTML and PDF) to this folder"),
                  "seating", export)

    def _print_pdfs(self, state: TournamentState, folder: Path) -> None:
        """In a worker thread: seating.pdf and slips.pdf, the HTML pages printed (views/papers.py)."""
        try:
            written = []
            for slips in (False, True):
                path = folder / f"{'slips' if slips else 'seating'}.pdf"
                path.write_bytes(pdf_of(seating_document(state.room, state.info.name, "html", slips)))
                written.append(path.name)
        except (TdError, OSError) as error:
            self.app.notify(error_text(error), severity="error", timeout=8, markup=False)  # thread-safe
            return
        self.app.notify(_("Wrote {files} in {folder}").format(files=", ".join(written), folder=folder),
                        markup=False)


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
