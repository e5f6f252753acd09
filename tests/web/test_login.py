"""Log-in that holds: the lock-out counted per address and per name, atomically, never cleared by
someone else's success; sessions in the database (a restart keeps them, a removal or a new PIN ends
them); the Host and Origin checks; the security headers; proxy headers only from --trust-proxy."""

from __future__ import annotations

import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from tdconsole.store import staff
from tdconsole.store.db import make_engine
from tdconsole.store.event_store import EventStore
from tdconsole.store.staff import StaffStore
from tdconsole.web.app import create_app
from tdconsole.web.server import allowed_hosts
from tests.cli.helpers import run
from tests.schema import rewind
from tests.web.conftest import FLOOR, FLOOR_PIN, TD, TD_PIN, Served, Ticks, Web


def _login(client: TestClient, staff: str, pin: str) -> int:
    return client.post("/api/login", json={"staff": staff, "pin": pin}).status_code


def test_a_floor_members_own_log_in_does_not_clear_her_wrong_guesses(web: Web) -> None:
    """The insider attack: four wrong guesses at the TD's PIN, then a good log-in as herself."""
    statuses = []
    for _round in range(3):
        statuses += [_login(web.client, TD, "0000") for _wrong in range(4)]
        statuses.append(_login(web.client, FLOOR, FLOOR_PIN))
    assert statuses[:5] == [401, 401, 401, 401, 200]
    assert statuses[5] == 401 and set(statuses[6:]) == {429}  # the fifth wrong guess locked it


def test_a_name_gets_at_most_ten_wrong_guesses_an_hour_from_all_addresses(web: Web) -> None:
    wrong = 0
    for address in range(30):
        with TestClient(web.client.app, client=(f"192.0.2.{address + 1}", 5000)) as phone:
            status = _login(phone, TD, "0000")
        wrong += status == 401
        web.ticks.advance(100)  # never five in five minutes
    assert wrong == 10
    web.ticks.advance(3600)
    assert _login(web.client, TD, TD_PIN) == 200


def test_sixty_guesses_at_once_get_at_most_five_checked(served: Served) -> None:
    with httpx.Client(base_url=served.base, timeout=30) as client, ThreadPoolExecutor(60) as pool:
        statuses = list(pool.map(
            lambda guess: client.post("/api/login", json={"staff": TD, "pin": f"{guess:04d}"}).status_code,
            range(60)))
    assert statuses.count(401) <= 5 and statuses.count(429) >= 55, statuses


def test_forwarded_for_from_this_machine_is_not_believed(served: Served) -> None:
    """Each guess claims another address and another name: still one address, locked after five."""
    statuses = [httpx.post(f"{served.base}/api/login", json={"staff": f"nobody{n}", "pin": "0000"},
                           headers={"X-Forwarded-For": f"198.51.100.{n}"}).status_code for n in range(7)]
    assert statuses == [401] * 5 + [429] * 2


def test_a_session_survives_a_restart_and_ends_at_log_out(club_db: Path) -> None:
    ticks = Ticks()
    store = EventStore.open(f"sqlite:///{club_db}")
    with TestClient(create_app(store, clock=ticks)) as first:
        csrf = first.post("/api/login", json={"staff": TD, "pin": TD_PIN}).json()["csrf"]
        cookies = dict(first.cookies)
    store.close()
    with sqlite3.connect(club_db) as db:  # only a digest of the token is kept
        assert cookies["tdconsole_session"] not in str(db.execute("SELECT * FROM web_sessions").fetchall())
    store = EventStore.open(f"sqlite:///{club_db}")
    with TestClient(create_app(store, clock=ticks), cookies=cookies) as restarted:
        headers = {"X-CSRF-Token": csrf}
        assert restarted.post("/api/commands/clock/pause", json={}, headers=headers).status_code == 200
        assert restarted.post("/api/logout", headers=headers).status_code == 200
        restarted.cookies.update(cookies)
        assert restarted.post("/api/commands/clock/resume", json={}, headers=headers).status_code == 401
    store.close()


def test_a_lock_out_survives_a_restart(club_db: Path) -> None:
    """Five wrong PINs, then `serve` restarted (a new app over the same database): the sixth guess
    is still refused, from that address and at that name, and the right PIN too, until the
    lock-out ends."""
    ticks = Ticks()
    store = EventStore.open(f"sqlite:///{club_db}")
    with TestClient(create_app(store, clock=ticks)) as first:
        assert [_login(first, TD, f"000{n}") for n in range(5)] == [401] * 5
    store.close()
    store = EventStore.open(f"sqlite:///{club_db}")
    with TestClient(create_app(store, clock=ticks)) as restarted, \
            TestClient(restarted.app, client=("192.0.2.9", 5000)) as elsewhere:
        refused = restarted.post("/api/login", json={"staff": TD, "pin": TD_PIN})
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "300"
        assert _login(restarted, FLOOR, FLOOR_PIN) == 429  # the address is locked out
        assert _login(elsewhere, TD, TD_PIN) == 429  # and the name, from anywhere
        ticks.advance(300)
        assert _login(restarted, TD, TD_PIN) == 200
    store.close()


