"""What the remote's panel shows besides the clock and the bust list: the tables and their seats, the
payout ladder and the places paid, the cash desk, the deal, the last command to undo and one
player's row. Read from the views the TUI and the CLI print (views/), never worked out here; the
buttons it offers are the web's verbs the member's role may run (web/actions.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tdconsole.actions.players import last_command
from tdconsole.domain.errors import TdError
from tdconsole.domain.players.rebuys import rebuy_open
from tdconsole.i18n import error_text
from tdconsole.service import Service
from tdconsole.views.base import jsonable
from tdconsole.views.busts import rebuy_offers
from tdconsole.views.cash import cash_view
from tdconsole.views.formatting import payment_method
from tdconsole.views.money import deal_options_view, payouts_view
from tdconsole.web.actions import allowed_verbs

# The players a deal is worked out for at most: a deal is made at the final table.
DEAL_PLAYERS = 10
# What one phone's panel lists at most (it is sent again after every change): the ladder's top
# places and those this close to the players left, the last busts, who owes and what is owed.
LADDER_TOP = 9
LADDER_NEAR = 5
SHOWN = 40
# More open tables than this and the Tables tab shows the one picked on the Bust tab.
SHOWN_TABLES = 12


def desk(service: Service, now: datetime, view: dict[str, Any], role: str, player: str,
         picked: int | None = None) -> dict[str, Any]:
    """The panel's parts for a member of `role`, beside `view` (`state --json`'s document); `player`
    the name whose row the TD opened (""), `picked` the table picked on the Bust tab."""
    state = service.state
    may = allowed_verbs(role)
    open_tables = [table for table in view["tables"] if table["status"] == "open"]
    payouts = payouts_view(state)
    paid_places = len(payouts.payouts)
    # T-SHOOT-1..3: a shootout's round and its tables' states; no bubble spans tables playing apart.
    shootout = view.get("shootout")
    apart = shootout is not None and not shootout["last_round"]
    out: dict[str, Any] = {
        "shootout": shootout, "apart": apart,
        "may": may, "finished": state.status == "finished", "drawn": bool(view["tables"]),
        "paid_places": paid_places,
        # T-H4H-1: the bubble is the one place short of the money; it bursts at `paid_places` left.
        "bubble": paid_places > 0 and state.players_left == paid_places + 1 and not apart,
        "in_money": 0 < state.players_left <= paid_places,
        # The top of the ladder and the places about to be paid (a festival pays 1,500).
        "ladder": [row for row in jsonable(payouts.paid) if row["place"] is None or row["place"] <= LADDER_TOP
                   or abs(row["place"] - state.players_left) <= LADDER_NEAR],
        # Each bust's place with its prize and the bounty cash he won, the last out first.
        "busts": sorted((p for p in view["players"] if p["status"] == "busted" and p["place"] is not None),
                        key=lambda row: row["place"])[:SHOWN],
        # Each open table's seats in their order round the table (the view keys them as text); at a
        # festival only the table picked on the Bust tab.
        "tables": [{**table, "seats": sorted((int(seat), name) for seat, name in table["seats"].items())}
                   for table in open_tables if len(open_tables) <= SHOWN_TABLES or table["table"] == picked],
        "open_tables": len(open_tables),
        "cash": None, "deal_options": None, "row": None,
    }
    if "cash/pay-out" in may:  # the cash desk is the TD's
        cash = jsonable(cash_view(state))
        # Who still owes and the prizes still owed first, a phone's screenful of each.
        cash["unpaid_more"] = max(0, len(cash["unpaid"]) - SHOWN)
        cash["unpaid"] = cash["unpaid"][:SHOWN]
        prizes = sorted(cash["prizes"], key=lambda row: row["owed"] == 0)
        cash["prizes_more"] = max(0, len(prizes) - SHOWN)
        cash["prizes"] = prizes[:SHOWN]
        out["cash"] = cash
        out["methods"] = [(method, payment_method(method)) for method in state.house_rules.cash.methods]
        out["default_method"] = state.house_rules.cash.default_method
    if "deal/calc" in may and 1 < state.players_left <= DEAL_PLAYERS:
        out["left"] = sorted(p.name for p in state.players.values() if state.is_in(p))
        out["chips"] = {state.players[i].name: n for i, n in state.chips.items()}
        try:
            out["deal_options"] = jsonable(deal_options_view(state))
        except TdError as error:
            out["deal_missing"] = error_text(error)  # no chip counts yet: what is missing
    if player:
        try:
            found = state.find(player)
        except TdError:
            found = None
        if found is not None:
            # A player still in who may rebuy now, or one out while rebuys are sold (T-REBUY-1);
            # the action refuses the rest with its rule.
            offered = found.name in rebuy_offers(state, now) or (
                found.status == "busted" and rebuy_open(state, now))
            out["row"] = {"name": found.name, "status": found.status, "table": found.table,
                          "seat": found.seat, "entry": found.entry, "rebuys": found.rebuys,
                          "add_ons": found.add_ons, "place": found.place,
                          "rebuy": offered}
    return out


def undo_offer(service: Service) -> dict[str, Any] | None:
    """The command `undo --any` would take back, as the log says it; None when there is none."""
    try:
        return jsonable(last_command(service))  # type: ignore[no-any-return]
    except TdError:
        return None  # nothing to undo
