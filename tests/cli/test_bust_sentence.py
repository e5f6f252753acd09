"""One sentence per event: what `bust` says (its plain text, its `--json` "said", which the remote
shows) is the log's own sentence for each event the bust made, as `log` and the TUI's log screen
write it; only the prize a place pays, which is no event, is a line of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run

Capsys = pytest.CaptureFixture[str]


def _night(tmp_path: Path, capsys: Capsys, lang: str) -> str:
    db = str(tmp_path / "bust.sqlite")
    assert run(capsys, "--db", db, "--lang", lang, "new", "Friday", "--buy-in", "300", "--fee", "50",
               "--structure", "club-turbo").code == 0
    assert run(capsys, "--db", db, "register", "Anna Holm", "Bo Berg", "Carl Dam", "Dorte Ry").code == 0
    assert run(capsys, "--db", db, "money", "set", "--bounty", "50").code == 0
    return db


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_bust_says_the_logs_sentences(tmp_path: Path, capsys: Capsys, lang: str) -> None:
    db = _night(tmp_path, capsys, lang)
    told = run(capsys, "--db", db, "--lang", lang, "bust", "Dorte Ry", "--by", "Anna Holm", "--json")
    assert told.code == 0, told.err
    said = told.json["said"]
    text = run(capsys, "--db", db, "--lang", lang, "undo", "--yes")  # the same bust again, in plain text
    assert text.code == 0, text.err
    plain = run(capsys, "--db", db, "--lang", lang, "bust", "Dorte Ry", "--by", "Anna Holm")
    assert plain.code == 0, plain.err
    log = run(capsys, "--db", db, "--lang", lang, "log", "--json")
    entries = [entry for entry in log.json if not entry["undone"]]
    last = [entry["text"] for entry in entries if entry["command_id"] == entries[-1]["command_id"]]
    assert said == last and plain.out.splitlines()[1:] == last  # after the line naming the tournament
    assert "Dorte Ry" in last[0] and "Anna Holm" in last[0]


def test_a_prize_is_said_after_the_bust_it_pays(tmp_path: Path, capsys: Capsys) -> None:
    db = _night(tmp_path, capsys, "en")
    assert run(capsys, "--db", db, "money", "set", "--paid", "50", "--min-cash", "0").code == 0
    for name in ("Dorte Ry", "Carl Dam"):
        assert run(capsys, "--db", db, "bust", name).code == 0
    told = run(capsys, "--db", db, "bust", "Bo Berg", "--json")
    log = run(capsys, "--db", db, "log", "--json")
    busted = [entry["text"] for entry in log.json if entry["type"] == "player_busted"][-1]
    assert told.json["said"][0] == busted
    assert told.json["said"][1].startswith("Prize to Bo Berg: ")


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_rebuy_and_a_reentry_say_the_logs_sentences(tmp_path: Path, capsys: Capsys, lang: str) -> None:
    """T-REBUY-1, T-REG-1: `rebuy` and `reenter` say each event they made as the log says it (in
    plain text and as `--json` "said"), then the figures only their answer gives."""
    db = str(tmp_path / "rebuy.sqlite")
    assert run(capsys, "--db", db, "--lang", lang, "new", "Friday", "--template", "turbo-rebuy").code == 0
    assert run(capsys, "--db", db, "register", "Anna Holm", "Bo Berg", "Carl Dam", "Dorte Ry").code == 0
    assert run(capsys, "--db", db, "draw", "--seed", "1").code == 0
    assert run(capsys, "--db", db, "clock", "start").code == 0
    def logged() -> list[str]:  # the sentences of the newest command in the log
        entries = [entry for entry in run(capsys, "--db", db, "--lang", lang, "log", "--json").json
                   if not entry["undone"]]
        return [entry["text"] for entry in entries if entry["command_id"] == entries[-1]["command_id"]]

    for command in (["rebuy", "Anna Holm"], ["bust", "Bo Berg"], ["rebuy", "Bo Berg"], ["bust", "Carl Dam"],
                    ["reenter", "Carl Dam"]):
        plain = run(capsys, "--db", db, "--lang", lang, *command)
        assert plain.code == 0, plain.err
        said = plain.out.split("\n", 1)[1]  # after the line naming the tournament; the terminal wraps
        assert " ".join(said.split()).startswith(" ".join(" ".join(logged()).split())), command
        if command[0] != "bust":  # the same command again, its --json (a seat may be drawn anew)
            assert run(capsys, "--db", db, "--lang", lang, "undo", "--yes").code == 0
            told = run(capsys, "--db", db, "--lang", lang, *command, "--json")
            assert told.json["said"] == logged(), command
