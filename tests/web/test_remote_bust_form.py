"""The remote's bust form is drawn from the server's questions alone (views/busts.py
`bust_questions`, its `asks`, as `POST api/bust/questions` answers them): one browser test per
state. A knocker that must be named in a progressive knockout (T-PKO-1), may be with a fixed bounty
(T-BOUNTY-1), is not asked without bounties; the stacks of two out in one hand (T-ELIM-1), and a
rebuy offered first in the rebuy period (T-REBUY-1). The phone decides none of it: what it draws is
compared with the view's JSON, field by field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.cli.helpers import run
from tests.web.conftest import TD, TD_PIN, Served, events, open_page, wait_for
from tests.web.test_browser import PHONE, _log_in
from tests.web.test_rebuy_remote import REBUYS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# What the form shows, in order: each note, label and stack input's label, with the field it fills.
DRAWN = """(() => [
  ...[...document.querySelectorAll('#bust-picked input')].map((i) => ['stack', i.getAttribute('aria-label')]),
  ...[...document.querySelector('#bust-asks').children].map((e) =>
    e.matches('p.note') ? ['rebuy', e.textContent]
    : e.querySelector('select') ? ['by', e.querySelector('label').textContent]
    : ['disqualified', e.textContent.trim()]),
])()"""


def _asked(page: Any, names: list[str]) -> dict[str, Any]:
    """The view's JSON for a bust of `names`, as the phone asks for it."""
    return page.evaluate(  # type: ignore[no-any-return]
        """(names) => fetch('api/bust/questions', {method: 'POST', body: JSON.stringify({names}),
             headers: {'Content-Type': 'application/json',
                       'X-CSRF-Token': document.querySelector('meta[name="csrf"]').content}})
           .then((response) => response.json())""", names)


def _form(served: Served, capsys: pytest.CaptureFixture[str], browser: object, *money: str,
          names: tuple[str, ...] = ("Anna Holm",)) -> tuple[Any, dict[str, Any]]:
    """The phone with `names` picked under the money settings `money`, once it has drawn their
    form; and the view it was drawn from."""
    if money:
        assert run(capsys, "--db", str(served.db), "money", "set", *money).code == 0
    page = open_page(browser, PHONE)  # type: ignore[arg-type]
    _log_in(page, served.base, TD, TD_PIN)
    for name in names:
        page.click(f'.pick[data-name="{name}"]')
    asked = _asked(page, list(names))
    drawn = [[ask["field"], ask["label"]] for ask in asked["asks"]]
    ordered = [pair for pair in drawn if pair[0] == "stack"] + [pair for pair in drawn if pair[0] != "stack"]
    expected = json.dumps(ordered, ensure_ascii=False, separators=(",", ":"))  # as JSON.stringify writes it
    wait_for(page, f"JSON.stringify({DRAWN}) === {json.dumps(expected)}")
    return page, asked


def test_t_pko_1_a_progressive_knockout_asks_for_the_knocker_and_refuses_without_one(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    page, asked = _form(served, capsys, browser, "--bounty", "50", "--pko")
    [by] = [ask for ask in asked["asks"] if ask["field"] == "by"]
    assert by["required"] and "T-PKO-1" in by["label"] and "Anna Holm" not in by["choices"]
    assert page.evaluate("document.querySelector('#bust-by').required")
    options = page.eval_on_selector_all("#bust-by option", "os => os.map((o) => o.value)")
    assert options == ["", *by["choices"]]  # the choices are the view's, nobody chosen yet
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#bust-go")  # no knocker named: the view's refusal is said and nothing busts
    wait_for(page, "document.querySelector('#status').textContent.includes('T-PKO-1')")
    assert "player_busted" not in [kind for _seq, _actor, kind in events(served.db)]
    page.select_option("#bust-by", by["choices"][0])
    page.click("#bust-go")
    wait_for(page, "document.querySelector('#status').textContent.includes('Anna Holm busts in 12th')")
    assert page.errors == []  # type: ignore[attr-defined]


def test_t_bounty_1_a_fixed_bounty_may_name_the_knocker(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    page, asked = _form(served, capsys, browser, "--bounty", "50")
    [by] = [ask for ask in asked["asks"] if ask["field"] == "by"]
    assert not by["required"] and "optional" in by["label"]
    assert not page.evaluate("document.querySelector('#bust-by').required")
    assert page.errors == []  # type: ignore[attr-defined]


def test_no_bounty_no_knocker_is_asked(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    page, asked = _form(served, capsys, browser)
    assert [ask["field"] for ask in asked["asks"]] == ["disqualified"]
    assert page.query_selector("#bust-by") is None and page.query_selector("#bust-picked input") is None
    # C-PEN-1: the disqualification asked for, the view asked again: still no knocker.
    page.check("#bust-disqualified")
    wait_for(page, "document.querySelector('#bust-disqualified').checked")
    assert page.errors == []  # type: ignore[attr-defined]


def test_t_elim_1_two_out_in_one_hand_are_asked_their_stacks_and_equal_ones_tie(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    page, asked = _form(served, capsys, browser, names=("Anna Holm", "Bent Lund"))
    assert [ask["player"] for ask in asked["asks"] if ask["field"] == "stack"] == ["Anna Holm", "Bent Lund"]
    for index in (0, 1):
        page.locator("#bust-picked input").nth(index).fill("5000")
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#bust-go")
    wait_for(page, "document.querySelector('#status').textContent.includes('sharing places 11th to 12th')")
    assert page.errors == []  # type: ignore[attr-defined]


def test_t_rebuy_1_a_rebuy_is_offered_first(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    page, asked = _form(served, capsys, browser, *REBUYS[2:])
    assert [ask["field"] for ask in asked["asks"]] == ["rebuy", "disqualified"]
    assert asked["rebuy"][0]["name"] == "Anna Holm"
    said: list[str] = []
    page.on("dialog", lambda dialog: (said.append(dialog.message), dialog.dismiss()))  # no rebuy, no bust
    with page.expect_event("dialog"):  # asked once the phone has the view's questions
        page.click("#bust-go")
    assert said and "Rebuy?" in said[0]
    assert page.errors == []  # type: ignore[attr-defined]
