"""The printable pages as PDF, and the results as an image for the club's chat.

One way from a page to paper: the HTML `views/export.py` (or `views/season.py`) writes is printed
by WeasyPrint, so a PDF holds exactly what the HTML page holds, in the same template. WeasyPrint
draws text with Pango, so every name prints in its own script. The image is that same kind of page
(the results template, laid out for a phone) printed by WeasyPrint and rendered to pixels by PDFium
(pypdfium2): WeasyPrint itself writes no PNG since version 53, and drawing the results again with
Pillow would be a second look to keep in step with the sheet.

Both libraries are imported only when a PDF or an image is asked for: the CLI's start-up does not
grow, and a machine without Pango still runs every other command.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tdconsole.domain.errors import InvalidInput

if TYPE_CHECKING:
    from weasyprint import Document

PDF = "pdf"
PNG = "png"
# The image's width: a phone's screen at full resolution, what chat apps show without scaling up.
CARD_WIDTH_PX = 1080
# Kept below the card's last line when the tall page is cut (image pixels: CSS pixels at this width).
_BOTTOM_PX = 48


def _document(html: str) -> Document:
    try:
        from weasyprint import HTML
        from weasyprint.urls import URLFetcher
    except OSError as error:  # Pango missing: WeasyPrint loads it when imported
        raise InvalidInput("a PDF needs the Pango library: install libpango-1.0-0 and libpangoft2-1.0-0 "
                           "({error})", error=str(error).splitlines()[0]) from None
    # The pages are standalone (views/templates/page.html.j2): a fetcher allowing no protocol means
    # nothing a name or a file could point at (file://, http://) is ever read while printing.
    return HTML(string=html, url_fetcher=URLFetcher(allowed_protocols=())).render()


def pdf_of(html: str) -> bytes:
    """The page `html` printed: a PDF, paged as its print CSS says (A4 unless the page says)."""
    data: bytes = _document(html).write_pdf()
    return data


def in_format(fmt: str, write: Callable[[str], str]) -> str | bytes:
    """The document `write(fmt)` makes, or for `pdf` its HTML page printed: every paper the CLI
    writes as PDF goes through here, so a PDF never differs from the page it prints."""
    if fmt == PDF:
        return pdf_of(write("html"))
    return write(fmt)


def png_of(html: str) -> bytes:
    """The page `html` (laid out `CARD_WIDTH_PX` wide on one tall page) as a PNG that wide, cut
    below its last line: what the page holds, at a phone's width."""
    import io

    import pypdfium2
    from PIL import Image, ImageChops

    document = pypdfium2.PdfDocument(pdf_of(html))
    try:
        page = document[0]
        image = page.render(scale=CARD_WIDTH_PX / page.get_width()).to_pil().convert("RGB")
    finally:
        document.close()
    # The page is taller than any card (a page's height must be known before its layout): cut it
    # below the lowest drawn pixel, keeping the card's own bottom margin.
    background = Image.new("RGB", image.size, image.getpixel((0, image.height - 1)))
    box = ImageChops.difference(image, background).getbbox()
    bottom = image.height if box is None else min(image.height, box[3] + _BOTTOM_PX)
    out = io.BytesIO()
    image.crop((0, 0, image.width, bottom)).save(out, format="PNG", optimize=True)
    return out.getvalue()
