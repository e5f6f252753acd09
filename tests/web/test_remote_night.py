"""A 20-player rebuy and bounty night run from the TD's phone alone (issue 38), in English and in
Danish: after the set-up (the tournament, its money and the TD's PIN) no CLI call, every command a
button of the remote at 390x844 — registration, the draw, the clock, busts with knockers and a
rebuy, an undo, a table broken and the tables balanced, hand-for-hand at the bubble, the final
table, an ICM deal, every prize paid out on its slip and the drawer counted. The test reads the
database only to know whom to bust and what the drawer should hold, as the TD looks at the room."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain.money.handlers import chips_in_play
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.store.staff import StaffStore
from tdconsole.views.cash import cash_view
from tests.cli.helpers import run
from tests.web.conftest import TD, TD_PIN, Served, open_page, serving, wait_for
from tests.web.test_browser import PHONE, _log_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page

NAMES = ["Anna Holm", "Bent Lund", "Carl Møller", "Dorte Skov", "Erik Dahl", "Frida Bech", "Gorm Krogh",
         "Hanne Friis", "Ib Lind", "Jytte Brandt", "Karl Juhl", "Lise Storm", "Mads Kjær", "Nina Vang",
         "Ole Bak", "Pia Dam", "Rasmus Eg", "Sofie Ry", "Tage Bro", "Ulla Ravn"]

# The words each language's phone says, as the test waits for them.
SAID = {
    "en": {"drawn": "The tables are drawn: 20 players at 4 tables", "rebuys": "rebuys (1 rebuy so far)",
           "undone": "Undone:",
           "level": "Level 3", "busts_in": "busts in ", "broken": "is broken", "moved": "Moved",
           "pending": "placed when every table has finished the hand",
           "bubble": "On the bubble: 8 left, 7 paid",
           "h4h": "Hand-for-hand", "final": "The final table is drawn", "prize": "Prize to ",
           "approved": "The deal is approved", "proposed": "An ICM deal is proposed: ",
           "over": "The tournament is over", "slip": "(slip",
           "counted": "The drawer is counted", "chips": "players", "paid": " pays ",
           "registered": "is registered",
           "unregistered": "is unregistered", "rebuy?": "Rebuy?", "double": "double"},
    "da": {"drawn": "Bordene er trukket: 20 spillere ved 4 borde", "rebuys": "rebuy (1 rebuy indtil nu)",
           "undone": "Fortrudt:",
           "level": "Niveau 3", "busts_in": "er slået ud som ", "broken": "er brudt", "moved": "Flyttede",
           "pending": "placeres, når alle borde har spillet hånden færdig",
           "bubble": "På boblen: 8 tilbage, 7 betalt",
           "h4h": "Hånd-for-hånd", "final": "Finalebordet er trukket", "prize": "Præmie til ",
           "approved": "Dealen er godkendt", "proposed": "En ICM-deal er foreslået: ",
           "over": "Turneringen er slut", "slip": "(seddel",
           "counted": "Kassen er talt", "chips": "spillere", "paid": " betaler ",
           "registered": "er registreret",
           "unregistered": "er afmeldt", "rebuy?": "Rebuy?", "double": "Dobbelt"},
}


def make_night(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The set-up, the one part done at the laptop: a rebuy night with bounties, 6-seat tables,
    7 places paid by the generator, and the TD's PIN."""
    store = EventStore.open(f"sqlite:///{db}")
    Service.create(store, name="Rebuy night", buy_in=100, fee=20,
                   structure=load_structure(DEFAULT_STRUCTURE), seats_per_table=6)
    StaffStore(store).add(TD, "td", TD_PIN)
    store.close()
    assert run(capsys, "--db", str(db), "money", "set", "--rebuy-until-level", "2", "--rebuy-price", "100",
               "--rebuy-limit", "1", "--bounty", "50", "--generator", "--paid", "35").code == 0


@pytest.fixture(params=["en", "da"])
def night(request: pytest.FixtureRequest, tmp_path: Path, capsys: pytest.CaptureFixture[str],
          monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Served, str]]:
    db = tmp_path / "night.sqlite"
    make_night(db, capsys)
    monkeypatch.setenv("TDCONSOLE_LANG", request.param)
    with serving(db) as server:
        yield server, request.param


class Room:
    """What the TD sees by looking at the room: who sits where (read from the database)."""

    def __init__(self, db: Path) -> None:
        self.store = EventStore.open(f"sqlite:///{db}")
        self.service = Service(self.store, None, role="display")

    def state(self) -> Any:
        self.service.refresh()
        return self.service.state

    def seated(self) -> dict[str, int]:
        return {p.name: p.table for p in self.state().players.values() if p.status == "seated"}


