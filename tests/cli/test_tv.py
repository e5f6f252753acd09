"""`tv layouts` and `tv check FILE`: the club's TV layouts from the command line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.cli.helpers import run


def test_tv_check_says_each_problem_in_a_line_and_exits_1(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('columns = "1fr"\nareas = ["clock players", "clock x"]\n', encoding="utf-8")
    found = run(capsys, "tv", "check", str(bad))
    assert found.code == 1
    assert found.out.splitlines() == [
        f"{bad}: areas: no cell 'x': add [cells.x] or use a kind (board, name, clock, blinds, next, "
        "break, players, average, pool, payouts, leaders, bounties, seating, banner, league, forecast, "
        "qr, text, image, lobby, shootout)",
        f"{bad}: columns: 1 sizes for 2"]
    as_json = run(capsys, "tv", "check", str(bad), "--json")
    assert as_json.code == 1 and as_json.json["ok"] is False and len(as_json.json["problems"]) == 2
    good = tmp_path / "good.toml"
    good.write_text('areas = ["clock players"]\n', encoding="utf-8")
    assert run(capsys, "tv", "check", str(good)).out == f"{good}: ok\n"
    missing = run(capsys, "tv", "check", str(tmp_path / "none.toml"))
    assert missing.code == 1 and missing.out == f"{tmp_path}/none.toml: no such file\n"


def test_tv_layouts_lists_the_shipped_and_the_clubs(capsys: pytest.CaptureFixture[str]) -> None:
    club = Path(os.environ["TDCONSOLE_DATA_DIR"]) / "tv"
    club.mkdir(parents=True, exist_ok=True)
    (club / "bigclock.toml").write_text('areas = ["clock"]\n', encoding="utf-8")
    (club / "broken.toml").write_text('areas = 3\n', encoding="utf-8")
    rows = {row["name"]: row for row in run(capsys, "tv", "layouts", "--json").json}
    assert sorted(rows) == ["bigclock", "broken", "classic", "lobby", "payouts"]
    assert rows["bigclock"]["source"] == "club" and rows["bigclock"]["cells"] == [
        {"name": "clock", "kind": "clock"}]
    assert rows["payouts"]["source"] == "shipped"
    assert [view["seconds"] for view in rows["payouts"]["views"]] == [20, 20]
    assert rows["broken"]["error"].endswith("broken.toml: areas: Input should be a valid list")
    text = run(capsys, "tv", "layouts").out.splitlines()
    assert "bigclock (club): clock" in text
    assert "classic (shipped): board" in text
    assert any(line.startswith("payouts (shipped): name, clock, payouts") and line.endswith(
        "· 2 views in turn (20 / 20 s)") for line in text)
