"""Amounts, dates and times as the club writes them: one function each, through Babel.

Every amount a person reads goes through `format_money` with the tournament's currency (a house
setting recorded in the log, `money.currency`) and a locale that follows the terminal's language
(`Formats.of`: Danish writes da_DK, English the house's English locale or en_GB). JSON and CSV
keep plain numbers: they are read by programs.

    >>> format_money(1234, currency="DKK", locale="da_DK")
    '1.234\\xa0kr.'
    >>> format_money(1234, currency="DKK", locale="en_GB")
    'DKK\\xa01,234'
    >>> format_money(-50, currency="EUR", locale="en_GB")
    '-€50'
"""

from __future__ import annotations

import functools
import re
from datetime import datetime
from decimal import Decimal
from typing import NamedTuple
from zoneinfo import ZoneInfo

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.house_rules import HouseRules
from tdconsole.i18n import N_, _, language

NBSP = "\u00a0"
_FRACTION = re.compile(r"\.[0#]+")


@functools.cache
def _whole_units_pattern(currency: str, locale: str) -> str:
    """The locale's currency pattern without decimals (amounts are whole units), with the space
    CLDR's currencySpacing rule puts between a letter symbol and the digits ("DKK 1,234", but
    "€1,234"): Babel applies the pattern but not that rule."""
    # Babel loads here and in the functions below, on first use: a scripted command that prints
    # JSON never writes an amount for a person and does not pay for it (tests/cli/test_fast_cli.py).
    from babel import Locale
    from babel.numbers import get_currency_symbol

    positive = Locale.parse(locale).currency_formats["standard"].pattern.split(";")[0]
    pattern = _FRACTION.sub("", positive)
    symbol = get_currency_symbol(currency, locale)
    if re.search(r"¤[#0]", pattern) and symbol[-1:].isalpha():
        pattern = pattern.replace("¤", "¤" + NBSP)
    elif re.search(r"[#0]¤", pattern) and symbol[:1].isalpha():
        pattern = pattern.replace("¤", NBSP + "¤")
    return pattern


def format_money(amount: int, *, currency: str, locale: str) -> str:
    """An amount in whole units of `currency`, written the way `locale` writes money."""
    from babel.numbers import format_currency

    return format_currency(amount, currency, format=_whole_units_pattern(currency, locale),
                           locale=locale, currency_digits=False)


def format_number(value: float, *, decimals: int, locale: str) -> str:
    """A number with exactly `decimals` decimals (league points), as `locale` writes it."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=locale, decimal_quantization=True)


def format_decimal_plain(value: Decimal | int, locale: str) -> str:
    """A number as `locale` writes it, without grouping and without trailing zeros ("1,5" in
    Danish): what a form's field shows, read back by `parse_number`."""
    from babel.numbers import format_decimal

    return format_decimal(value, format="0.##########", locale=locale)


def parse_number(text: str, locale: str, field: str) -> Decimal:
    """A number typed as `locale` writes it ("1.000" or "2,5" in Danish); strict, so "2.5" in
    Danish is refused rather than read as 25. `InvalidInput` names `field`."""
    from babel.numbers import NumberFormatError, parse_decimal

    try:
        number = parse_decimal(text.strip(), locale=locale, strict=True)
    except NumberFormatError:
        number = None
    if number is None or not number.is_finite():
        raise InvalidInput("{name}: {text} is not a number", name=field, text=text.strip())
    return number


def _moment(moment: datetime | str) -> datetime:
    # The views carry moments as ISO text (their JSON); the log stores them in UTC.
    return datetime.fromisoformat(moment) if isinstance(moment, str) else moment


def format_when(moment: datetime | str, *, locale: str, time_zone: str, time: bool = True) -> str:
    """A moment (stored in UTC) on the club's clock, written the way `locale` writes it."""
    from babel.dates import format_date, format_datetime

    zone = ZoneInfo(time_zone)
    moment = _moment(moment)
    if not time:
        return format_date(moment.astimezone(zone).date(), format="medium", locale=locale)
    return format_datetime(moment, format="short", tzinfo=zone, locale=locale)


