"""The floor situations of issue 37 (item 3) as rulings scenarios: each walked to every ruling it
can reach, its questions in the order the floor asks them, club text first and the TDA where the
club is silent (never a TDA number for an outcome the TDA does not give)."""

from __future__ import annotations

import pytest

from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.domain.floor.rulings import Suggestion, suggest, walk, with_settings
from tdconsole.domain.house_rules import CLUB, TDA, HouseRules

CATALOGUE = load_catalogue()
HONEST = {"deliberate": "no", "earlier": "0"}


def ruled(scenario: str, answers: dict[str, str], house: HouseRules = CLUB) -> Suggestion:
    return suggest(CATALOGUE.get(scenario), {**HONEST, **answers}, house)


def asked(scenario: str, answers: dict[str, str] | None = None) -> list[str]:
    """The questions still open, the next one first."""
    return [q.key for q in walk(CATALOGUE.get(scenario), answers or {}, CLUB).open]


def test_issue_37_situations_are_all_offered() -> None:
    new = {"left-table", "device-in-hand", "collusion", "dodging-blinds", "identity", "table-language",
           "absent-breaking-table", "bounty-chip-bet", "fold-no-bet", "see-a-hand", "killed-hand",
           "conditional-statement", "misdeal-causes", "undercall", "rabbit-hunt", "deck-change",
           "chips-behind-all-in", "hidden-chips", "dropped-stub"}
    assert new <= set(CATALOGUE.scenarios)
    assert len(CATALOGUE.scenarios) >= 55


def test_tda_31_h_seat_2_leaving_the_table_with_a_live_hand() -> None:
    assert asked("left-table") == ["when", "tabled_all_in"]
    at_deal = ruled("left-table", {"when": "at-deal"})
    assert "folded" in at_deal.ruling and at_deal.rules == ["H-SEAT-1", "TDA 30"]
    dead = ruled("left-table", {"when": "in-hand", "tabled_all_in": "no"})
    # H-SEAT-2 (000) kills the hand; TDA 31 only penalises the leaving, so it is named as differing.
    assert dead.ruling.startswith("The hand is dead") and dead.rules[0] == "H-SEAT-2"
    assert dead.differs == ["TDA 31"] and not any(r.startswith("TDA") for r in dead.rules)
    assert dead.penalty is not None and dead.penalty.kind == "warning"
    live = ruled("left-table", {"when": "in-hand", "tabled_all_in": "no"}, TDA)
    assert live.ruling.startswith("The hand stays live") and live.rules[:2] == ["TDA 31", "TDA 29"]
    assert not live.differs and live.penalty is not None and live.penalty.kind == "warning"
    tabled = ruled("left-table", {"when": "in-hand", "tabled_all_in": "yes"})
    # The club keeps a tabled all-in live; TDA 31 gives no such outcome, so it is not cited.
    assert "plays on" in tabled.ruling and "TDA 31" not in tabled.rules and tabled.penalty is None


@pytest.mark.parametrize(("setting", "dead"), [("live", False), ("dead", True)])
def test_tda_5a_a_call_in_a_hand_follows_the_phone_setting(setting: str, dead: bool) -> None:
    house = with_settings(CLUB, {"penalties.phone_hand": setting})
    result = ruled("device-in-hand", {"what": "call", "call_in_hand": "yes"}, house)
    assert ("hand is dead" in result.ruling) is dead
    # The hand kept live is the club's outcome: TDA 5A is then named as differing, not cited.
    assert "C-PHONE-1" in result.rules
    # TDA 2024 5A (no call at the table) and 5C (no device with a live hand) give the dead hand.
    assert ({"TDA 5A", "TDA 5C"} <= set(result.rules)) is dead
    assert result.differs == ([] if dead else ["TDA 5C"])
    assert result.penalty is not None and result.penalty.kind == "warning"
    repeat = ruled("device-in-hand", {"what": "call", "call_in_hand": "yes", "earlier": "1"}, house)
    assert repeat.penalty is not None and repeat.penalty.kind == "minutes"


def test_tda_5a_c_phone_1_a_call_between_hands_follows_the_house_setting() -> None:
    between = {"what": "call", "call_in_hand": "no"}
    club = ruled("device-in-hand", between)
    assert club.ruling.startswith("No offence") and club.rules == ["C-PHONE-1"] and club.penalty is None
    for house in (TDA, with_settings(CLUB, {"penalties.phone_call_at_table": "away"})):
        away = ruled("device-in-hand", between, house)
        assert "steps away" in away.ruling and away.rules == ["H-SEAT-1", "TDA 5A"]


