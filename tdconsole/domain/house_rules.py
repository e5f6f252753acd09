"""Every setting where the club's rules and the Poker TDA differ (TDA.md, last table).

The defaults are the club's (RULES.md); the alternatives are the TDA's or Robert's Rules'.
`configs/house_rules.toml` sets them; nothing in the code hard-codes either side.
"""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

import json
from typing import Any, Literal, get_args, get_origin
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, ValidationError, ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.model import Frozen, empty_list, recorded


class AnteRules(Frozen):
    # T-ANTE-2 (club): 7-10 handed 1 x BB, 3-6 handed 1 x SB, heads-up none; "flat": TDA RP-11, 1 x BB always.
    by_table_size: Literal["club", "flat"] = "club"
    # T-ANTE-3 (club): a short big blind pays the ante first; TDA RP-11: the blind first.
    short_big_blind: Literal["ante-first", "blind-first"] = "ante-first"


class SeatingRules(Frozen):
    # T-SEAT-2 (club): seat 1 is the button at the start; TDA: high card for the button.
    first_button: Literal["seat-1", "high-card"] = "seat-1"
    # T-MOVE-1 (club): a moved player never pays the blinds twice in a row; TDA 10A/11A allow it.
    moved_player_may_pay_blinds_twice: bool = False
    # T-BAL-1 (club): balance when the fullest and emptiest tables differ by 2, down to 1.
    # "rrop": keep tables within 2 while more than 6 run, within 1 at 6 or fewer.
    balance: Literal["club", "rrop"] = "club"
    # 10A/RP-9: tables break in a preset order; empty = the highest-numbered table first.
    break_order: list[int] = Field(default_factory=empty_list)
    # Players at the final table; 0 = the tournament's seats per table.
    final_table_size: int = Field(default=0, ge=0, le=12)


class DealingRules(Frozen):
    # D-IRR-1 (club, 002 §6): a card found face up in the deck is waste paper and is replaced,
    # however many there are; "misdeal": TDA 35A, two or more boxed cards on the deal are a misdeal.
    boxed_cards: Literal["replace", "misdeal"] = "replace"
    # D-MIS-A (club, 002 §4.2A): any player's first card exposed by the dealer is a misdeal;
    # "first-two": TDA 35A, a misdeal only for the first or second card off the deck (the blinds'
    # first cards), any other single exposed card is replaced and becomes the burn.
    exposed_first_card: Literal["misdeal", "first-two"] = "misdeal"
    # D-BOARD-1 (club, 002 §11): a flop of too many cards is shuffled back and dealt again;
    # "scramble": TDA 39A, the four cards are scrambled face down and the floor picks one as the burn.
    four_card_flop: Literal["reshuffle", "scramble"] = "reshuffle"


class BettingRules(Frozen):
    # B-BEHIND-1 (club): a bet leaving no more than 1 BB behind is all-in; TDA: the bet stands as made.
    bet_leaving_one_big_blind_is_all_in: bool = True
    # B-MIN-1 (club, 002 §7): every short call is corrected to the full call; "floor-decides":
    # TDA 51, multiway after the first bet of the round the floor decides (heads-up, or facing the
    # first bet, both make it a full call).
    multiway_undercall: Literal["full-call", "floor-decides"] = "full-call"
    # B-MISREAD-1 (club, 002 §7): a player who clearly misunderstood the action may take his chips
    # back and fold while no harm is done; "binds": TDA 49, accepted action, the call is made in full.
    misunderstood_call: Literal["may-withdraw", "binds"] = "may-withdraw"


class ConductRules(Frozen):
    # C-CHIPS-3 (club, 002 §2): a player asked for a count must give the correct count himself;
    # "estimate": TDA 60, a reasonably accurate estimate, a precise count only for a player facing
    # an all-in, and the all-in player need not count (the dealer or the floor does).
    chip_count: Literal["must-count", "estimate"] = "must-count"


class ChipCountRules(Frozen):
    # T-CHIPS-3 (the console's): how far the counts of every player still in may be off the chips in
    # play (T-CHIPS-2: none leave the table) before the TD is shown it; a count is never refused for it.
    tolerance_percent: float = Field(default=1.0, ge=0, le=100)


