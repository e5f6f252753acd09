"""Every word a person reads passes through here: gettext catalogues, English as the source text.

The language is chosen once per process at the edge (`--lang`, then `TDCONSOLE_LANG`, then the
system locale, English when none is known: `choose_language`) and set with `set_language`. Code
that shows words calls `_("...")` when it renders, never at import, so one process can switch.
The domain stays pure (it reads no catalogue file): it raises its refusals as English templates
with their values (`TdError`), which the edge shows with `error_text`; other English it hands out
is marked with `N_` and translated where it is shown.

The catalogues are `locale/<lang>/LC_MESSAGES/tdconsole.po`, extracted and compiled by `make i18n`
(babel.cfg says what is extracted). The compiled `.mo` is committed beside its `.po`
(tests/test_i18n.py checks that they agree), and a tree without it still speaks Danish: the `.po`
is compiled in memory then.

    >>> choose_language(None, {"LANG": "da_DK.UTF-8"})
    'da'
    >>> choose_language("en", {"TDCONSOLE_LANG": "da"})
    'en'
    >>> choose_language(None, {"LANG": "C"})
    'en'
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol, TypeVar

from tdconsole.domain.errors import Words

DOMAIN = "tdconsole"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "da")
DEFAULT = "en"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT


def _known(tag: str | None) -> str | None:
    """`da`, `da_DK`, `da_DK.UTF-8` or `da-DK` -> "da"; anything not shipped -> None."""
    if not tag:
        return None
    language = tag.split(".")[0].replace("-", "_").split("_")[0].lower()
    return language if language in LANGUAGES else None


def choose_language(flag: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language for this process: the flag, TDCONSOLE_LANG, the system locale (LC_ALL,
    LC_MESSAGES, LANG, as gettext reads them), English when none names a shipped language."""
    for tag in (flag, environ.get("TDCONSOLE_LANG"), environ.get("LC_ALL"),
                environ.get("LC_MESSAGES"), environ.get("LANG")):
        if tag:
            return _known(tag) or DEFAULT
    return DEFAULT


# A POSIX locale name as LANG and LC_* carry it: language[_territory][.codeset][@modifier], or C/POSIX.
_LOCALE_NAME = re.compile(r"[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?(\.[A-Za-z0-9_-]+)?(@[A-Za-z0-9_-]+)?|C|POSIX"
                          r"|C\.[A-Za-z0-9_-]+")


