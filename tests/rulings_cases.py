"""The M*, O* and C* cases of SCENARIOS.md as rulings-helper inputs and the answers they must give.

Shared by the domain tests and the CLI tests, so both check the same cases. Each case: the
scenario, the answers, the house rules ("club" or "tda"), the rule IDs the suggestion must cite,
words its ruling or remedy must contain, and the penalty expected (None, or kind/amount/hands).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

OOT = {"deliberate": "no", "earlier": "0"}


@dataclass(frozen=True)
class Case:
    id: str
    scenario: str
    answers: dict[str, str]
    rules: list[str]
    says: list[str]
    house: str = "club"
    penalty: dict[str, Any] | None = None
    not_rules: list[str] = field(default_factory=list)


CASES = [
    Case("M1-first-card-exposed", "exposed-card",
         {"by_dealer": "yes", "count": "1", "which": "first", "first_two": "yes"},
         ["D-MIS-A", "TDA 35A"], ["reshuffle", "redeal"]),
    Case("M1-a-later-first-card-exposed-club", "exposed-card",
         {"by_dealer": "yes", "count": "1", "which": "first", "first_two": "no"},
         ["D-MIS-A"], ["reshuffle", "redeal"], not_rules=["TDA 35A"]),
    Case("M2-second-card-exposed", "exposed-card", {"by_dealer": "yes", "count": "1", "which": "second"},
         ["D-MIS-B"], ["deal continues", "last card", "first burn"], not_rules=["TDA 35A"]),
    Case("M3-two-cards-exposed", "exposed-card", {"by_dealer": "yes", "count": "2"},
         ["D-MIS-C"], ["misdeal", "redeal"]),
    Case("M4-three-cards-before-sa", "wrong-number-of-cards", {"substantial_action": "no"},
         ["H-DEAD-B", "TDA 35A"], ["misdeal"]),
    Case("M4-three-cards-after-sa", "wrong-number-of-cards", {"substantial_action": "yes", "how": "too-many"},
         ["H-DEAD-B", "TDA 38"], ["hand is dead", "one card per street"]),
    Case("M6-button-wrong-before-sa", "wrong-button", {"substantial_action": "no"},
         ["TDA 34A"], ["corrected"]),
    Case("M6-button-wrong-after-sa", "wrong-button", {"substantial_action": "yes"},
         ["TDA 34A"], ["stands", "not moved back"]),
    Case("M8-two-aces-of-spades", "deck-problem", {"what": "missing-or-duplicate", "hand_over": "no"},
         ["TDA 35E"], ["fouled deck", "every bet is returned", "even after substantial action"]),
    Case("M9-flop-before-betting-complete", "board-error", {"what": "too-early", "street_early": "flop"},
         ["D-IRR-4"], ["back into the deck", "cut"]),
    Case("O2-oot-check-then-check", "out-of-turn-action", {"action": "check", "changed": "no", **OOT},
         ["O-OOT-1"], ["binding", "a check stays a check"]),
    Case("O2-oot-check-then-bet", "out-of-turn-action", {"action": "check", "changed": "yes", **OOT},
         ["O-OOT-2"], ["every option"]),
    Case("O3-fold-out-of-turn", "out-of-turn-action", {"action": "fold", **OOT},
         ["O-OOT-3", "H-DEAD-A"], ["binding", "dead"]),
    Case("O5-oot-call-then-fold", "out-of-turn-action", {"action": "call", "changed": "no", **OOT},
         ["O-OOT-1"], ["binding", "a call of the same amount"]),
    Case("O5-oot-call-then-raise", "out-of-turn-action", {"action": "call", "changed": "yes", **OOT},
         ["O-OOT-2"], ["chips go back", "fold, call or raise"]),
    Case("C1-clock-club-running", "clock-call", {"expired": "no"},
         ["C-CLOCK-1"], ["60 seconds", "10 seconds remain"]),
    Case("C1-clock-club-expired-no-bet", "clock-call", {"expired": "yes", "facing_bet": "no"},
         ["C-CLOCK-1", "H-DEAD-D"], ["hand is dead"]),
    Case("C1-clock-tda-running", "clock-call", {"expired": "no"},
         ["TDA 29"], ["25 seconds", "5-second countdown"], house="tda", not_rules=["C-CLOCK-1"]),
    Case("C1-clock-tda-expired-no-bet", "clock-call", {"expired": "yes", "facing_bet": "no"},
         ["TDA 29"], ["checks"], house="tda", not_rules=["H-DEAD-D"]),
    Case("C1-clock-tda-expired-facing-bet", "clock-call", {"expired": "yes", "facing_bet": "yes"},
         ["H-DEAD-D", "TDA 29"], ["hand is dead"], house="tda"),
    Case("C2-chip-race-last-chip", "chip-race", {"raced_out": "yes"},
         ["T-COLOR-1", "TDA 24"], ["one chip of the smallest denomination"]),
    Case("C3-one-round-eight-handed", "give-penalty", {"kind": "rounds", "rounds": "1", "players": "8"},
         ["TDA 71A", "TDA 71C"], ["blinds and antes are posted", "hand is killed"],
         penalty={"kind": "rounds", "amount": 1, "hands": 8}),
    Case("C4-second-oot-club", "out-of-turn-action",
         {"action": "check", "changed": "no", "deliberate": "no", "earlier": "1", "players": "8"},
         ["O-OOT-1", "O-OOT-5", "TDA 71A"], ["binding"],
         penalty={"kind": "rounds", "amount": 3, "hands": 24}),
    Case("C4-second-oot-tda", "out-of-turn-action",
         {"action": "check", "changed": "no", "deliberate": "no", "earlier": "1", "players": "8"},
         ["TDA 71"], ["binding"], house="tda", not_rules=["O-OOT-5"],
         penalty={"kind": "rounds", "amount": 1, "hands": 8}),
    Case("C-PHONE-1-club-first", "phone", {"in_hand": "yes", "deliberate": "yes", "earlier": "0"},
         ["C-PHONE-1", "TDA 5"], ["hand stays live"], not_rules=["C-PEN-1"],
         penalty={"kind": "warning", "amount": 0, "hands": None}),
    Case("C-PHONE-1-club-repeat", "phone", {"in_hand": "yes", "deliberate": "no", "earlier": "1"},
         ["C-PHONE-1", "C-PEN-1"], ["hand stays live"], not_rules=["TDA 5"],
         penalty={"kind": "minutes", "amount": 5, "hands": None}),
    Case("C-PHONE-1-tda-dead", "phone", {"in_hand": "yes", "deliberate": "no", "earlier": "0"},
         ["C-PHONE-1", "TDA 5"], ["hand is dead"], house="tda",
         penalty={"kind": "warning", "amount": 0, "hands": None}),
    Case("C-PHONE-1-between-hands", "phone", {"in_hand": "no"},
         ["C-PHONE-1"], ["no offence"], not_rules=["TDA 5"]),
]
