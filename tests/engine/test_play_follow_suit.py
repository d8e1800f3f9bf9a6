"""play.follow-suit and play.discard for every player count."""

from __future__ import annotations

import pytest
from engine_helpers import PLAYER_COUNTS, codes, position

from hearts_widget import IllegalMove


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_follow_suit_only_the_suit_led_when_held(players: int) -> None:
    hand = position(players, {1: ("9D KD QS AH 5C", "CS")}, leader=0, trick=["4D"], tricks_done=1)
    assert hand.to_move == 1
    assert codes(hand.legal_moves()) == ["9D", "KD"]
    follows = hand.explain("KD")
    assert (follows.legal, follows.rule, follows.reason) == (True, "play.follow-suit", "follows-suit")
    assert follows.text() == "K♦ follows suit: diamonds were led."
    for other in ("QS", "AH", "5C"):
        refused = hand.explain(other)
        assert (refused.legal, refused.rule, refused.reason) == (False, "play.follow-suit", "must-follow-suit")
        assert refused.text() == "You hold diamonds, the suit led, so you must follow suit."
        with pytest.raises(IllegalMove, match="must follow suit") as error:
            hand.play(other)
        assert error.value.explanation == refused


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_follow_suit_on_the_first_trick(players: int) -> None:
    lead = "3C" if players == 5 else "2C"
    hand = position(players, {1: ("AC QS AH", "DS")}, leader=0, trick=[lead])
    assert codes(hand.legal_moves()) == ["AC"]
    assert hand.explain("QS").reason == "must-follow-suit"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_discard_any_card_when_void_in_the_suit_led(players: int) -> None:
    hand = position(players, {1: ("5C QS AH", "CSH")}, leader=0, trick=["4D"], tricks_done=1)
    assert set(hand.legal_moves()) == set(hand.held(1))
    for card in ("5C", "QS", "AH"):
        explanation = hand.explain(card)
        assert (explanation.legal, explanation.rule, explanation.reason) == (True, "play.discard", "discard")
    assert hand.explain("QS").text() == "You have no diamonds, so you may discard any card."
    after = hand.play("AH")
    event = after.events[-2]
    assert (event.kind, event.rule, event.facts["reason"]) == ("play", "play.discard", "discard")
    assert event.text() == "Seat 1 has no diamonds and discards A♥."
