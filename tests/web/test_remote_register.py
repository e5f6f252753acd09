"""The remote's Register tab (TD only): names one a line, the payment method from the house's
list (its default chosen) or not paid yet; each late entry is seated at once (TDA 8A) and the
phone says where; a refusal is one line and registers nobody."""

from __future__ import annotations

import pytest

from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.web.conftest import FLOOR, FLOOR_PIN, TD, TD_PIN, Served, open_page, wait_for
from tests.web.test_browser import PHONE, _log_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _state(served: Served) -> Service:
    return Service(EventStore.open(f"sqlite:///{served.db}"), 1)


def test_a_td_registers_two_late_entries_from_a_phone_paid_by_mobilepay(
        browser: object, served: Served) -> None:
    page = open_page(browser, PHONE)  # type: ignore[arg-type]
    _log_in(page, served.base, TD, TD_PIN)
    for width in (390, 320):  # every tab on the screen, however many the TD has
        page.set_viewport_size({"width": width, "height": 844})
        assert page.evaluate("[...document.querySelectorAll('.tabs button')].every("
                             "b => b.getBoundingClientRect().right <= innerWidth)"), width
    page.click('[data-tab="register"]')
    assert page.eval_on_selector("#reg-paid", "select => select.value") == "cash"  # the house's default
    page.fill("#reg-names", "Mette Kjær\n  Ole Berg \n\n")
    page.select_option("#reg-paid", "mobilepay")
    page.click("#reg-go")
    wait_for(page, "document.querySelector('#status').textContent.includes('14 entries')")
    said = page.text_content("#status") or ""
    state = _state(served).state
    for name in ("Mette Kjær", "Ole Berg"):
        player = state.find(name)
        assert f"{name}: table {player.table} seat {player.seat}" in said
        assert state.payments[f"{player.id}/entry"] == "mobilepay"
    assert page.input_value("#reg-names") == ""
    # All or none: a name already in refuses the lot in one line, and nobody more is registered.
    page.fill("#reg-names", "Karen Dahl\nMette Kjær")
    page.select_option("#reg-paid", "")  # not paid yet
    page.click("#reg-go")
    wait_for(page, "document.querySelector('#status').classList.contains('error')")
    assert "Mette Kjær" in (page.text_content("#status") or "")
    assert _state(served).state.entries == 14
    assert page.errors == []  # type: ignore[attr-defined]


def test_floor_staff_have_no_register_tab(browser: object, served: Served) -> None:
    page = open_page(browser, PHONE)  # type: ignore[arg-type]
    _log_in(page, served.base, FLOOR, FLOOR_PIN)
    assert page.query_selector('[data-tab="register"]') is None and page.query_selector("#reg-go") is None
