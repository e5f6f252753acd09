"""One snapshot of the clock screen, with a fixed clock so it never changes by itself."""

from __future__ import annotations

from tdconsole.domain.commands import ClockStart
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tests.conftest import FakeClock


def test_clock_screen(snap_compare, service: Service, fake_clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    service.execute(ClockStart())
    fake_clock.advance(4 * 60 + 21)
    assert snap_compare(create_app(service, poll_seconds=60), terminal_size=(100, 30))
