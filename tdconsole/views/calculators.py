"""The floor calculators' answers in words, in the chosen language: `rules betting/chips/pots/
showdown` and the floor calculator screen say them alike. The domain answers with numbers, flags and
categories (BettingAnswer, ChipsAnswer.action, Pot.side/contested, HandRead: the `--json` contract,
whose English names stay as they are); the words are written here, where the catalogue is read.
"""

from __future__ import annotations

from tdconsole.domain.calculators.betting import BettingAnswer
from tdconsole.domain.calculators.chips_pushed import PushedAction
from tdconsole.domain.calculators.pots import Pot
from tdconsole.domain.calculators.showdown import HandCategory, HandRead
from tdconsole.i18n import N_, _

# What the chips pushed count as (ChipsAnswer.action).
_ACTIONS: dict[PushedAction, str] = {
    "check": N_("check"), "call": N_("call"), "bet": N_("bet"), "raise": N_("raise"),
    "all-in": N_("all-in")}

# Each hand category's name with the ranks that complete it: {rank} is one card ("ace high"),
# {ranks} and {pair} are ranks in the plural ("kings full of aces"), {cards} a low's five cards.
_HANDS: dict[HandCategory, str] = {
    "high card": N_("high card, {rank}"),
    "one pair": N_("pair of {ranks}"),
    "two pair": N_("two pair, {ranks} and {pair}"),
    "three of a kind": N_("three of a kind, {ranks}"),
    "straight": N_("straight, {rank} high"),
    "flush": N_("flush, {rank} high"),
    "full house": N_("full house, {ranks} full of {pair}"),
    "four of a kind": N_("four of a kind, {ranks}"),
    "straight flush": N_("straight flush, {rank} high"),
    "royal flush": N_("royal flush"),
    "low": N_("{cards} low"),
}

# The card ranks (pokerkit's letters), one and several.
_RANK: dict[str, tuple[str, str]] = {
    "2": (N_("two"), N_("twos")), "3": (N_("three"), N_("threes")), "4": (N_("four"), N_("fours")),
    "5": (N_("five"), N_("fives")), "6": (N_("six"), N_("sixes")), "7": (N_("seven"), N_("sevens")),
    "8": (N_("eight"), N_("eights")), "9": (N_("nine"), N_("nines")), "T": (N_("ten"), N_("tens")),
    "J": (N_("jack"), N_("jacks")), "Q": (N_("queen"), N_("queens")), "K": (N_("king"), N_("kings")),
    "A": (N_("ace"), N_("aces")),
}


def action_word(action: PushedAction) -> str:
    """"call", "raise", ...: what the chips pushed count as."""
    return _(_ACTIONS[action])


def pot_label(pot: Pot) -> str:
    """"main pot", "side pot 2", "side pot 2 (no contest)" (one player in it: his own chips)."""
    if pot.side == 0:
        return _("main pot")
    if pot.contested:
        return _("side pot {number}").format(number=pot.side)
    return _("side pot {number} (no contest)").format(number=pot.side)


def hand_words(read: HandRead) -> str:
    """The hand in words: "full house, kings full of aces", "5-4-3-2-A low"."""
    ranks = read.ranks
    one = [_(_RANK[rank][0]) for rank in ranks[:1]]
    several = [_(_RANK[rank][1]) for rank in ranks[:2]]
    return _(_HANDS[read.category]).format(
        rank=one[0] if one else "", ranks=several[0] if several else "",
        pair=several[1] if len(several) > 1 else "", cards="-".join(ranks))


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
        elif "49" in misread.rules:
            lines.append(_("Seat {seat}'s call of {put_in} stands as a call of {to_call}: accepted "
                           "action, he was to know the bet (TDA 49, 51).").format(
                seat=misread.seat, put_in=misread.put_in, to_call=misread.to_call))
        else:
            lines.append(_("Seat {seat}'s misread call of {put_in} stands as a call of {to_call}: "
                           "others have acted since (B-MISREAD-1, B-MIN-1).").format(
                seat=misread.seat, put_in=misread.put_in, to_call=misread.to_call))
    return lines