class DeadHandRules(Frozen):
    # H-DEAD-B (club, 002 §5B): the wrong number of cards once the action has started is a dead
    # hand, the button's included; "replace": TDA 37, the button short a card gets it unless he has acted.
    button_missing_card: Literal["dead", "replace"] = "dead"
    # H-DEAD-G (club, 002 §2): cards shown to another player or a spectator mid-hand may get the hand
    # declared dead; "active-player": TDA, only exposure to a player still in the hand counts.
    shown_cards: Literal["anyone", "active-player"] = "anyone"
    # H-SEAT-2 (club, 000): leaving the table mid-hand without folding kills the hand; "penalty":
    # TDA 31, leaving is penalised but the hand stays live (the clock deals with a missing player).
    left_table: Literal["dead", "penalty"] = "dead"


class ShowdownRules(Frozen):
    # S-ORDER-2 (club): from the dealer clockwise, heads-up the caller last; TDA 17A: last aggressor first.
    order: Literal["club", "tda"] = "club"


class ClockCallRules(Frozen):
    # C-CLOCK-1 (club): 60 s with a warning at 10 s; TDA 29 (2024): 25 s plus a 5 s countdown.
    seconds: int = Field(default=60, gt=0)
    warning_seconds: int = Field(default=10, ge=0)
    # C-CLOCK-1: the hand is dead at expiry; TDA 29: dead only facing a bet, otherwise a check.
    expiry_without_bet: Literal["dead", "check"] = "dead"
    # C-CLOCK-1: the 10 s warning falls within the minute (60 s in all); "added": TDA 29, the 5 s
    # countdown follows the 25 s (30 s in all).
    countdown: Literal["within", "added"] = "within"
    # T-SHOT-1 (the console's): a table's shot clock, the seconds each decision gets by default,
    # and the time banks (TDA 29/30's extension, RP-6): how many each player may use in the
    # tournament (0: none), of how many seconds each.
    shot_clock_seconds: int = Field(default=30, ge=5, le=600)
    time_banks: int = Field(default=0, ge=0, le=20)
    time_bank_seconds: int = Field(default=30, ge=5, le=600)


class EliminationRules(Frozen):
    # T-ELIM-1 (club): busts in the same hand-for-hand hand at different tables are ranked by
    # starting stack; "tie": many live rooms tie them and split the prizes (TDA.md, RP-8).
    hand_for_hand_across_tables: Literal["rank-by-stack", "tie"] = "rank-by-stack"
    # RP-8B: during hand-for-hand the clock pauses, or loses a set time per hand.
    hand_for_hand_clock: Literal["pause", "deduct"] = "deduct"
    hand_for_hand_seconds_per_hand: int = Field(default=120, ge=0, le=180)
    # T-REG-1: whether an earlier entry of a player who re-entered can finish in the money.
    earlier_entry_can_cash: bool = True


class PenaltyRules(Frozen):
    # O-OOT-5 (club): a deliberate or second out-of-turn action sits out 3 rounds; TDA 70/71: discretionary.
    oot_repeat: Literal["three-rounds", "discretionary"] = "three-rounds"
    oot_repeat_rounds: int = Field(default=3, ge=0)
    # H-DEAD-X (club): own cards shown deliberately, or by the same player twice -> 3 rounds.
    exposed_cards_rounds: int = Field(default=3, ge=0)
    # C-PEN-1 (club): a time penalty for improper conduct, "typically 5 minutes".
    conduct_minutes: int = Field(default=5, gt=0)
    # C-PHONE-1 (club): a phone used while in a hand is warned and the hand stays live; "dead":
    # the hand is killed (TDA 5 leaves the penalty to the house). Repeats escalate either way.
    phone_hand: Literal["live", "dead"] = "live"
    # C-PHONE-1 (club): a phone may be used at the table while the player is not in a hand, calls
    # included; "away": TDA 5A, no phone calls at the table, he steps away to take one.
    phone_call_at_table: Literal["allowed", "away"] = "allowed"


def _refused(message: str) -> PydanticCustomError:
    # The message as it stands (a plain ValueError would read "Value error, ...").
    return PydanticCustomError("house_rule", message)


