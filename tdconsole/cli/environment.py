"""The process's settings from its environment, checked at the edge before any command runs: a junk
`TZ`, `TDCONSOLE_LANG`, `LC_ALL`, `LC_MESSAGES` or `LANG` falls back to a stated default with one
warning line, instead of an internal error in whichever library reads it later (Babel reads `TZ`
as a zone file the first time it is imported; the C library refuses offsets of a day or more).

tdconsole itself shows every time on the club's clock (house rule money.time_zone), so the
machine's `TZ` only has to be one that the libraries can read.

The output streams are made to write what their encoding cannot show as a replacement character
(`tolerant_output`): a Windows console (cp1252), `PYTHONIOENCODING=ascii` or `LC_ALL=C` cannot show
a stored name like "Łukasz", and an exception while printing the answer would report a command that
has already committed as failed, and a user who retries would do it twice.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
import time
from datetime import datetime
from zoneinfo import ZoneInfo

from tdconsole.i18n import _, junk_language_setting

FALLBACK_ZONE = "UTC"

_NAME = r"(?:[A-Za-z]{3,}|<[A-Za-z0-9+-]{3,}>)"
_OFFSET = r"[+-]?\d{1,3}(?::\d{2}){0,2}"
_RULE = rf"(?:J\d{{1,3}}|\d{{1,3}}|M\d{{1,2}}\.\d\.\d)(?:/{_OFFSET})?"
# A POSIX TZ rule the C library reads without a zone file: "CET-1CEST,M3.5.0,M10.5.0/3", "<+05>-5".
# Compiled by `re` on the first `TZ` to check: every command starts here, most with no `TZ` at all.
_POSIX_RULE = rf"{_NAME}{_OFFSET}(?:{_NAME}(?:{_OFFSET})?(?:,{_RULE},{_RULE})?)?"


def usable_time_zone() -> bool:
    """Whether this process's `TZ` names a time zone: a zone file (as a path, which Babel opens
    itself), a zone name the tz database knows, or a POSIX rule whose offsets the C library and
    Python accept (under 24 h). No `TZ` is the machine's own zone."""
    name = os.environ.get("TZ", "").removeprefix(":")
    if not name:
        return True
    try:
        if os.path.exists(name):
            with open(name, "rb") as file:
                ZoneInfo.from_file(file)
        elif not re.fullmatch(_POSIX_RULE, name):
            ZoneInfo(name)
        datetime.now().astimezone()  # the C library's reading: an offset of 24 h or more fails here
    except (OSError, ValueError, KeyError):  # ZoneInfoNotFoundError is a KeyError
        return False
    return True


def checked_environment(flag: str | None) -> list[str]:
    """Warnings (one line each) for the settings that fell back to their defaults; a junk `TZ` is
    replaced by UTC for this process, before any library has read it. `flag` is the `--lang`."""
    warnings = []
    if not usable_time_zone():
        zone = os.environ["TZ"]
        os.environ["TZ"] = FALLBACK_ZONE
        time.tzset()
        warnings.append(_("TZ={value!r} is not a time zone; using {zone} (times are shown on the "
                          "club's clock, house rule money.time_zone)").format(value=zone,
                                                                            zone=FALLBACK_ZONE))
    if setting := junk_language_setting(flag):
        warnings.append(_("{setting} is not a language or locale; using English (da and en are "
                          "spoken; --lang chooses)").format(setting=setting))
    return warnings


def speaks_unicode(stream: object) -> bool:
    """Whether `stream` writes text in an encoding that can show every character (UTF-8, -16, -32,
    GB 18030): everything else cannot show some names, and gets JSON escapes or replacements."""
    name = _codec(stream)
    return name.startswith("utf-") or name == "gb18030"


def _codec(stream: object) -> str:
    """The codec `stream` writes text with, by its Python name ("utf-8"); "" when it names none."""
    encoding = getattr(stream, "encoding", None)
    try:
        return codecs.lookup(encoding).name if isinstance(encoding, str) else ""
    except LookupError:
        return ""


def writes_utf8(stream: object) -> bool:
    """Whether `stream` writes text as UTF-8, so UTF-8 bytes may go to its buffer as they are."""
    return _codec(stream) == "utf-8"


def tolerant_output() -> None:
    """Standard output and error write a `?` for what their encoding cannot show, instead of raising
    after a command has committed (the module's docstring says why)."""
    for stream in (sys.stdout, sys.stderr):
        if (isinstance(stream, io.TextIOWrapper) and not speaks_unicode(stream)
                and stream.errors in ("strict", "surrogateescape")):  # LC_ALL=C: surrogateescape
            stream.reconfigure(errors="replace")


def typed_arguments(argv: list[str]) -> list[str]:
    """The command line as typed: where the locale is not UTF-8 (`LC_ALL=C`), Python hands each
    byte of a UTF-8 name beyond ASCII over as a lone surrogate, and `bust Łukasz` would be refused
    as not text. An argument whose bytes are UTF-8 is read as UTF-8; any other is left as it was."""
    typed = []
    for arg in argv:
        try:
            typed.append(arg.encode(sys.getfilesystemencoding(), "surrogateescape").decode("utf-8"))
        except UnicodeError:
            typed.append(arg)
    return typed
