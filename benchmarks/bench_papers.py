"""How long the papers take to print (views/papers.py): a 1,000-player festival's seating wall and
its results as PDF (each its HTML page through WeasyPrint), and the results image (the card through
WeasyPrint and PDFium). CPU time of this process, the figure that does not grow with a loaded
machine's waiting. No target is set: each figure says "no target". The HTML page's own time is
given beside it, so what printing adds is plain.

Run: `.venv/bin/python benchmarks/bench_papers.py`. Prints figures; asserts nothing.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks import size
from tdconsole.config.structures import load_structure
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.views.export import results_card_html, results_document, seating_document
from tdconsole.views.papers import pdf_of, png_of


def cpu(label: str, work: Callable[[], str | bytes]) -> str | bytes:
    start = time.process_time()
    made = work()
    seconds = time.process_time() - start
    print(f"{label:<52} {seconds * 1000:8.0f} ms CPU  ({len(made):,} bytes; no target)")
    return made


def main() -> None:
    players = size(1000, 30)
    with tempfile.TemporaryDirectory() as folder:
        store = EventStore.open(f"sqlite:///{Path(folder) / 'papers.sqlite'}")
        service = Service.create(store, name="Festival", structure=load_structure("club-turbo"))
        names = [f"Player {i:04}" for i in range(players)]
        service.execute(commands.Register(names=names))
        service.execute(commands.Draw(seed=1))
        state = service.state
        print(f"{players:,} players on {len(state.room):,} tables")
        # The first PDF also loads WeasyPrint and its fonts: measured apart, once.
        cpu("first PDF of the process (loads WeasyPrint, fonts)", lambda: pdf_of("<p>x</p>"))
        html = str(cpu("seating wall: the HTML page", lambda: seating_document(
            state.room, state.info.name, "html")))
        cpu("seating wall: that page as PDF", lambda: pdf_of(html))
        for name in names[1:]:
            service.execute(commands.Bust(names=[name]))
        state = service.state
        html = str(cpu("results: the HTML sheet", lambda: results_document(state, "html")))
        cpu("results: that sheet as PDF", lambda: pdf_of(html))
        cpu("results: the image (card, PDF, PDFium, PNG)", lambda: png_of(results_card_html(state)))


if __name__ == "__main__":
    main()
