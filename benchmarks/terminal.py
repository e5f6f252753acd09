"""A real terminal for the real binaries: one tmux server of its own (its own socket, no user
config) running one program at a given size, as a user starts it. The end-to-end tests
(tests/e2e) and `bench_tui` drive it the same way: start, read the screen, wait for a text with a
deadline, press keys, read the program's exit status and its pid (for its memory:
benchmarks/memory.py). Only public tools: tmux and /proc.
"""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

# How often a wait reads the screen again: small against what it times (a bust reaching a screen,
# ~100 ms), large against a `tmux capture-pane` (2-3 ms).
POLL_SECONDS = 0.015
# Each F-key of the TD's console, and a text that only its screen shows (at either size).
TD_SCREENS = [("F1", "Blinds"), ("F2", "Register a name"), ("F3", "Search the log"), ("F4", "small blind"),
              ("F5", "Find a scenario"), ("F6", "Place  Amount"), ("F7", "Hand-for-hand is"),
              ("F8", "Chips pushed"), ("F9", "Chip counts"), ("F10", "From  To  Reason"),
              ("F12", "Drawer:")]


class Terminal:
    """One program in a tmux pane of a fixed size. Its pane stays when it exits (remain-on-exit),
    so its last words and exit status can be read."""

    def __init__(self, socket: Path, name: str = "td") -> None:
        self.socket = socket
        self.name = name

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-S", str(self.socket), *args], capture_output=True, text=True,
                              check=True).stdout

    @classmethod
    def start(cls, command: Sequence[str], size: tuple[int, int] = (160, 48),
              environment: Mapping[str, str] | None = None) -> Terminal:
        """Run `command` (an argv, exec'd without a shell or tmux's own, so the pane's process is
        the program itself) in a new terminal of `size` (columns, lines), as xterm-256color, with
        `environment` added to this process's."""
        # A socket of its own in the temporary directory: a test's tmp_path can be longer than a
        # socket's path may be (108 bytes).
        terminal = cls(Path(tempfile.gettempdir()) / f"td-{uuid.uuid4().hex[:12]}.sock")
        columns, lines = size
        settings = [f"{name}={value}" for name, value in {"TERM": "xterm-256color",
                                                         **(environment or {})}.items()]
        # remain-on-exit is set in the same tmux call, before the program can have ended.
        subprocess.run(["tmux", "-S", str(terminal.socket), "-f", "/dev/null", "new-session", "-d",
                        "-s", terminal.name, "-x", str(columns), "-y", str(lines),
                        # A size the caller's environment names is not this terminal's.
                        "env", "-u", "COLUMNS", "-u", "LINES", *settings, *command,
                        ";", "set-option", "-t", terminal.name, "remain-on-exit", "on"],
                       capture_output=True, text=True, check=True)
        return terminal

    def capture(self, history: bool = False) -> str:
        """The screen as text, a wrapped line joined again (`-J`); with `history`, the lines
        scrolled off its top before it (tmux's "Pane is dead" line, once the program has ended,
        can push the program's last line there)."""
        return self.tmux("capture-pane", "-p", "-J", *(("-S", "-") if history else ()), "-t", self.name)

    def wait_for(self, wanted: str | Callable[[str], bool], seconds: float = 20) -> str:
        """Read the screen until it shows `wanted` (a text, or a test of the screen), as a person
        waits before the next key; the screen then. Fails after `seconds` with the last screen."""
        found = wanted if callable(wanted) else (lambda screen: wanted in screen)
        deadline = time.monotonic() + seconds
        while True:
            screen = self.capture()
            if found(screen):
                return screen
            # A program that has ended shows nothing new: fail now (a crash's last words are
            # on the screen), not at the deadline.
            ended = self.exit_status()
            if ended is not None or time.monotonic() > deadline:
                why = f"it ended with status {ended}" if ended is not None else f"in {seconds} s"
                raise AssertionError(f"{wanted!r} never appeared on the screen ({why}):\n"
                                     f"{self.capture(history=True)}")
            time.sleep(POLL_SECONDS)

    def wait_for_focus(self, text: str, seconds: float = 20) -> None:
        """Read the screen until the cursor is on the line showing `text`: the field there has
        the focus. Keys typed before that would reach whatever had it, so a caller waits for
        this, not for a time (Textual moves the focus after the key that asks for it, behind
        keys already sent)."""
        def focused(screen: str) -> bool:
            lines = screen.splitlines()
            row = int(self.tmux("display-message", "-p", "-t", self.name, "#{cursor_y}"))
            return row < len(lines) and text in lines[row]

        self.wait_for(focused, seconds)

    def press(self, *keys: str) -> None:
        """Keys by tmux's names (F2, Enter, C-q, y)."""
        self.tmux("send-keys", "-t", self.name, *keys)

    def type(self, text: str) -> None:
        """`text` typed literally."""
        self.tmux("send-keys", "-t", self.name, "-l", text)

    def pid(self) -> int:
        return int(self.tmux("display-message", "-p", "-t", self.name, "#{pane_pid}"))

    def exit_status(self) -> int | None:
        """The program's exit status once it has ended, else None."""
        dead, status, pid, server = self.tmux("display-message", "-p", "-t", self.name,
                                              "#{pane_dead}|#{pane_dead_status}|#{pane_pid}|#{pid}").split("|")
        if dead == "1" and status.strip():
            return int(status)
        if _ended(int(pid)):
            # tmux 3.3 now and then misses the SIGCHLD of a program that ends while the machine
            # is busy, and shows it running, a zombie, until the next one: tell it again.
            os.kill(int(server), signal.SIGCHLD)
        return None

    def wait_exit(self, seconds: float = 20) -> int:
        """The exit status, once the program has ended (within `seconds`)."""
        deadline = time.monotonic() + seconds
        while (status := self.exit_status()) is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"the program was still running after {seconds} s:\n{self.capture()}")
            time.sleep(POLL_SECONDS)
        return status

    def close(self) -> None:
        """Stop the program (tmux hangs it up) and the terminal."""
        subprocess.run(["tmux", "-S", str(self.socket), "kill-server"], capture_output=True, check=False)
        self.socket.unlink(missing_ok=True)


def _ended(pid: int) -> bool:
    """Whether the process has ended and waits for its parent to read its status (a zombie)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].startswith("Z")
    except (FileNotFoundError, IndexError):
        return False

