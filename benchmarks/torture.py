"""`make torture`: the store and the command line under abuse, on SQLite and on PostgreSQL.

    python -m benchmarks.torture [--seconds 60] [--writers 4] [--backend sqlite|postgresql|both]
                                 [--seed N]

Six phases per database, bounded together by `--seconds`:

1. First opens: four processes (forked after the imports) open a fresh database at the same moment;
   in half of the trials one of them is SIGKILLed 0-50 ms later, maybe half-way through creating the
   schema. Then a plain open must work: a database that does not
   is "unusable".
2. Writers: N processes run mixed commands (register, bust, re-enter, undo, the clock, the draw,
   clock calls) on one tournament and print `ack` once a command has committed, the moment a screen
   would acknowledge it. One of them is SIGKILLed at random moments and restarted. At the end every
   acknowledged command must be in the log, none twice, the sequence without gaps, and a follower that
   applied the log as it grew must equal a cold fold. An undo must never take back another writer's
   command.
3. Races: four processes change the current tournament at the same instant (`use`, `new --use`),
   in turns; the audit trail must be one a single sequence of those commands could have made.
4. Fuzz: random and hostile command lines (empty, huge, control characters, look-alikes, NaN,
   1e23, 2**31, ...) through the real CLI entry point, each in a worker with a time and memory limit.
   Each must end in success or one line of error, never an internal error, and an error must leave
   the log as it was; afterwards the database must still open and fold.

5. A server that goes away (PostgreSQL, a durable server of its own): halted as a crash would
   halt it while a writer registers players and a follower reads, then started again. Every
   command refused meanwhile must say the server does not answer, none acknowledged may be lost,
   and the follower must catch up by itself.

6. A terminal whose clock is wrong: a CLI ten minutes behind, then one ten minutes ahead
   (libfaketime), pauses and resumes the running clock while this process, on the right time,
   follows. Each of its readings must match the room's within 2 s, every event must be stamped in
   time order, and each such process must say once that its clock is off.

Prints acknowledged vs logged, duplicates, and errors by kind; exits 1 if anything was lost,
duplicated, left unusable or ended in an internal error. PostgreSQL is a throw-away server
(tests/pgserver.py), or $TDCONSOLE_TEST_PG.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import itertools
import json
import os
import random
import re
import resource
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OPENERS = 4
FUZZ_SOFT_SECONDS = 5  # a case's own alarm: the command is interrupted and counted as a timeout
FUZZ_HARD_SECONDS = 15  # no answer by then: the worker is killed (stuck in C code) and restarted
FUZZ_MEMORY = 2 * 1024**3  # a fuzz case that wants more is counted as a memory error


def _python(*args: str) -> list[str]:
    return [sys.executable, "-m", "benchmarks.torture", *args]


# ---------------------------------------------------------------- databases


class Backend:
    """Fresh databases on one backend."""

    def __init__(self, name: str, directory: Path, server_url: str | None = None) -> None:
        self.name, self.directory, self.server_url = name, directory, server_url
        self.count = 0

    def fresh(self) -> str:
        self.count += 1
        if self.server_url is None:
            return f"sqlite:///{self.directory / f'torture-{self.count}.sqlite'}"
        import psycopg

        name = f"torture_{os.getpid()}_{self.count}"
        plain = self.server_url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(plain, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.server_url.rsplit("/", 1)[0] + f"/{name}"


@contextlib.contextmanager
def backends(which: str, directory: Path) -> Iterator[list[Backend]]:
    chosen = [Backend("sqlite", directory)] if which in ("sqlite", "both") else []
    if which not in ("postgresql", "both"):
        yield chosen
        return
    if url := os.environ.get("TDCONSOLE_TEST_PG"):
        yield [*chosen, Backend("postgresql", directory, url)]
        return
    sys.path.insert(0, str(ROOT))
    from tdconsole.store.scratch import find_bindir
    from tests.pgserver import PgServer

    bindir = find_bindir()
    if bindir is None:
        print("PostgreSQL binaries not found: PostgreSQL skipped (scripts/test-deps.sh installs them)")
        yield chosen
        return
    server = PgServer(bindir).start()
    try:
        yield [*chosen, Backend("postgresql", directory, server.url)]
    finally:
        server.stop()


def usable(url: str) -> str | None:
    """None if the database opens and every tournament folds, else why not."""
    from tdconsole.domain.tournament import fold
    from tdconsole.store.event_store import EventStore

    try:
        store = EventStore.open(url)
        try:
            for tournament in store.tournaments():
                fold(store.load(tournament.id))
        finally:
            store.close()
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return None


# ---------------------------------------------------------------- 1. first opens


def _fork_child(work: Callable[[], object]) -> tuple[int, int]:
    """A child forked from this process (its imports done) that runs `work` and writes "ok" or the
    error's first line to the pipe returned."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        try:
            work()
            message = "ok"
        except Exception as error:
            message = f"{type(error).__name__}: {str(error).splitlines()[0]}"
        os.write(write, message.encode()[:4000])
        os._exit(0)
    os.close(write)
    return pid, read


