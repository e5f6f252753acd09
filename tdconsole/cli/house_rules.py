"""`tdconsole house-rules`: the rules in force for the tournament, as its log records them."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from tdconsole.actions import money as money_actions
from tdconsole.cli.kit import JsonFlag, console, emit, session_of
from tdconsole.domain.house_rules import HouseRules
from tdconsole.i18n import _

house_rules_app = typer.Typer(
    help="The house rules in force: club defaults, TDA alternatives as settings (logged, undoable).",
    no_args_is_help=True,
)
app = typer.Typer()  # top-level: house-rules
app.add_typer(house_rules_app, name="house-rules")


def rules_rows(rules: HouseRules) -> list[dict[str, Any]]:
    """Every setting with its value and whether it is the club's default."""
    club = HouseRules()
    return [{"key": key, "value": rules.value(key), "club_default": rules.value(key) == club.value(key)}
            for key in HouseRules.settings()]


def _render(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        mark = "" if row["club_default"] else "   " + _("(not the club's default)")
        console.print(f"{row['key']:<46} {row['value']!r}{mark}")


@house_rules_app.command("show")
def show(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Every house rule in force for the tournament."""
    service = session_of(ctx).service()
    rules = service.state.house_rules
    settings = rules_rows(rules)
    data = {"tournament": service.tournament_id, "rules": rules.model_dump(mode="json"),
            "settings": settings}
    emit(data, as_json, lambda: _render(settings))


@house_rules_app.command("set")
def set_rule(
    ctx: typer.Context,
    key: Annotated[str, typer.Argument(help="section.name, e.g. seating.balance (see `house-rules show`).")],
    value: Annotated[str, typer.Argument(help="The new value: rrop, true, 60, 3,2,1 ...")],
    as_json: JsonFlag = False,
) -> None:
    """Change one house rule from now on; `tdconsole undo` takes it back."""
    data = money_actions.house_rule_set(session_of(ctx).service(),
                                        money_actions.HouseRuleRequest(key=key, value=value))
    emit(data, as_json, lambda: console.print(f"{data.key}: {data.previous!r} -> {data.value!r}"))
