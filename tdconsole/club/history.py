"""Results across nights, read from the tournaments' own logs.

A member's history and a league's standings are worked out from the logs of the tournaments they
played (each folded, then `member_results`), not copied into a results table when a tournament
ends: the log stays the one source, so an undo after the last bust, a late correction of a place,
or a merge of two members shows everywhere at once, and nothing has to notice "finished". Folding
a club night's log takes a few milliseconds (benchmarks/bench_league.py: a season of 50).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from tdconsole.club.members import Member, Members
from tdconsole.domain.league.results import MemberResult, member_results
from tdconsole.domain.state import TournamentState
from tdconsole.domain.tournament import fold
from tdconsole.store.event_store import EventStore


@dataclass(frozen=True, slots=True)
class Night:
    """One tournament as the club's history sees it."""

    id: int
    name: str
    created_at: datetime
    state: TournamentState
    results: dict[int, MemberResult]  # by the member number each entry is *now* (merges followed)

    @property
    def finished(self) -> bool:
        return self.state.status == "finished"


def nights(store: EventStore, tournament_ids: Iterable[int], aliases: dict[int, int]) -> list[Night]:
    """The tournaments `tournament_ids`, in order, each folded from its log."""
    wanted = set(tournament_ids)
    found = []
    for summary in store.tournaments():
        if summary.id not in wanted:
            continue
        state = fold(store.load(summary.id))
        results: dict[int, MemberResult] = {}
        for number, result in member_results(state).items():
            # A merged member's entries are their new number's; two numbers of one member in the
            # same tournament cannot happen (merge refuses it), the first is kept if it does.
            results.setdefault(aliases.get(number, number), result)
        found.append(Night(summary.id, summary.name, summary.created_at, state, results))
    return found


@dataclass(frozen=True, slots=True)
class History:
    member: Member
    numbers: list[int]  # the member's own number and those merged into it
    nights: list[Night]

    def results(self) -> list[tuple[Night, MemberResult]]:
        return [(night, night.results[self.member.number]) for night in self.nights
                if self.member.number in night.results]


def history(store: EventStore, ref: str) -> History:
    """Every tournament the member `ref` (a number or an exact name) entered, oldest first."""
    members = Members(store)
    member = members.find(ref)
    aliases = members.aliases()
    numbers = sorted(number for number, current in aliases.items() if current == member.number)
    return History(member, numbers, nights(store, members.tournaments_of(set(numbers)), aliases))
