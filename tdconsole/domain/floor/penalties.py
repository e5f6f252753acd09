"""Penalties: what kinds there are, how a repeat offence escalates, and how much is left to serve.

Club rules: O-OOT-5 (repeated out-of-turn action), H-DEAD-X (own cards shown deliberately or a
second time), C-ETIQ-1 (bad etiquette), C-PEN-1 (improper conduct: time penalty, disqualification),
C-PHONE-1 (a phone used while in a hand);
TDA 70, 71 (warning, missed hands or rounds, disqualification; one round = one hand per player at
the table when the penalty is given; repeats escalate). Time and hands played are arguments.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from enum import StrEnum

from pydantic import Field, model_validator

from tdconsole.domain.errors import InvalidInput, RuleIds
from tdconsole.domain.house_rules import PenaltyRules
from tdconsole.domain.model import Frozen, empty_dict


class PenaltyKind(StrEnum):
    WARNING = "warning"
    MISSED_HANDS = "missed-hands"
    ROUNDS = "rounds"
    MINUTES = "minutes"
    DISQUALIFICATION = "disqualification"


# Kinds whose `amount` counts something (hands, rounds, minutes); the others have no amount.
COUNTED = frozenset({PenaltyKind.MISSED_HANDS, PenaltyKind.ROUNDS, PenaltyKind.MINUTES})


class OffenceKind(StrEnum):
    """The offences whose repeats the house rules escalate; a ruling names the one it records."""

    OUT_OF_TURN = "out-of-turn"  # O-OOT-5
    EXPOSED_CARDS = "exposed-cards"  # H-DEAD-X
    ETIQUETTE = "etiquette"  # C-ETIQ-1
    CONDUCT = "conduct"  # C-PEN-1
    PHONE = "phone"  # C-PHONE-1


# Every rule an escalation below may cite, per offence (the scenario list shows them).
OFFENCE_RULES: dict[OffenceKind, tuple[str, ...]] = {
    OffenceKind.OUT_OF_TURN: ("O-OOT-5", "TDA 70", "TDA 71", "TDA 71A"),
    OffenceKind.EXPOSED_CARDS: ("H-DEAD-X", "TDA 71A"),
    OffenceKind.ETIQUETTE: ("C-ETIQ-1", "C-PEN-1"),
    OffenceKind.CONDUCT: ("C-PEN-1", "TDA 71"),
    OffenceKind.PHONE: ("C-PHONE-1", "C-PEN-1", "TDA 5"),
}


class Penalty(Frozen):
    """A penalty as suggested or given. `hands` is fixed when it is given (71A) and never recounted."""

    kind: PenaltyKind
    # Hands, rounds or minutes; 0 for a warning or a disqualification.
    amount: int = Field(default=0, ge=0)
    # Hands to sit out: the amount for missed hands; rounds x players at the table when given (71A).
    hands: int | None = Field(default=None, ge=0)
    rules: RuleIds = Field(min_length=1)
    reason: str = Field(min_length=1)
    # An escalation's reason as an English template and its arguments, for the edge to write in
    # the chosen language (`reason_in`); None for a reason a person wrote or a scenario gave.
    reason_template: str | None = None
    reason_args: dict[str, str | int] = Field(default_factory=empty_dict)

    @model_validator(mode="after")
    def _amount_fits_kind(self) -> Penalty:
        if self.kind in COUNTED and self.amount == 0:
            raise ValueError(f"a {self.kind} penalty needs an amount above 0")
        if self.kind not in COUNTED and (self.amount or self.hands is not None):
            raise ValueError(f"a {self.kind} has no amount")
        if self.kind == PenaltyKind.MINUTES and self.hands is not None:
            raise ValueError("a penalty in minutes counts no hands")
        if self.kind == PenaltyKind.MISSED_HANDS and self.hands not in (None, self.amount):
            raise ValueError("missed hands: hands must equal the amount")
        return self

    def reason_in(self, gettext: Callable[[str], str]) -> str:
        """The reason in a language: an escalation's through `gettext`, any other as written."""
        if self.reason_template is None:
            return self.reason
        return fill(self.reason_template, self.reason_args, gettext)

    @property
    def needs_players(self) -> bool:
        """A penalty in rounds is counted in hands only once the table's size is known (71A)."""
        return self.kind == PenaltyKind.ROUNDS and self.hands is None

    def given_at_table(self, players: int) -> Penalty:
        """The penalty with its hands fixed by the players at the table now, the offender included.

        >>> Penalty(kind="rounds", amount=1, rules=["TDA 71A"], reason="r").given_at_table(8).hands
        8
        """
        if players < 2:
            raise InvalidInput("players at the table: {players} (at least 2)", players=players)
        if self.kind == PenaltyKind.ROUNDS:
            return self.model_copy(update={"hands": self.amount * players})
        if self.kind == PenaltyKind.MISSED_HANDS:
            return self.model_copy(update={"hands": self.amount})
        return self


