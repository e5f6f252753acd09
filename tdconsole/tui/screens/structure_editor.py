"""The structure editor: levels and breaks in a table, one cell edited at a time, validated as you type.

It edits a `Structure` in memory only. The levels and breaks are the rows of one table, each
field a cell; one text field edits the cell under the cursor in its place (Enter or a key the
cell takes starts it; Enter, Tab and the arrows up and down keep the cell and move on; Esc puts
back what the cell held). A widget for each field cost a festival terminal some 12 MB that Python
never gives back (issue 33: the club turbo's 86 inputs); the table is one widget however long
the structure is.

Every keystroke rebuilds the structure from the rows and validates it with the same pydantic
model as `configs/structures/` (T-LEVEL-1, T-COLOR-1); the cells at fault are marked and the first
error is shown in one line. `structure` is always the last valid one. Ctrl+S posts
`StructureEditorScreen.Saved`: the app decides what saving means (a preset, or a change to the
running tournament, which the TD may make at any time and which is logged: T-LEVEL-1). Import and
export go through the TOML loader and writer; the generator row proposes a whole structure to
start from.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError
from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, DataTable, Header, Input, Label, Static

from tdconsole.config.structures import load_structure, save_preset, save_structure
from tdconsole.domain.clock.games import find_game
from tdconsole.domain.clock.structure import Break, Level, Structure
from tdconsole.domain.clock.structure_gen import generate_structure
from tdconsole.domain.errors import TdError, describe_validation_error
from tdconsole.i18n import N_, _, error_text
from tdconsole.tui.keys import TranslatedKeys
from tdconsole.tui.screens.confirm import UnsavedEdits
from tdconsole.tui.widgets.key_footer import KeyFooter

# (key, hint): the hints are translated where they are shown.
GENERATOR_FIELDS = (("stack", N_("starting stack")), ("players", N_("players")),
                    ("minutes", N_("target minutes")), ("level", N_("level minutes")))
# What each generator field shows while empty: short enough for a quarter of 80 columns.
GENERATOR_PLACEHOLDERS = (N_("stack"), N_("players"), N_("minutes"), N_("per level"))
LEVEL_FIELDS = (("small_blind", N_("small blind")), ("big_blind", N_("big blind")), ("ante", N_("ante")),
                ("minutes", N_("minutes")))

# The table's columns after the row's name: a level's fields (RP-18: a mixed night's level names
# its game; empty plays the tournament's), and what a break shows under them, its minutes under
# the levels' minutes. None: nothing to edit there.
LEVEL_COLUMNS: tuple[str, ...] = ("small_blind", "big_blind", "ante", "minutes", "game")
BREAK_COLUMNS: tuple[str | None, ...] = ("color_up", "add_on", None, "minutes", None)

# What a cell's field takes: whole numbers, a colour-up's chips, a game's name.
_WHOLE = r"\d*"
_CHIPS = r"[\d, ]*"
_NAME = r"[\w ./-]*"
# (row kind, field) -> the field's placeholder, its tooltip, and the characters it takes.
EDITS: dict[tuple[str, str], tuple[str, str, str]] = {
    **{("level", key): (hint, hint, _WHOLE) for key, hint in LEVEL_FIELDS},
    ("level", "game"): (N_("game"), N_("game: nlhe, plhe, lhe, plo, plo8, o8, razz, stud, stud8 "
                                       "(empty: the tournament's)"), _NAME),
    ("break", "minutes"): (N_("minutes"), N_("break minutes"), _WHOLE),
    ("break", "color_up"): (N_("colour up: 25, 100"), N_("colour up (T-COLOR-1)"), _CHIPS),
}


# The chip colours the shipped structures name (configs/structures/), as the chosen language says
# them; a colour of the club's own shows as its file writes it.
COLOURS = {"black": N_("black"), "blue": N_("blue"), "green": N_("green"), "grey": N_("grey"),
           "purple": N_("purple"), "red": N_("red"), "yellow": N_("yellow"), "white": N_("white"),
           "orange": N_("orange"), "pink": N_("pink"), "brown": N_("brown")}


def colour_name(colour: str) -> str:
    return _(COLOURS[colour]) if colour in COLOURS else colour


def _number(text: str) -> int | str | None:
    # Leave anything that is not a whole number to pydantic, so its message names the key.
    text = text.strip()
    if not text:
        return None
    return int(text) if text.lstrip("-").isdigit() else text


def _numbers(text: str) -> list[int | str | None]:
    return [_number(token) for token in text.replace(",", " ").split()]


@dataclass(eq=False)
class PeriodRow:
    """One level or break as typed: the text of each field, and the period it was made from
    (a stud level's bets and bring-in, which no column shows)."""

    period: Level | Break
    texts: dict[str, str] = field(default_factory=dict)
    add_on: bool = False

    @classmethod
    def of(cls, period: Level | Break) -> PeriodRow:
        if isinstance(period, Level):
            texts = {key: str(getattr(period, key)) for key, _hint in LEVEL_FIELDS}
            return cls(period, {**texts, "game": period.game or ""})
        return cls(period, {"minutes": str(period.minutes),
                            "color_up": ", ".join(map(str, period.color_up))}, period.add_on)

    @property
    def kind(self) -> str:
        return self.period.kind

    @property
    def columns(self) -> tuple[str | None, ...]:
        return LEVEL_COLUMNS if self.kind == "level" else BREAK_COLUMNS

    def data(self) -> dict[str, Any]:
        values: dict[str, Any] = {"kind": self.kind}
        for key, text in self.texts.items():
            if key == "game":
                values[key] = text.strip() or None
            else:
                values[key] = _numbers(text) if key == "color_up" else _number(text)
        if isinstance(self.period, Level) and self.period.played is not None:
            # The bets and bring-in the row does not show stay while it plays the same game; a
            # new game takes its own defaults (Level.bets, Level.stud_bring_in).
            same = find_game(values.get("game") or "") == self.period.played
            for key in ("small_bet", "big_bet", "bring_in"):
                if same and getattr(self.period, key) is not None:
                    values[key] = getattr(self.period, key)
        if self.kind == "break":
            values["add_on"] = self.add_on
        return values

    def shown(self, key: str | None) -> str:
        """What the cell of `key` says."""
        if key is None:
            return ""
        if key == "add_on":
            return _("add-on") if self.add_on else _("no add-on")
        if key == "color_up":
            chips = self.texts[key].strip()
            return _("colour up {chips}").format(chips=chips) if chips else _("no colour up")
        return self.texts[key]


# Keys are taken as they come, by the widget given them (`StructureEditorScreen.take_key`), not
# as bindings: a binding runs only once its key has passed up to the app, so a digit typed right
# after an arrow reached the screen first and edited the cell the cursor was leaving (in tmux).
# The table's keys that move its cursor (DataTable's own actions):
MOVES = {"up": "cursor_up", "down": "cursor_down", "left": "cursor_left", "right": "cursor_right"}
# While a cell is edited, the keys that keep it and where the cursor goes then (rows, columns).
LEAVES = {"enter": (1, 0), "tab": (0, 1), "shift+tab": (0, -1), "up": (-1, 0), "down": (1, 0)}


class PeriodTable(DataTable[str | Text]):
    """The levels and breaks, a row each, a cell a field (see `MOVES` on its keys)."""

    async def _on_key(self, event: events.Key) -> None:
        screen = self.screen
        if not isinstance(screen, StructureEditorScreen):
            return
        if screen.editing is not None:  # typed before the field had the focus: the field's
            taken = await screen.cell.take(event)
        else:
            taken = screen.take_key(event, editor=False)
        if taken:
            event.stop()
            event.prevent_default()  # (Widget's own handler is not run)


class CellEditor(Input):
    """The one text field, laid over the cell it edits: Enter, Tab and the arrows up and down keep
    the cell and move on, Esc puts back what the cell held (`LEAVES`)."""

    async def _on_key(self, event: events.Key) -> None:
        if await self.take(event):
            event.stop()
            event.prevent_default()  # (Input's own handler, which types, is not run)

    async def take(self, event: events.Key) -> bool:
        """Take a key: the editor's (`LEAVES`, Esc), the field's own (Backspace, the arrows, Home,
        Ctrl+U: now, before the next key types; as bindings they ran after the letters typed
        behind them), or a character typed. False: neither (Ctrl+S, the app's keys)."""
        screen = self.screen
        if isinstance(screen, StructureEditorScreen) and screen.take_key(event, editor=True):
            return True
        for binding in self._bindings.key_to_bindings.get(event.key, [])[:1]:
            await self.run_action(binding.action)
            return True
        if event.is_printable and event.character:
            self.insert_text_at_cursor(event.character)
            return True
        return False

    def _on_blur(self, event: events.Blur) -> None:
        # A click elsewhere keeps what was typed.
        screen = self.screen
        if isinstance(screen, StructureEditorScreen) and self.display:
            screen.leave_cell(0, 0, refocus=False)


class StructureEditorScreen(TranslatedKeys, UnsavedEdits, Screen[None]):
    """Edit a structure: add, remove and change levels and breaks; import and export TOML."""

    AUTO_FOCUS = "#periods"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+l", "add_level", "Add level"),
        Binding("ctrl+b", "add_break", "Add break"),
        Binding("ctrl+r", "remove", "Remove row"),
        Binding("escape", "close", "Close"),
    ]
    # Narrower than this, the add and remove buttons give way to the file's (their keys are in
    # the footer), so every button keeps its whole label at 80 columns.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    class Saved(Message):
        """The TD saved a valid structure; the app turns it into a command and calls `on_done`
        with whether the tournament took it."""

        def __init__(self, structure: Structure, on_done: Callable[[bool], None]) -> None:
            self.structure = structure
            self.on_done = on_done
            super().__init__()

    def __init__(self, structure: Structure) -> None:
        super().__init__()
        self.structure = structure
        # The structure as last saved (or as opened): edits that differ from it are unsaved.
        self.saved_structure = structure
        self.error: str | None = None
        self.periods = [PeriodRow.of(period) for period in structure.periods]
        # The fields at fault by row ("*": the row as a whole), from the last validation.
        self.marks: dict[int, set[str]] = {}
        # The cell being edited and what it held before (Esc puts it back).
        self.editing: tuple[int, str, str] | None = None
        # Each row's cells as last drawn, so a keystroke redraws only the cells it changed.
        self._drawn: list[tuple[str | Text, ...]] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="head"):
            yield Input(self.structure.name, placeholder=_("name"), id="name")
            yield Input(str(self.structure.starting_stack), placeholder=_("starting stack"),
                        id="starting-stack", type="integer")
        yield Static(id="chips")
        with Vertical(id="levels"):
            table = PeriodTable(id="periods", cursor_type="cell")
            table.add_columns("", *(_(hint) for _key, hint in LEVEL_FIELDS), _("game"))
            yield table
            yield CellEditor(id="cell", compact=True, select_on_focus=False)
        yield Static(id="status")
        with Horizontal(id="actions"):
            yield Button(_("Add level"), id="add-level")
            yield Button(_("Add break"), id="add-break")
            yield Button(_("Remove"), id="remove")
            yield Input(placeholder=_("file.toml"), id="path")
            yield Button(_("Import"), id="import")
            yield Button(_("Export"), id="export")
            yield Button(_("Save preset"), id="preset")
        with Horizontal(id="generator"):
            yield Label(_("Generate:"))
            for (key, hint), short in zip(GENERATOR_FIELDS, GENERATOR_PLACEHOLDERS, strict=True):
                yield Input(placeholder=_(short), id=f"gen-{key}", type="integer", tooltip=_(hint))
            yield Button(_("Generate"), id="generate")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show_chips()
        self.revalidate()
        self.table.move_cursor(row=0, column=1)  # the first field, not the row's name
        self.watch(self.table, "scroll_y", self._place_editor, init=False)
        self.watch(self.table, "scroll_x", self._place_editor, init=False)

    @property
    def table(self) -> PeriodTable:
        return self.query_one("#periods", PeriodTable)

    @property
    def cell(self) -> CellEditor:
        return self.query_one("#cell", CellEditor)

    # --- validation ---------------------------------------------------------------------------

    def rows(self) -> list[PeriodRow]:
        return self.periods

    def data(self) -> dict[str, Any]:
        return {
            "name": self.query_one("#name", Input).value,
            "starting_stack": _number(self.query_one("#starting-stack", Input).value),
            "chips": [chip.model_dump() for chip in self.structure.chips],
            "periods": [row.data() for row in self.periods],
        }

    def revalidate(self) -> None:
        marks: dict[int, set[str]] = {}
        head: set[str] = set()
        try:
            self.structure = Structure.model_validate(self.data())
            self.error = None
        except ValidationError as error:
            self.error = describe_validation_error("structure", error)
            for problem in error.errors():
                loc = problem["loc"]
                if loc and loc[0] == "periods" and len(loc) > 1 and isinstance(loc[1], int):
                    keys = [part for part in loc[2:] if part not in ("level", "break")]
                    marks.setdefault(loc[1], set()).add(str(keys[0]) if keys else "*")
                elif loc:
                    head.add(str(loc[0]))
        self.marks = marks
        self._draw()
        self.query_one("#name", Input).set_class("name" in head, "-invalid")
        self.query_one("#starting-stack", Input).set_class("starting_stack" in head, "-invalid")
        if self.editing is not None:
            number, key, _before = self.editing
            self.cell.set_class(key in marks.get(number, set()), "-invalid")
        self._status(self.error or _("{levels} levels, valid").format(levels=len(self.structure.levels)))

    def marked(self, row: int, key: str) -> bool:
        """Whether the last validation found the field `key` of row `row` at fault ("*": the row)."""
        return key in self.marks.get(row, set())

    def _cells(self) -> list[tuple[str | Text, ...]]:
        """Each row's cells: its name (L3, break), then its fields; a cell at fault stands out."""
        fault = Style(color=self.app.current_theme.error, reverse=True, bold=True)
        accent = Style(color=self.app.current_theme.accent)
        cells: list[tuple[str | Text, ...]] = []
        level = 0
        for number, row in enumerate(self.periods):
            marks = self.marks.get(number, set())
            if row.kind == "level":
                level += 1
                name = Text(_("L{level}").format(level=level))
            else:
                name = Text(_("break"), style=accent)
            if "*" in marks:
                name.stylize(fault)
            cells.append((name, *(Text(row.shown(key), style=fault) if key in marks else row.shown(key)
                                  for key in row.columns)))
        return cells

    def _draw(self) -> None:
        """Show the rows: anew when rows came or went, else only the cells that changed."""
        table, cells = self.table, self._cells()
        if len(cells) != len(self._drawn):
            cursor = table.cursor_coordinate
            table.clear()
            table.add_rows(cells)
            table.move_cursor(row=min(cursor.row, max(len(cells) - 1, 0)), column=cursor.column)
        else:
            for number, (old, new) in enumerate(zip(self._drawn, cells, strict=True)):
                for column, (was, now) in enumerate(zip(old, new, strict=True)):
                    if was != now:
                        table.update_cell_at(Coordinate(number, column), now, update_width=True)
        self._drawn = cells

    def _status(self, text: str, invalid: bool | None = None) -> None:
        status = self.query_one("#status", Static)
        status.update(text)
        status.set_class(self.error is not None if invalid is None else invalid, "-invalid")

    def _show_chips(self) -> None:
        chips = ", ".join(f"{chip.value} {colour_name(chip.color)}" for chip in self.structure.chips)
        self.query_one("#chips", Static).update(_("Chips: {chips}").format(chips=chips or _("none")))

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        if event.input.id == "cell":
            if self.editing is None:
                return
            # What the field holds now: a change told late may be of a cell left since.
            number, key, _before = self.editing
            self.periods[number].texts[key] = self.cell.value
            self._place_editor()
        elif event.input.id == "path" or (event.input.id or "").startswith("gen-"):
            return
        self.revalidate()

    # --- editing a cell -----------------------------------------------------------------------

    def _field_at(self, coordinate: Coordinate) -> tuple[int, str | None]:
        """The row and field under `coordinate` (None: the row's name, or nothing to edit)."""
        number, column = coordinate
        if not 0 <= number < len(self.periods) or column < 1:
            return number, None
        return number, self.periods[number].columns[column - 1]

    def take_key(self, event: events.Key, editor: bool) -> bool:
        """Take a key given to the table (`editor` False) or the cell's field, in the order typed;
        False: a key for the field to type, or the app's (q, +, -, Space on a number)."""
        table = self.table
        if self.editing is not None:
            if event.key == "escape":
                self.stop_editing(keep=False)
            elif event.key in LEAVES:
                self.leave_cell(*LEAVES[event.key])
            else:
                return False  # the field's (`CellEditor.take`)
            return True
        if event.key in MOVES:
            getattr(table, f"action_{MOVES[event.key]}")()
            return True
        number, key = self._field_at(table.cursor_coordinate)
        if event.key == "enter" or (key == "add_on" and event.key == "space"):
            self._select(number, key)
            return True
        # A key the cell takes starts editing it with that key, as in a spreadsheet.
        edit = EDITS.get((self.periods[number].kind, key or "")) if self.periods else None
        if (edit is not None and event.is_printable and event.character and event.character.strip()
                and re.fullmatch(edit[2], event.character)):
            self.start_editing(event.character)
            return True
        return editor  # (a key the field had after it was left: typed nowhere)

    def on_data_table_cell_selected(self, event: DataTable.CellSelected) -> None:
        event.stop()  # (a click on the cell under the cursor)
        self._select(*self._field_at(event.coordinate))

    def _select(self, number: int, key: str | None) -> None:
        if key == "add_on":
            self._toggle_add_on(number)
        elif key is not None:
            self.start_editing()

    def _toggle_add_on(self, number: int) -> None:
        self.periods[number].add_on = not self.periods[number].add_on
        self.revalidate()

    def start_editing(self, typed: str | None = None) -> None:
        """Edit the cell under the cursor: what it holds, or `typed` in its place."""
        number, key = self._field_at(self.table.cursor_coordinate)
        if key is None or key == "add_on":
            return
        row = self.periods[number]
        placeholder, tooltip, takes = EDITS[(row.kind, key)]
        before = row.texts[key]
        self.editing = (number, key, before)
        cell = self.cell
        with cell.prevent(Input.Changed):
            cell.restrict = takes
            cell.placeholder = _(placeholder)
            cell.tooltip = _(tooltip)
            cell.value = before if typed is None else typed
            cell.cursor_position = len(cell.value)
        cell.set_class(key in self.marks.get(number, set()), "-invalid")
        cell.display = True
        self._place_editor()
        cell.focus()
        if typed is not None:
            row.texts[key] = typed
            self.revalidate()

    def _place_editor(self) -> None:
        """Lay the field over the cell it edits, at least as wide as its placeholder."""
        if self.editing is None:
            return
        table, cell = self.table, self.cell
        number, column = table.cursor_coordinate
        widths = [each.get_render_width(table) for each in table.ordered_columns]
        x = sum(widths[:column]) - int(table.scroll_x)
        y = (table.header_height if table.show_header else 0) + number - int(table.scroll_y)
        # Its text in view as it grows (a game's name in the narrow game column).
        cell.styles.width = max(widths[column], cell_len(cell.placeholder) + 2, cell_len(cell.value) + 3)
        cell.styles.offset = (x, y)

    def stop_editing(self, keep: bool = True, refocus: bool = True) -> None:
        """Leave the cell: with what was typed, or as it was."""
        if self.editing is None:
            return
        number, key, before = self.editing
        self.editing = None
        cell = self.cell
        cell.display = False
        # What the field holds (its last changes may not have been told yet), or what it held.
        self.periods[number].texts[key] = cell.value if keep else before
        if refocus:  # (after the field's own focus, when keys came faster than it was given)
            self.table.focus()
        self.revalidate()

    def leave_cell(self, rows: int, columns: int, refocus: bool = True) -> None:
        """Keep the cell edited, then move the cursor by `rows` or to the next field `columns`
        away (`refocus`: the table has the focus again, unless a click took it elsewhere)."""
        if self.editing is None:
            return
        self.stop_editing(refocus=refocus)
        table = self.table
        row, column = table.cursor_coordinate
        if columns:
            # Tab goes on to the next cell there is to edit, on to the next row at the end.
            width = len(LEVEL_COLUMNS) + 1
            position = row * width + column
            while 0 <= (position := position + columns) < len(self.periods) * width:
                target = Coordinate(*divmod(position, width))
                if self._field_at(target)[1] is not None:
                    table.move_cursor(row=target.row, column=target.column)
                    break
        elif rows:
            table.move_cursor(row=max(0, min(row + rows, len(self.periods) - 1)))

    # --- editing rows -------------------------------------------------------------------------

    def _current_row(self) -> int | None:
        return self.table.cursor_row if self.periods else None

    async def _insert(self, period: Level | Break) -> None:
        self.stop_editing()
        current = self._current_row()
        at = len(self.periods) if current is None else current + 1
        self.periods.insert(at, PeriodRow.of(period))
        self.revalidate()
        self.table.move_cursor(row=at, column=1)
        self.table.focus()

    async def action_add_level(self) -> None:
        # A copy of the last valid level above, so the new row is valid and the TD edits it.
        current = self._current_row()
        upto = len(self.periods) if current is None else current + 1
        previous = [p for p in self.structure.periods[:upto] if isinstance(p, Level)]
        template = previous[-1] if previous else self.structure.levels[-1]
        await self._insert(template)

    async def action_add_break(self) -> None:
        await self._insert(Break(minutes=10))

    async def action_remove(self) -> None:
        self.stop_editing()
        current = self._current_row()
        if current is None:
            self._status(_("put the cursor in the row to remove"), invalid=True)
            return
        del self.periods[current]
        self.revalidate()
        self.table.focus()

    def action_save(self) -> None:
        self.stop_editing()
        if self.error is not None:
            self._status(_("not saved: {error}").format(error=self.error), invalid=True)
            return
        structure = self.structure

        def done(ok: bool) -> None:
            if ok:
                self.saved_structure = structure
                self._status(_("saved {name}").format(name=structure.name), invalid=False)
            else:  # the app's message says why
                self._status(_("not saved"), invalid=True)

        self.post_message(self.Saved(structure, done))

    @property
    def unsaved(self) -> bool:
        """Edits not saved yet (an invalid edit is unsaved too)."""
        return self.error is not None or self.structure != self.saved_structure

    def drop_question(self) -> str:
        return _("Drop the unsaved changes to the structure?")

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"add-level": self.action_add_level, "add-break": self.action_add_break,
                   "remove": self.action_remove, "import": self.import_toml,
                   "export": self.export_toml, "generate": self.generate,
                   "preset": self.save_preset}
        if event.button.id in actions:
            await actions[event.button.id]()

    # --- import and export --------------------------------------------------------------------

    def _path(self) -> str | None:
        path = self.query_one("#path", Input).value.strip()
        if not path:
            self._status(_("type a file name first"), invalid=True)
        return path or None

    async def import_toml(self) -> None:
        path = self._path()
        if path is None:
            return
        try:
            structure = load_structure(path)
        except TdError as error:
            self._status(error_text(error), invalid=True)
            return
        await self.replace(structure)
        self._status(_("imported {path}").format(path=path))

    async def generate(self) -> None:
        """A proposal from the structure generator (`structure generate`) in place of the rows, to edit."""
        values = [self.query_one(f"#gen-{key}", Input).value.strip()
                  for key, _hint in GENERATOR_FIELDS]
        if not all(value.lstrip("-").isdigit() for value in values):
            self._status(_("generate: fill in {fields}").format(
                fields=", ".join(_(h) for _k, h in GENERATOR_FIELDS)), invalid=True)
            return
        stack, players, minutes, level = (int(value) for value in values)
        try:
            structure = generate_structure(stack, players, minutes, level,
                                           name=self.query_one("#name", Input).value or _("Generated"))
        except TdError as error:
            self._status(_("generate: {error}").format(error=error_text(error)), invalid=True)
            return
        await self.replace(structure)
        self._status(_("generated {levels} levels").format(levels=len(structure.levels)))

    async def replace(self, structure: Structure) -> None:
        """Show `structure` in place of the rows (import, generate)."""
        self.stop_editing()
        self.structure = structure
        self.periods = [PeriodRow.of(period) for period in structure.periods]
        self._drawn = []
        with self.prevent(Input.Changed):
            self.query_one("#name", Input).value = structure.name
            self.query_one("#starting-stack", Input).value = str(structure.starting_stack)
        self._show_chips()
        self.revalidate()
        self.table.move_cursor(row=0, column=1)

    async def save_preset(self) -> None:
        """Keep the structure among the TD's presets (`structure list`, `new --structure KEY`)."""
        if self.error is not None:
            self._status(_("not saved: {error}").format(error=self.error), invalid=True)
            return
        try:
            key = save_preset(self.structure)
        except TdError as error:
            self._status(error_text(error), invalid=True)
            return
        self._status(_("saved as preset {key}").format(key=key))

    async def export_toml(self) -> None:
        path = self._path()
        if path is None:
            return
        if self.error is not None:
            self._status(_("not exported: {error}").format(error=self.error), invalid=True)
            return
        try:
            save_structure(self.structure, Path(path))
        except TdError as error:
            self._status(error_text(error), invalid=True)
            return
        self._status(_("exported {path}").format(path=path))
