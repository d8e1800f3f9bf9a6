"""SeatView: what one seat may know (its cards, the open play), and nothing more."""

from __future__ import annotations

import pytest
from engine_helpers import random_game_hand

from hearts_widget import CardNotHeld, Hand, Rules, WrongPhase


def test_view_shows_own_cards_and_hides_the_others() -> None:
    hand = random_game_hand(4, 8).play("2C")
    seat = hand.to_move
    view = hand.view(seat)  # type: ignore[arg-type]
    assert view.held == hand.held(seat) and view.legal == tuple(hand.legal_moves())  # type: ignore[arg-type]
    assert view.hand_sizes == tuple(len(h) for h in hand.hands) and sum(view.hand_sizes) == 51
    assert view.trick == hand.trick and view.led_suit == hand.trick.led_suit
    assert view.received == hand.received(seat)  # type: ignore[arg-type]
    other = hand.view((seat + 1) % 4)  # type: ignore[operator]
    assert other.legal == () and other.held == hand.held((seat + 1) % 4)  # type: ignore[operator]
    hidden = [e for e in view.events if e.kind == "pass" and e.seat != seat]
    assert hidden == []


def test_view_explains_only_on_its_own_turn() -> None:
    hand = random_game_hand(4, 8).play("2C")
    seat = hand.to_move
    view = hand.view(seat)  # type: ignore[arg-type]
    for card in view.held:
        assert view.explain(card) == hand.explain(card)
    with pytest.raises(CardNotHeld):
        view.explain(next(c for c in hand.held((seat + 1) % 4)))  # type: ignore[operator]
    with pytest.raises(WrongPhase, match="not seat"):
        hand.view((seat + 1) % 4).explain(hand.held((seat + 1) % 4)[0])  # type: ignore[operator]


def test_two_hands_differing_only_in_hidden_cards_give_the_same_view_facts() -> None:
    """A bot deciding from a view cannot tell hidden cards apart."""
    hand = Hand.deal(Rules(), seed=8, number=3)
    hands = [list(h) for h in hand.hands]
    seat = hand.to_move
    a, b = [(seat + 1) % 4, (seat + 2) % 4]  # type: ignore[operator]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    swapped = Hand.from_cards(Rules(), hands)
    mine, theirs = hand.view(seat), swapped.view(seat)  # type: ignore[arg-type]
    assert (mine.held, mine.legal, mine.hand_sizes, mine.trick) == (theirs.held, theirs.legal, theirs.hand_sizes,
                                                                    theirs.trick)