class MoneyRules(Frozen):
    """How the club writes money and time: kroner in Danish by default (`1.234 kr.`).

    A setting, not a rule: the currency every amount of the tournament is in (ISO 4217), the
    locale that writes amounts, dates and times (a terminal's language may choose another), and
    the club's time zone (IANA) for the times people read. Only `views/` formats with them; the
    domain keeps amounts as whole units of `currency`.
    """

    currency: str = "DKK"
    locale: str = "da_DK"
    time_zone: str = "Europe/Copenhagen"

    # Checked against Babel's and the time-zone database's lists, so a typo ("DKR", "da-dk",
    # "Europe/Copenhagn") is refused when set rather than on every screen that shows an amount;
    # read back from the log they are not looked up again (RECORDED, tdconsole.domain.model).
    @field_validator("currency")
    @classmethod
    def _known_currency(cls, value: str, info: ValidationInfo) -> str:
        code = value.strip().upper()
        if recorded(info):  # checked when it was recorded (RECORDED)
            return code
        from babel.numbers import list_currencies

        if code not in list_currencies():
            raise _refused(f"{value!r} is not an ISO 4217 currency code (DKK, EUR, SEK, ...)")
        return code

    @field_validator("locale")
    @classmethod
    def _known_locale(cls, value: str, info: ValidationInfo) -> str:
        if recorded(info):  # checked (and written as Babel writes it) when it was recorded
            return value
        from babel import Locale, UnknownLocaleError

        try:
            return str(Locale.parse(value.strip().replace("-", "_")))
        except (ValueError, UnknownLocaleError):
            raise _refused(f"{value!r} is not a locale (da_DK, en_GB, ...)") from None

    @field_validator("time_zone")
    @classmethod
    def _known_zone(cls, value: str, info: ValidationInfo) -> str:
        if recorded(info):  # checked when it was recorded
            return value.strip()
        try:
            ZoneInfo(value.strip())
        except (ValueError, ZoneInfoNotFoundError):
            raise _refused(f"{value!r} is not a time zone (Europe/Copenhagen, UTC, ...)") from None
        return value.strip()


class CashRules(Frozen):
    """How entries are paid and where the fee goes (the cash desk). A setting, not a rule."""

    # The ways an entry may be paid (cash, MobilePay, card, a ticket won in a satellite, free).
    methods: list[str] = Field(default_factory=lambda: ["cash", "mobilepay", "card", "ticket", "free"],
                               min_length=1, max_length=20)
    # An entry whose payment is not recorded was paid so (most of a club night is cash).
    default_method: str = "cash"
    # The fee by destination, DESTINATION=PERCENT adding up to 100 (house, dealers, league).
    fee_split: list[str] = Field(default_factory=lambda: ["house=100"], min_length=1, max_length=10)

    @field_validator("methods")
    @classmethod
    def _methods(cls, value: list[str]) -> list[str]:
        methods = [method.strip().lower() for method in value]
        if any(not method.isidentifier() or len(method) > 20 for method in methods) \
                or len(set(methods)) != len(methods):
            raise _refused(f"{', '.join(value)}: payment methods are distinct single words")
        return methods

    @field_validator("fee_split")
    @classmethod
    def _fee_split(cls, value: list[str]) -> list[str]:
        split: dict[str, int] = {}
        for part in value:
            where, sep, percent = part.partition("=")
            where = where.strip().lower()
            if not sep or not where.isidentifier() or not percent.strip().isdigit() or where in split:
                raise _refused(f"{part!r}: write DESTINATION=PERCENT, house=70,dealers=30")
            split[where] = int(percent)
        if sum(split.values()) != 100:
            raise _refused(f"the fee split adds up to {sum(split.values())} %, not 100 %")
        return [f"{where}={percent}" for where, percent in split.items()]

    @model_validator(mode="after")
    def _default_is_a_method(self) -> "CashRules":
        if self.default_method not in self.methods:
            raise _refused(f"the default payment method {self.default_method!r} is not one of "
                           f"{', '.join(self.methods)}")
        return self

    def split(self) -> dict[str, int]:
        """Destination -> percent of the fee, in the order set."""
        return {where: int(percent) for where, _sep, percent in (p.partition("=") for p in self.fee_split)}

    def method(self, raw: str) -> str:
        """A payment method as typed, checked against the club's (one line naming them)."""
        method = raw.strip().lower()
        if method not in self.methods:
            raise InvalidInput("{raw!r} is not a payment method of the club: {methods}", raw=raw,
                               methods=", ".join(self.methods), field="method")
        return method
# What the room may hear (views/announcements.py words each one); `speech.kinds` picks among them.
AnnouncementKind = Literal["level", "one-minute", "break", "break-end", "hand-for-hand",
                           "hand-for-hand-end", "table-broken", "move", "bubble", "final-table",
                           "winner"]
ANNOUNCEMENT_KINDS: tuple[AnnouncementKind, ...] = get_args(AnnouncementKind)


