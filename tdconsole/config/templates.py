"""Tournament templates: a whole setup kept under a name (`template save NAME`), so `new NAME
--template KEY` starts the same evening again: the game, buy-in and fee, the seats, late
registration, the structure, the money settings whole (payout table or curve, locks, bounty,
re-entry, add-on, rebuys and every setting the money model gains) and the house rules.

A template is a JSON file, `KEY.json`, among the TD's saved templates (the user data dir, first) or
the shipped `configs/templates/`. Each part is the domain's own model, so a template is checked by
the same rules as the tournament it starts, and the structure and payout table are copies: editing
the file a template came from later does not change it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from pydantic import Field

from tdconsole.config.files import parse_json, read_text
from tdconsole.config.structures import preset_key
from tdconsole.config.toml import configs_dir, validate
from tdconsole.domain.clock.structure import Structure
from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.limits import MAX_CONFIG_BYTES, LevelNumber, Money, SeatsAtTable
from tdconsole.domain.model import Frozen
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.seating.rounds import ShootoutSettings


class Template(Frozen):
    name: str = Field(min_length=1, max_length=200)
    game: str = "No-limit hold'em"
    buy_in: Money = 0
    fee: Money = 0
    starting_stack: int | None = Field(default=None, gt=0, le=10**12)  # None: the structure's
    seats_per_table: SeatsAtTable = 9
    late_reg_level: LevelNumber | None = None
    structure: Structure
    money: MoneySettings = MoneySettings()
    # None: the club's file when the tournament is made (configs/house_rules.toml).
    house_rules: HouseRules | None = None
    min_players: int | None = Field(default=None, ge=1, le=100_000)  # T-SIGNUP-1
    # A shootout's (T-SHOOT-1..4): its winners per table and prizes by round; None: no shootout.
    shootout: ShootoutSettings | None = None


def templates_dir() -> Path:
    return configs_dir() / "templates"


def user_templates_dir() -> Path:
    """`$TDCONSOLE_USER_TEMPLATES`, else `templates/` in the user's data dir: the saved ones."""
    if env := os.environ.get("TDCONSOLE_USER_TEMPLATES"):
        return Path(env)
    import platformdirs  # only where a template is looked up

    return platformdirs.user_data_path("tdconsole", appauthor=False) / "templates"


def _search_path() -> list[Path]:
    # A template the TD saved under a shipped key is the one he meant: his own come first.
    return [user_templates_dir(), templates_dir()]


def _read(path: Path) -> Template:
    return validate(Template, parse_json(read_text(path, MAX_CONFIG_BYTES), str(path)), str(path))


def list_templates() -> list[tuple[str, bool, Template]]:
    """(key, saved by the TD, template) for every template, by key; a saved one hides a shipped one
    of the same key. A file that does not load is skipped here and refused by `load_template`."""
    found: dict[str, tuple[str, bool, Template]] = {}
    for saved, directory in ((False, templates_dir()), (True, user_templates_dir())):
        for path in sorted(directory.glob("*.json")) if directory.is_dir() else []:
            try:
                found[path.stem] = (path.stem, saved, _read(path))
            except (InvalidInput, NotFound):
                continue
    return [found[key] for key in sorted(found)]


def load_template(key: str) -> Template:
    """The template saved or shipped under `key` (its name's key: "Friday deepstack" is
    friday-deepstack), or a one-line refusal listing those there are."""
    wanted = preset_key(key)
    for directory in _search_path():
        candidate = directory / f"{wanted}.json"
        if candidate.exists():
            return _read(candidate)
    known = ", ".join(found for found, _saved, _template in list_templates()) or "none"
    raise NotFound("no template {key!r}; templates: {known}", key=key, known=known, field="template")


def save_template(template: Template) -> str:
    """Save `template` among the TD's templates under its name's key (replacing one of that key);
    the key `new --template` takes."""
    key = preset_key(template.name)
    directory = user_templates_dir()
    path = directory / f"{key}.json"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(template.model_dump(mode="json"), ensure_ascii=False, indent=2) + "\n",
                        encoding="utf-8")
    except OSError as error:
        raise InvalidInput("{path}: cannot be written: {strerror}", path=path,
                           strerror=error.strerror) from None
    return key
