"""Whole tournaments at random (issue 3, item 10): registrations, late entries, busts, balancing
and breaks with 10 to 1,000 players, every table dealing its hands with the button engine.

After every step: no seat holds two players; every live player sits exactly once; a table is
broken as soon as it can be; after balancing the sizes are within tolerance. In every hand:
nobody newly seated is dealt in strictly between the small blind and the button (T-MOVE-2), nobody posts
the big blind twice in a row (TDA 32, 34B, T-MOVE-1), and between two big blinds of one player
everyone dealt in all along posts exactly one (the orbit).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.house_rules import CLUB, TDA, HouseRules
from tdconsole.domain.seating.balancing import apply_plan, break_table, next_break, plan_balance, tolerance
from tdconsole.domain.seating.buttons import Hand, between_small_blind_and_button
from tdconsole.domain.seating.tables import (
    Table,
    draw,
    final_table,
    final_table_due,
    first_hand,
    hand_done,
    late_entry,
    open_tables,
    remove_player,
)
from tests.samples import examples

SEATS = 9


@dataclass
class Tournament:
    rules: HouseRules
    rng: random.Random
    room: dict[int, Table]
    live: set[str]
    entries: int
    # Per table, the hands it dealt since its seating was last drawn anew.
    hands: dict[int, list[Hand]] = field(default_factory=dict)
    # Per player, whether the last hand he was dealt in had him in the big blind.
    last_was_big_blind: dict[str, bool] = field(default_factory=dict)
    recently_moved: frozenset[str] = frozenset()
    # A bust at his new table can hand a newcomer the big blind again: TDA 32 moves it to the
    # next live player, and no seating decision could have prevented it.
    excused: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.restart_history()

    def restart_history(self) -> None:
        self.hands = {t.number: [t.hand] for t in open_tables(self.room) if t.hand is not None}
        self.last_was_big_blind = {}

    def tidy(self) -> None:
        """What the TD does after every bust or entry: break, form the final table, balance."""
        if final_table_due(self.room, self.rules, SEATS):
            keep = min(t.number for t in open_tables(self.room))
            self.room = final_table(
                self.room, rng=self.rng, rules=self.rules, seats_per_table=SEATS, number=keep
            )
            self.restart_history()  # T-SEAT-3: anyone may land in the blinds
            return
        while (number := next_break(self.room, self.rules)) is not None:
            try:
                self.room, _ = break_table(self.room, number, self.rng, self.rules)
            except RuleViolation as refused:
                # Club rules refuse a break draw when no free seat spares a player the blinds
                # twice (T-MOVE-1): the TD seats him by hand, where he may post them again.
                assert refused.rules == ["T-MOVE-1"], refused
                self.excused |= set(self.room[number].occupants.values())
                by_hand = self.rules.model_copy(update={"seating": self.rules.seating.model_copy(
                    update={"moved_player_may_pay_blinds_twice": True})})
                self.room, _ = break_table(self.room, number, self.rng, by_hand)
            self.hands.pop(number, None)
        plan = plan_balance(self.room, self.rules, recently_moved=self.recently_moved)
        self.room = apply_plan(self.room, plan)
        self.recently_moved = frozenset(m.player for m in plan.moves)
        self.check_seating()

    def check_seating(self) -> None:
        seated = [p for t in self.room.values() for p in t.occupants.values()]
        assert len(seated) == len(set(seated)), "a player holds two seats"
        assert set(seated) == self.live, "a live player is unseated or a busted one seated"
        assert all(not t.occupants for t in self.room.values() if t.status == "broken")
        assert next_break(self.room, self.rules) is None, "a table could break and did not"
        sizes = [len(t.occupants) for t in open_tables(self.room)]
        allowed = tolerance(self.rules, len(sizes))
        # T-MOVE-3 can hold a move back only at a three-handed table: everyone is in the blinds.
        assert max(sizes) - min(sizes) <= allowed or max(sizes) <= 3, sizes

    def bust(self, count: int) -> None:
        """`count` players bust during the hands being played; the TD tidies up after."""
        for player in self.rng.sample(sorted(self.live), min(count, len(self.live) - 2)):
            self.live.remove(player)
            where = next(t for t in self.room.values() if player in t.occupants.values())
            self.excused |= where.just_paid
            self.room = remove_player(self.room, player)
        self.tidy()

    def enter(self) -> None:
        player = f"late{self.entries}"
        self.entries += 1
        self.room, _ = late_entry(self.room, player, self.rng, seats_per_table=SEATS)
        self.live.add(player)
        self.tidy()

    def deal(self) -> None:
        for table in open_tables(self.room):
            if len(table.occupants) < 2:
                continue
            if table.hand is None:
                # A table opened for late entries deals its first hand from its lowest seat.
                new = first_hand(table, self.rules)
                self.hands[table.number] = []
            else:
                new = hand_done(table)
            self.room = {**self.room, table.number: new}
            assert new.hand is not None
            self.check_hand(table.number, new.hand, new.seats)

    def check_hand(self, number: int, hand: Hand, seats: int) -> None:
        history = self.hands.setdefault(number, [])
        previous = history[-1] if history else None
        heads_up = hand.button == hand.small_blind  # 34B: nobody sits between them
        # With fewer than two players left from the last hand there is nobody to protect.
        kept = previous is not None and len(hand.dealt.items() & previous.dealt.items()) >= 2
        for seat, player in hand.dealt.items():
            if between_small_blind_and_button(seats, hand.button, hand.small_blind, seat) and kept \
                    and not heads_up:
                assert previous is not None and previous.dealt.get(seat) == player, (
                    f"T-MOVE-2: {player} dealt in at {seat}"
                )
        big = hand.big_blind_player
        if not self.rules.seating.moved_player_may_pay_blinds_twice:
            twice = self.last_was_big_blind.get(big) and big not in self.excused
            assert not twice, f"{big} posts the big blind twice in a row"
        elif previous is not None:
            assert previous.dealt.get(previous.big_blind) != big or len(hand.dealt) < 2
        for player in hand.dealt.values():
            self.last_was_big_blind[player] = player == big
        self.excused -= set(hand.dealt.values())
        history.append(hand)
        check_orbit(history)


def check_orbit(history: list[Hand]) -> None:
    """Between a player's last two big blinds at this table, everyone dealt in at the same seat
    in every hand of that stretch posts the big blind exactly once."""
    last = history[-1]
    seat, player = last.big_blind, last.big_blind_player
    for start in range(len(history) - 2, -1, -1):
        stretch = history[start:]
        if stretch[0].dealt.get(seat) != player:
            return  # he was not here the whole time
        if stretch[0].big_blind == seat:
            steady = set.intersection(*(set(h.dealt.items()) for h in stretch)) - {(seat, player)}
            posts = [h.big_blind_player for h in stretch[1:-1]]
            for _, other in steady:
                assert posts.count(other) == 1, f"{other} posted {posts.count(other)} in an orbit"
            return


@pytest.mark.long
@settings(max_examples=examples(100), deadline=None)
# A break where no free seat spares a player the blinds twice (T-MOVE-1 refuses the draw).
@example(players=500, seed=67974909, tda=False,
         steps=[(40, 0, 1), (22, 1, 1), (35, 1, 3), (22, 1, 2), (24, 0, 1), (40, 0, 1)])
@given(
    players=st.integers(min_value=10, max_value=1000),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    # Each step: the percentage of the field that busts, late entries, hands dealt.
    steps=st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, 2), st.integers(1, 3)), min_size=1, max_size=30
    ),
    tda=st.booleans(),
)
def test_random_tournaments_keep_every_seating_and_button_invariant(
    players: int, seed: int, steps: list[tuple[int, int, int]], tda: bool
) -> None:
    rng = random.Random(seed)
    rules = TDA if tda else CLUB
    names = [f"p{i}" for i in range(players)]
    room = draw(names, seats_per_table=SEATS, rng=rng, rules=rules)
    t = Tournament(rules=rules, rng=rng, room=room, live=set(names), entries=0)
    t.check_seating()
    for percent, entries, hands in steps:
        t.bust(-(-len(t.live) * percent // 100))
        for _ in range(entries):
            t.enter()
        for _ in range(hands):
            t.deal()
    event(f"field of {'hundreds' if players >= 100 else 'tens'}")
    event(f"ended on {min(len(open_tables(t.room)), 3)} table(s) or more")
    event(f"dealt {min(sum(len(h) for h in t.hands.values()) // 50 * 50, 500)}+ hands")
