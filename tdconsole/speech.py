"""The room's voice: espeak-ng, offline, run as a subprocess (no network, no model to download).

An adapter at the edge: the announcements' words come from `views/announcements.py`; this only
turns a sentence into sound, on this machine's speakers (`Speaker`, the display terminal) or into a
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

import contextlib
import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
import wave
from collections.abc import Callable
from io import BytesIO
from pathlib import Path

from tdconsole.domain.errors import TdError
from tdconsole.domain.house_rules import SpeechSettings
from tdconsole.i18n import error_text

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


def _require_engine() -> None:
    if not available():
        raise TdError("{engine} is not installed: install it (apt install {engine}) to hear "
                      "the announcements", engine=ENGINE)


def _check(returncode: int, stderr: bytes, *, playing: bool) -> None:
    """A one-line TdError when the engine failed."""
    errors = [line for line in stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    # Playing with no sound device, espeak-ng says "error: ..." and still exits 0.
    if returncode != 0 or (playing and any(line.startswith("error") for line in errors)):
        if playing and any("ALSA" in line or "pcm" in line.casefold() for line in errors):
            raise TdError("{engine} found no sound device to play on", engine=ENGINE)
        raise TdError("{engine} failed: {line}", engine=ENGINE,
                      line=errors[-1] if errors else f"exit status {returncode}")


def _render(text: str, lang: str, settings: SpeechSettings, path: Path) -> None:
    _require_engine()
    try:
        done = subprocess.run(engine_command(lang, settings, path), input=text.encode("utf-8"),
                              capture_output=True, timeout=TIMEOUT_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        raise TdError("{engine} did not finish within {seconds:.0f} s", engine=ENGINE,
                      seconds=TIMEOUT_SECONDS) from None
    except OSError as error:
        raise TdError("{engine} cannot run: {error}", engine=ENGINE, error=str(error)) from None
    _check(done.returncode, done.stderr, playing=False)


class Voice:
    """This machine's speakers: `say` returns once the sentence has been said; `stop`, from any
    thread, cuts the one being said (the display's mute key)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._saying: subprocess.Popen[bytes] | None = None

    def say(self, text: str, lang: str, settings: SpeechSettings) -> None:
        _require_engine()
        try:
            # Its own process group, so `stop` cuts whatever the engine started too (a wrapper).
            process = subprocess.Popen(engine_command(lang, settings, None), stdin=subprocess.PIPE,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       start_new_session=True)
        except OSError as error:
            raise TdError("{engine} cannot run: {error}", engine=ENGINE, error=str(error)) from None
        with self._lock:
            self._saying = process
        try:
            _out, err = process.communicate(text.encode("utf-8"), timeout=TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise TdError("{engine} did not finish within {seconds:.0f} s", engine=ENGINE,
                          seconds=TIMEOUT_SECONDS) from None
        finally:
            with self._lock:
                self._saying = None
        if process.returncode < 0:  # stopped (muted): nothing went wrong
            return
        _check(process.returncode, err, playing=True)

    def stop(self) -> None:
        with self._lock:
            if self._saying is not None and self._saying.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self._saying.pid, signal.SIGTERM)


Say = Callable[[str, str, SpeechSettings], None]


class Speaker:
    """The room's one voice: sentences are said in the order given, one after another in one
    thread, never over each other; `silence` drops those waiting and cuts the one being said.

    `say` is how a sentence is said (a `Voice`'s by default; a test hands in its own); a failure is
    handed to `failed` as one line, and the next sentence is tried all the same."""

    def __init__(self, failed: Callable[[str], None], say: Say | None = None) -> None:
        self._voice = Voice()
        self._say: Say = say or self._voice.say
        self._failed = failed
        self._waiting: queue.Queue[tuple[str, str, SpeechSettings] | None] = queue.Queue()
        self._thread: threading.Thread | None = None

    def put(self, text: str, lang: str, settings: SpeechSettings) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="tdconsole-speaker", daemon=True)
            self._thread.start()
        self._waiting.put((text, lang, settings))

    def silence(self) -> None:
        while True:
            try:
                self._waiting.get_nowait()
            except queue.Empty:
                break
        self._voice.stop()

    def close(self) -> None:
        """Stop at once: what waits is dropped, what is being said is cut."""
        self.silence()
        if self._thread is not None:
            self._waiting.put(None)

    def _run(self) -> None:
        while (item := self._waiting.get()) is not None:
            try:
                self._say(*item)
            except TdError as error:
                self._failed(error_text(error))


def wav(text: str, lang: str, settings: SpeechSettings) -> bytes:
    """`text` spoken into a WAV file's bytes (RIFF/WAVE, 16-bit mono)."""
    with tempfile.TemporaryDirectory(prefix="tdconsole-speech-") as directory:
        # A file, not standard output: espeak-ng writes a streamed WAV's header with no length.
        path = Path(directory) / "announcement.wav"
        _render(text, lang, settings, path)
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
