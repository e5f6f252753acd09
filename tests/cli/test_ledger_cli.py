"""`verify`, `keys show` and `results --sign`: the log that proves itself and signed exports, as a
script runs them (exit codes, one line on stderr, the JSON keys)."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import zlib
from pathlib import Path

import pytest

from tdconsole.service import Service
from tdconsole.store import snapshots
from tdconsole.store.event_store import EventStore
from tests.cli.helpers import Result, run

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def evening(tmp_path: Path, capsys: Capsys) -> Path:
    path = tmp_path / "club.sqlite"
    for argv in (["new", "Friday", "--buy-in", "100"], ["register", "Anna", "Bo", "Carl", "Dorte"],
                 ["register", "Eva"]):
        assert run(capsys, "--db", str(path), *argv).code == 0
    return path


def _run(capsys: Capsys, db: Path, *argv: str) -> Result:
    return run(capsys, "--db", str(db), *argv)


def _one_line_failure(result: Result) -> str:
    assert result.code == 1 and result.err.count("\n") == 1 and "Traceback" not in result.err
    return result.err


def test_verify_passes_then_names_the_event_edited_with_plain_sql(evening: Path, capsys: Capsys) -> None:
    result = _run(capsys, evening, "verify", "--json")
    assert result.code == 0
    data = result.json
    assert data["ok"] is True
    assert data["tournaments"][0] | {"head": ""} == {
        "id": 1, "name": "Friday", "ok": True, "events": 6, "head": "", "bad_event": None, "reason": None,
        "bad_snapshots": [], "snapshots": []}
    with sqlite3.connect(evening) as connection:
        connection.execute("UPDATE events SET payload = json_set(payload, '$.name', 'Mallory') "
                           "WHERE seq = 4")
    error = _one_line_failure(_run(capsys, evening, "verify"))
    assert "tournament 1 (Friday): event 4 does not match its hash" in error
    assert _run(capsys, evening, "verify", "--all", "--json").json["tournaments"][0]["bad_event"] == 4


def test_verify_by_name_and_all(evening: Path, capsys: Capsys) -> None:
    assert _run(capsys, evening, "new", "Saturday").code == 0
    assert "Tournament 2 (Saturday): 1 events" in _run(capsys, evening, "verify", "saturday").out
    listed = _run(capsys, evening, "verify", "--all", "--json").json["tournaments"]
    assert [(row["id"], row["ok"]) for row in listed] == [(1, True), (2, True)]
    assert "no such file, nor a tournament" in _run(capsys, evening, "verify", "Sunday").err


def test_verify_all_names_every_broken_tournament_one_line_each_and_exits_1(
        evening: Path, capsys: Capsys) -> None:
    for name in ("Saturday", "Sunday"):
        assert _run(capsys, evening, "new", name).code == 0
    with sqlite3.connect(evening) as connection:
        connection.execute("UPDATE events SET payload = json_set(payload, '$.name', 'Mallory') "
                           "WHERE tournament_id IN (1, 3) AND seq = 1")
    result = _run(capsys, evening, "verify", "--all")
    assert result.code == 1 and "Traceback" not in result.err
    lines = result.err.splitlines()
    assert len(lines) == 2 and all(line.startswith("error: ") for line in lines)
    assert "tournament 1 (Friday): event 1 does not match" in lines[0]
    assert "tournament 3 (Sunday): event 1 does not match" in lines[1]
    assert "Tournament 2 (Saturday)" in result.out
    as_json = _run(capsys, evening, "verify", "--all", "--json")
    assert as_json.code == 1 and len(as_json.err.splitlines()) == 2
    assert [row["ok"] for row in as_json.json["tournaments"]] == [False, True, False]


def _snapshot_of_now(db: Path, version: str | None = None) -> int:
    """The state now saved as the tournament's snapshot, as a terminal saves it every 500 events."""
    store = EventStore.open(f"sqlite:///{db}")
    try:
        state = Service(store, 1).state
        store.save_snapshot(1, state.last_seq, version or snapshots.version(),
                            snapshots.pack(snapshots.encode(state)))
        return state.last_seq
    finally:
        store.close()


