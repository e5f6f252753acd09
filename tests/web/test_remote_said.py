"""One sentence per event on the phone too: what a command from the remote did comes back as the
log's own sentences (`said`, views/log.py), which remote.js shows rather than word the same events
a second time; `tdconsole log` reads the very same lines."""

from __future__ import annotations

import pytest

from tests.cli.helpers import run
from tests.web.conftest import PLAYERS, Web


def test_a_command_from_the_phone_is_said_in_the_logs_own_sentences(
        web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    csrf = web.login()
    for verb, body in (("register", {"names": ["Wrong Name"]}),
                       ("pay", {"name": "Wrong Name", "unpaid": True}),  # named by his registration
                       ("unregister", {"name": "Wrong Name"}), ("pay", {"name": PLAYERS[0], "unpaid": True})):
        answer = web.command(verb, body, csrf)
        assert answer.status_code == 200, answer.text  # type: ignore[attr-defined]
        log = run(capsys, "--db", str(web.db), "log", "--json").json
        last = [entry["text"] for entry in log if entry["command_id"] == log[-1]["command_id"]]
        assert answer.json()["said"] == last, verb  # type: ignore[attr-defined]
