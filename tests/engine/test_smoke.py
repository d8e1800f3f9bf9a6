"""A whole 4-player hand through the public API."""

import random

from hearts_widget import Hand, Rules


def test_random_hand_plays_to_the_end_with_26_points() -> None:
    hand = Hand.deal(Rules(), seed=7)
    for seat in range(4):
        hand = hand.pass_cards(seat, hand.held(seat)[:3])
    rng = random.Random(0)
    while hand.phase == "play":
        hand = hand.play(rng.choice(hand.legal_moves()))
    assert sum(hand.points()) == 26