def test_tda_5c_5d_a_strategy_app_in_a_hand_is_conduct_and_between_hands_is_not() -> None:
    assert asked("device-in-hand", {"what": "app"})[0] == "app_in_hand"
    live = ruled("device-in-hand", {"what": "app", "app_in_hand": "yes"})
    assert "stays live" in live.ruling and "C-PEN-1" in live.rules
    # 2024: 5C a live hand touches no device, 5D no strategy tools; 5B (no phone resting on the
    # table) is not what happened here.
    assert not any(r.startswith("TDA") for r in live.rules) and live.differs == ["TDA 5C"]
    assert live.penalty is not None
    dead = ruled("device-in-hand", {"what": "app", "app_in_hand": "yes"}, TDA)
    assert "hand is dead" in dead.ruling and dead.rules[-2:] == ["TDA 5C", "TDA 5D"]
    between = ruled("device-in-hand", {"what": "app", "app_in_hand": "no"})
    assert between.rules == ["C-PHONE-1"] and between.penalty is None


def test_tda_5d_c_onehand_1_coaching_from_the_rail() -> None:
    coached = ruled("device-in-hand", {"what": "rail", "asked_for_help": "yes", "deliberate": "yes"})
    assert coached.rules[:4] == ["C-ONEHAND-1", "C-PEN-1", "TDA 5D", "TDA 67"]
    assert coached.penalty is not None and coached.penalty.kind == "minutes"
    rail = ruled("device-in-hand", {"what": "rail", "asked_for_help": "no"})
    assert "not penalised" in rail.ruling and rail.penalty is None


def test_tda_69_71_c_pen_1_soft_play_collusion_and_chip_dumping() -> None:
    soft = ruled("collusion", {"what": "soft-play"})
    assert {"C-ETIQ-1", "C-PEN-1", "TDA 69"} <= set(soft.rules) and soft.penalty is not None
    for what in ("collusion", "chip-dumping"):
        assert asked("collusion", {"what": what}) == ["proven"]
        proven = ruled("collusion", {"what": what, "proven": "yes"})
        assert proven.penalty is not None and proven.penalty.kind == "disqualification"
        assert {"T-CHIPS-2", "TDA 71"} <= set(proven.rules)
        watched = ruled("collusion", {"what": what, "proven": "no"})
        assert watched.penalty is not None and watched.penalty.kind == "warning"


def test_tda_33_dodging_blinds_on_purpose_is_penalised() -> None:
    dodged = ruled("dodging-blinds", {"deliberate_dodge": "yes", "deliberate": "yes"})
    assert {"T-SEAT-1", "TDA 33"} <= set(dodged.rules) and dodged.penalty is not None
    honest = ruled("dodging-blinds", {"deliberate_dodge": "no"})
    assert honest.ruling.startswith("No offence") and "TDA 33" not in honest.rules
    assert honest.penalty is None


def test_tda_4_c_ownchips_1_identity() -> None:
    assert ruled("identity", {"what": "covered", "uncovers": "yes"}).rules == ["TDA 4"]
    refuses = ruled("identity", {"what": "covered", "uncovers": "no"})
    assert {"TDA 4", "TDA 71C"} <= set(refuses.rules) and refuses.penalty is not None
    substitute = ruled("identity", {"what": "substitute"})
    assert substitute.rules[0] == "C-OWNCHIPS-1" and not any(r.startswith("TDA 4") for r in substitute.rules)


def test_tda_6_the_table_language_applies_during_a_hand() -> None:
    between = ruled("table-language", {"in_hand": "no"})
    # TDA 6 (2024) says which languages, not when: "no offence between hands" is the house's call.
    assert between.penalty is None and between.rules == ["C-RULING-1"]
    during = walk(CATALOGUE.get("table-language"), {"in_hand": "yes", **HONEST}, CLUB)
    assert during.offence == "etiquette" and during.suggestion is not None
    assert "TDA 6" in during.suggestion.rules
    assert ruled("table-language", {"in_hand": "yes", "deliberate": "yes"}).penalty is not None


def test_tda_rp_16_t_break_1_an_absent_player_on_a_breaking_table() -> None:
    back = ruled("absent-breaking-table", {"back": "yes"})
    away = ruled("absent-breaking-table", {"back": "no"})
    assert "plays" in back.ruling and "killed" in away.ruling
    for result in (back, away):
        assert {"T-BREAK-1", "H-SEAT-1", "TDA RP-16"} <= set(result.rules)


def test_tda_rp_22_betting_with_a_bounty_chip() -> None:
    said = ruled("bounty-chip-bet", {"amount_said": "yes"})
    assert said.rules == ["B-VERBAL-1", "TDA RP-22"]
    silent = ruled("bounty-chip-bet", {"amount_said": "no"})
    assert "not a playing chip" in silent.ruling