class ChipSetRules(Frozen):
    """The club's box of chips (T-CHIPS-4, the house's own): how many of each denomination it holds,
    VALUE=COUNT ("25=300", "100=400"); empty, the box is not known and nothing is counted. A setting of
    the club's property, like `cash`: the same box every night, changed through the log."""

    quantities: list[str] = Field(default_factory=empty_list, max_length=20)

    @field_validator("quantities")
    @classmethod
    def _quantities(cls, value: list[str]) -> list[str]:
        counts: dict[int, int] = {}
        for part in value:
            chip, sep, count = part.partition("=")
            if len(part) > 40 or not sep or not chip.strip().isdigit() or not count.strip().isdigit() \
                    or not 0 < int(chip) <= 10**12 or int(chip) in counts or int(count) > 10**6:
                raise _refused(f"{part!r}: write VALUE=COUNT once per chip, 25=300,100=400")
            counts[int(chip)] = int(count)
        return [f"{chip}={count}" for chip, count in sorted(counts.items())]

    def counts(self) -> dict[int, int]:
        """Denomination -> chips in the box, smallest first.

        >>> ChipSetRules(quantities=["100=400", "25=300"]).counts()
        {25: 300, 100: 400}
        """
        return {int(chip): int(count) for chip, _sep, count in (q.partition("=") for q in self.quantities)}


class SpeechSettings(Frozen):
    """How the room hears the announcements: a setting, not a rule (like `money`).

    One speaker in the room: the display terminal (`tdconsole display`), the TV page of
    `tdconsole serve`, or none. The voice is an espeak-ng variant added to the language's voice
    ("f3", "m1"; empty: the language's own), the rate in words per minute.
    """

    speaker: Literal["display", "tv", "none"] = "display"
    kinds: list[AnnouncementKind] = Field(default_factory=lambda: list(ANNOUNCEMENT_KINDS))
    # Letters and digits only: it is handed to espeak-ng as part of one argument, never a flag.
    voice: str = Field(default="", max_length=16, pattern=r"^[a-z0-9]*$")
    rate: int = Field(default=150, ge=80, le=300)


# The conditions a club's alert may watch (a fixed set: each is an edge the announcer sees in the
# log or on the running clock, views/announcements.py). `n` is the number the first three need.
AlertCondition = Literal["players-left", "level-starts", "break-in", "bubble", "final-table",
                         "table-to-break"]
ALERT_CONDITIONS: tuple[AlertCondition, ...] = get_args(AlertCondition)
ALERTS_WITH_N = frozenset({"players-left", "level-starts", "break-in"})
MAX_ALERT_TEXT = 200


class Alert(Frozen):
    """One alert the club defines: when it fires, and its words in each language (`{en = "10 left:
    final table soon", da = "10 tilbage: finalebord snart"}`); a tournament shown in a language the
    club did not write takes the first one given.

    `players-left`: a command leaves N players or fewer (from more); `level-starts`: level N starts;
    `break-in`: the running clock is N minutes from a break (each break once); `bubble`: one out
    from the money; `final-table`: the players left fit one table (T-SEAT-3); `table-to-break`: a
    table's players fit in the other tables' free seats (T-BREAK-1; each table once)."""

    when: AlertCondition
    n: int | None = Field(default=None, ge=1, le=100_000)
    text: dict[str, str] = Field(min_length=1, max_length=10)

    @field_validator("text")
    @classmethod
    def _plain_words(cls, value: dict[str, str]) -> dict[str, str]:
        from tdconsole.domain.text import problem

        words = {}
        for lang, raw in value.items():
            if not (2 <= len(lang) <= 3 and lang.isascii() and lang.isalpha() and lang.islower()):
                raise _refused(f"{lang!r} is not a language code (en, da, ...)")
            text = raw.strip()
            why = problem(text)
            if not text or len(text) > MAX_ALERT_TEXT or why is not None:
                raise _refused(f"the {lang} text must be 1 to {MAX_ALERT_TEXT} characters of plain text"
                               + (f" ({why})" if why else ""))
            words[lang] = text
        return words

    @model_validator(mode="after")
    def _n_where_needed(self) -> "Alert":
        if self.when in ALERTS_WITH_N and self.n is None:
            raise _refused(f"an alert {self.when!r} needs n (players, level or minutes)")
        if self.when not in ALERTS_WITH_N and self.n is not None:
            raise _refused(f"an alert {self.when!r} takes no n")
        return self

    def words(self, lang: str) -> str:
        """The text in `lang`, else the first the club wrote."""
        return self.text.get(lang) or next(iter(self.text.values()))


class AlertRules(Frozen):
    """The club's own alerts (a setting, like `speech`): each shown on the TV and spoken by the
    room's speaker, once in a tournament (views/announcements.py says how a restart keeps it so)."""

    club: list[Alert] = Field(default_factory=empty_list, max_length=30)


