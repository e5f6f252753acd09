"""Rebuy? (T-REBUY-1..4): asked when a player busts in the rebuy period, or when the TD sells a
rebuy from the players list (to a player still in, or to one busted in the period: after the
bust). The answer is the rebuy (or the double, where sold), the bust as before, or nothing:
Escape and Enter on a button not chosen change nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from tdconsole.i18n import _
from tdconsole.tui.keys import TranslatedKeys
from tdconsole.views.busts import RebuyOffer

Choice = Literal["rebuy", "double", "bust"]


@dataclass(frozen=True, slots=True)
class RebuyAnswer:
    choice: Choice
    stack: int = 0  # the chips he has now (T-REBUY-3); 0 when he busted


class RebuyScreen(TranslatedKeys, ModalScreen[RebuyAnswer | None]):
    """`busting`: he has just busted, and "b" goes on with the bust as before (declining the
    rebuy; `place` his place when known). Else the TD sells a rebuy to a player still playing; at or
    below the starting stack (T-REBUY-3's setting) his stack is typed first."""

    AUTO_FOCUS = "#cancel"
    BINDINGS = [Binding("r", "answer('rebuy')", "Rebuy"), Binding("d", "answer('double')", "Double"),
                Binding("b", "answer('bust')", "Bust"), Binding("escape", "cancel", "Cancel")]

    def __init__(self, offer: RebuyOffer, *, busting: bool = False, place: int | None = None,
                 knockout: list[str] | None = None) -> None:
        super().__init__()
        self.offer, self.busting, self.place = offer, busting, place
        # Bought instead of the bust with its knockers typed: what they take (T-PKO-6), or that a
        # fixed bounty pays them nothing, so the TD sees it before he answers.
        self.knockout = knockout or []

    @property
    def asks_stack(self) -> bool:
        # After his bust he has no chips: nothing to type (T-REBUY-3).
        return not self.busting and self.offer.busted_place is None and self.offer.who == "starting-stack"

    def question(self) -> str:
        offer = self.offer
        period = (_("rebuys until the end of level {level}").format(level=offer.until_level)
                  if offer.until_level is not None else _("rebuys until the first break"))
        left = "" if offer.left is None else "; " + _("{left} left").format(left=offer.left)
        if self.busting:
            first = _("{name} busts in the rebuy period ({period}{left}).")
        elif offer.busted_place is not None:  # T-REBUY-1: a rebuy after the bust sets it aside
            first = _("{name} has busted in place {place}: a rebuy sets the bust aside and seats him "
                      "again ({period}{left}).")
        else:
            first = _("{name}: a rebuy ({period}{left}).")
        first = first.format(name=offer.name, period=period, left=left, place=offer.busted_place)
        return "\n".join([first, *self.knockout, _("Rebuy?")])

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question()), id="question")
            if self.asks_stack:
                yield Input(placeholder=_("His chips now (at most the starting stack, T-REBUY-3)"),
                            type="integer", id="stack")
            with Horizontal(id="buttons"):
                yield Button(_("Rebuy (r)"), id="rebuy", variant="primary")
                if self.offer.double:
                    yield Button(_("Double (d)"), id="double")
                if self.busting:
                    label = (_("No, bust (b)") if self.place is None
                             else _("No, bust: place {place} (b)").format(place=self.place))
                    yield Button(label, id="bust", variant="error")
                yield Button(_("Cancel (Esc)"), id="cancel")

    def on_mount(self) -> None:
        if self.asks_stack:
            self.query_one("#stack", Input).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
        elif event.button.id in ("rebuy", "double", "bust"):
            self.action_answer(event.button.id)  # type: ignore[arg-type]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_answer("rebuy")

    def action_answer(self, choice: Choice) -> None:
        if (choice == "double" and not self.offer.double) or (choice == "bust" and not self.busting):
            return
        stack = 0
        if self.asks_stack:
            typed = self.query_one("#stack", Input).value.strip()
            stack = int(typed) if typed.lstrip("-").isdigit() else 0
        self.dismiss(RebuyAnswer(choice, stack))

    def action_cancel(self) -> None:
        self.dismiss(None)
