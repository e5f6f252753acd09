"""`tdconsole announcements`: what the room hears, as text, JSON or a WAV file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from tdconsole.actions.announcements import AnnouncementsRequest
from tdconsole.actions.announcements import announcements as announced
from tdconsole.cli.kit import JsonFlag, console, emit, session_of
from tdconsole.domain.errors import InvalidInput
from tdconsole.i18n import _

app = typer.Typer()  # top-level: announcements


@app.command("announcements")
def announcements(
    ctx: typer.Context,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="The language the room hears: da or en (default: this terminal's).")] = None,
    wav: Annotated[Path | None, typer.Option(
        "--wav", metavar="FILE", help="Render the latest announcement to this WAV file (espeak-ng).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """The spoken texts of the tournament's announceable moments so far: [{"seq", "kind", "text", "lang"}]."""
    if lang is not None and lang not in ("da", "en"):
        raise InvalidInput("--lang must be da or en, not {value!r}", value=lang)
    chosen: Literal["da", "en"] | None = "da" if lang == "da" else "en" if lang == "en" else None
    service = session_of(ctx).service()
    rows = announced(service, AnnouncementsRequest(lang=chosen))
    if wav is None:
        def render() -> None:
            for row in rows:
                console.print(f"{row.seq:>4}  {row.text}")
        emit(rows, as_json, render)
        return
    if not rows:
        raise InvalidInput("--wav {file}: nothing has been announced yet", file=wav)
    from tdconsole import speech

    latest = rows[-1]
    data = speech.wav(latest.text, latest.lang, service.state.house_rules.speech)
    try:
        wav.write_bytes(data)
    except OSError as error:
        raise InvalidInput("--wav {file}: cannot be written: {strerror}", file=wav,
                           strerror=error.strerror) from None
    seconds = speech.wav_seconds(data)
    emit({**latest.model_dump(mode="json"), "wav": str(wav), "seconds": round(seconds, 2)}, as_json,
         lambda: console.print(_("Wrote {file} ({seconds:.1f} s): {text}").format(
             file=wav, seconds=seconds, text=latest.text)))