def penalty(kind: PenaltyKind, amount: int, rules: RuleIds, reason: str) -> Penalty:
    """A penalty as the TD gives it directly; missed hands are counted at once.

    >>> given = penalty("missed-hands", 3, ["TDA 71"], "slow play")
    >>> given.hands, given.needs_players
    (3, False)
    """
    hands = amount if kind == PenaltyKind.MISSED_HANDS else None
    return Penalty(kind=kind, amount=amount, hands=hands, rules=rules, reason=reason)


def N_(text: str) -> str:
    """Marks an English reason template for the message catalogue (Babel extracts `N_`); the
    domain reads no catalogue: the edge translates a penalty's reason (`Penalty.reason_in`)."""
    return text


def fill(template: str, args: Mapping[str, str | int], gettext: Callable[[str], str] = str) -> str:
    """`template` with `args`, each through `gettext` first (the identity here, the catalogue at
    the edge); a text argument is itself a template of the numbers ("offence number {number}").

    >>> fill("out of turn, {how}: 3 rounds", {"how": "offence number {number}", "number": 2})
    'out of turn, offence number 2: 3 rounds'
    """
    numbers = {key: value for key, value in args.items() if isinstance(value, int)}
    words = {key: gettext(value).format(**numbers) for key, value in args.items() if isinstance(value, str)}
    return gettext(template).format(**numbers, **words)


def _how(deliberate: bool, earlier: int) -> dict[str, str | int]:
    return {"how": N_("deliberate") if deliberate else N_("offence number {number}"), "number": earlier + 1}


def _given(kind: PenaltyKind, rules: RuleIds, template: str, args: Mapping[str, str | int],
           amount: int = 0) -> Penalty:
    # The reason kept in English as the record has always read, and its template to translate.
    return Penalty(kind=kind, amount=amount, rules=rules, reason=fill(template, args),
                   reason_template=template, reason_args=dict(args))


