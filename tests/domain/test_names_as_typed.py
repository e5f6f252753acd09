"""Names as people type them (TournamentState.find / still_in, the one matcher of every command):
the exact name first, then a unique prefix; an ambiguous prefix is refused listing the candidates,
a close typo is refused offering the name; a refusal leaves the log unchanged."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdconsole.domain.commands import Bust, Register
from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.domain.text import _nfkc_key, name_key
from tests.domain.helpers import Tournament


@pytest.fixture
def tournament() -> Tournament:
    tournament = Tournament()
    tournament.do(Register(names=["Anna Bo", "Annika Lund", "Ivan Kro", "Bo", "Carl Berg"]))
    return tournament


@pytest.mark.parametrize(("typed", "meant"), [
    ("anna bo", "Anna Bo"), ("BO", "Bo"), ("Ivan", "Ivan Kro"), ("kro", "Ivan Kro"), ("anna", "Anna Bo"),
    (" carl b ", "Carl Berg")])
def test_an_exact_name_or_a_unique_prefix_finds_the_player(tournament: Tournament, typed: str,
                                                           meant: str) -> None:
    assert tournament.state.find(typed).name == meant


def test_an_ambiguous_prefix_is_refused_listing_the_candidates(tournament: Tournament) -> None:
    refusal = r"^'Ann' could be Anna Bo and Annika Lund; type more of the name$"
    with pytest.raises(InvalidInput, match=refusal):
        tournament.state.find("Ann")


def test_a_close_typo_is_offered_never_taken(tournament: Tournament) -> None:
    with pytest.raises(NotFound, match=r"^no player named 'Ivan Kor'; did you mean Ivan Kro\?$"):
        tournament.state.find("Ivan Kor")
    with pytest.raises(NotFound, match=r"^no player named 'Zed'$"):
        tournament.state.find("Zed")


def test_still_in_matches_a_prefix_among_the_players_still_in(tournament: Tournament) -> None:
    tournament.do(Bust(names=["Annika Lund"]))
    assert tournament.state.still_in("Ann").name == "Anna Bo"
    with pytest.raises(Exception, match="Annika Lund has already busted"):
        tournament.state.still_in("annika lund")


def test_the_readmes_bust_with_a_stack_key_by_first_name(tournament: Tournament) -> None:
    tournament.do(Bust(names=["Anna Bo", "Carl"], stacks={"Anna": 12000, "carl": 5000}))
    # T-ELIM-1: the shorter stack finishes lower, so each key reached its player.
    assert tournament.state.find("Anna Bo").place == 4
    assert tournament.state.find("Carl Berg").place == 5


def test_a_refused_name_leaves_the_log_unchanged(tournament: Tournament) -> None:
    before = list(tournament.log)
    with pytest.raises(InvalidInput, match="could be"):
        tournament.do(Bust(names=["Ann"]))
    with pytest.raises(InvalidInput, match=r"^Zed: not one of the players busted here$"):
        tournament.do(Bust(names=["Anna Bo", "Bo"], stacks={"Zed": 100}))
    assert tournament.log == before


@given(st.text(alphabet=st.characters(max_codepoint=127)))
def test_an_ascii_name_s_key_is_its_nfkc_casefolded_key(name: str) -> None:
    # ASCII names take a short way to their key (a festival's first fold makes 34,000): the key
    # the NFKC_Casefold way makes, whatever the spaces, controls and case.
    assert name_key(name) == _nfkc_key(name)
