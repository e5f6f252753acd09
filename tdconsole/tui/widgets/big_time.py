"""The time left in digits as large as the space they are given, for reading across the room.

Textual's `Digits` is always 3 rows high, a sliver of a 48-row TV. Here each character is a 5x7
pixel glyph drawn with half blocks (one pixel is a column wide and half a row high, about square
on a terminal's cells) and scaled up by the largest whole factor that fits the widget's width,
then stretched upwards (at most half as high again) into the height there is, so the digits grow
with the terminal, fill it, and stay sharp. The scale is chosen for the widest time of its shape
("00:00", or "0:00:00" with hours), so the digits keep their size when 10:00 becomes 9:59.

A figlet font would not do: each has one fixed size. Eleven glyphs are all a clock needs.

    >>> scale_for("12:30", width=160, height=20), scale_for("12:30", width=160, height=40)
    ((5, 5), (6, 9))
    >>> scale_for("1:05:00", width=160, height=40)
    (4, 6)
"""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.widget import Widget

GLYPHS: dict[str, tuple[str, ...]] = {
    "0": (".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "1": ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "2": (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    "3": ("#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
    ":": (".", ".", "#", ".", "#", ".", "."),
    "-": ("....", "....", "....", "####", "....", "....", "...."),
}
ROWS = 7  # pixel rows of every glyph
GAP = 1  # pixel columns between two glyphs
# How much taller than square a pixel may be drawn to fill the height (1.5: half as high again).
STRETCH = 1.5
# Two pixel rows share one terminal row: top, bottom.
_HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def pixel_width(value: str) -> int:
    """The width of `value` in pixels (unknown characters are left out)."""
    widths = [len(GLYPHS[char][0]) for char in value if char in GLYPHS]
    return sum(widths) + GAP * max(len(widths) - 1, 0)


def _template(value: str) -> str:
    """The widest time of `value`'s shape: every digit a 0, and two digits before the first colon."""
    shape = "".join("0" if char.isdigit() else char for char in value)
    return shape if shape.count(":") > 1 or shape.find(":") >= 2 else "0" + shape


def scale_for(value: str, *, width: int, height: int) -> tuple[int, int]:
    """The scale (columns, half-rows per pixel) at which `value`, at the width of its shape, fits
    width x height cells: the largest square one, then as tall as the height allows up to
    STRETCH; (0, 0) when not even scale 1 fits."""
    wide = pixel_width(_template(value))
    tall = (2 * height) // ROWS
    across = min(width // wide, tall) if wide else 0
    if across < 1:
        return (0, 0)
    return (across, max(across, min(tall, int(across * STRETCH))))


def render_lines(value: str, across: int, down: int | None = None) -> list[str]:
    """`value` drawn with each pixel `across` columns wide and `down` half-rows high (default:
    square): ceil(7 * down / 2) lines of half and full blocks."""
    down = across if down is None else down
    pixel_rows: list[str] = []
    for row in range(ROWS):
        line = (" " * GAP).join(GLYPHS[char][row].replace("#", "1").replace(".", "0")
                                for char in value if char in GLYPHS)
        wide = "".join(bit * across for bit in line)
        pixel_rows.extend([wide] * down)
    if len(pixel_rows) % 2:
        pixel_rows.append("0" * len(pixel_rows[0]) if pixel_rows else "")
    return ["".join(_HALVES[(top == "1", bottom == "1")] for top, bottom in zip(upper, lower, strict=True))
            for upper, lower in zip(pixel_rows[::2], pixel_rows[1::2], strict=True)]


def _rows(down: int) -> int:
    return -(-ROWS * down // 2) if down else 1


class BigTime(Widget):
    """A time ("12:30", "1:05:00") as large as the widget's size allows; `value` and `update`
    like Textual's `Digits`. Too small for even scale 1, it is written as plain text."""

    DEFAULT_CSS = """
    BigTime { width: 100%; height: 1fr; min-height: 1; padding: 0 1; content-align: center middle; }
    """

    def __init__(self, value: str = "", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._value = value

    @property
    def value(self) -> str:
        return self._value

    @property
    def scale(self) -> tuple[int, int]:
        """The scale the digits are drawn at in the widget's present size ((0, 0): plain text)."""
        size = self.content_size
        return scale_for(self._value, width=size.width, height=size.height)

    @property
    def rows(self) -> int:
        """How many terminal rows the digits take now."""
        return _rows(self.scale[1])

    def update(self, value: str) -> None:
        if value != self._value:
            self._value = value
            self.refresh()

    def on_resize(self) -> None:
        self.refresh()

    def render(self) -> RenderResult:
        across, down = self.scale
        if not across:
            return Text(self._value)
        return Text("\n".join(render_lines(self._value, across, down)))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Only used when a style asks for `height: auto`: the digits at the scale the width allows.
        return _rows(scale_for(self._value, width=width, height=viewport.height)[1])