def test_verify_names_a_state_snapshot_changed_with_plain_sql_and_it_is_never_signed(
        evening: Path, tmp_path: Path, capsys: Capsys) -> None:
    for argv in (["draw", "--seed", "3"], ["chips", "Anna=20000", "Bo=30000"]):
        assert _run(capsys, evening, *argv).code == 0
    seq = _snapshot_of_now(evening)
    honest = _run(capsys, evening, "verify", "--json")
    assert honest.code == 0 and honest.json["tournaments"][0]["bad_snapshots"] == []
    assert honest.json["tournaments"][0]["snapshots"][0] | {"version": ""} == {
        "seq": seq, "result": "matches", "why": None, "version": ""}
    assert f"state snapshots after events {seq} match the log" in _run(capsys, evening, "verify").out
    # One player's chips changed in the snapshot's JSON, packed again and written back: the chain
    # still holds, but a terminal opening the tournament would show Anna's 20,000 as 90,000.
    with sqlite3.connect(evening) as connection:
        packed, = connection.execute("SELECT state FROM snapshots WHERE seq = ?", (seq,)).fetchone()
        data = json.loads(zlib.decompress(packed))
        anna = next(key for key, count in data["state"]["chips"].items() if count == 20_000)
        data["state"]["chips"][anna] = 90_000
        connection.execute("UPDATE snapshots SET state = ? WHERE seq = ?",
                           (zlib.compress(json.dumps(data).encode()), seq))
    error = _one_line_failure(_run(capsys, evening, "verify"))
    assert f"tournament 1 (Friday): the state snapshot after event {seq} does not match the log" in error
    as_json = _run(capsys, evening, "verify", "--all", "--json")
    assert as_json.code == 1 and as_json.json["ok"] is False
    row = as_json.json["tournaments"][0]
    assert (row["ok"], row["bad_event"], row["bad_snapshots"]) == (False, None, [seq])
    assert row["snapshots"][0]["result"] == "differs"
    out = tmp_path / "results.json"
    signing = _one_line_failure(_run(capsys, evening, "results", "--format", "json", "--sign", "--out",
                                     str(out)))
    assert f"the state snapshot after event {seq} does not match the log; nothing was signed" in signing
    assert not (tmp_path / "results.json.sig").exists()


def test_verify_skips_a_snapshot_of_another_version_and_says_so(evening: Path, capsys: Capsys) -> None:
    seq = _snapshot_of_now(evening, version="f" * 64)
    result = _run(capsys, evening, "verify")
    assert result.code == 0
    assert f"state snapshot after event {seq} was not checked: another version of tdconsole" in result.out
    assert "match the log" not in result.out
    row = _run(capsys, evening, "verify", "--json").json["tournaments"][0]
    assert (row["ok"], row["snapshots"]) == (True, [{"seq": seq, "result": "skipped",
                                                      "why": "another_version", "version": "f" * 64}])


def test_keys_show_makes_a_private_key_once(capsys: Capsys) -> None:
    first = run(capsys, "keys", "show", "--json").json
    again = run(capsys, "keys", "show", "--json").json
    assert first["created"] is True and again["created"] is False
    assert first["public_key"] == again["public_key"] and len(first["fingerprint"]) == 19
    path = Path(first["path"])
    assert path.parent == Path(os.environ["TDCONSOLE_DATA_DIR"])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert first["public_key"] in run(capsys, "keys", "show").out


