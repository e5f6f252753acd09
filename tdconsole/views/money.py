"""The money parts of `state --json`, `payouts`, `money`, `h4h status`, `deal` and `results`.

Keys are a contract (add keys, never rename): `prize_pool`, `payouts: [{place, amount}]`, each
player's `prize`.
A tie shows as the best place of the group in `place` with `last_place` the worst (both null
or equal when not tied) and `tied_with` naming the others.
"""

from __future__ import annotations

from typing import Any

from tdconsole.domain.errors import TdError
from tdconsole.domain.money import handlers as money
from tdconsole.domain.money.payouts import PayoutStructure
from tdconsole.domain.players import hand_for_hand
from tdconsole.domain.state import TournamentState


def payouts_or_error(state: TournamentState) -> tuple[PayoutStructure | None, str | None]:
    try:
        return money.payout_structure(state), None
    except TdError as error:  # settings that cannot pay these entries: shown, never a crash
        return None, str(error)


def payouts_view(state: TournamentState) -> dict[str, Any]:
    structure, error = payouts_or_error(state)
    data: dict[str, Any] = {
        "prize_pool": money.pool(state).prize_pool,
        "payouts": [] if structure is None else structure.model_dump()["payouts"],
        "method": "generator" if state.money.table is None else f"table {state.money.table.name}",
        "locked": [{"place": place, "amount": amount}
                   for place, amount in sorted(state.money.locked.items())],
    }
    if error:
        data["error"] = error
    if state.deal is not None:
        data["deal"] = deal_view(state)
    return data


def deal_view(state: TournamentState) -> dict[str, Any] | None:
    deal = state.deal
    if deal is None:
        return None
    return {
        "method": deal.method, "approved": deal.approved, "left_for_winner": deal.left_for_winner,
        "players": [{"id": player_id, "name": state.players[player_id].name, "amount": amount,
                     "consented": player_id in deal.consented}
                    for player_id, amount in deal.amounts.items()],
        "rules": ["T-DEAL-1"],
    }


def hand_for_hand_view(state: TournamentState, places_paid: int) -> dict[str, Any]:
    h4h = state.hand_for_hand
    data: dict[str, Any] = {"active": h4h is not None,
                            "suggested": hand_for_hand.suggested(state, places_paid)}
    if h4h is not None:
        data.update({
            "hand": h4h.hand,
            "tables": [{"table": table, "done": table in h4h.tables_done}
                       for table in h4h.started.tables],
            "pending": [{"id": player_id, "name": state.players[player_id].name,
                         "table": table, "stack": stack}
                        for player_id, (table, stack, _by) in h4h.pending.items()],
            "across_tables": h4h.started.rules.hand_for_hand_across_tables,
            "clock": h4h.started.rules.hand_for_hand_clock,
        })
    return data


def add_money(state: TournamentState, view: dict[str, Any]) -> None:
    """Add the money keys to a `state_view` (and each of its players)."""
    structure, error = payouts_or_error(state)
    standings = money.standings(state, structure)
    tied = _tied_with(state, standings)
    for player in view["players"]:
        standing = standings[player["id"]]
        entry = state.players[player["id"]]
        player.update(place=standing.place, last_place=standing.last_place, prize=standing.prize,
                      tied_with=tied.get(player["id"], []), entry=entry.entry,
                      knockouts=entry.knockouts, bounties=entry.bounties, add_ons=entry.add_ons,
                      chips=state.chips.get(entry.id))
    pool = money.pool(state)
    view["prize_pool"] = pool.prize_pool
    view["money"] = pool.model_dump(mode="json")
    view["payouts"] = [] if structure is None else structure.model_dump()["payouts"]
    if error:
        view["payouts_error"] = error
    view["hand_for_hand"] = hand_for_hand_view(state, len(view["payouts"]))
    view["deal"] = deal_view(state)


def _tied_with(state: TournamentState, standings: dict[str, money.Standing]) -> dict[str, list[str]]:
    groups: dict[int, list[str]] = {}
    for player_id, standing in standings.items():
        if standing.place is not None and standing.last_place is not None:
            groups.setdefault(standing.place, []).append(player_id)
    return {player_id: sorted(state.players[other].name for other in group if other != player_id)
            for group in groups.values() for player_id in group}


def results_rows(state: TournamentState) -> list[dict[str, Any]]:
    """One row per entry, best place first (players still in first, by name)."""
    structure, _error = payouts_or_error(state)
    standings = money.standings(state, structure)
    entries: dict[str, int] = {}
    for player in state.players.values():
        entries[player.name.casefold()] = max(entries.get(player.name.casefold(), 0), player.entry)
    rows = []
    for player in state.players.values():
        standing = standings[player.id]
        rows.append({
            "place": standing.place, "last_place": standing.last_place, "name": player.name,
            "prize": standing.prize, "knockouts": player.knockouts, "bounties": player.bounties,
            "entry": player.entry, "entries": entries[player.name.casefold()],
        })
    return sorted(rows, key=lambda row: (row["place"] is not None, row["place"] or 0,
                                         row["name"].casefold(), row["entry"]))