def _fork_opener(url: str, go: int) -> tuple[int, int]:
    """A child that opens `url` once the go pipe gives it a byte (`_fork_child`)."""
    from tdconsole.store.event_store import EventStore

    def open_it() -> None:
        os.read(go, 1)
        EventStore.open(url).close()

    return _fork_child(open_it)


@dataclass
class FirstOpens:
    trials: int = 0
    opened: int = 0
    killed: int = 0
    errors: collections.Counter[str] = field(default_factory=collections.Counter)
    unusable: list[str] = field(default_factory=list)


def first_opens(backend: Backend, deadline: float, rng: random.Random) -> FirstOpens:
    result = FirstOpens()
    while time.monotonic() < deadline or result.trials < 2:
        url = backend.fresh()
        go_read, go_write = os.pipe()
        children = [_fork_opener(url, go_read) for _ in range(OPENERS)]
        os.write(go_write, b"g" * OPENERS)  # all four at once
        victim = rng.choice(children)[0] if rng.random() < 0.5 else None
        if victim is not None:
            time.sleep(rng.uniform(0, 0.05))  # before, during or after its creating the schema
            os.kill(victim, signal.SIGKILL)
        for pid, pipe in children:
            with os.fdopen(pipe, "rb") as answer:
                message = answer.read().decode()
            _, status = os.waitpid(pid, 0)
            if pid == victim and os.WIFSIGNALED(status):
                result.killed += 1
            elif message == "ok":
                result.opened += 1
            else:  # counted by kind: the database's own name taken out
                message = message.replace(url.removeprefix("sqlite:///"), "DB").replace(url, "DB")
                result.errors[message[:120] or f"no answer (status {status})"] += 1
        os.close(go_read)
        os.close(go_write)
        if (why := usable(url)) is not None:
            result.unusable.append(why)
        result.trials += 1
    return result


# ---------------------------------------------------------------- 2. writers


def writer(url: str, tournament: int, actor: str, incarnation: int, seed: int) -> None:
    """Child: mixed commands, one line per command: `ack ID KIND [DETAIL]` or `err KIND CLASS`."""
    from tdconsole.domain import commands as c
    from tdconsole.domain.errors import TdError
    from tdconsole.service import Service
    from tdconsole.store.db import StoreError
    from tdconsole.store.event_store import Conflict, EventStore

    rng = random.Random(seed)
    service = Service(EventStore.open(url), tournament, actor=actor)
    kinds = ["register"] * 6 + ["bust"] * 3 + ["undo", "reenter", "clock", "step", "draw", "call"]
    for n in range(1, 1_000_000):
        kind = rng.choice(kinds)
        state = service.state
        alive = [p.name for p in state.players.values() if p.status != "busted"]
        busted = [p.name for p in state.players.values() if p.status == "busted"]
        command: c.Command
        if kind == "register" or (kind == "bust" and len(alive) < 3):
            kind, command = "register", c.Register(names=[f"{actor}.{incarnation}.{n}"])
        elif kind == "bust":
            command = c.Bust(names=[rng.choice(alive)])
        elif kind == "reenter" and busted:
            command = c.Reenter(name=rng.choice(busted))
        elif kind == "undo":
            command = c.Undo(actor=actor)
        elif kind == "clock":
            clock = state.clock
            command = c.ClockPause() if clock.running else (
                c.ClockResume() if clock.started else c.ClockStart())
        elif kind == "step":
            command = c.ClockStep(by=rng.choice([-1, 1]))
        elif kind == "call" and state.room:
            table = rng.choice(sorted(state.room))
            command = c.CallClock(table=table, seat=rng.randint(1, 9))
        else:
            kind, command = "draw", c.Draw()
        try:
            envelopes = service.execute(command)
        except Conflict:
            line = f"err {kind} conflict"
        except StoreError as error:
            line = f"err {kind} store {error}"
        except TdError as error:
            line = f"err {kind} refused:{type(error).__name__}"
        except Exception as error:  # the harness counts it; the writer carries on
            line = f"err {kind} internal:{type(error).__name__} {error}"
        else:
            detail = ""
            if kind == "undo":
                target = envelopes[0].event.command_id  # type: ignore[union-attr]
                detail = next(e.actor for e in service.log if e.command_id == target)
            line = f"ack {envelopes[0].command_id} {kind} {detail}".rstrip()
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


@dataclass
class Writers:
    acknowledged: int = 0
    logged: int = 0
    unacknowledged: int = 0
    lost: int = 0
    duplicated: int = 0
    seq_faults: int = 0
    kills: int = 0
    crashes: list[str] = field(default_factory=list)
    undos: int = 0
    undos_of_others: int = 0
    follower_equal: bool = True
    errors: collections.Counter[str] = field(default_factory=collections.Counter)
    acks_by_kind: collections.Counter[str] = field(default_factory=collections.Counter)
    unusable: str | None = None


