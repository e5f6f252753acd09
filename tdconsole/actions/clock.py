"""The clock: start, pause, resume, next and previous, a level, the time left, late registration.
Each answers with the clock as it is afterwards."""

from __future__ import annotations

from typing import Literal

from tdconsole.actions.base import NoArguments, Request, action
from tdconsole.domain import commands
from tdconsole.domain.clock.timing import parse_duration
from tdconsole.domain.errors import Forbidden, InvalidInput
from tdconsole.service import Service
from tdconsole.views.time_base import TimeBaseView, signed_duration, time_base_view
from tdconsole.views.tournament import ClockView, clock_view


def run_clock(service: Service, command: commands.Command) -> ClockView:
    service.execute(command)
    return clock_view(service.state, service.now())


@action("clock", web=False, tui=False)
def show(service: Service, request: NoArguments) -> ClockView:
    """The clock now, changing nothing (`tdconsole clock` alone, as `state` shows it)."""
    return clock_view(service.state, service.now())


@action("clock start", web=True, commands=(commands.ClockStart,))
def start(service: Service, request: NoArguments) -> ClockView:
    return run_clock(service, commands.ClockStart())


@action("clock pause", web=True, commands=(commands.ClockPause,))
def pause(service: Service, request: NoArguments) -> ClockView:
    return run_clock(service, commands.ClockPause())


@action("clock resume", web=True, commands=(commands.ClockResume,))
def resume(service: Service, request: NoArguments) -> ClockView:
    return run_clock(service, commands.ClockResume())


@action("clock next", web=True, commands=(commands.ClockStep,))
def next_level(service: Service, request: NoArguments) -> ClockView:
    return run_clock(service, commands.ClockStep(by=1))


@action("clock prev", web=True, commands=(commands.ClockStep,))
def previous_level(service: Service, request: NoArguments) -> ClockView:
    return run_clock(service, commands.ClockStep(by=-1))


class LevelRequest(Request):
    level: int


@action("clock level", web=True, commands=(commands.ClockGoToLevel,))
def go_to_level(service: Service, request: LevelRequest) -> ClockView:
    """The start of level N (T-LEVEL-1)."""
    if request.level < 1:
        raise InvalidInput("level: {level} is not a level number (1 or more)", level=request.level)
    return run_clock(service, commands.ClockGoToLevel(level=request.level))


class SetRequest(Request):
    time_left: str  # MM:SS or H:MM:SS


@action("clock set", web=True, commands=(commands.ClockSetRemaining,))
def set_time_left(service: Service, request: SetRequest) -> ClockView:
    return run_clock(service, commands.ClockSetRemaining(seconds=parse_duration(request.time_left)))


class LateRegRequest(Request):
    level: str  # a level number, or none/off


@action("clock late-reg", web=False, commands=(commands.SetLateRegistration,))
def late_registration(service: Service, request: LateRegRequest) -> ClockView:
    """Late registration runs to the end of level N (T-REG-1); `none` lifts the limit."""
    text = request.level.strip().casefold()
    if text not in ("none", "off") and not (text.isdigit() and int(text) >= 1):
        raise InvalidInput("late registration level: {level!r} is not a level number or none",
                           level=request.level)
    chosen = None if text in ("none", "off") else int(text)
    return run_clock(service, commands.SetLateRegistration(level=chosen))


class TimeRequest(Request):
    keep: bool = False  # keep the tournament clock through the step of the machine's clock
    follow: bool = False  # or follow the machine's clock


@action("clock time", web=False)
def time_base(service: Service, request: TimeRequest) -> TimeBaseView:
    """The tournament's time as this terminal reads it; with `keep` or `follow`, the TD's choice
    about a step of the machine's clock, which every terminal then follows (time_source.py).
    `follow` also ends a correction kept earlier (the machine's clock was set right since)."""
    source = service.time_source
    if request.keep or request.follow:
        if request.keep and request.follow:
            raise InvalidInput("keep: choose keep or follow, not both", field="keep")
        if service.role != "td":
            raise Forbidden("only the TD can choose the tournament's time")
        if source is None or (source.step is None and (request.keep or source.correction == 0)):
            raise InvalidInput("no step of the machine's clock is waiting for a choice", field="keep")
        jump = "" if source.step is None else f"clock step {signed_duration(source.step)}: "
        source.settle(service.store, keep=request.keep, actor=service.actor,
                      detail=jump + ("kept the tournament clock" if request.keep
                                     else "followed the machine's clock"))
    now = service.now()
    if source is None:  # a test's injected clock
        return time_base_view(service.state, now, reference="local", offset=0.0, correction=0.0, step=None)
    reference: Literal["server", "file", "local"] = "local" if source.local else (
        "server" if service.store.engine.dialect.name == "postgresql" else "file")
    return time_base_view(service.state, now, reference=reference, offset=source.skew,
                          correction=source.correction, step=source.step)
