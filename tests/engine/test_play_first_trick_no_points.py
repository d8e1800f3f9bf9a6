"""play.first-trick-no-points, its clarification, and the house rule that turns it off."""

from __future__ import annotations

import pytest
from engine_helpers import PLAYER_COUNTS, codes, first_lead, position

from hearts_widget import IllegalMove


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_first_trick_no_points_no_heart_or_maria_when_another_card_can_go(players: int) -> None:
    hand = position(players, {1: ("QS AH 2H KD", "DH")}, leader=0, trick=[first_lead(players).code])
    assert hand.first_trick and hand.to_move == 1
    assert "QS" not in codes(hand.legal_moves()) and "AH" not in codes(hand.legal_moves())
    assert "KD" in codes(hand.legal_moves())
    for card in ("QS", "AH", "2H"):
        explanation = hand.explain(card)
        assert (explanation.legal, explanation.rule, explanation.reason) == (
            False, "play.first-trick-no-points", "no-points-first-trick")
        with pytest.raises(IllegalMove, match="No heart or Black Maria on the first trick"):
            hand.play(card)
    discard = hand.explain("KD")
    assert (discard.legal, discard.rule, discard.reason) == (True, "play.discard", "discard")


# With 3 players a hand holds 17 cards, more than the 14 point cards, so only
# hearts and the Black Maria on the first trick cannot happen.
@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_play_first_trick_no_points_clarification_only_hearts_and_maria_may_be_played(players: int) -> None:
    hand = position(players, {1: ("QS AH", "H")}, leader=0, trick=[first_lead(players).code])
    assert set(hand.legal_moves()) == set(hand.held(1))
    for card in ("QS", "AH"):
        explanation = hand.explain(card)
        assert (explanation.legal, explanation.rule, explanation.reason) == (
            True, "play.first-trick-no-points", "only-points-left")
    assert hand.explain("AH").text() == (
        "You hold only hearts and the Black Maria, so A♥ may be played even on the first trick.")
    after = hand.play("AH")
    assert after.hearts_broken and after.events[-1].facts["how"] == "discarded"


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_play_first_trick_no_points_clarification_only_hearts(players: int) -> None:
    hand = position(players, {1: ("AH", "H")}, leader=0, trick=[first_lead(players).code])
    assert set(hand.legal_moves()) == set(hand.held(1))
    assert hand.explain("AH").reason == "only-points-left"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_first_trick_no_points_house_rule_off_allows_points(players: int) -> None:
    hand = position(players, {1: ("QS AH KD", "DS")}, leader=0, trick=[first_lead(players).code],
                    first_trick_no_points=False)
    assert set(hand.legal_moves()) == set(hand.held(1))
    explanation = hand.explain("QS")
    assert (explanation.legal, explanation.rule, explanation.reason) == (True, "play.discard", "discard")


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_first_trick_no_points_applies_only_to_the_first_trick(players: int) -> None:
    hand = position(players, {1: ("QS AH KD", "DH")}, leader=0, trick=["5C"], tricks_done=1)
    assert not hand.first_trick
    assert hand.explain("QS").reason == "discard" and hand.explain("AH").legal