def test_a_signed_results_file_with_one_changed_byte_fails(evening: Path, tmp_path: Path,
                                                           capsys: Capsys) -> None:
    out = tmp_path / "results.json"
    assert _run(capsys, evening, "results", "--format", "json", "--sign", "--out", str(out)).code == 0
    signature = json.loads((tmp_path / "results.json.sig").read_text())
    assert signature["signed"]["log"]["events"] == 6
    checked = _run(capsys, evening, "verify", str(out), "--json")
    assert checked.code == 0 and checked.json["log_checked"] is True and checked.json["club_key"]
    original = out.read_bytes()
    for index in (0, len(original) // 2, len(original) - 1):
        changed = bytearray(original)
        changed[index] ^= 0x01
        out.write_bytes(bytes(changed))
        assert "changed after it was signed" in _one_line_failure(_run(capsys, evening, "verify", str(out)))
    out.write_bytes(original)
    sig = tmp_path / "results.json.sig"
    sig.write_text(sig.read_text().replace('"events": 6', '"events": 5'))
    assert "the signature does not match" in _one_line_failure(_run(capsys, evening, "verify", str(sig)))


def test_a_signed_export_is_checked_against_the_club_key_and_the_log(evening: Path, tmp_path: Path,
                                                                     capsys: Capsys) -> None:
    out = tmp_path / "results.csv"
    assert _run(capsys, evening, "results", "--sign", "--out", str(out)).code == 0
    other = "A" * 43 + "="
    assert "not the club's key" in _one_line_failure(
        _run(capsys, evening, "verify", str(out), "--key", other))
    assert _run(capsys, evening, "register", "Late").code == 0  # the log goes on: still holds
    assert _run(capsys, evening, "verify", str(out)).code == 0
    with sqlite3.connect(evening) as connection:
        connection.execute("UPDATE events SET actor = 'mallory' WHERE seq = 2")
    assert "no longer holds event 6" in _one_line_failure(_run(capsys, evening, "verify", str(out)))
    assert "the log does not verify at event 2" in _one_line_failure(
        _run(capsys, evening, "results", "--sign", "--out", str(tmp_path / "again.csv")))


def test_sign_needs_a_file(evening: Path, capsys: Capsys) -> None:
    assert "--sign signs a file" in _run(capsys, evening, "results", "--sign").err


def test_db_backup_and_restore_as_a_script_runs_them(evening: Path, tmp_path: Path, capsys: Capsys) -> None:
    backup = tmp_path / "friday.sqlite"
    made = _run(capsys, evening, "db", "backup", str(backup), "--json")
    assert made.code == 0 and made.json["tournaments"][0]["events"] == 6
    again = _run(capsys, evening, "db", "backup", str(backup))
    assert "no terminal to ask: add --yes" in _one_line_failure(again)
    assert _run(capsys, evening, "register", "Late").code == 0
    asked = _run(capsys, evening, "db", "restore", str(backup))
    assert "add --yes" in _one_line_failure(asked)
    restored = _run(capsys, evening, "db", "restore", str(backup), "--yes", "--json")
    assert restored.code == 0, restored.err
    aside = Path(restored.json["saved_aside"])
    assert aside.parent == Path(os.environ["TDCONSOLE_DATA_DIR"]) / "backups"
    names = [p["name"] for p in _run(capsys, evening, "state", "--json").json["players"]]
    assert "Late" not in names and "Eva" in names
    assert _run(capsys, evening, "verify").code == 0
    # The database it replaced was kept, Late included: restoring it brings Late back.
    assert _run(capsys, evening, "db", "restore", str(aside), "--yes").code == 0
    assert "Late" in [p["name"] for p in _run(capsys, evening, "state", "--json").json["players"]]


def test_db_restore_refuses_a_backup_that_does_not_verify(evening: Path, tmp_path: Path,
                                                          capsys: Capsys) -> None:
    backup = tmp_path / "friday.sqlite"
    assert _run(capsys, evening, "db", "backup", str(backup)).code == 0
    with sqlite3.connect(backup) as connection:
        connection.execute("UPDATE events SET payload = json_set(payload, '$.name', 'Mallory') "
                           "WHERE seq = 3")
    error = _one_line_failure(_run(capsys, evening, "db", "restore", str(backup), "--yes"))
    assert "event 3 does not match the log's hash chain" in error
    assert _run(capsys, evening, "verify").code == 0  # nothing was replaced
    # A database whose log was changed is still backed up (evidence), and the exit says so.
    with sqlite3.connect(evening) as connection:
        connection.execute("UPDATE events SET actor = 'mallory' WHERE seq = 2")
    error = _one_line_failure(_run(capsys, evening, "db", "backup", str(tmp_path / "evidence.sqlite")))
    assert "evidence.sqlite: written, but tournament 1 (Friday): event 2 does not match" in error
    assert (tmp_path / "evidence.sqlite").is_file()


def test_db_backup_on_postgresql_points_to_pg_dump(capsys: Capsys) -> None:
    result = run(capsys, "--db", "postgresql+psycopg://td@localhost:1/none", "db", "backup", "x.sql")
    assert "on PostgreSQL use pg_dump and pg_restore" in _one_line_failure(result)


def test_a_broken_log_is_named_by_every_command_that_folds_it_never_crashed_on(
        evening: Path, tmp_path: Path, capsys: Capsys) -> None:
    """Issue 35: a bust's player id edited in SQL ended `state` and `results --sign` in "internal
    error (KeyError)"; now their fold's failure is checked against the chain, and named."""
    assert _run(capsys, evening, "draw", "--seed", "1").code == 0
    assert _run(capsys, evening, "bust", "Anna").code == 0
    with sqlite3.connect(evening) as connection:
        connection.execute("UPDATE events SET payload = json_set(payload, '$.player_id', 'p99') "
                           "WHERE type = 'player_busted'")
    out = tmp_path / "results.json"
    for argv in (["state"], ["tables"], ["results", "--format", "json", "--sign", "--out", str(out)]):
        error = _one_line_failure(_run(capsys, evening, *argv))
        assert "tournament 1 (Friday): event 8 does not match its hash: it was changed" in error, argv
    assert not out.exists()


def test_two_swapped_events_are_named_where_the_moved_one_lies(evening: Path, capsys: Capsys) -> None:
    """Issue 35: after a swap, verify blamed the intact event before them ("event 3 was replaced")."""
    with sqlite3.connect(evening) as connection:
        connection.execute("UPDATE events SET seq = -1 WHERE seq = 4")
        connection.execute("UPDATE events SET seq = 4 WHERE seq = 5")
        connection.execute("UPDATE events SET seq = 5 WHERE seq = -1")
    error = _one_line_failure(_run(capsys, evening, "verify"))
    assert error.strip() == ("error: tournament 1 (Friday): event 4 does not match its hash: it is "
                             "event 5, moved (events were swapped or reordered)")


def test_a_tournament_renamed_in_sql_fails_verify(evening: Path, capsys: Capsys) -> None:
    """Issue 35: `tournaments.name` is a copy of the name the first event created, and held to it."""
    with sqlite3.connect(evening) as connection:
        connection.execute("UPDATE tournaments SET name = 'Saturday'")
    error = _one_line_failure(_run(capsys, evening, "verify"))
    assert error.strip() == ("error: tournament 1 (Saturday): its name is not 'Friday', the name its "
                             "log was created with: the tournaments table was changed")
    assert _run(capsys, evening, "verify", "--json").json["tournaments"][0]["reason"] == "renamed"


def _forged(folder: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """An export signed on another machine, with a key of its own (a forger's); its fingerprint."""
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(folder / "forger"))
    db = folder / "forger.sqlite"
    assert run(capsys, "--db", str(db), "new", "Friday").code == 0
    out = folder / "forged.json"
    assert run(capsys, "--db", str(db), "results", "--format", "json", "--sign", "--out", str(out)).code == 0
    fingerprint = run(capsys, "keys", "show", "--json").json["fingerprint"]
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(folder / "no-key-here"))
    return out, fingerprint


