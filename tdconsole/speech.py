"""The room's voice: espeak-ng, offline, run as a subprocess (no network, no model to download).

An adapter at the edge: the announcements' words come from `views/announcements.py`; this only
turns a sentence into sound, on this machine's speakers (`speak`, the display terminal) or into a
WAV file (`wav`, for `announcements --wav` and the TV page, whose browser plays what the server
rendered). espeak-ng is a maintained engine packaged by every Linux distribution (and Homebrew),
with Danish and English voices; `scripts/test-deps.sh` installs it for the tests.

The text goes to the engine on its standard input, never as an argument, so a player's name that
starts with "-" is read aloud, not taken as an option; the voice and the rate are bounded by the
`speech` settings (`SpeechSettings`). A voice that cannot speak (no engine, no sound device) is
a `TdError` of one line.

    >>> engine_command("da", SpeechSettings(voice="f3", rate=140), wav=None)[1:]
    ['--stdin', '-v', 'da+f3', '-s', '140']
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import wave
from io import BytesIO
from pathlib import Path

from tdconsole.domain.errors import TdError
from tdconsole.domain.house_rules import SpeechSettings

ENGINE = "espeak-ng"
# No announcement takes this long to say; an engine that hangs is stopped and reported.
TIMEOUT_SECONDS = 60.0


def engine_command(lang: str, settings: SpeechSettings, wav: Path | None) -> list[str]:
    """The engine's argv for a sentence read from standard input."""
    voice = f"{lang}+{settings.voice}" if settings.voice else lang
    command = [shutil.which(ENGINE) or ENGINE, "--stdin", "-v", voice, "-s", str(settings.rate)]
    return [*command, "-w", str(wav)] if wav is not None else command


def available() -> bool:
    return shutil.which(ENGINE) is not None


def _run(text: str, lang: str, settings: SpeechSettings, wav: Path | None) -> None:
    if not available():
        raise TdError("{engine} is not installed: install it (apt install {engine}) to hear "
                          "the announcements", engine=ENGINE)
    try:
        done = subprocess.run(engine_command(lang, settings, wav), input=text.encode("utf-8"),
                              capture_output=True, timeout=TIMEOUT_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        raise TdError("{engine} did not finish within {seconds:.0f} s", engine=ENGINE,
                          seconds=TIMEOUT_SECONDS) from None
    except OSError as error:
        raise TdError("{engine} cannot run: {error}", engine=ENGINE, error=str(error)) from None
    errors = [line for line in done.stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    # Playing with no sound device, espeak-ng says "error: ..." and still exits 0.
    failed = done.returncode != 0 or (wav is None and any(line.startswith("error") for line in errors))
    if failed:
        raise TdError("{engine} failed: {line}", engine=ENGINE,
                          line=errors[-1] if errors else f"exit status {done.returncode}")


def speak(text: str, lang: str, settings: SpeechSettings) -> None:
    """Say `text` on this machine's speakers; returns when it has been said (a queue of calls
    never overlaps)."""
    _run(text, lang, settings, None)


def wav(text: str, lang: str, settings: SpeechSettings) -> bytes:
    """`text` spoken into a WAV file's bytes (RIFF/WAVE, 16-bit mono)."""
    with tempfile.TemporaryDirectory(prefix="tdconsole-speech-") as directory:
        # A file, not standard output: espeak-ng writes a streamed WAV's header with no length.
        path = Path(directory) / "announcement.wav"
        _run(text, lang, settings, path)
        return path.read_bytes()


def wav_seconds(data: bytes) -> float:
    """How long a WAV file plays, from its header; TdError if it is not one.

    >>> import struct; header = (b"RIFF" + struct.pack("<I", 36 + 44100) + b"WAVEfmt "
    ...     + struct.pack("<IHHIIHH", 16, 1, 1, 22050, 44100, 2, 16) + b"data" + struct.pack("<I", 44100))
    >>> wav_seconds(header + bytes(44100))
    1.0
    """
    try:
        with wave.open(BytesIO(data)) as audio:
            return float(audio.getnframes()) / float(audio.getframerate())
    except (wave.Error, EOFError) as error:
        raise TdError("not a WAV file: {error}", error=str(error)) from None
