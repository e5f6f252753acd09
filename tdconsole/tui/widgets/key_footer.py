"""The footer of every screen, fitted to the terminal's width: the keys that matter first.

Textual's footer lists the focused widget's keys, the screen's, then the app's, and cuts off what
does not fit, so at 80 columns the F-keys past F6 and the clock's keys vanished without a word.
This one orders them by what matters on the screen shown: first the screen's own keys (its tasks)
and the app keys the app names for this screen (`FOOTER_FIRST`: the clock's keys on the clock),
then the F-keys of the other screens, then the app's other keys (the F-key of the screen shown is
left out). When they do not fit it goes compact, then (on a tall enough terminal) gives the F-keys
a second row, then leaves out the app's other keys, then shows the F-keys as one "F1-F12 Screens".
A key left out still works, and every action is in the command palette (Ctrl+P), whose key always
shows, as does how to quit (`q`).

Its keys are drawn by one widget (`KeyRows`), not one `FooterKey` each: a widget costs a terminal
~30 KB that Python does not give back, and a footer on each of a terminal's screens held some 240
of them (6 MB at festival size). `KeyRows` draws each key as `FooterKey` does, with the same
component styles, highlights the key under the mouse and presses a key clicked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.css.styles import StylesBase
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # Footer's own key widget (not exported)

from tdconsole.i18n import _

# A terminal this tall spares a second footer row for the F-keys when one row cannot hold them.
TWO_ROWS_FROM_HEIGHT = 30
# The action of the F-keys that open a screen (the structure editor is one too).
SCREEN_ACTIONS = ("switch_mode(", "structure")
# Shown at any width (room is kept for it): how to leave is never cut.
QUIT_ACTION = "quit_asking"


@dataclass(frozen=True)
class Entry:
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool
    tooltip: str

    def width(self, compact: bool) -> int:
        # FooterKey's own padding: " key desc " wide, "key desc" and a margin of one when compact.
        return len(self.display) + len(self.description) + (2 if compact else 3)


class KeyRows(Widget):
    """The footer's rows of keys as one widget, each key drawn as a `FooterKey` draws itself:
    its key and description parts in the footer's component styles (spaced as in a compact
    footer or not), a disabled key dimmed, the key under the mouse highlighted; a click presses
    the key clicked (a disabled one rings the bell)."""

    ALLOW_SELECT = False
    # FooterKey's own styles, as component styles: `item` is the key's own (FooterKey's), `hover`
    # the same under the mouse, `disabled` a key whose action cannot run now.
    COMPONENT_CLASSES = {"footer-key--item", "footer-key--hover", "footer-key--disabled",
                         "footer-key--key", "footer-key--description"}
    DEFAULT_CSS = """
    KeyRows {
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: clip;
        .footer-key--item {
            background: $footer-item-background;
        }
        .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        .footer-key--disabled {
            text-style: dim;
        }
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
            padding: 0 1;
        }
        .footer-key--description {
            padding: 0 1 0 0;
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        &.-compact {
            .footer-key--key {
                padding: 0;
            }
            .footer-key--description {
                padding: 0 0 0 1;
            }
        }
        &.-over-key {
            pointer: pointer;
        }
    }
    """

    def __init__(self, rows: list[list[Entry]], compact: bool) -> None:
        super().__init__(classes="-compact" if compact else "")
        self.rows = rows
        self.compact = compact
        self.styles.height = len(rows)
        self._hovered: Entry | None = None

    def _layered(self, names: Iterable[str]) -> Style:
        """The style of a key's part: the component styles `names` laid over this widget's as
        Textual lays a widget's over its parent's (`DOMNode.rich_style`), since a key's part is
        drawn over its key (FooterKey's background, dimmed when disabled) and that over the
        footer; a component style alone is laid over this widget only."""
        background = Color(0, 0, 0, 0)
        color = Color(255, 255, 255, 0)
        style = Style()
        opacity = 1.0
        layers: list[StylesBase] = [node.styles for node in reversed(self.ancestors_with_self)]
        layers += [self.get_component_styles(name) for name in names]
        for styles in layers:
            opacity *= styles.opacity
            if styles.has_rule("background"):
                background += styles.background.tint(styles.background_tint).multiply_alpha(opacity)
            if styles.has_rule("color"):
                color = styles.color
            style += styles.text_style
        return style + Style.from_color(
            (background + color).rich_color if (background.a or color.a) else None,
            background.rich_color if background.a else None)

    def _parts(self, entry: Entry) -> tuple[str, str]:
        """The key's two parts as drawn, each padded by its component style (FooterKey.render)."""
        if not entry.description:
            return entry.display, ""
        key = self.get_component_styles("footer-key--key").padding
        description = self.get_component_styles("footer-key--description").padding
        return (" " * key.left + entry.display + " " * key.right,
                " " * description.left + entry.description + " " * description.right)

    def spans(self, row: int) -> list[tuple[int, int, Entry]]:
        """Where each key of `row` is drawn: (first column, column after it, key); a compact
        footer leaves a column between two keys (FooterKey's margin there)."""
        spans: list[tuple[int, int, Entry]] = []
        x = 0
        for entry in self.rows[row] if 0 <= row < len(self.rows) else ():
            width = sum(map(len, self._parts(entry)))
            spans.append((x, x + width, entry))
            x += width + (1 if self.compact else 0)
        return spans

    def entry_at(self, x: int, y: int) -> Entry | None:
        """The key drawn at column `x` of row `y`, if any."""
        return next((entry for start, end, entry in self.spans(y) if start <= x < end), None)

    def _drawn(self, entry: Entry) -> list[Segment]:
        """The key's parts as `FooterKey.render` styles them (its own style under each part's)."""
        base = ["footer-key--hover" if entry is self._hovered else "footer-key--item"]
        if not entry.enabled:
            base.append("footer-key--disabled")
        under = self.visual_style.rich_style + self._layered(base)
        return [Segment(part, under + self._layered([*base, name]))
                for part, name in zip(self._parts(entry), ("footer-key--key", "footer-key--description"),
                                      strict=True) if part]

    def render_line(self, y: int) -> Strip:
        """A row of keys; between and after them only the footer's background, as it shows in
        the margins between FooterKeys (no colour of text)."""
        blank = Style(bgcolor=self.background_colors[1].rich_color)
        segments: list[Segment] = []
        for entry in self.rows[y] if 0 <= y < len(self.rows) else ():
            if segments and self.compact:
                segments.append(Segment(" ", blank))
            segments += self._drawn(entry)
        return Strip(segments).adjust_cell_length(self.size.width, blank)

    def _hover(self, entry: Entry | None) -> None:
        if entry is self._hovered:
            return
        self._hovered = entry
        self.set_class(entry is not None, "-over-key")
        self.tooltip = entry.tooltip if entry is not None and entry.tooltip else None
        self.screen.update_pointer_shape()
        self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self.entry_at(event.x, event.y))

    def on_leave(self, event: events.Leave) -> None:
        if event.node is self:
            self._hover(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        entry = self.entry_at(event.x, event.y)
        if entry is None:
            return
        if entry.enabled:
            self.app.simulate_key(entry.key)
        else:
            self.app.bell()


class KeyFooter(Footer):
    """A footer that keeps the keys that matter at any width (see the module's docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self._composed_width = 0
        self._laid_out: tuple[list[list[Entry]], bool, Entry | None] | None = None
        self._stale = False  # the bindings changed while the screen was not shown

    def tiers(self) -> tuple[list[Entry], list[Entry], list[Entry]]:
        """The keys shown, each action once: the screen's (and `FOOTER_FIRST`), the F-keys of the
        other screens, the app's other keys; each in its declared order."""
        app = self.app
        mode = self.mode()
        first: tuple[str, ...] = getattr(app, "FOOTER_FIRST", {}).get(mode, ())
        here = f"switch_mode('{mode}')"
        seen: set[str] = set()
        tiers: tuple[list[Entry], list[Entry], list[Entry]] = ([], [], [])
        for namespace, binding, enabled, tooltip in self.screen.active_bindings.values():
            if (not binding.show or binding.action in seen or binding.action == here
                    or binding.action == QUIT_ACTION):
                continue
            seen.add(binding.action)
            entry = Entry(binding.key, app.get_key_display(binding), binding.description,
                          binding.action, enabled, tooltip)
            if namespace is not app or binding.action in first:
                tiers[0].append(entry)
            elif binding.action.startswith(SCREEN_ACTIONS):
                tiers[1].append(entry)
            else:
                tiers[2].append(entry)
        return tiers

    def mode(self) -> str:
        """The mode of the screen this footer is on, which may be built before it is shown
        (`ServiceApp.PREPARED_MODES`); a screen of no mode (a dialog), the mode shown."""
        # Textual's own record of each mode's screens: a mode's screen is built when first shown
        # or prepared (`ModeScreen`), so the modes name no class to compare.
        stacks: dict[str, list[object]] = getattr(self.app, "_screen_stacks", {})
        return next((mode for mode, stack in stacks.items() if stack[:1] == [self.screen]),
                    getattr(self.app, "current_mode", ""))

    def screen_keys(self) -> str:
        """The app's F-keys that open a screen, first to last ("F1-F12"; the floor's "F1-F2")."""
        keys = [self.app.get_key_display(binding) for binding in self.app.BINDINGS
                if isinstance(binding, Binding) and binding.show
                and binding.action.startswith(SCREEN_ACTIONS)]
        return (f"{keys[0]}-{keys[-1]}" if len(keys) > 1 else "".join(keys)).upper()

    def fitted(self, width: int, tall: bool) -> tuple[list[list[Entry]], bool]:
        """The rows of keys that fit `width` columns (the palette's key aside), and whether
        compact: every key in one row; or, on a terminal `tall` enough for a second row, the
        screen's and the app's keys over the F-keys; or the screen's and every F-key; or the
        screen's, one "F1-F12 Screens" (the palette opens them all) and what else fits."""
        mine, screens, others = self.tiers()
        hint = Entry(self.app.COMMAND_PALETTE_BINDING, self.screen_keys(), _("Screens"),
                     "app.command_palette", True, _("Every screen is an F-key, and in the command palette"))

        def fits(row: list[Entry], compact: bool) -> bool:
            return sum(entry.width(compact) for entry in row) <= width

        for compact in (False, True):
            if fits(mine + screens + others, compact):
                return [mine + screens + others], compact
        if tall and fits(screens, True):
            for first in (mine + others, mine):
                if fits(first, True):
                    return [first, screens], True
        if fits(mine + screens, True):
            return [mine + screens], True
        keys = [*mine, hint, *others]
        while keys and not fits(keys, True):
            keys.pop()
        return [keys], True

    def layout_keys(self) -> tuple[list[list[Entry]], bool, Entry | None]:
        """The rows of keys (the quit key last in the first), whether compact, and the palette's
        key: what `compose` shows, for the terminal's size and the keys active now."""
        active = self.screen.active_bindings
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        # `q` asks and quits; while a text field has the focus `q` types, and Ctrl+Q quits.
        quitting = {key.binding.action: key for key in active.values()
                    if key.binding.action in (QUIT_ACTION, "quit", "app.quit")}
        quit_key = quitting.get(QUIT_ACTION) or quitting.get("quit") or quitting.get("app.quit")
        width, height = self.app.size
        spare = width - sum(  # each: its key, a border and a margin
            len(self.app.get_key_display(key.binding)) + len(key.binding.description) + 4
            for key in (palette, quit_key) if key is not None)
        rows, compact = self.fitted(spare, tall=height >= TWO_ROWS_FROM_HEIGHT)
        if quit_key is not None:  # room was kept for it: last in the first row
            rows[0].append(Entry(quit_key.binding.key, self.app.get_key_display(quit_key.binding),
                                 _(quit_key.binding.description or "Quit"), quit_key.binding.action,
                                 quit_key.enabled, quit_key.tooltip))
        shown_palette = None if palette is None else Entry(
            palette.binding.key, self.app.get_key_display(palette.binding),
            palette.binding.description, palette.binding.action, palette.enabled, "")
        return rows, compact, shown_palette

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        self._composed_width = self.app.size.width
        rows, compact, palette = self._laid_out = self.layout_keys()
        self.compact = compact
        self.styles.height = len(rows)
        yield KeyRows(rows, compact)
        if palette is not None:
            yield FooterKey(palette.key, palette.display, palette.description, palette.action,
                            classes="-command-palette", disabled=not palette.enabled,
                            ).data_bind(compact=Footer.compact)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Drawn again only when the keys shown change: the focus moving between widgets changes
        the bindings often and the keys shown seldom, and each redraw mounts every key anew (on
        a screen's first showing it happened some twenty times). A screen not shown is drawn
        again once it is (`screen_changed`): its keys depend on the screen shown."""
        if self._bindings_ready and screen is self.screen and self.is_attached:
            if not screen.is_current:
                self._stale = True
                return
            if self._laid_out == self.layout_keys():
                return
        super().bindings_changed(screen)

    def screen_changed(self, screen: Screen[Any]) -> None:
        if screen is self.screen and self._stale:
            self._stale = False
            self.bindings_changed(screen)

    def on_mount(self) -> None:  # (Textual calls Footer's own too)
        self.app.screen_change_signal.subscribe(self, self.screen_changed)

    def on_unmount(self) -> None:
        self.app.screen_change_signal.unsubscribe(self)

    async def recompose(self) -> None:
        """Each change of the bindings asks for a redraw after the next refresh; as a screen is
        first shown several come before the first redraw, and the later ones find the keys
        shown already: mounting every key again for nothing cost most of the screen's showing."""
        if self._laid_out is not None and self._laid_out == self.layout_keys():
            return
        await super().recompose()

    def on_resize(self, _event: events.Resize) -> None:
        if self.app.size.width != self._composed_width:
            self.call_after_refresh(self.recompose)
