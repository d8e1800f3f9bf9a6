"""play.trick-winner: the highest card of the suit led wins; the winner leads next."""

from __future__ import annotations

import pytest
from engine_helpers import PLAYER_COUNTS, position

from hearts_widget import Card, Trick


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_trick_winner_is_the_highest_card_of_the_suit_led(players: int) -> None:
    # Seat 0 led 5♦, seat 1 played J♦, the others discarded higher cards of other
    # suits (A♠ on the way), which cannot win: there are no trumps.
    on_table = ["5D", "JD", "AS", "KC", "QC", "JC"][: players - 1]
    last = players - 1
    hand = position(players, {last: ("KS", "CSH")}, leader=0, trick=on_table, tricks_done=1)
    assert hand.to_move == last
    hand = hand.play("KS")
    trick = hand.tricks[-1]
    assert [c.code for c in trick.cards] == on_table + ["KS"]
    assert trick.winner == 1 and hand.leader == 1 and hand.to_move == 1 and hand.trick.cards == ()
    assert set(trick.cards) <= set(hand.taken(1))
    event = hand.events[-1]
    assert (event.kind, event.rule, event.seat) == ("trick-won", "play.trick-winner", 1)
    assert event.facts["winning_card"] == Card.parse("JD") and event.facts["trick_number"] == 2
    assert event.facts["tricks"] == hand.rules.cards_each
    assert event.text().startswith(f"Seat 1 wins the 2nd trick of {hand.rules.cards_each} with J♦, the highest of "
                                   "the suit led")


def test_play_trick_winner_counts_the_points_in_the_trick() -> None:
    hand = position(4, {3: ("AH", "CH")}, leader=0, trick=["5D", "JD", "QS"], tricks_done=1)
    hand = hand.play("AH")
    assert hand.events[-1].facts["points"] == 14
    assert hand.points() == [0, 14, 0, 0]
    assert hand.events[-1].text() == (
        "Seat 1 wins the 2nd trick of 13 with J♦, the highest of the suit led, and takes 14 points.")


def test_play_trick_winner_trick_object_knows_its_seats() -> None:
    trick = Trick(leader=2, cards=tuple(Card.parse(c) for c in ("5D", "JD", "QS", "AH")), players=4, winner=3)
    assert trick.seats == (2, 3, 0, 1)
    assert trick.card_of(3) == Card.parse("JD") and trick.led_suit is Card.parse("5D").suit
    assert trick.points == 14
    assert Trick(0, (), 4).card_of(1) is None and Trick(0, (), 4).led_suit is None
