"""One betting round: from the blinds, stacks and the actions so far, who acts and what he may do.

No-limit, pot-limit and limit. Amounts of bets and raises are the player's total on this street
(TDA 43B). The rules, by ID:

* minimum raise: the largest previous full bet or raise increment on this street (B-MIN-3, 43A);
  the first raise preflop is to at least 2 x BB (B-MIN-2); the first bet is at least the BB.
* a short all-in does not change that increment (47A) and does not reopen the betting for a
  player who already acted, unless he now faces at least a full raise since he acted: one all-in
  or several added together (B-ALLIN-1, B-ALLIN-2, 47A). Limit: half a bet or more counts as a
  full bet or raise and reopens (B-ALLIN-3, 47B).
* the maximum: no-limit the stack; pot-limit the call plus the pot after the call, preflop as if the
  blinds were posted in full (B-PL-1, 54); limit one bet and three raises, the big bet from the turn
  (B-LIMIT-1).
* the big blind ante is dead money: it never counts toward a call or a raise (T-ANTE-1, RP-11); its
  size is the one `rules post` and the clock give for the players dealt in (T-ANTE-2, or RP-11 by
  the setting); a short big blind pays the ante first (club, T-ANTE-3) or the blind first (TDA,
  RP-11) by the setting, and never lowers the bet the others must call.
* a bet or raise leaving no more than one big blind behind is all-in (B-BEHIND-1, a club setting).
* limit: the cap of one bet and three raises holds heads-up too (the club's B-LIMIT-1 has no
  heads-up exemption, and TDA 48 keeps the cap until the event itself is down to two players):
  only `players_left_in_event: 2` lifts it.
* a player returning after missing blinds posts them before the deal: the big blind live and the
  small blind dead, or a live small blind if he missed only that (RRoP, seed 001).
* a call of less than the bet that matches an earlier bet of the street is a misread: he may take
  it back while nobody has acted after him (B-MISREAD-1); otherwise it is made a full call (B-MIN-1).
  With the TDA's setting it binds at once: accepted action (49, 51).
* betting over with an all-in: every hand is tabled before the remaining streets (S-SHOW-2, 16).
* a mixed night (TDA RP-18): run for a tournament, a hand that names no `game` is of the level's
  game (`level_hand`): its betting, blinds, ante and a limit level's bets. A stud level's later
  streets bet as limit (fourth street the small bet, fifth to seventh the big one; `button` is the
  seat before the one who acts first); its third street (the bring-in by the low card) is not in
  the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from tdconsole.domain.calculators.antes import ante_for_table, split_big_blind
from tdconsole.domain.calculators.common import Chips, Input, PositiveChips, Seat, cite
from tdconsole.domain.clock.games import find_game
from tdconsole.domain.clock.structure import Level
from tdconsole.domain.errors import InvalidInput, RuleIds, RuleViolation
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.model import empty_dict, empty_list
from tdconsole.domain.seats import clockwise_from

Game = Literal["no-limit", "pot-limit", "limit"]
Street = Literal["preflop", "flop", "turn", "river"]
ActionName = Literal["fold", "check", "call", "bet", "raise", "allin"]

# B-LIMIT-1: one bet and three raises per round.
LIMIT_BETS_PER_ROUND = 4


class Action(Input):
    seat: Seat
    action: ActionName
    total: Chips | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_list(cls, data: Any) -> Any:
        # JSON gives `[seat, "raise", 600]`; a fold or check may leave the amount out.
        if isinstance(data, list | tuple):
            if len(data) not in (2, 3):
                raise ValueError("an action is [seat, action, total or null]")
            return dict(zip(("seat", "action", "total"), data, strict=False))
        return data

    def __str__(self) -> str:
        amount = "" if self.total is None else f" {self.total}"
        return f"seat {self.seat} {self.action}{amount}"


class BettingInput(Input):
    """`tdconsole rules betting` reads this from stdin (the keys are a contract).

    `stacks` are the chips in front of each player dealt in when the street began (preflop: before
    blinds and ante; later streets: 0 for a player already all-in). Without `posts`, the two seats
    after the button post the blinds (heads-up the button posts the small one, 34B). `posts` gives
    the live blinds instead: the last poster clockwise from the button is the big blind and pays the
    ante too; a lone poster means a dead small blind (32).

    `ante` is the LEVEL's big blind ante (the full-table ante of the structure, as on the clock and
    in `rules post --ante`), not the amount posted: the big blind posts what the house rules give
    for the players dealt in (`stacks`): T-ANTE-2 or RP-11. The answer's `ante_posted` says how
    much went in dead.

    `returning`: players back at the table after missing blinds, each posting before the deal:
    "both" (he missed the big blind) a live big blind and a dead small blind, "small" a live small
    blind (RRoP, seed 001). They act in turn and keep the option of a live blind.

    `players_left_in_event`: how many are still in the tournament. Limit only: 2 lifts the cap of
    one bet and three raises (TDA 48); left out, the cap holds, heads-up in a pot too.
    """

    game: Game
    blinds: tuple[Chips, PositiveChips]
    ante: Chips = 0
    button: Seat
    stacks: dict[Seat, Chips] = Field(min_length=2)
    street: Street
    pot: Chips = 0
    actions: list[Action] = Field(default_factory=empty_list)
    posts: dict[Seat, Chips] | None = None
    returning: dict[Seat, Literal["both", "small"]] = Field(default_factory=empty_dict)
    # TDA 48: the limit cap is lifted only once the event is heads-up. Unknown (None) or more
    # than two: the cap holds, heads-up in this pot or not (B-LIMIT-1 has no exemption).
    players_left_in_event: int | None = Field(default=None, ge=2)
    # A limit level's small and big bet when they are not the big blind and twice it.
    bets: tuple[PositiveChips, PositiveChips] | None = None

    @field_validator("blinds")
    @classmethod
    def _small_not_above_big(cls, blinds: tuple[int, int]) -> tuple[int, int]:
        if blinds[0] > blinds[1]:
            raise ValueError("the small blind is larger than the big blind")
        return blinds

    @model_validator(mode="after")
    def _event_holds_the_hand(self) -> BettingInput:
        left = self.players_left_in_event
        if left is not None and left < len(self.stacks):
            raise ValueError(f"players_left_in_event: {left}, but {len(self.stacks)} are dealt in")
        return self


class Misread(BaseModel):
    """B-MISREAD-1: a call short of the bet that matches an earlier bet of the street: the player
    misread the action. `can_withdraw`: nobody has acted after him, so taking it back harms nobody;
    otherwise the call stands, made up to the full amount (B-MIN-1)."""

    seat: int
    put_in: int  # his total on the street as he put it in
    to_call: int  # the total the bet actually was
    can_withdraw: bool
    rules: RuleIds


class BettingAnswer(BaseModel):
    """The JSON keys are the issue's contract; `ante_posted`, `all_in_showdown` and `misread` were
    added later (never renamed)."""

    to_act: int | None
    to_call: int
    min_raise_to: int | None
    max_raise_to: int | None
    can_raise: bool
    pot: int
    rules: RuleIds
    # The dead ante the big blind posted at this table size (0 after the flop or with no ante).
    ante_posted: int = 0
    # S-SHOW-2: the betting is over with an all-in: every hand is tabled before the next streets.
    all_in_showdown: bool = False
    misread: Misread | None = None


@dataclass
class _Player:
    seat: int
    stack: int  # chips behind
    bet: int = 0  # total in front of him on this street
    folded: bool = False
    # The bet he last acted on (called, checked or raised to); None until he acts voluntarily.
    # A posted blind is not an action, so the big blind keeps his option.
    acted_at: int | None = None


class _Round:
    def __init__(self, hand: BettingInput, house: HouseRules) -> None:
        self.hand = hand
        self.house = house
        self.rules: RuleIds = []
        small, big = hand.blinds
        self.preflop = hand.street == "preflop"
        # B-LIMIT-1: the small bet preflop and on the flop, the big bet from the turn.
        small_bet, big_bet = hand.bets or (big, 2 * big)
        self.limit_bet = big_bet if hand.street in ("turn", "river") else small_bet
        self.players = {seat: _Player(seat, stack) for seat, stack in hand.stacks.items()}
        self.order = sorted(self.players)
        self.dead = hand.pot  # the pot from earlier streets and the ante: nobody's bet
        self.current = 0
        self.full_increment = big  # the first bet or raise is at least one BB (B-MIN-1, B-MIN-2)
        self.bets_made = 0  # for the limit cap (B-LIMIT-1)
        self.last_full_level = 0  # the bet after the last full bet or raise (47A)
        self.assumed_blinds: list[tuple[int | None, int]] = []  # for the pot-limit pot (54)
        self.ante_posted = 0
        # Every bet level of the street, the big blind's first: a short call matching one of
        # them is a misread (B-MISREAD-1); (index of the action, seat, his total, the bet).
        self.levels: list[int] = []
        self.misread: tuple[int, int, int, int] | None = None
        self.index = 0
        self.last = hand.button
        if self.preflop:
            self._post_blinds(small, big)
        elif hand.posts or hand.returning:
            raise InvalidInput("posts, returning: blinds are posted only preflop")
        cite(self.rules, *self._game_rules())

    def _game_rules(self) -> tuple[str, ...]:
        match self.hand.game:
            case "no-limit":
                return ("B-MIN-3", "43A")
            case "pot-limit":
                return ("B-MIN-3", "43A", "B-PL-1", "54")
            case _:
                return ("B-LIMIT-1",)

    # --- blinds and ante -----------------------------------------------------------------

    def _post_blinds(self, small: int, big: int) -> None:
        if any(stack == 0 for stack in self.hand.stacks.values()):
            raise InvalidInput("stacks: preflop every seat dealt in has chips (S-TABLE-1)")
        ante_rules = self.house.ante
        if len(self.order) == 2:
            # Heads-up the button posts the small blind and acts first preflop (34B).
            if self.hand.button not in self.players:
                raise InvalidInput("button: heads-up the button is one of the two players (34B)")
            posting_order = [self.hand.button, *(s for s in self.order if s != self.hand.button)]
        else:
            posting_order = clockwise_from(self.hand.button, self.order)
        # T-ANTE-2 / RP-11: the ante of a table this size, as `rules post` and the clock give it.
        due = 0
        if self.hand.ante:
            due = ante_for_table(small, big, self.hand.ante, len(self.order), ante_rules).ante
        if self.hand.posts is None:
            big_seat = posting_order[1]
            sb_player, bb_player = self.players[posting_order[0]], self.players[big_seat]
            self._put(sb_player, min(small, sb_player.stack))
            blind, ante = split_big_blind(bb_player.stack, big, due, ante_rules)
            self.assumed_blinds = [(sb_player.seat, small), (big_seat, big)]
        else:
            for seat, amount in self.hand.posts.items():
                if seat not in self.players:
                    raise InvalidInput("posts: seat {seat} is not in stacks", seat=seat)
                if amount > self.players[seat].stack:
                    raise InvalidInput(
                        "posts.{seat}: {amount} is more than the stack (S-TABLE-1)", seat=seat,
                        amount=amount,
                    )
            posters = [seat for seat in posting_order if seat in self.hand.posts]
            if not posters:
                raise InvalidInput("posts: nobody posts the big blind")
            # The last poster clockwise is the big blind; a lone poster: a dead small blind (32).
            big_seat = posters[-1]
            small_seat = posters[-2] if len(posters) > 1 else None
            self.assumed_blinds = [(small_seat, small), (big_seat, big)]
            for seat in posters[:-1]:
                self._put(self.players[seat], self.hand.posts[seat])
            bb_player = self.players[big_seat]
            blind = self.hand.posts[big_seat]
            ante = min(due, bb_player.stack - blind)
        self._put(bb_player, blind)
        bb_player.stack -= ante
        self.dead += ante
        self.ante_posted = ante
        if self.hand.ante:
            cite(self.rules, "T-ANTE-1", "T-ANTE-2" if ante_rules.by_table_size == "club" else "RP-11")
            if ante < due or blind < big:
                ante_first = ante_rules.short_big_blind == "ante-first"
                cite(self.rules, "T-ANTE-3" if ante_first else "RP-11")
        self._post_missed(small, big, {bb_player.seat, *(s for s, _ in self.assumed_blinds if s)})
        # A short big blind never lowers what the others must call (RP-11, A1b).
        self.current = max(big, *(p.bet for p in self.players.values()))
        self.bets_made = 1  # the big blind is the round's bet (B-LIMIT-1)
        self.last_full_level = self.current
        self.levels = [self.current]
        self.last = big_seat
        cite(self.rules, "B-MIN-2")

    def _post_missed(self, small: int, big: int, blinds: set[int]) -> None:
        """Players returning after missing blinds post before the deal (RRoP, seed 001): "both",
        the big blind live and the small blind dead; "small", a live small blind."""
        for seat, missed in self.hand.returning.items():
            if seat not in self.players:
                raise InvalidInput("returning: seat {seat} is not in stacks", seat=seat)
            if seat in blinds:
                raise InvalidInput("returning: seat {seat} posts a blind in turn this hand", seat=seat)
            player = self.players[seat]
            self._put(player, min(big if missed == "both" else small, player.stack))
            if missed == "both":
                dead = min(small, player.stack)
                player.stack -= dead
                self.dead += dead
            cite(self.rules, "RRoP")

    def _put(self, player: _Player, total: int) -> None:
        player.stack -= total - player.bet
        player.bet = total

    # --- whose turn ------------------------------------------------------------------------

    def live(self) -> list[_Player]:
        return [p for p in self.players.values() if not p.folded]

    def _others_can_respond(self, player: _Player) -> bool:
        return any(p is not player and p.stack > 0 for p in self.live())

    def _needs_to_act(self, player: _Player) -> bool:
        if player.folded or player.stack == 0:
            return False
        if player.bet < self.current:
            return True
        return player.acted_at is None and self._others_can_respond(player)

    def actor(self) -> _Player | None:
        if len(self.live()) <= 1:
            return None
        for seat in clockwise_from(self.last, self.order):
            if self._needs_to_act(self.players[seat]):
                return self.players[seat]
        return None

    # --- what the actor may do ---------------------------------------------------------------

    def to_call(self, player: _Player) -> int:
        return min(self.current - player.bet, player.stack)

    def reopen_threshold(self) -> int:
        # Limit: half a bet or more reopens (B-ALLIN-3, 47B); otherwise a full raise (47A).
        return (self.limit_bet + 1) // 2 if self.hand.game == "limit" else self.full_increment

    def contenders(self) -> int:
        """Players still in who have chips to bet with."""
        return sum(1 for p in self.live() if p.stack > 0)

    def event_heads_up(self) -> bool:
        """TDA 48: the limit cap is lifted only when the event itself is down to two players."""
        return self.hand.players_left_in_event == 2

    def raise_refusal(self, player: _Player) -> tuple[str, str] | None:
        """Why `player` may not raise now, as (rule ID, reason); None when he may."""
        if player.stack <= self.current - player.bet:
            return "S-TABLE-1", "he has no chips beyond the call"
        if (self.hand.game == "limit" and self.bets_made >= LIMIT_BETS_PER_ROUND
                and not self.event_heads_up()):
            return "B-LIMIT-1", ("the betting is capped at one bet and three raises, heads-up too "
                                 "until the event is down to two players (TDA 48)")
        if player.acted_at is not None and self.current - player.acted_at < self.reopen_threshold():
            rule, tda = ("B-ALLIN-3", "47B") if self.hand.game == "limit" else ("B-ALLIN-1", "47A")
            return rule, (
                f"he already acted and faces {self.current - player.acted_at} more, less than a "
                f"full raise: an all-in for less does not reopen the betting ({tda})"
            )
        if not any(p is not player and p.stack + p.bet > self.current for p in self.live()):
            return "S-TABLE-1", "every other player is all-in or covered"
        return None

    def min_raise_to(self, player: _Player) -> int:
        if self.hand.game == "limit":
            target = self.current + self.limit_bet
        else:
            target = self.current + self.full_increment
        return min(target, player.stack + player.bet)

    def max_raise_to(self, player: _Player) -> int:
        all_in = player.stack + player.bet
        match self.hand.game:
            case "no-limit":
                return all_in
            case "limit":
                return self.min_raise_to(player)
            case _:
                # B-PL-1/54: the call plus the pot after the call.
                after_call = self.pot_limit_pot() + (self.current - player.bet)
                return min(all_in, max(self.current + after_call, self.min_raise_to(player)))

    def pot(self) -> int:
        return self.dead + sum(p.bet for p in self.players.values())

    def pot_limit_pot(self) -> int:
        # 54: preflop the pot is counted as if the blinds were posted in full (dead SB, short BB).
        shortfall = 0
        if self.preflop:
            for seat, nominal in self.assumed_blinds:
                posted = self.players[seat].bet if seat is not None else 0
                shortfall += max(0, nominal - posted)
        return self.pot() + shortfall

    # --- applying the actions so far ----------------------------------------------------------

    def apply(self, index: int, action: Action) -> None:
        self.index = index
        where = f"actions[{index}] ({action})"
        if action.seat not in self.players:
            raise InvalidInput("{where}: seat {seat} is not in stacks", where=where, seat=action.seat)
        player = self.players[action.seat]
        seat = player.seat
        if player.folded:
            raise RuleViolation(
                "O-OOT-3",
                "{where}: seat {seat} has folded; a fold is binding", where=where, seat=seat,
            )
        if player.stack == 0:
            raise RuleViolation(
                "S-TABLE-1",
                "{where}: seat {seat} is all-in and cannot act", where=where, seat=seat,
            )
        actor = self.actor()
        if actor is None:
            raise InvalidInput("{where}: the betting round is already complete", where=where)
        if actor is not player:
            raise RuleViolation(
                "O-OOT-1",
                "{where}: out of turn, seat {seat} is to act (53A)", where=where, seat=actor.seat,
            )
        if action.action in ("fold", "check") and action.total not in (None, player.bet):
            raise InvalidInput(
                "{where}: a {action} puts in no chips; leave out the amount", where=where,
                action=action.action,
            )
        match action.action:
            case "fold":
                player.folded = True
            case "check":
                if self.to_call(player) > 0:
                    raise RuleViolation(
                        "55",
                        "{where}: facing {to_call} to call there is no check: he may call or fold, not "
                        "raise", where=where, to_call=self.to_call(player),
                    )
                player.acted_at = self.current
            case "call":
                self._call(player, action, where)
            case "allin":
                total = player.stack + player.bet
                if action.total is not None and action.total != total:
                    raise InvalidInput(
                        "{where}: seat {seat}'s all-in is {total}", where=where, seat=player.seat,
                        total=total,
                    )
                if total <= self.current:
                    self._call(player, None, where)
                else:
                    self._raise(player, total, where)
            case _:
                # S12/55: "raise" or "bet" without an amount is the minimum.
                self._raise(player, action.total or self.min_raise_to(player), where)
        self.last = player.seat

    def _call(self, player: _Player, action: Action | None, where: str) -> None:
        # 55: "call" with no bet facing is a check.
        total = player.bet + self.to_call(player)
        if action is not None and action.total is not None and action.total != total:
            if action.total > total:
                raise RuleViolation(
                    "43B",
                    "{where}: a call is to {total}; more is a raise", where=where, total=total,
                )
            cite(self.rules, "B-MIN-1")  # a short call is corrected to the right amount
            if action.total in self.levels and action.total > player.bet:
                # He called an earlier bet of the street: he misread the action (B-MISREAD-1).
                self.misread = (self.index, player.seat, action.total, total)
        if total < self.current:
            cite(self.rules, "S-TABLE-1")
        self._put(player, total)
        player.acted_at = self.current

    def _raise(self, player: _Player, total: int, where: str) -> None:
        refusal = self.raise_refusal(player)
        if total <= self.current:
            raise RuleViolation(
                "43B",
                "{where}: {total} is not above the bet of {current}", where=where, total=total,
                current=self.current,
            )
        if refusal is not None:
            rule, reason = refusal
            raise RuleViolation(
                rule,
                "{where}: seat {seat} may not raise: {reason}", where=where, seat=player.seat,
                reason=reason,
            )
        all_in = player.stack + player.bet
        if total > all_in:
            raise RuleViolation(
                "S-TABLE-1",
                "{where}: seat {seat} has only {all_in}", where=where, seat=player.seat, all_in=all_in,
            )
        low, high = self.min_raise_to(player), self.max_raise_to(player)
        if total < low:
            rule = "B-MIN-2" if self.preflop and self.bets_made == 1 else "B-MIN-3"
            raise RuleViolation(
                rule,
                "{where}: below the minimum raise to {low} (43A)", where=where, low=low,
            )
        if total > high:
            rule = {"pot-limit": "B-PL-1", "limit": "B-LIMIT-1"}.get(self.hand.game, "S-TABLE-1")
            raise RuleViolation(rule, "{where}: above the maximum of {high}", where=where, high=high)
        cite(self.rules, "43B")
        if (self.house.betting.bet_leaving_one_big_blind_is_all_in and self.hand.game != "limit"
                and 0 < all_in - total <= self.hand.blinds[1] and all_in <= high):
            cite(self.rules, "B-BEHIND-1")  # no more than one big blind behind: all-in
            total = all_in
        increment = total - self.current
        if self.hand.game == "limit":
            full = 2 * increment >= self.limit_bet  # B-ALLIN-3: half a bet or more is a full one
            if not full:
                cite(self.rules, "B-ALLIN-3", "47B")
            if self.bets_made >= LIMIT_BETS_PER_ROUND:
                cite(self.rules, "48")  # beyond the cap: the event is heads-up
        else:
            full = increment >= self.full_increment
            if full:
                self.full_increment = increment
            else:
                cite(self.rules, "B-ALLIN-1", "47A")
        if full:
            self.bets_made += 1
            self.last_full_level = total
        self._put(player, total)
        self.current = total
        self.levels.append(total)
        player.acted_at = total


def betting_round(hand: BettingInput, house: HouseRules) -> BettingAnswer:
    """Replay the actions so far and say who acts next and what he may do.

    An illegal action in the list raises `RuleViolation` naming the action and the rule. The house
    rules decide the ante at this table size and a short big blind (T-ANTE-2, T-ANTE-3) and whether
    a bet leaving one big blind or less is all-in (B-BEHIND-1).

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> hand = BettingInput(game="no-limit", blinds=(100, 200), button=1, street="preflop",
    ...                     stacks={1: 10_000, 2: 10_000, 3: 10_000})
    >>> answer = betting_round(hand, HouseRules())
    >>> answer.to_act, answer.to_call, answer.min_raise_to, answer.max_raise_to, answer.pot
    (1, 200, 400, 10000, 300)

    A raise below the minimum is refused, naming the action and the rule:

    >>> short = hand.model_copy(update={"actions": [Action(seat=1, action="raise", total=300)]})
    >>> betting_round(short, HouseRules())
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: B-MIN-2: actions[0] (seat 1 raise 300): below the minimum
    raise to 400 (43A)

    The round is over once everybody has matched the last raise: nobody is to act.

    >>> done = hand.model_copy(update={"actions": [Action(seat=1, action="raise", total=600),
    ...                                            Action(seat=2, action="fold"),
    ...                                            Action(seat=3, action="call", total=600)]})
    >>> answer = betting_round(done, HouseRules())
    >>> answer.to_act, answer.pot
    (None, 1300)
    """
    state = _Round(hand, house)
    for index, action in enumerate(hand.actions):
        state.apply(index, action)
    misread = _misread(state, len(hand.actions))
    player = state.actor()
    if player is None:
        # S-SHOW-2 (16): two or more still in, at most one with chips, somebody all-in.
        live = state.live()
        over = len(live) > 1 and state.contenders() <= 1 and any(p.stack == 0 for p in live)
        if over:
            cite(state.rules, "S-SHOW-2", "16")
        return BettingAnswer(to_act=None, to_call=0, min_raise_to=None, max_raise_to=None,
                             can_raise=False, pot=state.pot(), rules=state.rules,
                             ante_posted=state.ante_posted, all_in_showdown=over, misread=misread)
    refusal = state.raise_refusal(player)
    if refusal is not None:
        cite(state.rules, refusal[0])
        if refusal[0] == "B-ALLIN-1":
            cite(state.rules, "47A")
        elif refusal[0] == "B-LIMIT-1":
            cite(state.rules, "48")
    elif player.acted_at is not None and state.last_full_level <= player.acted_at < state.current:
        # He already acted and only short all-ins followed: together they reopen for him.
        cite(state.rules, *(("B-ALLIN-3", "47B") if hand.game == "limit" else ("B-ALLIN-2", "47A")))
    elif hand.game == "limit" and state.bets_made >= LIMIT_BETS_PER_ROUND:
        cite(state.rules, "48")  # the event is heads-up: no cap on the raises
    if player.stack < state.current - player.bet:
        cite(state.rules, "S-TABLE-1")
    can_raise = refusal is None
    return BettingAnswer(
        to_act=player.seat,
        to_call=state.to_call(player),
        min_raise_to=state.min_raise_to(player) if can_raise else None,
        max_raise_to=state.max_raise_to(player) if can_raise else None,
        can_raise=can_raise,
        pot=state.pot(),
        rules=state.rules,
        ante_posted=state.ante_posted,
        misread=misread,
    )


def _misread(state: _Round, actions: int) -> Misread | None:
    """B-MISREAD-1: the last misread call, and whether it may still be taken back: no harm is
    done while nobody has acted after it."""
    if state.misread is None:
        return None
    index, seat, put_in, to_call = state.misread
    if state.house.betting.misunderstood_call == "binds":
        # TDA 49 (a house setting): accepted action, the call stands in full however it was misread.
        cite(state.rules, "49")
        return Misread(seat=seat, put_in=put_in, to_call=to_call, can_withdraw=False,
                       rules=["49", "51"])
    cite(state.rules, "B-MISREAD-1")
    can_withdraw = index == actions - 1
    rules = ["B-MISREAD-1"] if can_withdraw else ["B-MISREAD-1", "B-MIN-1"]
    return Misread(seat=seat, put_in=put_in, to_call=to_call, can_withdraw=can_withdraw, rules=rules)


def level_hand(hand: dict[str, Any], level: Level, tournament_game: str) -> dict[str, Any]:
    """A hand's JSON with what it leaves out taken from the level being played (TDA RP-18: each
    level of a mixed night plays its own game): the game's betting, the blinds, the big blind
    ante and a limit level's bets. A hand that names its `game` is taken as it is.

    >>> razz = Level(small_blind=100, big_blind=200, ante=30, minutes=20, game="razz")
    >>> level_hand({"street": "flop"}, razz, "HORSE")
    {'street': 'flop', 'game': 'limit', 'blinds': [100, 200], 'ante': 0, 'bets': [200, 400]}
    >>> level_hand({"street": "preflop"}, razz, "HORSE")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: Razz: third street (the bring-in) is not in the floor
    calculator; give street flop for fourth street, turn for fifth to seventh
    >>> level = Level(small_blind=100, big_blind=200, ante=200, minutes=20)
    >>> level_hand({}, level, "No-limit hold'em")["game"]
    'no-limit'
    """
    if "game" in hand:
        return hand
    game = level.played or find_game(tournament_game)
    if game is None:
        return hand  # the tournament's game names no game: the hand must say (the error says so)
    if game.stud and hand.get("street", "preflop") == "preflop":
        raise InvalidInput("{game}: third street (the bring-in) is not in the floor calculator; give "
                           "street flop for fourth street, turn for fifth to seventh", game=game.name)
    # A stud level's ante is every player's, already in the pot from earlier streets: none posted.
    filled: dict[str, Any] = {"game": game.betting, "blinds": [level.small_blind, level.big_blind],
                              "ante": 0 if game.stud else level.ante}
    if level.bets is not None:
        filled["bets"] = list(level.bets)
    return {**hand, **{key: value for key, value in filled.items() if key not in hand}}
