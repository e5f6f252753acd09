"""`POST /api/commands/VERB`: the action of that name, with the JSON body as its request.

The body's keys are the CLI command's parameter names (`bust`: `{"names": [...], "stack": {"NAME":
chips}, "by": [...]}`), validated straight into the action's request (tdconsole.actions), and the
answer is the document `--json` prints, with what the command did in the log's own sentences
(`said`: the phone shows them, as the log screen does). Only the actions marked for the web run:
nothing that writes files on the server, opens screens, or manages staff. Each staff member acts
through a service of their own, brought up to date before every action, so a phone reads the room
as it is now.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tdconsole.actions.base import parse, registry, web_action
from tdconsole.domain.errors import InvalidInput
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.store.staff import StaffMember
from tdconsole.views.base import jsonable, naming
from tdconsole.views.log import said

T = TypeVar("T")

# Set from the session, never from the body: a ruling is logged in the name of who is logged in.
_OWN_NAME = {"rulings log": "by", "rulings correct": "by", "chips": "by"}


def run_action(service: Service, verb: str, body: Any) -> Any:
    """Run the action `verb` (`clock/pause` as the URL gives it) as `service`'s staff member; its
    JSON document, naming the tournament as the CLI's does."""
    found = web_action(verb)
    if not isinstance(body, dict):
        raise InvalidInput("{path}: the body must be a JSON object of the command's parameters",
                           path=found.verb)
    if found.verb in _OWN_NAME:
        body = {**body, _OWN_NAME[found.verb]: service.actor}
    request = parse(found, body)
    service.refresh()  # what the others wrote since this member's last action
    before = len(service.state.log)
    answer = found(service, request)
    result = jsonable(answer)
    # What the command did, in the log's own sentences (`views.log.said`), which the phone shows
    # rather than word the same events again; an action that says more (a bust's prize) has its own.
    if isinstance(result, dict) and "said" not in result:
        made = [envelope for envelope in service.state.log[before:] if envelope.actor == service.actor]
        result = {**result, "said": said(made, service.state)}
    # What the CLI prints beside its answer when a hand ended hand-for-hand by itself (T-H4H-1: the
    # bubble burst): not a key of `--json`, but the phone says it as the TD's screen does.
    ended = getattr(answer, "ended", None)
    if isinstance(result, dict) and isinstance(ended, str):
        result = {**result, "ended": ended}
    return naming(result, {"id": service.tournament_id, "name": service.state.info.name})


def allowed_verbs(role: str) -> frozenset[str]:
    """The web's verbs (as the URL gives them, `h4h/start`) that `role` may run: the service refuses
    the others (a TD-only command for floor staff), so the remote does not show their buttons."""
    return frozenset(verb.replace(" ", "/") for verb, found in registry().items() if found.web
                     and (role == "td" or not any(command.td_only for command in found.commands)))


@dataclass
class StaffServices:
    """One service per staff member, each used by one request at a time: two members never wait for
    each other (a floor member's long registration does not hold up the TD's pause)."""

    store: EventStore
    tournament_id: int
    _services: dict[str, tuple[Service, threading.Lock]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def run(self, member: StaffMember, verb: str, body: Any) -> Any:
        return self.read(member, lambda service: run_action(service, verb, body))

    def read(self, member: StaffMember, view: Callable[[Service], T]) -> T:
        """`view` of the member's own service: it has every command the member made, also the one
        answered a moment ago (the remote's "Undo …" must name that one, not the one before)."""
        key = f"{member.role}:{member.name}"
        with self._lock:
            if key not in self._services:
                self._services[key] = (Service(self.store, self.tournament_id, actor=member.name,
                                               role=member.role), threading.Lock())
            service, lock = self._services[key]
        with lock:
            return view(service)
