"""The structure editor: levels and breaks edited in place, validated as you type.

It edits a `Structure` in memory only. Every keystroke rebuilds the structure from the rows and
validates it with the same pydantic model as `configs/structures/` (T-LEVEL-1, T-COLOR-1); the
fields at fault are marked and the first error is shown in one line. `structure` is always the
last valid one. Ctrl+S posts `StructureEditorScreen.Saved`: the app decides what saving means
(a preset, or a change to the running tournament, which the TD may make at any time and which
is logged: T-LEVEL-1). Import and export go through the TOML loader and writer; the generator
row proposes a whole structure to start from.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Header, Input, Label, Static

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


class PeriodRow(Horizontal):
    """One level or break: its inputs, and the data they hold."""

    DEFAULT_CSS = """
    PeriodRow { height: 3; }
    PeriodRow > Label { width: 9; padding: 1 1 0 1; }
    /* one column padding, and the game (a short key: nlhe, razz) a narrow column, so that at 80
       wide every level field shows its whole placeholder ("small blind") beside the game */
    PeriodRow > Input { width: 1fr; padding: 0 1; }
    PeriodRow > Input.game { width: 8; }
    PeriodRow > Checkbox { width: 16; }
    PeriodRow.break > Label { color: $accent; }
    PeriodRow Input.-invalid { border: tall $error; }
    PeriodRow.-invalid > Label { background: $error; }
    """

    def __init__(self, period: Level | Break) -> None:
        super().__init__(classes=period.kind)
        self.kind = period.kind
        self.period = period

    def compose(self) -> ComposeResult:
        yield Label("", classes="number")
        if isinstance(self.period, Level):
            for key, hint in LEVEL_FIELDS:
                yield Input(str(getattr(self.period, key)), placeholder=_(hint), name=key,
                            type="integer", tooltip=_(hint))
            # RP-18: a mixed night's level names its game; empty plays the tournament's.
            yield Input(self.period.game or "", placeholder=_("game"), name="game", classes="game",
                        tooltip=_("game: nlhe, plhe, lhe, plo, plo8, o8, razz, stud, stud8 "
                                  "(empty: the tournament's)"))
        else:
            yield Input(str(self.period.minutes), placeholder=_("minutes"), name="minutes",
                        type="integer", tooltip=_("break minutes"))
            yield Input(", ".join(map(str, self.period.color_up)), name="color_up",
                        placeholder=_("colour up: 25, 100"),
                        tooltip=_("colour up (T-COLOR-1)"))
            yield Checkbox(_("add-on"), self.period.add_on, name="add_on")

    def data(self) -> dict[str, Any]:
        values: dict[str, Any] = {"kind": self.kind}
        for field in self.query(Input):
            key = field.name or ""
            if key == "game":
                values[key] = field.value.strip() or None
            else:
                values[key] = _numbers(field.value) if key == "color_up" else _number(field.value)
        if isinstance(self.period, Level) and self.period.played is not None:
            # The bets and bring-in the row does not show stay while it plays the same game; a
            # new game takes its own defaults (Level.bets, Level.stud_bring_in).
            same = find_game(values.get("game") or "") == self.period.played
            for key in ("small_bet", "big_bet", "bring_in"):
                if same and getattr(self.period, key) is not None:
                    values[key] = getattr(self.period, key)
        if self.kind == "break":
            values["add_on"] = self.query_one(Checkbox).value
        return values

    def mark(self, keys: set[str]) -> None:
        """Mark the inputs named in `keys`; `*` marks the row as a whole."""
        self.set_class("*" in keys, "-invalid")
        for field in self.query(Input):
            field.set_class(field.name in keys, "-invalid")


class StructureEditorScreen(TranslatedKeys, UnsavedEdits, Screen[None]):
    """Edit a structure: add, remove and change levels and breaks; import and export TOML."""

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

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="head"):
            yield Input(self.structure.name, placeholder=_("name"), id="name")
            yield Input(str(self.structure.starting_stack), placeholder=_("starting stack"),
                        id="starting-stack", type="integer")
        yield Static(id="chips")
        with Horizontal(id="columns"):
            yield Label("")
            for _key, hint in LEVEL_FIELDS:
                yield Label(_(hint))
            yield Label(_("game"))
        yield VerticalScroll(*(PeriodRow(p) for p in self.structure.periods), id="periods")
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

    # --- validation ---------------------------------------------------------------------------

    def rows(self) -> list[PeriodRow]:
        return list(self.query(PeriodRow))

    def data(self) -> dict[str, Any]:
        return {
            "name": self.query_one("#name", Input).value,
            "starting_stack": _number(self.query_one("#starting-stack", Input).value),
            "chips": [chip.model_dump() for chip in self.structure.chips],
            "periods": [row.data() for row in self.rows()],
        }

    def revalidate(self) -> None:
        rows = self.rows()
        for number, row in enumerate(rows):
            level = sum(1 for other in rows[: number + 1] if other.kind == "level")
            row.query_one(".number", Label).update(
                _("L{level}").format(level=level) if row.kind == "level" else _("break"))
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
        for number, row in enumerate(rows):
            row.mark(marks.get(number, set()))
        self.query_one("#name", Input).set_class("name" in head, "-invalid")
        self.query_one("#starting-stack", Input).set_class("starting_stack" in head, "-invalid")
        self._status(self.error or _("{levels} levels, valid").format(levels=len(self.structure.levels)))

    def _status(self, text: str, invalid: bool | None = None) -> None:
        status = self.query_one("#status", Static)
        status.update(text)
        status.set_class(self.error is not None if invalid is None else invalid, "-invalid")

    def _show_chips(self) -> None:
        chips = ", ".join(f"{chip.value} {colour_name(chip.color)}" for chip in self.structure.chips)
        self.query_one("#chips", Static).update(_("Chips: {chips}").format(chips=chips or _("none")))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "path":
            self.revalidate()

    def on_checkbox_changed(self, _event: Checkbox.Changed) -> None:
        self.revalidate()

    # --- editing ------------------------------------------------------------------------------

    def _current_row(self) -> PeriodRow | None:
        focused: Widget | None = self.focused
        while focused is not None and not isinstance(focused, PeriodRow):
            focused = focused.parent if isinstance(focused.parent, Widget) else None
        return focused

    async def _insert(self, period: Level | Break) -> None:
        current = self._current_row()
        rows = self.rows()
        anchor = current or (rows[-1] if rows else None)
        row = PeriodRow(period)
        container = self.query_one("#periods", VerticalScroll)
        if anchor is None:
            await container.mount(row)
        else:
            await container.mount(row, after=anchor)
        row.query(Input).first().focus()
        self.revalidate()

    async def action_add_level(self) -> None:
        # A copy of the last valid level above, so the new row is valid and the TD edits it.
        rows = self.rows()
        current = self._current_row() or (rows[-1] if rows else None)
        upto = rows.index(current) + 1 if current else 0
        previous = [p for p in self.structure.periods[:upto] if isinstance(p, Level)]
        template = previous[-1] if previous else self.structure.levels[-1]
        await self._insert(template)

    async def action_add_break(self) -> None:
        await self._insert(Break(minutes=10))

    async def action_remove(self) -> None:
        current = self._current_row()
        if current is None:
            self._status(_("put the cursor in the row to remove"), invalid=True)
            return
        await current.remove()
        self.revalidate()

    def action_save(self) -> None:
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
        self.structure = structure
        self.query_one("#name", Input).value = structure.name
        self.query_one("#starting-stack", Input).value = str(structure.starting_stack)
        container = self.query_one("#periods", VerticalScroll)
        await container.remove_children()
        await container.mount_all(PeriodRow(p) for p in structure.periods)
        self._show_chips()
        self.revalidate()

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