def format_clock(moment: datetime | str, *, time_zone: str, seconds: bool = True) -> str:
    """The time of day of `moment` on the club's clock ("20:19:03", or "20:19"): what the log,
    the rulings and the clock show, beside the TV's "level ends at 20:34", whatever zone the
    machine is set to.

    >>> format_clock("2026-11-27T19:19:03+00:00", time_zone="Europe/Copenhagen")
    '20:19:03'
    """
    return _moment(moment).astimezone(ZoneInfo(time_zone)).strftime("%H:%M:%S" if seconds else "%H:%M")


def format_duration(seconds: float) -> str:
    """Whole seconds, rounded up so 0:00 shows only when the time is really out.

    >>> format_duration(750), format_duration(0.2), format_duration(3900)
    ('12:30', '0:01', '1:05:00')
    """
    whole = int(-(-seconds // 1)) if seconds > 0 else 0
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


# The club's default payment methods in words; a method the club added is shown as it was set.
PAYMENT_METHODS = {"cash": N_("cash"), "mobilepay": N_("MobilePay"), "card": N_("card"),
                   "ticket": N_("ticket"), "free": N_("free")}


def payment_method(method: str | None) -> str:
    """A payment method as the reader's language writes it; None: not paid yet."""
    if method is None:
        return _("unpaid")
    return _(PAYMENT_METHODS[method]) if method in PAYMENT_METHODS else method


# The fee destinations a club is likely to set (`cash.fee_split`) in words; another is shown as set.
FEE_DESTINATIONS = {"house": N_("house"), "dealers": N_("dealers"), "league": N_("league")}


def fee_destination(where: str) -> str:
    """Where a share of the fees goes, as the reader's language writes it."""
    return _(FEE_DESTINATIONS[where]) if where in FEE_DESTINATIONS else where


def due_text(due: str) -> str:
    """What an entry paid for, in words: "entry" (its buy-in or re-entry), "rebuy 1", "add-on 2"."""
    kind, _sep, number = due.partition(":")
    if kind == "rebuy":
        return _("rebuy {n}").format(n=number)
    return _("entry") if kind == "entry" else _("add-on {n}").format(n=number)


def ordinal(place: int) -> str:
    """A place as the current language writes it: "1st", "22nd", "25th" (Danish "25."). Babel
    knows which ordinal form a number takes in the language; the catalogue gives each form's
    pattern."""
    from babel import Locale

    form = Locale.parse(language()).ordinal_form(place)
    patterns = {"one": _("{n}st"), "two": _("{n}nd"), "few": _("{n}rd")}
    return patterns.get(form, _("{n}th")).format(n=place)


# A NamedTuple, not a frozen dataclass: see domain/limits.py `Range`.
class Formats(NamedTuple):
    """The currency, locale and time zone a screen or document writes with."""

    currency: str
    locale: str
    time_zone: str

    @classmethod
    def of(cls, rules: HouseRules) -> Formats:
        """The tournament's currency and time zone, written in the terminal's language (the one
        place the language chooses the locale: `1.234 kr.` in Danish, `DKK 1,234` in English)."""
        from tdconsole.i18n import money_locale

        return cls(rules.money.currency, money_locale(rules.money.locale), rules.money.time_zone)

    def money(self, amount: int) -> str:
        return format_money(amount, currency=self.currency, locale=self.locale)

    def number(self, value: float, decimals: int) -> str:
        return format_number(value, decimals=decimals, locale=self.locale)

    def when(self, moment: datetime | str, *, time: bool = True) -> str:
        return format_when(moment, locale=self.locale, time_zone=self.time_zone, time=time)

    def clock(self, moment: datetime | str, *, seconds: bool = True) -> str:
        return format_clock(moment, time_zone=self.time_zone, seconds=seconds)
