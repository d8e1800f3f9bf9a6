"""play.first-lead: the holder of the lowest club in play leads it (3♣ with 5 players)."""

from __future__ import annotations

import pytest
from engine_helpers import PLAYER_COUNTS, first_lead, position, random_game_hand

from hearts_widget import IllegalMove


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_first_lead_is_the_lowest_club_by_its_holder(players: int) -> None:
    for seed in range(5):
        hand = random_game_hand(players, seed)
        card = first_lead(players)
        assert card in hand.held(hand.to_move)  # type: ignore[arg-type]
        assert hand.legal_moves() == [card]
        explanation = hand.explain(card)
        assert (explanation.legal, explanation.rule, explanation.reason) == (True, "play.first-lead",
                                                                             "leads-first-card")
        assert explanation.facts["first_card"] == card


def test_play_first_lead_with_five_players_is_the_three_of_clubs() -> None:
    hand = random_game_hand(5, 1)
    assert hand.explain("3C").text() == "You hold 3♣, the lowest club in play, so you lead it to the first trick."


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_first_lead_any_other_card_is_refused(players: int) -> None:
    card = first_lead(players)
    hand = position(players, {0: (f"{card.code} AC QS AH", "CDS")})
    assert hand.to_move == 0
    for other in ("AC", "QS", "AH"):
        explanation = hand.explain(other)
        assert (explanation.legal, explanation.rule, explanation.reason) == (False, "play.first-lead",
                                                                             "must-lead-first-card")
        with pytest.raises(IllegalMove, match=f"You hold {card}, the lowest club in play, so you must lead it"):
            hand.play(other)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_first_lead_event_carries_the_rule(players: int) -> None:
    hand = random_game_hand(players, 2)
    seat = hand.to_move
    hand = hand.play(first_lead(players))
    event = hand.events[-1]
    assert (event.kind, event.rule, event.seat, event.cards) == ("play", "play.first-lead", seat,
                                                                 (first_lead(players),))
    assert event.facts["reason"] == "leads-first-card" and event.facts["lead"] is True
    assert event.text() == f"Seat {seat} holds {first_lead(players)} and leads it to the first trick."
