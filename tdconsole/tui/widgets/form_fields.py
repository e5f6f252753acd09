"""A refusal as a form shows it: the label of the field it is about, and that field marked.

A refusal names the request field it is about (`TdError.field`: "stack", "by"), never how an
interface spells it. A form says which of its inputs each field is typed in and the label it shows
there; the refusal's line then starts with that label ("Knocked out by: a player cannot knock
himself out"), the input gets the red border of an invalid one, and on Enter the focus goes to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from textual.dom import DOMNode
from textual.widgets import Input

from tdconsole.i18n import _, error_text


@dataclass(frozen=True)
class FormField:
    """Where a form takes one request field: its input's id and its label (marked with `N_`)."""

    input: str
    label: str


FormFields = Mapping[str, FormField]  # request field (TdError.field) -> where the form takes it


def refusal_line(error: BaseException, fields: FormFields) -> str:
    """`error` in one line, the label of its field first when the form has that field."""
    text = next(iter(error_text(error).splitlines()), "")
    where = fields.get(getattr(error, "field", None) or "")
    if where is None:
        return text
    return _("{label}: {refusal}").format(label=_(where.label), refusal=text)


def mark_refused(form: DOMNode, error: BaseException | None, fields: FormFields) -> Input | None:
    """Marks the input of the field `error` is about as invalid and clears the others (no error:
    all clear); that input, or None. The focus stays where the user is typing."""
    where = fields.get(getattr(error, "field", None) or "") if error is not None else None
    refused = None
    for input_id in {field.input for field in fields.values()}:
        widget = form.query_one(f"#{input_id}", Input)
        is_refused = where is not None and where.input == input_id
        widget.set_class(is_refused, "-invalid")
        refused = widget if is_refused else refused
    return refused