def test_tda_58_a_fold_facing_no_bet_is_binding() -> None:
    in_turn = ruled("fold-no-bet", {"in_turn": "yes"})
    assert "binding" in in_turn.ruling and in_turn.rules == ["TDA 58"] and in_turn.penalty is None
    oot = ruled("fold-no-bet", {"in_turn": "no", "deliberate": "yes", "players": "8"})
    assert {"O-OOT-3", "H-DEAD-A", "TDA 58"} <= set(oot.rules)
    assert oot.penalty is not None and oot.penalty.hands == 24  # O-OOT-5: 3 rounds of 8


def test_tda_18_asking_to_see_a_hand() -> None:
    assert ruled("see-a-hand", {"which": "winner"}).rules == ["S-SHOW-1"]
    assert ruled("see-a-hand", {"which": "shown-to-one"}).rules == ["S-SHOW-3"]
    assert ruled("see-a-hand", {"which": "folded"}).ruling.startswith("Refused")
    assert asked("see-a-hand", {"which": "mucked-at-showdown"}) == ["asker_holds"]
    no_right = ruled("see-a-hand", {"which": "mucked-at-showdown", "asker_holds": "no"})
    assert no_right.ruling.startswith("Refused") and "TDA 18" in no_right.rules
    holder = ruled("see-a-hand", {"which": "mucked-at-showdown", "asker_holds": "yes"})
    assert holder.ruling.startswith("The TD decides") and "TDA 18" in holder.rules


def test_tda_13_65_h_dead_e_a_killed_hand() -> None:
    assert asked("killed-hand") == ["tabled", "identifiable", "raise_open"]
    # TDA 13C: a dealer cannot kill a properly tabled hand that was obviously the winner.
    assert "TDA 13" in ruled("killed-hand", {"tabled": "yes"}).rules
    retrieved = ruled("killed-hand", {"tabled": "no", "identifiable": "yes"})
    assert retrieved.rules == ["H-DEAD-E"]  # the club retrieves; TDA 65 would give no redress
    raise_back = ruled("killed-hand", {"tabled": "no", "identifiable": "no", "raise_open": "yes"})
    assert "goes back" in raise_back.ruling and raise_back.rules == ["H-DEAD-E", "TDA 65"]
    dead = ruled("killed-hand", {"tabled": "no", "identifiable": "no", "raise_open": "no"})
    assert "no redress" in dead.ruling


def test_tda_59_b_misread_1_conditional_statements_and_unclear_amounts() -> None:
    for met, says in (("yes", "may hold him"), ("no", "Nothing binds")):
        result = ruled("conditional-statement", {"what": "conditional", "condition_met": met,
                                                 "earlier": "1"})
        assert says in result.ruling and "TDA 59" in result.rules and result.penalty is not None
    back = ruled("conditional-statement", {"what": "unclear-amount", "unclear": "yes"})
    assert back.rules == ["B-MISREAD-1"]
    stands = ruled("conditional-statement", {"what": "unclear-amount", "unclear": "no"})
    assert "stands" in stands.ruling and not any(r.startswith("TDA") for r in stands.rules)


def test_tda_35_36_the_misdeal_causes_beyond_an_exposed_card() -> None:
    assert asked("misdeal-causes")[:2] == ["substantial", "what"]
    late = ruled("misdeal-causes", {"substantial": "yes"})
    assert late.ruling.startswith("No misdeal") and {"TDA 35D", "TDA 36"} <= set(late.rules)
    boxed = {"substantial": "no", "what": "boxed"}
    assert asked("misdeal-causes", boxed) == ["boxed_count"]
    for count, house in (("1", CLUB), ("1", TDA), ("2", CLUB)):
        replaced = ruled("misdeal-causes", {**boxed, "boxed_count": count}, house)
        assert replaced.ruling.startswith("No misdeal") and replaced.rules == ["D-IRR-1"]
    # D-IRR-1 replaces every boxed card; TDA 35A misdeals for two or more (dealing.boxed_cards).
    misdeal = ruled("misdeal-causes", {**boxed, "boxed_count": "2"}, TDA)
    assert misdeal.ruling.startswith("Misdeal") and misdeal.rules == ["TDA 35A", "TDA 35C"]
    for what in ("non-standard", "wrong-seat", "missed-seat"):
        result = ruled("misdeal-causes", {"substantial": "no", "what": what})
        assert result.ruling.startswith("Misdeal") and "TDA 35A" in result.rules