def test_without_a_club_key_a_signature_is_not_taken_on_its_word(
        tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: `verify forged.json` exited 0 (with a note to check the fingerprint) on a machine
    that knows no club key. Now it fails unless --key or --fingerprint names the expected key."""
    out, forger = _forged(tmp_path, capsys, monkeypatch)
    error = _one_line_failure(run(capsys, "verify", str(out)))
    assert f"there is no club key on this machine to check the signature against (it is by the key " \
           f"{forger})" in error
    club = "0000:1111:2222:3333"
    assert "not the key 0000:1111:2222:3333 given with --fingerprint" in _one_line_failure(
        run(capsys, "verify", str(out), "--fingerprint", club))
    assert run(capsys, "verify", str(out), "--fingerprint", forger.replace(":", "").upper()).code == 0
    assert not (tmp_path / "no-key-here" / "club-signing-key.pem").exists()  # a check makes no key


def test_a_signed_file_renamed_fails(evening: Path, tmp_path: Path, capsys: Capsys) -> None:
    """Issue 35: a signed file renamed (with its .sig) verified."""
    out = tmp_path / "friday.csv"
    assert _run(capsys, evening, "results", "--sign", "--out", str(out)).code == 0
    out.rename(tmp_path / "saturday.csv")
    (tmp_path / "friday.csv.sig").rename(tmp_path / "saturday.csv.sig")
    error = _one_line_failure(_run(capsys, evening, "verify", str(tmp_path / "saturday.csv")))
    assert "saturday.csv: signed as 'friday.csv', not under this name" in error


def test_a_refused_sign_writes_nothing(evening: Path, tmp_path: Path, capsys: Capsys) -> None:
    """Issue 35: when --sign refused, the export was still written, unsigned."""
    with sqlite3.connect(evening) as connection:
        connection.execute("UPDATE events SET actor = 'mallory' WHERE seq = 2")
    out = tmp_path / "results.csv"
    assert "the log does not verify at event 2" in _one_line_failure(
        _run(capsys, evening, "results", "--sign", "--out", str(out)))
    assert not out.exists() and not (tmp_path / "results.csv.sig").exists()
