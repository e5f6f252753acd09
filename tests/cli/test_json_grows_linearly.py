"""Every `--json` document grows in proportion to what it reports, never as its square.

A list repeated in each row made `bust A B ... --json` at 2,400 tied busts print 92 MB: every row
named the 2,399 others it tied with. These tests run the same evening at two sizes, N and 2N
players all busted in one call (one tie, T-ELIM-3), and bound how much each document and the
bust's peak memory grow: linear is about twice, the square four times. Structural: bytes and
traced allocations, never the clock.
"""

from __future__ import annotations

import contextlib
import io
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from tdconsole.cli import main
from tdconsole.views.money import TIED_WITH_NAMED

SMALL = 150  # busted in one call; the room has LEFT more, who stay in
LEFT = 9
# Doubling the busts doubles a linear document (plus what does not grow); a square one quadruples.
GROWTH = 2.4

# What is measured after the bust, read-only: each document that lists players, seats or events.
READ = {
    "state": ("state", "--json"),
    "results": ("results", "--format", "json"),
    "log": ("log", "--json"),
    "tables": ("tables", "--json"),
    "seating": ("seating", "--json"),
    "h4h": ("h4h", "status", "--json"),
    "payouts": ("payouts", "--json"),
}


def tdconsole(db: Path, *args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            main(["--db", str(db), *args])
        except SystemExit as done:
            assert not done.code, (args, done.code)
    return out.getvalue()


def evening(db: Path, busted: int) -> dict[str, Any]:
    """Each document's size in bytes, and the bust's and the state's documents, for a room of
    `busted` + LEFT players, `busted` of them out in one call."""
    names = [f"Player {i:05}" for i in range(busted + LEFT)]
    sizes: dict[str, Any] = {}
    tdconsole(db, "new", "Festival", "--buy-in", "100", "--seats", "9", "--json")
    sizes["register"] = len(tdconsole(db, "register", *names, "--json"))
    sizes["draw"] = len(tdconsole(db, "draw", "--seed", "1", "--json"))
    bust = tdconsole(db, "bust", *names[:busted], "--json")
    sizes["bust"] = len(bust)
    sizes["bust document"] = json.loads(bust)
    for key, args in READ.items():
        sizes[key] = len(tdconsole(db, *args))
    sizes["state document"] = json.loads(tdconsole(db, *READ["state"]))
    sizes["undo"] = len(tdconsole(db, "undo", "--json"))
    return sizes


def bust_peak(db: Path, busted: int) -> int:
    """The most memory (traced, in bytes) that busting `busted` players in one call takes."""
    names = [f"Player {i:05}" for i in range(busted + LEFT + 1)]
    tdconsole(db, "new", "Festival", "--buy-in", "100", "--seats", "9", "--json")
    tdconsole(db, "register", *names, "--json")
    # Whatever a bust loads once (modules, its views' validators) is loaded before the bust is
    # traced: the last player goes out on his own.
    tdconsole(db, "bust", names[-1], "--json")
    tracemalloc.start()
    try:
        tdconsole(db, "bust", *names[:busted], "--json")
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.fixture(scope="module")
def evenings(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    folder = tmp_path_factory.mktemp("linear")
    return evening(folder / "small.sqlite", SMALL), evening(folder / "large.sqlite", 2 * SMALL)


def test_one_call_busting_everyone_ties_them_all(evenings: tuple[dict[str, Any], dict[str, Any]]) -> None:
    """The premise: the busts are one tie, the case that made `tied_with` quadratic."""
    for size, evening_ in zip((SMALL, 2 * SMALL), evenings, strict=True):
        document = evening_["bust document"]
        assert len(document["busted"]) == size
        assert [(tie["place"], tie["last_place"], len(tie["players"])) for tie in document["ties"]] == [
            (LEFT + 1, LEFT + size, size)]
        assert document["ties"] == evening_["state document"]["ties"]


@pytest.mark.parametrize("document", ["register", "draw", "bust", *READ, "undo"])
def test_a_document_grows_linearly(evenings: tuple[dict[str, Any], dict[str, Any]], document: str) -> None:
    small, large = evenings
    assert large[document] <= GROWTH * small[document], (document, small[document], large[document])


def test_the_bust_peak_memory_grows_linearly(tmp_path: Path) -> None:
    """At a few hundred players a bust's memory is mostly the room's, so the sizes are larger here:
    naming each tie on every row took 3.5 times the memory for twice the busts (and 420 MB RSS
    for 2,400 of them)."""
    small, large = bust_peak(tmp_path / "small.sqlite", 500), bust_peak(tmp_path / "large.sqlite", 1_000)
    assert large <= GROWTH * small, (small, large)


def test_each_row_names_at_most_a_table_of_its_tie(evenings: tuple[dict[str, Any], dict[str, Any]]) -> None:
    """`tied_with` keeps naming the others, as many as one hand at a 12-seat table can tie with him,
    the first by name; the whole tie is named once, in `ties`."""
    _small, large = evenings
    for document, rows in ((large["bust document"], large["bust document"]["busted"]),
                           (large["state document"], large["state document"]["players"])):
        tie = document["ties"][0]["players"]
        for row in rows:
            if row["last_place"] is None:
                assert row["tied_with"] == []
                continue
            others = [name for name in tie if name != row["name"]]
            assert row["tied_with"] == others[:TIED_WITH_NAMED]
            assert len(row["tied_with"]) == TIED_WITH_NAMED == 11