def escalate(offence: OffenceKind, *, deliberate: bool, earlier: int,
             rules: PenaltyRules) -> Penalty | None:
    """The penalty the house rules suggest for this offence, given the player's `earlier` ones of
    the same kind in this tournament; None when the rules suggest none (an honest first mistake).

    The house rules' escalation from the player's earlier offences of the same kind: out of turn,
    nothing for an honest first mistake, then three rounds (O-OOT-5); the TDA: a warning, then a round
    more each time (TDA 70, 71).

    >>> from tdconsole.domain.house_rules import PenaltyRules
    >>> club, tda = PenaltyRules(), PenaltyRules(oot_repeat="discretionary")
    >>> escalate(OffenceKind.OUT_OF_TURN, deliberate=False, earlier=0, rules=club) is None
    True
    >>> repeat = escalate(OffenceKind.OUT_OF_TURN, deliberate=False, earlier=1, rules=club)
    >>> repeat.kind, repeat.amount, repeat.rules
    (<PenaltyKind.ROUNDS: 'rounds'>, 3, ['O-OOT-5', 'TDA 71A'])
    >>> [escalate(OffenceKind.OUT_OF_TURN, deliberate=False, earlier=n, rules=tda).amount for n in (0, 1, 2)]
    [0, 1, 2]
    >>> escalate(OffenceKind.CONDUCT, deliberate=False, earlier=1, rules=club).kind
    <PenaltyKind.DISQUALIFICATION: 'disqualification'>
    """
    if earlier < 0:
        raise InvalidInput("earlier offences: {earlier} (0 or more)", earlier=earlier)
    repeat = deliberate or earlier > 0
    how = _how(deliberate, earlier)
    if offence == OffenceKind.OUT_OF_TURN:
        if rules.oot_repeat == "three-rounds":
            if not repeat:
                return None
            return _rounds(rules.oot_repeat_rounds, ["O-OOT-5"], N_(
                "out of turn, {how}: sits out {rounds} rounds (O-OOT-5); one round = one hand per "
                "player at the table now (71A)"), how)
        # TDA 70, 71: at the TD's discretion, escalating with each repeat: warning, then 1, 2 ... rounds.
        step = earlier + int(deliberate)
        if step == 0:
            return _given(PenaltyKind.WARNING, ["TDA 70"],
                          N_("out of turn, first offence: a warning (TDA 70)"), {})
        return _rounds(step, ["TDA 70", "TDA 71"], N_(
            "out of turn, {how}: {rounds} round(s), escalating with each repeat (TDA 71); one round "
            "= one hand per player at the table now (71A)"), how)
    if offence == OffenceKind.EXPOSED_CARDS:
        if not repeat:
            return None
        return _rounds(rules.exposed_cards_rounds, ["H-DEAD-X"], N_(
            "own cards shown, {how}: sits out {rounds} rounds (H-DEAD-X); one round = one hand per "
            "player at the table now (71A)"), how)
    if offence == OffenceKind.ETIQUETTE:
        # C-ETIQ-1 "may be penalised": nothing for an honest first slip, a warning, then time (C-PEN-1).
        step = earlier + int(deliberate)
        if step == 0:
            return None
        if step == 1:
            return _given(PenaltyKind.WARNING, ["C-ETIQ-1"], N_("bad etiquette, {how}: a warning (C-ETIQ-1)"),
                          how)
        return _given(PenaltyKind.MINUTES, ["C-ETIQ-1", "C-PEN-1"],
                      N_("bad etiquette, {how}: {minutes} minutes away (C-PEN-1)"),
                      {**how, "minutes": rules.conduct_minutes}, amount=rules.conduct_minutes)
    if offence == OffenceKind.PHONE:
        # C-PHONE-1 (club): a warning first, even for a deliberate look; then time (C-PEN-1), like
        # etiquette's last step. Whether the hand is dead is the ruling's, not the penalty's.
        if earlier == 0:
            return _given(PenaltyKind.WARNING, ["C-PHONE-1", "TDA 5"],
                          N_("a phone while in a hand, first offence: a warning (C-PHONE-1)"), {})
        return _given(PenaltyKind.MINUTES, ["C-PHONE-1", "C-PEN-1"],
                      N_("a phone while in a hand, offence number {number}: {minutes} minutes away "
                         "(C-PEN-1)"),
                      {"number": earlier + 1, "minutes": rules.conduct_minutes}, amount=rules.conduct_minutes)
    # C-PEN-1 lists time penalty, disqualification, expulsion: a repeat takes the next step.
    if earlier == 0:
        return _given(PenaltyKind.MINUTES, ["C-PEN-1"],
                      N_("improper conduct: {minutes} minutes away (C-PEN-1)"),
                      {"minutes": rules.conduct_minutes}, amount=rules.conduct_minutes)
    return _given(PenaltyKind.DISQUALIFICATION, ["C-PEN-1", "TDA 71"],
                  N_("improper conduct, {how}: disqualification (C-PEN-1; repeats escalate, TDA 71)"), how)