class _Writer:
    def __init__(self, url: str, tournament: int, actor: str, rng: random.Random) -> None:
        self.url, self.tournament, self.actor, self.rng = url, tournament, actor, rng
        self.incarnation = 0
        self.lines: list[tuple[str, str]] = []
        self.start()

    def start(self) -> None:
        self.incarnation += 1
        self.lines_at_start = len(self.lines)
        self.process = subprocess.Popen(
            _python("writer", self.url, str(self.tournament), self.actor, str(self.incarnation),
                    str(self.rng.randrange(2**32))),
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.reader = threading.Thread(target=self._read, args=(self.process,), daemon=True)
        self.reader.start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if line.endswith("\n"):  # a line cut by the kill was never acknowledged
                self.lines.append((self.actor, line.strip()))

    def stop(self) -> tuple[int, str]:
        self.process.kill()
        self.process.wait()
        self.reader.join()
        assert self.process.stderr is not None
        return self.process.returncode, self.process.stderr.read()


def writers(backend: Backend, count: int, seconds: float, rng: random.Random) -> Writers:
    from tdconsole.config.structures import load_structure
    from tdconsole.domain.events import PlayerRegistered
    from tdconsole.domain.tournament import fold
    from tdconsole.service import Service
    from tdconsole.store.event_store import EventStore
    from tdconsole.views.tournament import state_view

    result = Writers()
    url = backend.fresh()
    store = EventStore.open(url)
    follower = Service.create(store, name="Torture", structure=load_structure("club-turbo"))
    tournament = follower.tournament_id
    running = [_Writer(url, tournament, f"w{i}", rng) for i in range(1, count + 1)]
    # The clock starts once every writer writes (imports take seconds on a busy machine).
    started = time.monotonic()
    while not all(each.lines for each in running) and time.monotonic() < started + 120:
        time.sleep(0.1)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(rng.uniform(0.2, 1.0))
        follower.refresh()
        # Only a writer that is writing: killing one still importing would test nothing.
        busy = [each for each in running if each.lines_at_start < len(each.lines)]
        if not busy:
            continue
        victim = rng.choice(busy)
        code, err = victim.stop()
        if code != -signal.SIGKILL:
            result.crashes.append(err.strip().splitlines()[-1] if err.strip() else f"exit {code}")
        result.kills += 1
        victim.start()
    lines: list[tuple[str, str]] = []
    for each in running:
        code, err = each.stop()
        if code != -signal.SIGKILL:
            result.crashes.append(err.strip().splitlines()[-1] if err.strip() else f"exit {code}")
        lines += each.lines
    acknowledged: list[str] = []
    for actor, line in lines:
        word, *rest = line.split(maxsplit=3)
        if word == "ack":
            acknowledged.append(rest[0])
            result.acks_by_kind[rest[1]] += 1
            if rest[1] == "undo":
                result.undos += 1
                result.undos_of_others += len(rest) > 2 and rest[2] != actor
        elif word == "err":
            # "conflict", "refused:NotFound", "store <message>", "internal:KeyError <message>"
            category = rest[1] if rest[1] != "store" else f"store: {rest[2][:80] if len(rest) > 2 else ''}"
            result.errors[category] += 1
    log = store.load(tournament)
    logged = {e.command_id for e in log[1:]}
    result.acknowledged, result.logged = len(acknowledged), len(logged)
    result.lost = len(set(acknowledged) - logged)
    result.unacknowledged = len(logged - set(acknowledged))
    # Twice: an acknowledgement repeated, or one player's registration made by two commands.
    names = collections.Counter(e.event.name for e in log if isinstance(e.event, PlayerRegistered))
    result.duplicated = (len(acknowledged) - len(set(acknowledged))) + sum(
        n - 1 for n in names.values() if n > 1)
    result.seq_faults = sum(e.seq != i for i, e in enumerate(log, start=1))
    first_seen: dict[str, int] = {}
    for index, envelope in enumerate(log):  # a command's events are contiguous
        if envelope.command_id in first_seen and log[index - 1].command_id != envelope.command_id:
            result.seq_faults += 1
        first_seen.setdefault(envelope.command_id, index)
    follower.refresh()
    moment = datetime(2030, 1, 1, tzinfo=UTC)
    result.follower_equal = (state_view(follower.state, tournament, moment)
                             == state_view(fold(log), tournament, moment))
    store.close()
    result.unusable = usable(url)
    return result


# ---------------------------------------------------------------- 3. races on the current tournament

RACERS = 4


def _fork_racer(url: str, ready: int, go: int, race: str, target: int,
                actor: str) -> tuple[int, int]:
    """A child that connects, says so on the ready pipe, and once the go pipe gives it a byte makes
    `target` the current tournament (`use`) or creates a tournament with --use (`new`); it writes
    "ok" or the error to the pipe returned."""
    from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
    from tdconsole.service import Service, use_tournament
    from tdconsole.store.event_store import EventStore

    def change() -> None:
        try:
            store = EventStore.open(url)  # connected before the go: the race is the change
            structure = load_structure(DEFAULT_STRUCTURE)
        finally:
            os.write(ready, b"r")  # connected or failed: the parent waits for every child
        os.read(go, 1)
        if race == "use":
            use_tournament(store, target, actor=actor)
        else:
            Service.create(store, name=actor, structure=structure, use=True, actor=actor)

    return _fork_child(change)


@dataclass
class Races:
    trials: collections.Counter[str] = field(default_factory=collections.Counter)
    changes: int = 0
    out_of_sequence: int = 0
    errors: collections.Counter[str] = field(default_factory=collections.Counter)


def _out_of_sequence(url: str) -> tuple[int, int]:
    """The current tournament's trail: how many changes, and how many name a previous one that
    the change before did not make current (0 when one sequence of the commands could make it)."""
    import re

    from tdconsole.store.event_store import EventStore

    store = EventStore.open(url)
    try:
        trail = [re.fullmatch(r"current tournament (\S+) -> (\d+) .*", entry.detail)
                 for entry in store.audit(limit=1_000_000)]
        current = store.current_or_none()
    finally:
        store.close()
    pairs = [(found.group(1), found.group(2)) if found else ("?", "?") for found in trail]
    wrong = sum(was != (pairs[index - 1][1] if index else "none")
                for index, (was, _new) in enumerate(pairs))
    wrong += bool(pairs) and str(current) != pairs[-1][1]
    return len(pairs), wrong


def races(backend: Backend, deadline: float, rng: random.Random) -> Races:
    """`use` and `new --use` by RACERS processes at the same instant, in turns until the deadline
    (two trials of each at least), on one database each."""
    from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
    from tdconsole.service import Service
    from tdconsole.store.event_store import EventStore

    result = Races()
    urls = {race: backend.fresh() for race in ("use", "new --use")}
    store = EventStore.open(urls["use"])
    targets = [Service.create(store, name=f"Night {n}", structure=load_structure(DEFAULT_STRUCTURE))
               .tournament_id for n in range(RACERS)]
    store.close()
    while time.monotonic() < deadline or min(result.trials.values(), default=0) < 2:
        for race, url in urls.items():
            ready_read, ready_write = os.pipe()
            go_read, go_write = os.pipe()
            children = [_fork_racer(url, ready_write, go_read, race.split()[0], rng.choice(targets),
                                    f"td{index}") for index in range(RACERS)]
            for _child in children:  # every one connected
                os.read(ready_read, 1)
            os.write(go_write, b"g" * RACERS)  # then all at once
            for pid, pipe in children:
                with os.fdopen(pipe, "rb") as answer:
                    message = answer.read().decode()
                os.waitpid(pid, 0)
                if message != "ok":
                    result.errors[message[:120] or "no answer"] += 1
            for end in (ready_read, ready_write, go_read, go_write):
                os.close(end)
            result.trials[race] += 1
    for url in urls.values():
        changes, wrong = _out_of_sequence(url)
        result.changes += changes
        result.out_of_sequence += wrong
    return result


# ---------------------------------------------------------------- 5. a server that goes away


@dataclass
class Outage:
    down_seconds: float = 0.0
    acknowledged: int = 0
    lost: int = 0
    refused: collections.Counter[str] = field(default_factory=collections.Counter)
    catch_up_seconds: float | None = None  # from the server's return to the follower up to date
    skipped: str = ""


def outage(backend: Backend, seconds: float, rng: random.Random) -> Outage:
    """PostgreSQL only, on a durable server of its own: a writer registers players in a loop and a
    follower (a display) reads the log, while the server is halted as a crash would halt it and
    started again. Every command refused meanwhile must say the server does not answer, none
    acknowledged may be lost, and the follower must catch up by itself (no reopening)."""
    result = Outage()
    if backend.name != "postgresql":
        result.skipped = "PostgreSQL only"
        return result
    sys.path.insert(0, str(ROOT))
    from tdconsole.store.scratch import find_bindir
    from tests.pgserver import PgServer

    bindir = find_bindir()
    if bindir is None:
        result.skipped = "no PostgreSQL binaries to run a server of its own"
        return result
    from tdconsole.config.structures import load_structure
    from tdconsole.domain import commands as c
    from tdconsole.domain.errors import TdError
    from tdconsole.i18n import error_text
    from tdconsole.service import Service
    from tdconsole.store.event_store import EventStore

    server = PgServer(bindir, durable=True).start()  # what was committed survives the halt
    try:
        store = EventStore.open(server.url)
        follower = Service.create(store, name="Outage", structure=load_structure("club-turbo"))
        writer = Service(EventStore.open(server.url), follower.tournament_id, actor="w")
        acknowledged: list[str] = []
        stop = threading.Event()

        def write() -> None:
            for n in range(1, 1_000_000):
                if stop.is_set():
                    return
                try:
                    writer.execute(c.Register(names=[f"p{n}"]))
                    acknowledged.append(f"p{n}")
                except TdError as error:
                    kind = re.sub(r"the database server at \S+ |; nothing was changed", "",
                                  error_text(error))
                    result.refused[kind[:70]] += 1
                    time.sleep(0.05)

        thread = threading.Thread(target=write)
        thread.start()
        time.sleep(0.2 * seconds)
        server.halt()
        halted = time.monotonic()
        time.sleep(rng.uniform(0.3, 0.5) * seconds)
        server.resume()
        back = time.monotonic()
        result.down_seconds = back - halted
        deadline = back + max(10.0, 0.3 * seconds)
        while time.monotonic() < deadline:
            count = len(acknowledged)
            try:
                follower.refresh()
            except TdError:
                time.sleep(0.05)
                continue
            if count and len(follower.state.players) >= count:
                result.catch_up_seconds = time.monotonic() - back
                break
            time.sleep(0.05)
        stop.set()
        thread.join()
        follower.refresh()
        logged = {player.name for player in follower.state.players.values()}
        result.acknowledged = len(acknowledged)
        result.lost = len(set(acknowledged) - logged)
        writer.store.close()
        store.close()
    finally:
        server.stop()
    return result


# ---------------------------------------------------------------- 6. clock skew

SKEWS = ("-10m", "+10m")  # a laptop ten minutes behind, then one ten minutes ahead


@dataclass
class Skew:
    readings: int = 0  # the skewed terminal's time left, each compared with the room's
    off: int = 0  # ... differing by more than 2 s
    largest: float = 0.0
    warned: int = 0  # processes that said once, in one line, that their clock is off
    processes: int = 0
    out_of_order: int = 0  # events stamped earlier than the one before
    failures: list[str] = field(default_factory=list)
    skipped: str = ""


def skew(backend: Backend) -> Skew:
    """Pause and resume from a terminal whose clock is wrong (libfaketime) while the room follows:
    the same number of processes on every database, each bounded by a time-out."""
    import shutil

    from tdconsole.config.structures import load_structure
    from tdconsole.domain import commands as c
    from tdconsole.service import Service
    from tdconsole.store.event_store import EventStore
    from tdconsole.views.tournament import clock_view

    result = Skew()
    faketime = shutil.which("faketime")
    if faketime is None:
        result.skipped = "faketime not found (scripts/test-deps.sh installs it)"
        return result
    url = backend.fresh()
    store = EventStore.open(url)
    room = Service.create(store, name="Skew", structure=load_structure("club-turbo"), use=True)
    room.execute(c.ClockStart())
    # Its file timestamps stay true (NO_FAKE_STAT): the SQLite file is on a machine whose clock is right.
    env = {**os.environ, "NO_FAKE_STAT": "1", "TDCONSOLE_LANG": "en"}
    for offset in SKEWS:
        for verb in ("pause", "resume"):
            done = subprocess.run([faketime, "-f", offset, sys.executable, "-m", "tdconsole", "--db", url,
                                   "clock", verb, "--json"], cwd=ROOT, env=env, capture_output=True,
                                  text=True, timeout=60, check=False)
            result.processes += 1
            warnings = [line for line in done.stderr.splitlines() if "clock is 10 min" in line]
            result.warned += len(warnings) == 1 and len(done.stderr.splitlines()) == 1
            if done.returncode != 0:
                result.failures.append(f"{offset} {verb}: {done.stderr.strip()[:100]}")
                continue
            theirs = json.loads(done.stdout)["remaining_seconds"]
            room.refresh()
            ours = clock_view(room.state, room.now()).remaining_seconds
            result.readings += 1
            result.largest = max(result.largest, abs(theirs - ours))
            result.off += abs(theirs - ours) > 2
    times = [envelope.time for envelope in room.log]
    result.out_of_order = sum(later < earlier for earlier, later in itertools.pairwise(times))
    store.close()
    return result


# ---------------------------------------------------------------- 4. fuzz


class CaseTimeout(BaseException):
    """Raised by the alarm; a BaseException so the CLI's catch-all does not turn it into a line."""


def fuzz_worker() -> None:
    """Child: run CLI cases read as JSON lines from stdin, answer each with a JSON line."""
    from sqlalchemy import create_engine, text

    from tdconsole.cli import main

    resource.setrlimit(resource.RLIMIT_AS, (FUZZ_MEMORY, FUZZ_MEMORY))
    engine = create_engine(os.environ["TDCONSOLE_DB"]) if "://" in os.environ["TDCONSOLE_DB"] else None

    def events() -> int:
        if engine is None:
            return -1
        try:
            with engine.connect() as connection:
                return int(connection.execute(text("SELECT count(*) FROM events")).scalar() or 0)
        except Exception:
            return -1

    def alarm(*_: Any) -> None:
        raise CaseTimeout

    signal.signal(signal.SIGALRM, alarm)
    answer = sys.stdout
    for raw in sys.stdin:
        case = json.loads(raw)
        before = events()
        out, err = io.StringIO(), io.StringIO()
        saved = sys.stdout, sys.stderr, sys.stdin
        sys.stdout, sys.stderr, sys.stdin = out, err, io.StringIO(case["stdin"])
        signal.alarm(FUZZ_SOFT_SECONDS)
        try:
            main(case["args"])
            code: int | str = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        except CaseTimeout:
            code = "timeout"
        except MemoryError:
            code = "memory"
        except BaseException as error:  # main let something through: that is a finding
            code = f"escaped:{type(error).__name__}"
        finally:
            signal.alarm(0)
            sys.stdout, sys.stderr, sys.stdin = saved
        after = events()
        answer.write(json.dumps({"code": code, "err": err.getvalue()[-2000:],
                                 "written": before != after and code != 0}) + "\n")
        answer.flush()


HOSTILE_TEXT = [
    "", " ", "x" * 10_000, "\x1b]0;owned\x07", "\x1b[2J", "a\r\nb", "\u202eevil", "Ａｎｎａ", "Bо",
    "anna", "[bold]x[/]", "<b>&", "=HYPERLINK(1)", "\x00", "../../etc/passwd", "é" * 300, "-", "--json",
]
HOSTILE_NUMBERS = ["0", "-1", "1", "7", "2147483648", "-2147483649", "1e23", "nan", "-inf", "inf",
                   "9" * 5000, "1.5", "", "0x10", "00", "１２"]


def _text(rng: random.Random) -> str:
    if rng.random() < 0.3:
        return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0, 0x2FFFF)]))
                       for _ in range(rng.randrange(0, 30)))
    return rng.choice([*HOSTILE_TEXT, "Anna", "Bo", "Cy", "Dee"])