# A draw after which every break of the night finds seats (T-MOVE-1): checked in both languages.
DRAW_SEED = 7


def test_a_rebuy_night_from_the_tds_phone_alone(browser: Browser, night: tuple[Served, str],
                                                 shots: Path) -> None:
    served, lang = night
    said = SAID[lang]
    room = Room(served.db)
    page = open_page(browser, PHONE)
    asked: list[str] = []
    rebuyer = NAMES[3]

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        # T-REBUY-1: only the first player out buys back in, and not a double rebuy; every other
        # question (a bust, a draw, a move, a payment) is answered yes.
        declined = said["double"] in dialog.message or (
            said["rebuy?"] in dialog.message and rebuyer not in dialog.message)
        (dialog.dismiss if declined else dialog.accept)()

    page.on("dialog", answer)
    _log_in(page, served.base, TD, TD_PIN)
    shot = _shots(page, shots, lang)

    def status(text: str) -> None:
        try:
            wait_for(page, f"document.querySelector('#status').textContent.includes({text!r})", 10000)
        except AssertionError:
            raise AssertionError(f"{text!r} never said; the phone says {page.text_content('#status')!r}, "
                                 f"asked {asked[-3:]}") from None

    def tab(name: str) -> None:
        page.click(f'[data-tab="{name}"]')

    # ---- registration: one on MobilePay (the next is the house's cash again), one not paid yet
    tab("register")
    page.fill("#reg-names", NAMES[0])
    page.select_option("#reg-paid", "mobilepay")
    page.click("#reg-go")
    status(said["registered"])
    assert page.input_value("#reg-paid") == "cash"
    page.fill("#reg-names", NAMES[1])
    page.select_option("#reg-paid", "")
    page.click("#reg-go")
    status(NAMES[1])
    page.fill("#reg-names", "\n".join([*NAMES[2:], "Wrong Name"]))
    page.click("#reg-go")
    status("21")
    # ---- a name registered by mistake, taken back from his row
    page.fill("#row-player", "Wrong Name")
    page.click('#slot-row button[data-verb="unregister"]')
    status(said["unregistered"])
    # ---- the draw, asked first, and each table's seats. The phone's draw is the system's random
    # one; the test gives it a seed on the way, so every run is the same night (some draws leave a
    # later break no seat that spares a moved player the big blind twice: T-MOVE-1, placed by hand).
    def seeded(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "seed": DRAW_SEED}))

    page.route("**/commands/draw", seeded)
    tab("tables")
    page.click('button[data-verb="draw"]')
    status(said["drawn"])
    wait_for(page, "document.querySelectorAll('#slot-tables .seats').length === 4")
    shot("01-draw")
    # ---- the clock
    page.click("#pause-resume")
    wait_for(page, "document.querySelector('.clock-line').dataset.running === 'yes'")

    def bust(name: str, by: str | None = None) -> None:
        tab("bust")
        page.fill("#bust-filter", name)
        pick = f'.pick[data-name="{name}"]'
        page.wait_for_selector(pick)
        page.click(pick)
        if by:
            # Under load the names may be drawn anew from a board read between the click and the
            # form, which drops a pick not yet asked about (a failed CI run waited 30 s for the
            # knocker's list): picked again, not toggled off, until the form asks for the knocker.
            for _attempt in range(3):
                try:
                    page.wait_for_selector("#bust-by", timeout=10_000)
                    break
                except PlaywrightTimeout:
                    if not page.query_selector(f'.pick.selected[data-name="{name}"]'):
                        page.click(pick)
            page.select_option("#bust-by", by)
        page.click("#bust-go")
        status(name)
        wait_for(page, "!document.querySelector('.pick.selected')")

    def knocker(name: str) -> str:
        seated = room.seated()
        return next(other for other in sorted(seated) if seated[other] == seated[name] and other != name)

    # ---- a bust in the rebuy period: he buys back in instead (T-REBUY-1), the knocker named
    bust(rebuyer, knocker(rebuyer))
    status(said["rebuys"])
    assert any(rebuyer in message for message in asked)
    # ---- a wrong bust taken back: "Undo <the command in words>?"
    victim = sorted(room.seated())[0]
    bust(victim, knocker(victim))
    page.click("#undo-ask")
    status(said["undone"])
    assert any(victim in message and "?" in message for message in asked[-2:])
    assert room.seated().get(victim)
    # ---- a clock call on a player: his table and seat come with his name
    tab("call")
    caller = sorted(room.seated())[1]
    page.fill("#call-player", caller)
    page.dispatch_event("#call-player", "change")
    assert page.input_value("#call-table") == str(room.seated()[caller])
    page.click("#call-go")
    page.wait_for_selector('#slot-calls [data-verb="rulings/clock-stop"]')
    assert page.is_disabled("#slot-calls [data-ruling-call]")  # the ruling waits for zero (C-CLOCK-1)
    page.click('#slot-calls [data-verb="rulings/clock-stop"]')
    page.wait_for_selector("#slot-calls [data-ruling-call]", state="detached")
    # ---- the rebuy period ends with level 2
    page.click('[data-verb="clock/next"]')
    page.click('[data-verb="clock/next"]')
    status(said["level"])

    def balance() -> None:
        """The balancing plan; a table to break first is broken from the plan (T-BREAK-1), the
        moves applied, each asked first."""
        tab("tables")
        page.click("#balance-show")
        wait_for(page, "document.querySelector('#balance-plan').textContent.length > 0")
        if page.query_selector('#balance-plan button[data-preview="break-table"]'):
            page.click('#balance-plan button[data-preview="break-table"]')
            status(said["broken"])
            page.click("#balance-show")
            wait_for(page, "document.querySelector('#balance-plan').textContent.length > 0")
        if page.query_selector("#balance-plan .move"):
            page.click("#balance-apply")
            status(said["moved"])

    def bust_down_to(left: int) -> None:
        while len(seated := room.seated()) > left:
            # The fullest table loses a player, knocked out by another at it.
            counts = {table: list(seated.values()).count(table) for table in set(seated.values())}
            name = sorted(n for n in seated if counts[seated[n]] == max(counts.values()))[0]
            bust(name, knocker(name))
            status(said["busts_in"])

    bust_down_to(15)
    balance()
    tables = len(set(room.seated().values()))
    wait_for(page, f"document.querySelectorAll('#slot-tables .seats').length === {tables}")
    shot("02-table-broken")
    bust_down_to(12)
    balance()
    bust_down_to(8)
    balance()
    # ---- the bubble: said above every tab; hand-for-hand from the phone
    wait_for(page, f"document.querySelector('#slot-banner').textContent.includes({said['bubble']!r})")
    tab("tables")
    page.click('button[data-verb="h4h/start"]')
    wait_for(page, "!!document.querySelector('#slot-banner .h4h')")
    name = sorted(room.seated())[0]
    bust(name, knocker(name))
    status(said["pending"])
    shot("03-hand-for-hand")
    tab("tables")
    for table in sorted(set(room.seated().values())):
        page.click(f'#slot-h4h button[data-verb="h4h/done"][data-body*=": {table}}}"]')
        status(said["h4h"])
    wait_for(page, "!document.querySelector('#slot-banner .h4h')")
    shot("04-bubble-burst")
    # ---- the final table
    bust_down_to(6)
    tab("tables")
    page.click('button[data-preview="final-table"]')
    status(said["final"])
    shot("05-final-table")
    bust_down_to(3)
    status(said["prize"])
    # ---- the deal: chip counts (the Chips tab, T-CHIPS-3), ICM and chip chop side by side, each
    # player's consent, the TD's approval
    state = room.state()
    left = sorted(p.name for p in state.players.values() if p.status == "seated")
    total = chips_in_play(state)
    shares = [total // 2, total // 3, total - total // 2 - total // 3]
    tab("chips")
    page.fill("#chips-table", str(room.seated()[left[0]]))
    for name, chips in zip(left, shares, strict=True):
        page.fill(f'[data-chips-name="{name}"]', str(chips))
    page.click("#chips-go")
    status(said["chips"])
    tab("money")
    page.wait_for_selector("table.deal-options")
    shot("06-deal-options")
    page.click('button[data-verb="deal/propose"][data-body*="icm"]')
    status(said["proposed"])  # the log's sentence, then what the deal asks next
    page.wait_for_selector('button[data-verb="deal/consent"]')
    for name in left:  # each player says yes, asked by name first
        page.click(f'button[data-verb="deal/consent"][data-name="{name}"]')
        page.wait_for_selector(f'button[data-verb="deal/consent"][data-name="{name}"]', state="detached")
    page.click('button[data-verb="deal/approve"]')
    status(said["approved"])
    # ---- the end
    bust_down_to(1)
    wait_for(page, f"document.querySelector('#slot-banner').textContent.includes({said['over']!r})")
    assert not page.is_visible("#pause-resume") and not page.is_visible('[data-tab="bust"]')
    shot("07-finished")
    # ---- the cash desk: the unpaid entry marked paid, every prize on its slip, the drawer counted
    tab("money")
    page.click(f'button[data-verb="pay"][data-name="{NAMES[1]}"]')
    status(said["paid"])
    owed = [row.name for row in cash_view(room.state()).prizes if row.owed]
    for slip, name in enumerate(owed, 1):
        page.click(f'button[data-verb="cash/pay-out"][data-name="{name}"]')
        status(f"{said['slip']} {slip}")
    view = cash_view(room.state())
    assert view.owed == 0 and not view.unpaid
    for method, amount in view.expected.items():
        page.fill(f'[data-count="{method}"]', str(amount))
    page.click("#drawer-go")
    status(said["counted"])
    shot("08-cash-desk")
    # ---- every tab fits the narrowest phone
    page.set_viewport_size({"width": 320, "height": 640})
    for name in ("tables", "register", "money", "ruling", "call", "chips"):
        tab(name)
        assert page.evaluate("document.documentElement.scrollWidth") <= 320, name
    assert page.errors == []  # type: ignore[attr-defined]


def _shots(page: Page, shots: Path, lang: str) -> Callable[[str], None]:
    def shot(name: str) -> None:
        page.screenshot(path=str(shots / f"{lang}-{name}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{name}: {width} px wide"

    return shot



def test_c_clock_1_the_ruling_opens_at_zero_on_the_phones_clock(browser: Browser, served: Served) -> None:
    """Item 6: the clock call takes the player's table and seat, its buttons are in view, and its
    Ruling opens only once the countdown reaches zero (the page's clock moved, no waiting)."""
    page = open_page(browser, PHONE)
    page.clock.install()
    _log_in(page, served.base, TD, TD_PIN)
    page.click('[data-tab="call"]')
    page.fill("#call-player", "Anna Holm")
    page.dispatch_event("#call-player", "change")
    assert page.input_value("#call-table") and page.input_value("#call-seat")
    page.click("#call-go")
    page.wait_for_selector("#slot-calls [data-ruling-call]")
    ruling = "#slot-calls [data-ruling-call]"
    assert page.is_disabled(ruling)
    # The panel redraws on every change (the call's own among them): read the button once it stands.
    box = None
    for _ in range(20):
        page.locator(ruling).wait_for(state="visible")
        if (box := page.locator(ruling).bounding_box()) is not None:
            break
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]  # in view, no scrolling
    seconds = int(page.get_attribute("[data-call-left]", "data-call-left") or 0)
    page.clock.run_for(max(0, seconds - 5) * 1000)
    assert page.is_disabled(ruling)
    # A panel refresh (the call's own change, late under load) counts down again from the
    # server's seconds: move the page's clock on until the countdown, from wherever it restarted,
    # reaches zero and the Ruling takes the tap (a click waits only for an enabled button).
    for _ in range(20):
        page.clock.run_for(6000)
        try:
            page.click(ruling, timeout=1000)
            break
        except PlaywrightTimeout:
            continue
    else:
        raise AssertionError("the Ruling never opened at zero")
    wait_for(page, "document.querySelector('#rw-title').textContent.startsWith('Clock call')")
    assert page.errors == []  # type: ignore[attr-defined]


def test_t_seat_1_the_phone_places_a_player_by_hand(browser: Browser, served: Served,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The way on when a break finds no seat that spares a moved player the big blind twice
    (T-MOVE-1: "place him manually"): the Tables tab moves one player to a free seat, asked first,
    and says where he went."""
    page = open_page(browser, PHONE)
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.on("dialog", answer)
    _log_in(page, served.base, TD, TD_PIN)
    page.click('[data-tab="tables"]')
    state = Room(served.db).state()
    # A seat freed by a bust at another table than Anna's.
    out = next(p for p in sorted(state.players.values(), key=lambda p: p.name)
               if p.status == "seated" and p.table != state.find("Anna Holm").table)
    by = next(p.name for p in state.players.values()
              if p.status == "seated" and p.table == out.table and p.id != out.id)
    assert run(capsys, "--db", str(served.db), "bust", out.name, "--by", by).code == 0
    state = Room(served.db).state()
    taken = {(p.table, p.seat) for p in state.players.values() if p.status == "seated"}
    seats = range(1, state.info.seats_per_table + 1)
    table, seat = min((n, seat) for n in state.room for seat in seats if (n, seat) not in taken)
    page.fill("#move-player", "Anna Holm")
    page.fill("#move-table", str(table))
    page.fill("#move-seat", str(seat))
    page.check("#move-force")
    page.click("#move-go")
    wait_for(page, "document.body.textContent.includes('Moved Anna Holm')")
    assert asked == [f"Move Anna Holm to table {table} seat {seat}?"]
    anna = Room(served.db).state().find("Anna Holm")
    assert (anna.table, anna.seat) == (table, seat)
    assert page.errors == []  # type: ignore[attr-defined]