def junk_language_setting(flag: str | None, environ: Mapping[str, str] = os.environ) -> str | None:
    """The setting that chose the language, when its value is junk, as `NAME='value'`: a
    TDCONSOLE_LANG that is not a language tdconsole speaks, or an LC_ALL, LC_MESSAGES or LANG that
    is not a locale name. `choose_language` has fallen back to English for it; the edge says so
    in one line. A well-formed locale of another language (fr_FR.UTF-8) is no fault: English is
    the documented answer to it.

    >>> junk_language_setting(None, {"LANG": "fr_FR.UTF-8"}) is None
    True
    >>> junk_language_setting(None, {"TDCONSOLE_LANG": "klingon", "LANG": "da_DK"})
    "TDCONSOLE_LANG='klingon'"
    """
    if flag:
        return None
    for name in ("TDCONSOLE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        if tag := environ.get(name):
            known = _known(tag) if name == "TDCONSOLE_LANG" else _LOCALE_NAME.fullmatch(tag)
            return None if known else f"{name}={tag!r}"
    return None


def set_language(language: str) -> None:
    """Translate from now on into `language` (one of LANGUAGES); English needs no catalogue."""
    global _translations, _language
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    _language = language
    _translations = gettext.NullTranslations() if language == DEFAULT else _catalogue(language)


def _catalogue(language: str) -> gettext.NullTranslations:
    """The catalogue of `language`, read once a process as long as its files stay as they were:
    `speaking` switches language for each announcement the TV renders, and a parse of the .mo
    costs milliseconds each time."""
    directory = LOCALE_DIR / language / "LC_MESSAGES"
    stamps = tuple(_stamp(directory / f"{DOMAIN}{suffix}") for suffix in (".mo", ".po"))
    return _read_catalogue(directory, language, stamps)


def _stamp(path: Path) -> tuple[int, int] | None:
    """What tells one version of a file from the next: its modification time and size."""
    try:
        status = path.stat()
    except FileNotFoundError:
        return None
    return status.st_mtime_ns, status.st_size


@functools.lru_cache(maxsize=8)
def _read_catalogue(directory: Path, language: str,
                    stamps: tuple[tuple[int, int] | None, ...]) -> gettext.NullTranslations:
    """`directory`'s catalogue as its files were when `stamps` was taken (the key of the cache)."""
    compiled = directory / f"{DOMAIN}.mo"
    if compiled.exists():
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    source = directory / f"{DOMAIN}.po"
    if not source.exists():
        return gettext.NullTranslations()
    # A tree where `make i18n` has not compiled the catalogue (a .mo deleted, a packager that
    # builds it): Babel compiles the .po in memory, exactly as `pybabel compile` would.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as file:
        catalog = read_po(file, locale=language, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def language() -> str:
    return _language


def catalogue(language: str) -> gettext.NullTranslations:
    """The translations of `language` itself, whatever the process's language: for a page in the
    language its reader asked for (a player's own page, T-PAGE-1)."""
    return gettext.NullTranslations() if language not in LANGUAGES or language == DEFAULT \
        else _catalogue(language)


def requested_language(asked: str | None, accept: str | None) -> str:
    """The language a browser asks for: `asked` (a page's `?lang=`) if shipped, else the first
    shipped one of its Accept-Language header, else the process's.

    >>> requested_language("da", None), requested_language(None, "fr-FR,da;q=0.8,en;q=0.5")
    ('da', 'da')
    >>> requested_language("xx", "fr")  # neither: the process's (English here)
    'en'
    """
    if asked in LANGUAGES:
        return asked
    for part in (accept or "").split(",")[:10]:
        found = _known(part.split(";")[0].strip())
        if found:
            return found
    return _language


def _(message: str) -> str:
    """`message` in the current language (itself when the catalogue has no translation)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks `message` for the catalogue without translating it now (the edge translates)."""
    return message


def pgettext(context: str, message: str) -> str:
    """`message` where the same English word needs another translation in `context`."""
    return _translations.pgettext(context, message)


def error_text(error: BaseException, field: str | None = None) -> str:
    """A refusal as the user reads it: a domain error's template translated and filled in (the
    values that are refusals themselves translated too), rule IDs first as they are, then the
    player it is about; any other error as its English text.

    `field` is how this interface names the request field the refusal is about (`error.field`):
    the CLI's option, a form's label. It comes first, joined to the player the refusal is about:

    >>> from tdconsole.domain.errors import InvalidInput
    >>> error = InvalidInput("named twice", field="stack", player="Anna")
    >>> error_text(error), error_text(error, "--stack"), error_text(InvalidInput("cannot be empty"), "--by")
    ('Anna: named twice', '--stack Anna: named twice', '--by: cannot be empty')
    """
    template = getattr(error, "template", None)
    if not isinstance(template, str) or not template:
        line = str(error)
        return f"{field}: {line}" if field else line
    params: dict[str, Any] = {key: error_text(value) if isinstance(value, BaseException)
                              else _(value) if isinstance(value, Words) else value
                              for key, value in getattr(error, "params", {}).items()}
    text = _(template)
    if params:
        try:
            text = text.format(**params)
        except (KeyError, IndexError, ValueError):  # a translation naming a value that is not there
            text = template.format(**params)
    player = getattr(error, "player", None)
    if player:
        text = f"{player}: {text}"
    rules = getattr(error, "rules", None)
    if rules:
        text = f"{', '.join(rules)}: {text}"
    if not field:
        return text
    return f"{field} {text}" if player and not rules else f"{field}: {text}"


def money_locale(house_locale: str) -> str:
    """The locale amounts, dates and times are written in for the chosen language: the house's
    when it is of that language, else that language's own (Danish: da_DK; English: en_GB).

    >>> set_language("en"); money_locale("da_DK"), money_locale("en_US")
    ('en_GB', 'en_US')
    """
    if house_locale.split("_")[0].lower() == _language:
        return house_locale
    return {"da": "da_DK", "en": "en_GB"}[_language]


class JinjaEnvironment(Protocol):
    """What `install_jinja` uses of a Jinja2 environment (named here: this module imports no Jinja2)."""

    globals: dict[str, Any]

    def add_extension(self, extension: str) -> None: ...


Environment = TypeVar("Environment", bound=JinjaEnvironment)


def install_jinja(environment: Environment) -> Environment:
    """Gives a Jinja2 environment `{% trans %}`, `_()` and `ngettext()` in the current language
    (looked up at render time, so a page follows `set_language`)."""
    environment.add_extension("jinja2.ext.i18n")
    # The i18n extension adds this method when it is added: no stub can know it.
    environment.install_gettext_callables(  # type: ignore[attr-defined]
        _, ngettext, newstyle=True, pgettext=pgettext)
    environment.globals["language"] = language
    return environment