def _number(rng: random.Random) -> str:
    return rng.choice([*HOSTILE_NUMBERS, str(rng.randrange(-5, 50))])


def fuzz_case(rng: random.Random, directory: Path) -> dict[str, Any]:
    """One command line: a real command with hostile values, sometimes hostile global options."""
    t, n = partial_text(rng), partial_number(rng)
    templates: list[Callable[[], list[str]]] = [
        lambda: ["register", t(), t()], lambda: ["bust", t()], lambda: ["unregister", t()],
        lambda: ["reenter", t()], lambda: ["undo"], lambda: ["undo", "--any", "--yes"],
        lambda: ["clock", "set", t()], lambda: ["clock", "level", n()], lambda: ["clock", "start"],
        lambda: ["clock", rng.choice(["pause", "resume", "next", "prev"])],
        lambda: ["new", t(), "--buy-in", n(), "--fee", n(), "--seats", n(), "--game", t()],
        lambda: ["move", t(), n(), n()], lambda: ["seat", t(), n(), n()], lambda: ["draw"],
        lambda: ["tables", "set-seats", n(), n()], lambda: ["button", n(), n()],
        lambda: ["chips", f"{t()}={n()}"], lambda: ["money", "set", "--bounty", n()],
        lambda: ["rulings", "log", "--scenario", rng.choice(["out-of-turn-action", t()]),
                 "-a", f"{t()}={t()}", "--by", t(), "--decision", t(), "--reason", t()],
        lambda: ["rulings", "clock-call", "--table", n(), "--seat", n()],
        lambda: ["rulings", "list", "--player", t()], lambda: ["log", "--limit", n()],
        lambda: ["state"], lambda: ["tournaments"], lambda: ["use", n()], lambda: ["-t", n(), "state"],
        lambda: ["rules", "payouts", "--entries", n(), "--pool", n()],
        lambda: ["rules", "icm", "--payouts", ",".join(n() for _ in range(3)),
                 "--stacks", ",".join(n() for _ in range(rng.randrange(1, 30)))],
        lambda: ["structure", "generate", "--stack", n(), "--players", n(), "--hours", n(),
                 "--level-minutes", n()],
        lambda: ["structure", "show", rng.choice(["club-turbo", t(), str(directory / "x.toml")])],
        lambda: ["results", "--format", rng.choice(["csv", "html", "json", t()]),
                 "--out", str(directory / rng.choice(["r.out", "missing/r.out", "x" * 300]))],
        lambda: ["seating", "--format", rng.choice(["text", "html", t()])],
        lambda: ["structure", "use", rng.choice(["club-deepstack", t()])],
    ]
    args = rng.choice(templates)()
    if rng.random() < 0.3:
        args = [rng.choice(["--actor", "--role", "-t"]), t() if rng.random() < 0.7 else n(), *args]
    if rng.random() < 0.05:
        args = ["--db", str(directory / rng.choice(["a\r\nb", "missing/x.sqlite", "x" * 300])), *args]
    if rng.random() < 0.5:
        args.append("--json")
    return {"args": args, "stdin": rng.choice(["", "{}", "[" * 1000, "9" * 5000, "\xff"])}


