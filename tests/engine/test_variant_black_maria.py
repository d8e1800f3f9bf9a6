"""variant.black-maria: passing always right, Q♠ 13, K♠ 10, A♠ 7 and 1 a heart
(43 in a hand), no moon, and none of those on the first trick."""

from __future__ import annotations

import random

import pytest
from engine_helpers import PLAYER_COUNTS, position
from variant_helpers import last_trick, play_out

from hearts_widget import Card, Game, Hand, Rules

SPADES = {"QS": 13, "KS": 10, "AS": 7}


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_variant_black_maria_pass_always_right(players: int) -> None:
    rules = Rules(players=players, variant="black-maria")
    for number in range(6):
        hand = Hand.deal(rules, seed=3, number=number)
        assert hand.pass_direction == "right"
        hand = hand.pass_cards(0, hand.held(0)[:3])
        assert hand.events[-1].facts["to"] == players - 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_variant_black_maria_points(players: int) -> None:
    for seed in range(3):
        hand = play_out(Hand.deal(Rules(players=players, variant="black-maria"), seed), random.Random(seed))
        expected = [sum(1 if c.is_heart else SPADES.get(c.code, 0) for c in hand.taken(s)) for s in range(players)]
        assert hand.points() == expected and sum(expected) == 43


def test_variant_black_maria_no_moon() -> None:
    hand = last_trick(Rules(variant="black-maria"), {0: "AH", 1: "2C", 2: "3C", 3: "4C"}, {})
    for _ in range(4):
        hand = hand.play(hand.legal_moves()[0])
    assert hand.points()[0] == 43 and hand.moon_shooter is None
    assert [e.kind for e in hand.events[-2:]] == ["trick-won", "hand-over"]


def test_variant_black_maria_game_enters_every_point() -> None:
    game = Game.new(Rules(variant="black-maria", target=60), seed=5)
    rng = random.Random(5)
    while not game.is_over:
        if game.hand.phase == "pass":
            for seat in game.hand.waiting_to_pass:
                game = game.pass_cards(seat, rng.sample(game.hand.held(seat), 3))
        else:
            game = game.play(rng.choice(game.hand.legal_moves()))
    assert all(sum(row) == 43 for row in game.sheet) and game.pending_moon is None


@pytest.mark.parametrize("card", ["KS", "AS", "QS", "5H"])
def test_variant_black_maria_first_trick_no_penalty_cards(card: str) -> None:
    hand = position(4, {0: ("2C", "C"), 1: ("KS AS QS 5H 9D", "DH")}, variant="black-maria")
    hand = hand.play("2C")
    assert [c.code for c in hand.legal_moves()] == [c.code for c in hand.held(1) if c.suit.letter == "D"]
    explanation = hand.explain(card)
    if card in SPADES:
        assert (explanation.legal, explanation.rule, explanation.reason) == (
            False, "variant.black-maria.first-trick", "no-penalty-first-trick")
    else:
        assert not explanation.legal


def test_variant_black_maria_only_penalty_cards_may_be_played() -> None:
    hand = position(4, {0: ("2C", "C"), 1: ("KS", "H")}, variant="black-maria")
    hand = hand.play("2C")
    assert Card.parse("KS") in hand.legal_moves()
    explanation = hand.explain("KS")
    assert (explanation.legal, explanation.rule, explanation.reason) == (
        True, "variant.black-maria.first-trick", "only-penalty-cards-left")


def test_variant_black_maria_first_trick_rule_can_be_switched_off() -> None:
    hand = position(4, {0: ("2C", "C"), 1: ("KS 9D", "D")}, variant="black-maria", first_trick_no_points=False)
    hand = hand.play("2C")
    assert hand.explain("KS").legal and hand.explain("KS").reason == "discard"
