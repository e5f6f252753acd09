"""What `pipx install .` gives a club laptop: the built wheel alone must find its configs and migrations."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# One worker builds the wheel once for the module (pip writes build/ in the checkout: two at once collide).
pytestmark = pytest.mark.xdist_group("wheel")


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    wheels = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels),
                    str(ROOT)], check=True, capture_output=True)
    [wheel] = wheels.glob("tdconsole-*.whl")
    target = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    return target


def _run(unpacked: Path, tmp_path: Path, *args: str) -> str:
    # The unpacked wheel first on the path, and a working directory away from the checkout.
    env = {key: value for key, value in os.environ.items() if key != "TDCONSOLE_CONFIGS"}
    env["PYTHONPATH"] = str(unpacked)
    result = subprocess.run([sys.executable, *args], cwd=tmp_path, env=env, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.slow
def test_the_installed_package_finds_its_configs_and_migrations(unpacked: Path, tmp_path: Path) -> None:
    where = _run(unpacked, tmp_path, "-c", "import tdconsole; print(tdconsole.__file__)")
    assert where.startswith(str(unpacked)), where
    db = str(tmp_path / "club.sqlite")
    cli = ["-m", "tdconsole", "--db", db]
    assert json.loads(_run(unpacked, tmp_path, *cli, "demo", "--no-tui", "--json"))["entries"] == 45
    assert "club-turbo" in _run(unpacked, tmp_path, *cli, "structure", "list", "--json")
    assert json.loads(_run(unpacked, tmp_path, *cli, "rulings", "scenarios", "--json"))
    assert json.loads(_run(unpacked, tmp_path, *cli, "payouts", "--json"))["prize_pool"] == 45 * 300
    # The printable pages come from templates shipped inside the package (views/templates).
    _run(unpacked, tmp_path, *cli, "draw", "--seed", "1", "--json")
    assert "<td>Anders Holm</td>" in _run(unpacked, tmp_path, *cli, "seating", "--format", "html")


@pytest.mark.slow
def test_the_installed_package_serves_its_pages_and_assets(unpacked: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "club.sqlite")
    _run(unpacked, tmp_path, "-m", "tdconsole", "--db", db, "demo", "--no-tui")
    script = (
        "import sys\n"
        "from starlette.testclient import TestClient\n"
        "from tdconsole.store.event_store import EventStore\n"
        "from tdconsole.web.app import create_app\n"
        "import tdconsole.web\n"
        "assert tdconsole.web.__file__.startswith(sys.argv[2]), tdconsole.web.__file__\n"
        "client = TestClient(create_app(EventStore.open('sqlite:///' + sys.argv[1])))\n"
        "for path in ('/', '/seat', '/remote', '/static/style.css', '/static/live.js', '/static/tv.js',\n"
        "             '/static/seat.js', '/static/remote.js'):\n"
        "    assert client.get(path).status_code == 200, path\n"
        "print('ok')\n"
    )
    assert _run(unpacked, tmp_path, "-W", "ignore", "-c", script, db, str(unpacked)).strip() == "ok"