def partial_text(rng: random.Random) -> Callable[[], str]:
    return lambda: _text(rng)


def partial_number(rng: random.Random) -> Callable[[], str]:
    return lambda: _number(rng)


@dataclass
class Fuzz:
    cases: int = 0
    outcomes: collections.Counter[str] = field(default_factory=collections.Counter)
    samples: dict[str, list[str]] = field(default_factory=dict)
    unusable: str | None = None


def _outcome(answer: dict[str, Any]) -> str:
    code, err = answer["code"], answer["err"]
    if answer["written"]:
        return "error but the log changed"
    if code == 0:
        return "ok"
    if isinstance(code, str):
        return code
    lines = err.strip().splitlines()
    if "internal error" in err or "Traceback" in err:
        return "internal error"
    if len(lines) != 1:
        return "error of several lines"
    if "database cannot be used" in err:
        return "one line: the database cannot be used"
    return "one line"


def fuzz(backend: Backend, seconds: float, rng: random.Random, directory: Path) -> Fuzz:
    from tdconsole.config.structures import load_structure
    from tdconsole.domain.commands import Register
    from tdconsole.service import Service
    from tdconsole.store.event_store import EventStore

    result = Fuzz()
    url = backend.fresh()
    store = EventStore.open(url)
    seeded = Service.create(store, name="Fuzz", structure=load_structure("club-turbo"))
    seeded.execute(Register(names=["Anna", "Bo", "Cy", "Dee", "Eve", "Finn"]))
    store.close()
    workdir = Path(tempfile.mkdtemp(dir=directory))
    environment = {**os.environ, "TDCONSOLE_DB": url, "TDCONSOLE_USER_STRUCTURES": str(workdir),
                   "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}

    def start() -> subprocess.Popen[str]:
        return subprocess.Popen(_python("fuzz-worker"), cwd=workdir, env=environment,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                stderr=subprocess.DEVNULL)

    worker = start()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline or result.cases < 20:
        case = fuzz_case(rng, workdir)
        assert worker.stdin is not None and worker.stdout is not None
        try:
            worker.stdin.write(json.dumps(case) + "\n")
            worker.stdin.flush()
            ready, _, _ = select.select([worker.stdout], [], [], FUZZ_HARD_SECONDS)
            line = worker.stdout.readline() if ready else ""
        except BrokenPipeError:
            line = ""
        if line:
            outcome = _outcome(json.loads(line))
            err = json.loads(line)["err"].strip()
        else:
            outcome = "timeout (killed)" if worker.poll() is None else f"crash ({worker.poll()})"
            worker.kill()
            worker.wait()
            worker = start()
            err = ""
        result.cases += 1
        result.outcomes[outcome] += 1
        if outcome not in ("ok", "one line"):
            samples = result.samples.setdefault(outcome, [])
            if len(samples) < 4:
                shown = " ".join(a if len(a) < 40 else a[:20] + f"...({len(a)})" for a in case["args"])
                samples.append(f"{shown!r}" + (f" -> {err.splitlines()[-1][:140]!r}" if err else ""))
    worker.kill()
    worker.wait()
    result.unusable = usable(url)
    return result


# ---------------------------------------------------------------- the run


def _kinds(counter: collections.Counter[str]) -> str:
    return ", ".join(f"{kind} {count}" for kind, count in counter.most_common()) or "none"


def run(backend: Backend, seconds: float, count: int, rng: random.Random, directory: Path) -> bool:
    start = time.monotonic()
    print(f"== {backend.name}: {seconds:.0f} s, {count} writers", flush=True)
    opens = first_opens(backend, start + 0.2 * seconds, rng)
    print(f"first opens: {opens.trials} trials of {OPENERS} processes at once: {opens.opened} opened, "
          f"{opens.killed} killed on purpose, refused {sum(opens.errors.values())}"
          f"{' (' + _kinds(opens.errors) + ')' if opens.errors else ''}; "
          f"unusable databases {len(opens.unusable)}", flush=True)
    written = writers(backend, count, 0.35 * seconds, rng)
    print(f"writers: {written.kills} SIGKILLs; acknowledged {written.acknowledged}, logged "
          f"{written.logged} ({written.unacknowledged} committed but killed before the ack); "
          f"lost {written.lost}, duplicated {written.duplicated}, sequence faults {written.seq_faults}",
          flush=True)
    print(f"  acknowledged by kind: {_kinds(written.acks_by_kind)}")
    print(f"  undos {written.undos}, of another writer's command {written.undos_of_others}; "
          f"follower equals a cold fold: {'yes' if written.follower_equal else 'NO'}; "
          f"writer crashes {len(written.crashes)}; database usable: "
          f"{'yes' if written.unusable is None else written.unusable}")
    print(f"  errors by kind: {_kinds(written.errors)}", flush=True)
    raced = races(backend, time.monotonic() + 0.1 * seconds, rng)
    print(f"races: {_kinds(raced.trials)} trials of {RACERS} processes at once; current-tournament "
          f"changes {raced.changes}, out of sequence {raced.out_of_sequence}; refused "
          f"{sum(raced.errors.values())}{' (' + _kinds(raced.errors) + ')' if raced.errors else ''}",
          flush=True)
    fuzzed = fuzz(backend, 0.25 * seconds, rng, directory)
    down = outage(backend, seconds * 0.2, rng)
    if down.skipped:
        print(f"server outage: skipped ({down.skipped})", flush=True)
    else:
        caught = ("NO" if down.catch_up_seconds is None else f"{down.catch_up_seconds:.1f} s")
        print(f"server outage: down {down.down_seconds:.1f} s; acknowledged {down.acknowledged}, lost "
              f"{down.lost}; refused meanwhile: {_kinds(down.refused)}; follower caught up after "
              f"the return in {caught}", flush=True)
    outage_faults = down.lost + (not down.skipped and down.catch_up_seconds is None) + sum(
        n for kind, n in down.refused.items() if "does not answer" not in kind)
    print(f"fuzz: {fuzzed.cases} command lines: {_kinds(fuzzed.outcomes)}; database usable: "
          f"{'yes' if fuzzed.unusable is None else fuzzed.unusable}")
    for outcome, samples in fuzzed.samples.items():
        for sample in samples:
            print(f"  {outcome}: {sample}")
    skewed = skew(backend)
    if skewed.skipped:
        print(f"clock skew: skipped ({skewed.skipped})", flush=True)
    else:
        print(f"clock skew: terminals {' and '.join(SKEWS)} off paused and resumed the clock: "
              f"{skewed.readings} readings of the time left, off the room's by more than 2 s: "
              f"{skewed.off}; events stamped out of order {skewed.out_of_order}; said once that "
              f"the clock is off: {skewed.warned} of {skewed.processes} processes", flush=True)
        for failure in skewed.failures:
            print(f"  refused: {failure}")
    skew_faults = (skewed.off + skewed.out_of_order + len(skewed.failures)
                   + skewed.processes - skewed.warned)
    internal = sum(n for kind, n in written.errors.items() if kind.startswith("internal"))
    bad_fuzz = sum(n for kind, n in fuzzed.outcomes.items()
                   if kind not in ("ok", "one line", "one line: the database cannot be used"))
    failed = bool(opens.unusable or opens.errors or raced.out_of_sequence or raced.errors or outage_faults
                  or skew_faults
                  or written.lost or written.duplicated
                  or written.seq_faults or written.undos_of_others or not written.follower_equal
                  or written.crashes or written.unusable or internal or bad_fuzz or fuzzed.unusable)
    unusable = len(opens.unusable) + bool(written.unusable) + bool(fuzzed.unusable)
    print(f"-> {'FAILED' if failed else 'passed'} in {time.monotonic() - start:.0f} s: "
          f"lost {written.lost}, duplicated {written.duplicated}, internal errors "
          f"{internal + fuzzed.outcomes['internal error']}, other fuzz faults "
          f"{bad_fuzz - fuzzed.outcomes['internal error']}, unusable {unusable}, races out of "
          f"sequence {raced.out_of_sequence}, outage faults {outage_faults}, clock skew faults "
          f"{skew_faults}", flush=True)
    return not failed


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    children: dict[str, Callable[[], None]] = {
        "writer": lambda: writer(argv[1], int(argv[2]), argv[3], int(argv[4]), int(argv[5])),
        "fuzz-worker": fuzz_worker,
    }
    if argv and argv[0] in children:
        children[argv[0]]()
        return
    parser = argparse.ArgumentParser(prog="python -m benchmarks.torture", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("TORTURE_SECONDS", 60)),
                        help="time per database (default 60, or $TORTURE_SECONDS)")
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--seed", type=int, default=None, help="repeat a run's choices")
    options = parser.parse_args(argv)
    seed = options.seed if options.seed is not None else random.randrange(2**32)
    print(f"torture seed {seed}", flush=True)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="tdconsole-torture-") as scratch:
        directory = Path(scratch)
        os.chmod(directory, 0o777)  # a root-run PostgreSQL server user may need to see it
        with backends(options.backend, directory) as chosen:
            passed = [run(backend, options.seconds, options.writers, rng, directory)
                      for backend in chosen]
    raise SystemExit(0 if all(passed) else 1)


if __name__ == "__main__":
    main()
