"""`tdconsole template save NAME` and `template list`: whole tournament setups kept under a name,
started again with `new NAME --template KEY`."""

from __future__ import annotations

import typer

from tdconsole.actions import templates
from tdconsole.actions.templates import template_line
from tdconsole.cli.kit import JsonFlag, console, emit, session_of
from tdconsole.i18n import _

template_app = typer.Typer(help="Tournament templates: a whole setup kept under a name.",
                           no_args_is_help=True)
app = typer.Typer()  # top-level: template
app.add_typer(template_app, name="template")


@template_app.command("save")
def template_save(ctx: typer.Context, name: str, as_json: JsonFlag = False) -> None:
    """Keep this tournament's whole setup (structure, prices, payouts, house rules, rebuys, ...)
    under NAME; `new NAME --template KEY` starts from it. Saving a name again replaces it."""
    data = templates.template_save(session_of(ctx).service(), templates.TemplateNameRequest(name=name))
    emit(data, as_json, lambda: console.print(
        _("Saved template {key}: start a tournament from it with new NAME --template {key}").format(
            key=data.key)))


@template_app.command("list")
def template_list(as_json: JsonFlag = False) -> None:
    """The templates: saved ones and those shipped with tdconsole."""
    rows = templates.templates()

    def render() -> None:
        for row in rows:
            console.print(template_line(row))
        if not rows:
            console.print(_("No templates"))

    emit(rows, as_json, render)
