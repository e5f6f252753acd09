"""Every word a person reads passes through here: gettext catalogues, English as the source text.

The language is chosen once per process at the edge (`--lang`, then `TDCONSOLE_LANG`, then the
system locale, English when none is known: `choose_language`) and set with `set_language`. Code
that shows words calls `_("...")` when it renders, never at import, so one process can switch.
The domain stays pure (it reads no catalogue file): it writes English, and marks what the edge
translates with `N_`.

    >>> choose_language(None, {"LANG": "da_DK.UTF-8"})
    'da'
    >>> choose_language("en", {"TDCONSOLE_LANG": "da"})
    'en'
    >>> choose_language(None, {"LANG": "C"})
    'en'
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from pathlib import Path

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


def set_language(language: str) -> None:
    """Translate from now on into `language` (one of LANGUAGES); English needs no catalogue."""
    global _translations, _language
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    _language = language
    _translations = (gettext.NullTranslations() if language == DEFAULT else
                     gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True))


def language() -> str:
    return _language


def _(message: str) -> str:
    """`message` in the current language (itself when the catalogue has no translation)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks `message` for the catalogue without translating it now (the edge translates)."""
    return message
