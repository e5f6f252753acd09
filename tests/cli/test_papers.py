"""The papers as PDF (`--format pdf`, views/papers.py): each is its HTML page printed, so its text
(read back with pdftotext, as a person copying from the PDF would) holds the names and the amounts
as the club writes them (Danish: "1.500 kr."); the results as a phone-sized PNG; and a binary
document is never written to a terminal."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from pathlib import Path

import pypdfium2
import pytest
import weasyprint
from PIL import Image

from tdconsole.domain.commands import Bust, Register
from tdconsole.views.export import results_card_html
from tdconsole.views.papers import CARD_WIDTH_PX, pdf_of
from tests.cli.helpers import assert_one_line_error, run
from tests.domain.helpers import Tournament

Capsys = pytest.CaptureFixture[str]
NAMES = ["Anna", "Bo", "Carl", "Dorte", "Łukasz", "Åse Ærø"]


def pdf_text(path: Path) -> str:
    """What pdftotext reads off the PDF, a no-break space as a space, lines as the page lays them."""
    pdftotext = shutil.which("pdftotext")
    if pdftotext is None:
        if os.environ.get("CI"):
            pytest.fail("pdftotext not found; scripts/test-deps.sh installs poppler-utils")
        pytest.skip("pdftotext not found (install poppler-utils to read the PDFs back)")
    assert path.read_bytes().startswith(b"%PDF-")
    done = subprocess.run([pdftotext, "-layout", str(path), "-"], capture_output=True, text=True,
                          timeout=60, check=True)
    return done.stdout.replace("\u00a0", " ")


@pytest.fixture
def evening(tmp_path: Path, capsys: Capsys) -> str:
    """A Danish evening at 1.500 kr.: six seated, Dorte out, a ruling logged, Anna paid a slip."""
    db = str(tmp_path / "club.sqlite")
    for args in (["new", "Fredag", "--buy-in", "1500"], ["register", *NAMES], ["draw", "--seed", "7"],
                 ["clock", "start"], ["bust", "Dorte", "--by", "Anna"],
                 ["rulings", "log", "--scenario", "wrong-button", "-a", "substantial_action=no",
                  "--by", "Mette", "--decision", "Knappen bliver", "--reason", "enige"]):
        assert run(capsys, "--db", db, "--lang", "da", *args).code == 0, args
    return db


def finish(db: str, capsys: Capsys) -> None:
    for name in ["Åse Ærø", "Łukasz", "Carl", "Bo"]:
        assert run(capsys, "--db", db, "bust", name, "--by", "Anna").code == 0
    assert run(capsys, "--db", db, "cash", "pay-out", "Anna").code == 0


def make(db: str, capsys: Capsys, out: Path, *args: str) -> str:
    result = run(capsys, "--db", db, "--lang", "da", *args, "--out", str(out))
    assert result.code == 0, result.err
    assert result.out.startswith("Skrev")
    return pdf_text(out)


def test_the_seating_wall_and_the_slips(evening: str, capsys: Capsys, tmp_path: Path) -> None:
    wall = make(evening, capsys, tmp_path / "wall.pdf", "seating", "--format", "pdf")
    assert "Fredag" in wall and "Spiller" in wall
    for name in set(NAMES) - {"Dorte"}:
        assert name in wall, name
    slips = make(evening, capsys, tmp_path / "slips.pdf", "seating", "--slips", "--format", "pdf")
    assert all(name in slips for name in set(NAMES) - {"Dorte"}) and "Bord" in slips


def test_the_results_sheet_and_the_payout_slip(evening: str, capsys: Capsys, tmp_path: Path) -> None:
    finish(evening, capsys)
    results = make(evening, capsys, tmp_path / "results.pdf", "results", "--format", "pdf")
    assert "Præmiepulje 9.000 kr." in results  # six at 1.500 kr.
    assert all(name in results for name in NAMES)
    winner = next(line for line in results.splitlines() if "Anna" in line)
    assert winner.split()[0] == "1" and "kr." in winner
    slips = make(evening, capsys, tmp_path / "slips.pdf", "slips", "--format", "pdf")
    assert "Anna" in slips and "Udbetalingsseddel" in slips and "kr." in slips
    # A receipt printer's roll: a receipt a page, each 80 mm wide (the page's own @page wins).
    receipts = tmp_path / "receipts.pdf"
    make(evening, capsys, receipts, "slips", "--receipts", "--width", "80mm", "--format", "pdf")
    document = pypdfium2.PdfDocument(receipts)
    try:
        assert len(document) == len(NAMES)  # everyone's entry paid at the desk
        assert round(document[0].get_width() / 72 * 25.4) == 80
    finally:
        document.close()


def test_the_cash_report_and_the_rulings_record(evening: str, capsys: Capsys, tmp_path: Path) -> None:
    cash = make(evening, capsys, tmp_path / "cash.pdf", "cash", "report", "--format", "pdf")
    assert "9.000 kr." in cash and "1.500 kr." in cash and "Åse Ærø" in cash
    rulings = make(evening, capsys, tmp_path / "rulings.pdf", "rulings", "export", "--format", "pdf")
    assert all(word in rulings for word in ("Mette", "Knappen", "enige", "TDA"))  # its cells wrap


def test_the_structure_sheet(tmp_path: Path, capsys: Capsys) -> None:
    # No tournament needed: a preset printed for the tables and the wall, in Danish.
    db = str(tmp_path / "club.sqlite")
    sheet = make(db, capsys, tmp_path / "turbo.pdf", "structure", "export", "club-turbo", "--format", "pdf")
    assert "Club turbo" in sheet and "Startstak 20000" in sheet and "Niveau" in sheet
    lines = [line.split() for line in sheet.splitlines()]
    assert ["1", "100/200", "ante", "200", "15"] in lines  # level, blinds, minutes on one line
    assert any(line[:1] == ["Pause"] and "add-on" in " ".join(line) for line in lines)


def test_the_results_image_is_a_phone_wide_and_shows_the_places_paid(evening: str, capsys: Capsys,
                                                                     tmp_path: Path) -> None:
    finish(evening, capsys)
    out = tmp_path / "results.png"
    assert run(capsys, "--db", evening, "--lang", "da", "results", "--format", "png",
               "--out", str(out)).code == 0
    with Image.open(out) as image:
        assert image.format == "PNG" and image.width == CARD_WIDTH_PX
        # Cut below its last line: a title, the pool and one place paid, not the 4,200 px page.
        assert 250 < image.height < 1000
        # Dark text was drawn in the card's upper part (the heading and the winner's line).
        assert image.convert("L").crop((0, 0, image.width, image.height // 2)).getextrema()[0] < 64
    # What the image shows is the card's HTML: the winner and his prize (a picture's text is not
    # read back here; the HTML it was printed from is).
    t = Tournament()
    t.do(Register(names=["Anna", "Bo", "Carl"]))
    t.do(Bust(names=["Carl"]), seconds=60)
    t.do(Bust(names=["Bo"]), seconds=120)
    card = results_card_html(t.state)
    assert "<td>Anna</td>" in card and "<td>Carl</td>" not in card  # the places paid only
    assert "1080px" in card


def test_a_pdf_is_never_written_to_a_terminal(evening: str, capsys: Capsys,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert_one_line_error(run(capsys, "--db", evening, "results", "--format", "pdf"),
                          "a PDF or image is binary: give --out FILE, or send it to a pipe")


def test_a_pdf_goes_down_a_pipe(evening: str, capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    pipe = io.BytesIO()
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(pipe, encoding="utf-8"))
    assert run(capsys, "--db", evening, "seating", "--format", "pdf").code == 0
    assert pipe.getvalue().startswith(b"%PDF-")


def test_printing_fetches_nothing_a_page_points_at(tmp_path: Path) -> None:
    # docs/SECURITY.md: the pages are standalone, and the printer is given a fetcher that allows
    # no protocol, so a file (or an address) a page pointed at is never read into the PDF.
    picture = tmp_path / "red.png"
    Image.new("RGB", (50, 50), "red").save(picture)
    page = f'<p>Anna</p><img src="{picture.as_uri()}"><link rel="stylesheet" href="{picture.as_uri()}">'
    assert b"/Image" not in pdf_of(page)
    # The same page printed with WeasyPrint's own fetcher does read the file: the test can fail.
    assert b"/Image" in weasyprint.HTML(string=page).write_pdf()


class _NoPango:
    """A machine without Pango: WeasyPrint's import fails loading the library (an OSError)."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == "weasyprint" or name.startswith("weasyprint."):
            raise OSError("cannot load library 'libpango-1.0-0': cannot open shared object file")


def test_a_machine_without_pango_is_told_what_to_install_in_one_line(
        evening: str, capsys: Capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    for name in [name for name in sys.modules if name == "weasyprint" or name.startswith("weasyprint.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "meta_path", [_NoPango(), *sys.meta_path])
    out = tmp_path / "results.pdf"
    assert_one_line_error(run(capsys, "--db", evening, "results", "--format", "pdf", "--out", str(out)),
                          "a PDF needs the Pango library: install libpango-1.0-0 and libpangoft2-1.0-0",
                          "cannot load library 'libpango-1.0-0'")
    assert not out.exists()