def test_tda_51_b_min_1_undercalls() -> None:
    assert asked("undercall") == ["enough", "declared"]
    all_in = ruled("undercall", {"enough": "no"})
    assert "all-in" in all_in.ruling and "S-TABLE-1" in all_in.rules
    heads_up = ruled("undercall", {"enough": "yes", "declared": "yes"})
    assert heads_up.rules == ["B-MIN-1", "TDA 51"]
    # Multiway after the first bet the TDA leaves it to the floor: the club's rule alone decides.
    multiway = ruled("undercall", {"enough": "yes", "declared": "no"})
    assert "full call" in multiway.ruling and multiway.rules == ["B-MIN-1"]
    floor = ruled("undercall", {"enough": "yes", "declared": "no"}, TDA)
    assert floor.ruling.startswith("Multiway") and floor.rules == ["C-RULING-1", "TDA 51"]
    assert ruled("undercall", {"enough": "yes", "declared": "yes"}, TDA).rules == ["B-MIN-1", "TDA 51"]


def test_tda_28_c_rabbit_1_no_rabbit_hunting() -> None:
    refused = ruled("rabbit-hunt", {"over": "yes"})
    assert refused.ruling.startswith("Not allowed") and refused.rules == ["C-RABBIT-1", "TDA 28"]
    assert ruled("rabbit-hunt", {"over": "no"}).rules == ["S-SHOW-2"]


def test_tda_26_d_shuffle_1_deck_changes() -> None:
    assert ruled("deck-change", {"why": "luck"}).rules == ["TDA 26"]
    assert ruled("deck-change", {"why": "cards-known"}).rules[0] == "D-SHUFFLE-1"
    during = ruled("deck-change", {"why": "defective", "during_hand": "yes"})
    assert "plays on" in during.ruling and "D-DEFECT-1" in during.rules
    assert "before the next deal" in ruled("deck-change", {"why": "defective", "during_hand": "no"}).ruling


def test_t_elim_4_c_chips_3_chips_found_behind_an_all_in_after_a_call() -> None:
    assert asked("chips-behind-all-in") == ["won", "hidden", "cover", "deliberate", "earlier"]
    # T-ELIM-4 (002 §9): out if the caller could cover the amount *without* the found chips, so a
    # caller who covers the declared all-in but not the chips found still puts him out.
    cover = walk(CATALOGUE.get("chips-behind-all-in"), {"won": "no"}, CLUB).open[0]
    assert "without the chips found" in cover.ask
    out = ruled("chips-behind-all-in", {"won": "no", "cover": "yes"})
    assert out.ruling.startswith("He is out") and out.rules == ["T-ELIM-4", "TDA 62"]
    rest = ruled("chips-behind-all-in", {"won": "no", "cover": "no"})
    assert rest.ruling.startswith("He is not out") and "S-TABLE-1" in rest.rules
    hidden = ruled("chips-behind-all-in", {"won": "yes", "hidden": "yes", "deliberate": "yes"})
    assert "only the chips he could see" in hidden.ruling and hidden.penalty is not None
    full = ruled("chips-behind-all-in", {"won": "yes", "hidden": "no"})
    assert "pays all of it" in full.ruling and full.penalty is None
    assert hidden.rules[-1] == "TDA 62" and full.rules[-2:] == ["TDA 49", "TDA 62"]


def test_t_chips_2_t_elim_4_hidden_and_found_chips() -> None:
    assert ruled("hidden-chips", {"what": "obscured"}).rules[0] == "C-CHIPS-3"
    removed = ruled("hidden-chips", {"what": "off-table"})
    assert "T-CHIPS-2" in removed.rules and removed.penalty is not None
    out = ruled("hidden-chips", {"what": "found-after-bust", "covered": "yes"})
    assert out.ruling.startswith("He stays out")
    back = ruled("hidden-chips", {"what": "found-after-bust", "covered": "no"})
    assert "plays on" in back.ruling and "S-TABLE-1" in back.rules
    assert "TDA 63" in removed.rules and "TDA 62" in out.rules


def test_tda_64_t_chips_2_chips_nobody_owns_are_taken_out_of_play() -> None:
    found = ruled("hidden-chips", {"what": "no-owner"})
    assert found.ruling.startswith("Chips whose owner cannot be told are taken out of play")
    assert found.rules == ["T-CHIPS-2", "C-CHIPS-3", "C-RULING-1", "TDA 64"] and found.penalty is None


def test_tda_rp_4_d_irr_3_a_dropped_stub() -> None:
    assert asked("dropped-stub") == ["order", "mixed"]
    results = [ruled("dropped-stub", answers) for answers in
               ({"order": "yes"}, {"order": "no", "mixed": "no"}, {"order": "no", "mixed": "yes"})]
    assert [r.ruling.split(":")[0].split(" ")[1] for r in results] == ["stub", "new", "the"]
    assert all(r.rules == ["D-IRR-3", "TDA RP-4"] for r in results)