def _rounds(rounds: int, rules: RuleIds, template: str, how: Mapping[str, str | int]) -> Penalty | None:
    # A house setting of 0 rounds means the club gives no time for it.
    if rounds == 0:
        return None
    return _given(PenaltyKind.ROUNDS, [*rules, "TDA 71A"], template, {**how, "rounds": rounds},
                  amount=rounds)


class Remaining(Frozen):
    """How much of a penalty is left: hands or seconds; `serving` while either is above 0."""

    hands: int | None = None
    seconds: float | None = None
    serving: bool


def remaining(given: Penalty, *, hands_dealt: int = 0, given_at: datetime | None = None,
              now: datetime | None = None) -> Remaining:
    """What is left of `given` after `hands_dealt` hands at the player's table (a misdeal counts as
    one, 35C; the seat is dealt and the hand killed, 71C) or between `given_at` and `now`.

    71A: hands fixed when given, counted down by the hands dealt at his table; minutes by the clock.

    >>> from tdconsole.domain.examples import at
    >>> out = Penalty(kind="rounds", amount=1, rules=["TDA 71A"], reason="r").given_at_table(8)
    >>> remaining(out, hands_dealt=5)
    Remaining(hands=3, seconds=None, serving=True)
    >>> away = penalty("minutes", 5, ["C-PEN-1"], "conduct")
    >>> remaining(away, given_at=at(0), now=at(240)).seconds
    60.0
    >>> remaining(away, given_at=at(0), now=at(301)).serving
    False
    >>> remaining(Penalty(kind="rounds", amount=1, rules=["TDA 71A"], reason="r"))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: a penalty in rounds needs the players at the table when given (71A)
    """
    if hands_dealt < 0:
        raise InvalidInput("hands dealt: {hands_dealt} (0 or more)", hands_dealt=hands_dealt)
    if given.kind in (PenaltyKind.ROUNDS, PenaltyKind.MISSED_HANDS):
        if given.hands is None:
            raise InvalidInput("a penalty in rounds needs the players at the table when given (71A)")
        left = max(0, given.hands - hands_dealt)
        return Remaining(hands=left, serving=left > 0)
    if given.kind == PenaltyKind.MINUTES:
        if given_at is None or now is None:
            raise InvalidInput("a penalty in minutes needs the time it was given and the time now")
        elapsed = (now - given_at).total_seconds()
        if elapsed < 0:
            raise InvalidInput("now is before the penalty was given")
        left_s = max(0.0, given.amount * 60 - elapsed)
        return Remaining(seconds=left_s, serving=left_s > 0)
    # A warning has nothing to serve; a disqualified player is out, not away.
    return Remaining(serving=False)


def parse_penalty(raw: str | None, field: str = "penalty") -> tuple[bool, PenaltyKind | None, int]:
    """A penalty as typed: `rounds:3` -> (given, kind, amount); `none` -> (True, None, 0); nothing
    -> (False, None, 0), no penalty given. One-line errors name the request `field` it was typed
    in. The CLI and the ruling wizard read it alike.

    >>> parse_penalty("rounds:3")
    (True, <PenaltyKind.ROUNDS: 'rounds'>, 3)
    """
    if raw is None or not raw.strip():
        return False, None, 0
    kind_text, sep, amount_text = raw.strip().lower().partition(":")
    if kind_text == "none" and not sep:
        return True, None, 0
    kinds = [k.value for k in PenaltyKind]
    if kind_text not in kinds:
        raise InvalidInput(
            "the kind of penalty must be none, {names}, not {raw!r}", raw=raw, names=', '.join(kinds),
            field=field,
        )
    try:
        amount = int(amount_text) if sep else 0
    except ValueError:
        raise InvalidInput(
            "the amount after ':' must be a whole number, not {raw!r}", raw=raw, field=field,
        ) from None
    return True, PenaltyKind(kind_text), amount
