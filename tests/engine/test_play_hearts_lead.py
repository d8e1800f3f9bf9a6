"""play.hearts-lead with both clarifications, and play.black-maria-lead."""

from __future__ import annotations

import pytest
from engine_helpers import PLAYER_COUNTS, codes, position

from hearts_widget import IllegalMove, Rules


def _tricks_to_fit(players: int, cards: int) -> int:
    """Tricks to play (at least one) before a hand of ``cards`` cards is possible."""
    return max(1, Rules(players=players).cards_each - cards)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_lead_not_before_hearts_are_broken(players: int) -> None:
    hand = position(players, {0: ("AH 2H KD", "CD")}, leader=0, tricks_done=1)
    assert not hand.hearts_broken and hand.to_move == 0
    assert not any(c.is_heart for c in hand.legal_moves())
    explanation = hand.explain("AH")
    assert (explanation.legal, explanation.rule, explanation.reason) == (False, "play.hearts-lead",
                                                                         "hearts-not-broken")
    # The refusal says what "broken" means (play.hearts-broken).
    assert explanation.text() == ("Hearts are not broken yet: neither a heart nor the Black Maria has been played to "
                                  "a trick, so you may not lead a heart.")
    with pytest.raises(IllegalMove, match="Hearts are not broken yet"):
        hand.play("2H")
    free = hand.explain("KD")
    assert (free.legal, free.rule, free.reason) == (True, "play.trick-winner", "free-lead")
    # Why this seat leads (the winner of the last trick leads the next), and what it may lead.
    assert free.facts == {"lead_by": "won", "hearts_locked": True}
    assert free.text() == ("You won the last trick, so you lead this one, with any card but a heart while hearts "
                           "are not broken: K♦ may be led.")


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_lead_after_hearts_are_broken(players: int) -> None:
    hand = position(players, {0: ("AH 2H KD", "CD")}, leader=0, tricks_done=1, taken_cards=["3H"])
    assert hand.hearts_broken
    assert {"AH", "2H", "KD"} <= set(codes(hand.legal_moves()))
    explanation = hand.explain("AH")
    assert (explanation.legal, explanation.rule, explanation.reason) == (True, "play.hearts-broken",
                                                                         "hearts-broken-lead")


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_lead_clarification_only_hearts_may_lead_one(players: int) -> None:
    hand = position(players, {0: ("AH 2H", "H")}, leader=0, tricks_done=_tricks_to_fit(players, 13))
    assert not hand.hearts_broken
    assert set(hand.legal_moves()) == set(hand.held(0))
    explanation = hand.explain("2H")
    assert (explanation.legal, explanation.rule, explanation.reason) == (True, "play.hearts-lead",
                                                                         "only-hearts-left")
    assert explanation.text() == "Only hearts left, so you may lead one."
    after = hand.play("2H")
    assert after.hearts_broken and after.events[-1].facts["how"] == "led"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_lead_clarification_only_hearts_and_maria_must_lead_maria(players: int) -> None:
    hand = position(players, {0: ("QS AH", "H")}, leader=0, tricks_done=_tricks_to_fit(players, 14))
    assert not hand.hearts_broken
    assert codes(hand.legal_moves()) == ["QS"]
    maria = hand.explain("QS")
    assert (maria.legal, maria.rule, maria.reason) == (True, "play.hearts-lead", "must-lead-maria")
    heart = hand.explain("AH")
    assert (heart.legal, heart.rule, heart.reason) == (False, "play.hearts-lead", "must-lead-maria")
    assert "you must lead the Black Maria" in maria.text()
    assert "lead the Black Maria, not a heart" in heart.text()
    with pytest.raises(IllegalMove, match="not a heart"):
        hand.play("AH")


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_lead_house_rule_off_allows_hearts_at_any_time(players: int) -> None:
    hand = position(players, {0: ("AH KD", "CD")}, leader=0, tricks_done=1, hearts_must_be_broken=False)
    assert not hand.hearts_broken
    explanation = hand.explain("AH")
    assert (explanation.legal, explanation.rule, explanation.reason) == (True, "play.hearts-lead",
                                                                         "hearts-lead-allowed")
    assert "AH" in codes(hand.legal_moves())


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_black_maria_lead_at_any_time(players: int) -> None:
    hand = position(players, {0: ("QS AH KD", "CD")}, leader=0, tricks_done=1)
    assert not hand.hearts_broken
    explanation = hand.explain("QS")
    assert (explanation.legal, explanation.rule, explanation.reason) == (True, "play.black-maria-lead",
                                                                         "maria-lead")
    assert explanation.text() == "The Black Maria may be led at any time."
    after = hand.play("QS")
    # play.hearts-broken: the Black Maria breaks hearts, even when led.
    assert after.hearts_broken
    assert (after.events[-1].kind, after.events[-1].facts["how"]) == ("hearts-broken", "led")


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_black_maria_lead_is_not_the_first_lead(players: int) -> None:
    lead = "3C" if players == 5 else "2C"
    hand = position(players, {0: (f"{lead} QS", "CD")})
    assert hand.explain("QS").reason == "must-lead-first-card"
