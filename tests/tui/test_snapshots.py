"""Snapshots of the TD's screens, with a fixed clock so they never change by themselves."""

from __future__ import annotations

import pytest

from tdconsole.domain.commands import ClockStart, Draw
from tdconsole.i18n import set_language
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tests.conftest import FakeClock


def test_clock_screen(snap_compare, service: Service, fake_clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    service.execute(ClockStart())
    fake_clock.advance(4 * 60 + 21)
    assert snap_compare(create_app(service, poll_seconds=60), terminal_size=(100, 30))


# The TD's three busiest screens in both languages: Danish words (the footer's keys translated where
# they are shown) and amounts in kroner as the chosen language writes them.
@pytest.mark.parametrize("language", ["en", "da"])
@pytest.mark.parametrize("key", ["f1", "f2", "f10"])  # clock, players, tables
def test_screens_in_each_language(snap_compare, service: Service, fake_clock: FakeClock,  # type: ignore[no-untyped-def]
                                  language: str, key: str) -> None:
    service.execute(Draw(seed=7))
    service.execute(ClockStart())
    fake_clock.advance(4 * 60 + 21)
    set_language(language)
    try:
        assert snap_compare(create_app(service, poll_seconds=60), press=[key], terminal_size=(100, 30))
    finally:
        set_language("en")
