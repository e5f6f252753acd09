"""The floor calculators' answers in words, in the chosen language: `rules betting` and the floor
calculator screen say them alike. The domain answers with numbers and flags (BettingAnswer, the
`rules betting --json` contract); the sentences are written here, where the catalogue is read.
"""

from __future__ import annotations

from tdconsole.domain.calculators.betting import BettingAnswer
from tdconsole.i18n import _


def betting_lines(answer: BettingAnswer) -> list[str]:
    """Who acts and for how much, or that the round is over; the dead ante and a misread call."""
    if answer.to_act is None:
        lines = [_("The betting round is complete. Pot {pot}.").format(pot=answer.pot)]
    else:
        raise_text = (_("raise to {low} .. {high}").format(low=answer.min_raise_to, high=answer.max_raise_to)
                      if answer.can_raise else _("no raise: call or fold"))
        lines = [_("Seat {seat} to act: call {call}; {raise_text}. Pot {pot}.").format(
            seat=answer.to_act, call=answer.to_call, raise_text=raise_text, pot=answer.pot)]
    if answer.ante_posted:
        lines.append(_("The big blind posted {ante} ante (dead) at this table size.").format(
            ante=answer.ante_posted))
    if answer.all_in_showdown:
        lines.append(_("The betting is over with an all-in: every hand is tabled face up before the "
                       "streets still to come (S-SHOW-2)."))
    misread = answer.misread
    if misread is not None:
        if misread.can_withdraw:
            lines.append(_("Seat {seat} put in {put_in} against a bet of {to_call}: a misread; he may "
                           "take it back and fold, or call in full (B-MISREAD-1).").format(
                seat=misread.seat, put_in=misread.put_in, to_call=misread.to_call))
        else:
            lines.append(_("Seat {seat}'s misread call of {put_in} stands as a call of {to_call}: "
                           "others have acted since (B-MISREAD-1, B-MIN-1).").format(
                seat=misread.seat, put_in=misread.put_in, to_call=misread.to_call))
    return lines
