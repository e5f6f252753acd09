"""Mystery bounties through the CLI (T-MYSTERY-1): the envelopes' total against the bounty money
collected, in `money mystery`'s JSON and `state --json`'s `mystery`, and a one-line warning (never a
refusal) while they differ."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import run
from tests.cli.test_money_tournament_cli import Capsys
from tests.cli.test_satellite_cli import tdj


def test_t_mystery_1_the_envelopes_are_checked_against_the_bounty_money(tmp_path: Path,
                                                                         capsys: Capsys) -> None:
    db = str(tmp_path / "mystery.sqlite")
    tdj(capsys, db, "new", "Friday", "--use")
    tdj(capsys, db, "money", "set", "--bounty", "100")
    for name in ("Ann", "Bo", "Cy", "Di"):
        tdj(capsys, db, "register", name)  # 4 x 100 of bounty money
    short = run(capsys, "--db", db, "money", "mystery", "200", "100", "50", "--seed", "1")
    assert short.code == 0, short.err  # warned, never refused
    warning = short.out.strip().splitlines()[-1].replace("\xa0", " ")  # one line, however wide
    assert warning == "T-MYSTERY-1: the envelopes hold DKK 350 in all, the bounty money collected is DKK 400"
    shown = tdj(capsys, db, "state")["mystery"]
    assert (shown["envelopes_total"], shown["collected"]) == (350, 400)
    even = run(capsys, "--db", db, "money", "mystery", "200", "100", "50", "50", "--seed", "1")
    assert even.code == 0 and "in all (T-MYSTERY-1)" in even.out and "T-MYSTERY-1:" not in even.out
    assert tdj(capsys, db, "money", "mystery", "200", "100", "50", "50")["envelopes_total"] == 400