def test_a_new_pin_or_a_removal_ends_the_members_sessions_at_once(web: Web) -> None:
    from starlette.testclient import TestClient as Client

    csrf = web.login(FLOOR, FLOOR_PIN)
    with Client(web.client.app) as td_phone:
        td_csrf = td_phone.post("/api/login", json={"staff": TD, "pin": TD_PIN}).json()["csrf"]
        store = EventStore.open(f"sqlite:///{web.db}")
        staff = StaffStore(store)
        staff.remove(FLOOR)
        staff.add(FLOOR, "td", "9999")  # the same name again, now a TD: the old session is not his
        with sqlite3.connect(web.db) as db:  # a new PIN written straight into the record
            db.execute("UPDATE staff SET pin_hash = (SELECT pin_hash FROM staff WHERE name = ?) "
                       "WHERE name = ?", (FLOOR, TD))
        store.close()
        assert web.command("clock/pause", {}, csrf).status_code == 401  # type: ignore[attr-defined]
        gone = td_phone.post("/api/commands/clock/pause", json={}, headers={"X-CSRF-Token": td_csrf})
        assert gone.status_code == 401 and "session has ended" in gone.json()["error"]


def test_a_restore_ends_every_session_and_brings_back_the_staff_list_of_the_backup(
        web: Web, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Frank's session is in the backup; he is removed after it (his session with him). Restoring
    the backup brings Frank back to the staff list, not his session: the cookie he kept no longer
    works, nor does the TD's, and both log in again. Lock-outs are the backup's too."""
    csrf = web.login(FLOOR, FLOOR_PIN)
    with TestClient(web.client.app) as td_phone, \
            TestClient(web.client.app, client=("192.0.2.50", 5000)) as guesser, \
            TestClient(web.client.app, client=("192.0.2.51", 5000)) as later:
        assert [_login(guesser, "Mallory", "0000") for _guess in range(6)] == [401] * 5 + [429]
        td_csrf = td_phone.post("/api/login", json={"staff": TD, "pin": TD_PIN}).json()["csrf"]
        backup = tmp_path / "friday.sqlite"
        assert run(capsys, "--db", str(web.db), "db", "backup", str(backup)).code == 0
        assert run(capsys, "--db", str(web.db), "staff", "remove", FLOOR).code == 0
        assert [_login(later, "Eve", "0000") for _guess in range(6)] == [401] * 5 + [429]
        restored = run(capsys, "--db", str(web.db), "db", "restore", str(backup), "--yes", "--json")
        assert restored.code == 0, restored.err
        assert web.command("clock/pause", {}, csrf).status_code == 401  # type: ignore[attr-defined]
        gone = td_phone.post("/api/commands/clock/pause", json={}, headers={"X-CSRF-Token": td_csrf})
        assert gone.status_code == 401 and "session has ended" in gone.json()["error"]
        assert restored.json["sessions_ended"] == 1  # the TD's; Frank's went with his removal
        # Lock-outs are the backup's: the one it holds is kept, the one made since is not.
        assert (_login(guesser, TD, TD_PIN), _login(later, TD, TD_PIN)) == (429, 200)
        said = run(capsys, "--db", str(web.db), "db", "restore", str(backup), "--yes").out  # 192.0.2.51's
        said = " ".join(said.split())
        assert "Staff and lock-outs are as the backup had them; 1 web session was ended" in said
    listed = run(capsys, "--db", str(web.db), "staff", "list", "--json").json
    assert [member["name"] for member in listed] == [FLOOR, TD]
    web.login(FLOOR, FLOOR_PIN)  # he is back, with the PIN he had
    csrf = web.login(TD, TD_PIN)
    assert web.command("clock/pause", {}, csrf).status_code == 200  # type: ignore[attr-defined]


def test_only_the_hosts_serve_listens_on_are_answered(club_db: Path) -> None:
    store = EventStore.open(f"sqlite:///{club_db}")
    app = create_app(store, hosts=allowed_hosts("127.0.0.1"))
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        assert client.get("/api/board").status_code == 200
        assert client.get("/api/board", headers={"Host": "localhost:8000"}).status_code == 200
        refused = client.get("/api/board", headers={"Host": "evil.example:8000"})
        assert refused.status_code == 400 and "host" in refused.json()["error"].lower()
    store.close()
    assert allowed_hosts("192.168.1.20") == {"192.168.1.20"}
    assert "[::1]" in allowed_hosts("::1") and "127.0.0.1" in allowed_hosts("0.0.0.0")


@pytest.mark.parametrize("origin", ["https://evil.example", "null", "http://testserver.evil"])
def test_a_post_from_another_origin_is_refused_log_in_included(web: Web, origin: str) -> None:
    csrf = web.login()
    for path, body in (("/api/login", {"staff": TD, "pin": TD_PIN}), ("/api/commands/clock/pause", {})):
        refused = web.client.post(path, json=body, headers={"Origin": origin, "X-CSRF-Token": csrf})
        assert refused.status_code == 403 and "Origin" in refused.json()["error"]
    same = {"Origin": "http://testserver", "X-CSRF-Token": csrf}
    assert web.client.post("/api/commands/clock/pause", json={}, headers=same).status_code == 200


@pytest.mark.parametrize("path", ["/", "/seat", "/remote", "/api/board", "/static/tv.js", "/nowhere"])
def test_every_answer_carries_the_security_headers(web: Web, path: str) -> None:
    headers = web.client.get(path).headers
    assert "script-src 'self'" in headers["content-security-policy"]
    assert "unsafe-inline" not in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_a_database_from_before_the_sessions_table_is_upgraded_to_it(club_db: Path) -> None:
    engine = make_engine(f"sqlite:///{club_db}")
    rewind(engine, "0004")  # as an older tdconsole left it
    engine.dispose()
    store = EventStore.open(f"sqlite:///{club_db}")
    with TestClient(create_app(store)) as client:
        assert _login(client, TD, TD_PIN) == 200
    store.close()


class _CountingHasher:
    """argon2's hasher, counting how many of its checks run at once (each held a little longer,
    so that checks that may overlap do)."""

    def __init__(self, hasher: object) -> None:
        self.hasher, self.running, self.most = hasher, 0, 0
        self.lock = threading.Lock()

    def verify(self, digest: str, pin: str) -> bool:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            time.sleep(0.02)
            return bool(self.hasher.verify(digest, pin))  # type: ignore[attr-defined]
        finally:
            with self.lock:
                self.running -= 1


def test_forty_wrong_log_ins_at_once_run_at_most_two_pin_checks_at_a_time(
        web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: argon2id holds 64 MiB a check, and 40 concurrent wrong log-ins (40 names, 8
    addresses) took `serve` from 122 MB to 2,470 MB. Every guess is still checked (401), two at a
    time whatever the concurrency."""
    counting = _CountingHasher(staff._hasher)
    monkeypatch.setattr(staff, "_hasher", counting)
    phones = [TestClient(web.client.app, client=(f"192.0.2.{n + 1}", 5000)) for n in range(8)]

    def guess(n: int) -> int:
        return _login(phones[n % 8], f"nobody{n}", "0000")

    with ThreadPoolExecutor(40) as pool:
        statuses = list(pool.map(guess, range(40)))
    assert statuses == [401] * 40
    assert 1 <= counting.most <= staff.PIN_CHECKS_AT_ONCE == 2


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads serve's peak memory in /proc")
def test_forty_wrong_log_ins_at_once_keep_serve_under_300_mb(served: Served) -> None:
    """Issue 35: 40 concurrent wrong log-ins (40 names, 8 addresses) took `serve` from 122 MB to
    2,470 MB, argon2id holding 64 MiB for each. The peak (VmHWM) stays under 300 MB."""
    phones = [httpx.Client(base_url=served.base, timeout=60,
                           transport=httpx.HTTPTransport(local_address=f"127.0.0.{n + 2}"))
              for n in range(8)]

    def guess(n: int) -> int:
        return phones[n % 8].post("/api/login", json={"staff": f"nobody{n}", "pin": "0000"}).status_code

    try:
        with ThreadPoolExecutor(40) as pool:
            statuses = list(pool.map(guess, range(40)))
    finally:
        for phone in phones:
            phone.close()
    assert statuses == [401] * 40
    status = Path(f"/proc/{served.process.pid}/status").read_text()
    peak_kib = int(next(line for line in status.splitlines() if line.startswith("VmHWM:")).split()[1])
    assert peak_kib < 300 * 1024, f"serve's peak memory: {peak_kib // 1024} MB"
