"""The clock: start, pause, resume, next and previous, a level, the time left, late registration.
Each answers with the clock as it is afterwards."""

from __future__ import annotations

from tdconsole.actions.base import NoArguments, Request, action
from tdconsole.domain import commands
from tdconsole.domain.clock.timing import parse_duration
from tdconsole.domain.errors import InvalidInput
from tdconsole.service import Service
from tdconsole.views.tournament import ClockView, clock_view


def run_clock(service: Service, command: commands.Command) -> ClockView:
    service.execute(command)
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