class HouseRules(Frozen):
    """The whole `configs/house_rules.toml`; every section may be left out to take the club default."""

    ante: AnteRules = Field(default_factory=AnteRules)
    seating: SeatingRules = Field(default_factory=SeatingRules)
    dealing: DealingRules = Field(default_factory=DealingRules)
    betting: BettingRules = Field(default_factory=BettingRules)
    dead_hands: DeadHandRules = Field(default_factory=DeadHandRules)
    showdown: ShowdownRules = Field(default_factory=ShowdownRules)
    clock_call: ClockCallRules = Field(default_factory=ClockCallRules)
    eliminations: EliminationRules = Field(default_factory=EliminationRules)
    penalties: PenaltyRules = Field(default_factory=PenaltyRules)
    conduct: ConductRules = Field(default_factory=ConductRules)
    chip_counts: ChipCountRules = Field(default_factory=ChipCountRules)
    money: MoneyRules = Field(default_factory=MoneyRules)
    cash: CashRules = Field(default_factory=CashRules)
    speech: SpeechSettings = Field(default_factory=SpeechSettings)
    chip_set: ChipSetRules = Field(default_factory=ChipSetRules)
    alerts: AlertRules = Field(default_factory=AlertRules)

    @classmethod
    def settings(cls) -> list[str]:
        """Every setting as `section.name`, in the order of the file."""
        return [f"{section}.{name}" for section, info in cls.model_fields.items()
                for name in info.annotation.model_fields]  # type: ignore[union-attr]

    def value(self, key: str) -> Any:
        section, name = self._split(key)
        return getattr(getattr(self, section), name)

    def with_value(self, key: str, raw: str) -> "HouseRules":
        """These rules with `key` set to `raw` as typed by the TD ("rrop", "true", "60",
        "3,2,1"); a bad key or value is one line naming the key."""
        section, name = self._split(key)
        field = type(getattr(self, section)).model_fields[name]
        value: Any = raw.strip()
        if get_origin(field.annotation) is list and value.startswith("["):
            # A list of tables (`alerts.club`) is typed as the JSON of the TOML file's list.
            try:
                value = json.loads(value)
            except ValueError as error:
                raise InvalidInput("house rule {key}: not a JSON list: {msg}", key=key,
                                   msg=str(error)) from None
        elif get_origin(field.annotation) is list:
            value = [part.strip() for part in value.split(",") if part.strip()]
        data = self.model_dump()
        data[section][name] = value
        try:
            changed = HouseRules.model_validate(data)
        except ValidationError as error:
            raise InvalidInput("house rule {key}: {msg}", key=key, msg=error.errors()[0]['msg']) from None
        if changed.value(key) == self.value(key):
            raise InvalidInput("house rule {key} is already {value!r}", key=key, value=self.value(key))
        return changed

    @classmethod
    def _split(cls, key: str) -> tuple[str, str]:
        section, _, name = key.strip().partition(".")
        fields = cls.model_fields.get(section)
        if fields is None or name not in fields.annotation.model_fields:  # type: ignore[union-attr]
            raise InvalidInput(
                "no house rule {strip!r}; the keys are: {names}", strip=key.strip(),
                names=', '.join(cls.settings()),
            )
        return section, name


def __getattr__(name: str) -> HouseRules:
    """`CLUB`, every setting the club's, and `TDA`, every setting the TDA's side, made when first
    asked for: made at import, they would build the validators of every section in every process,
    though a command reads the rules of its tournament's log (the fast-CLI contract, model.Frozen)."""
    if name == "CLUB":
        return HouseRules()
    if name == "TDA":
        return HouseRules(
            ante=AnteRules(by_table_size="flat", short_big_blind="blind-first"),
            seating=SeatingRules(first_button="high-card", moved_player_may_pay_blinds_twice=True),
            dealing=DealingRules(boxed_cards="misdeal", exposed_first_card="first-two",
                                 four_card_flop="scramble"),
            betting=BettingRules(bet_leaving_one_big_blind_is_all_in=False,
                                 multiway_undercall="floor-decides", misunderstood_call="binds"),
            dead_hands=DeadHandRules(button_missing_card="replace", shown_cards="active-player",
                                     left_table="penalty"),
            showdown=ShowdownRules(order="tda"),
            clock_call=ClockCallRules(seconds=25, warning_seconds=5, expiry_without_bet="check",
                                      countdown="added"),
            eliminations=EliminationRules(hand_for_hand_across_tables="tie"),
            penalties=PenaltyRules(oot_repeat="discretionary", phone_hand="dead",
                                   phone_call_at_table="away"),
            conduct=ConductRules(chip_count="estimate"),
        )
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
