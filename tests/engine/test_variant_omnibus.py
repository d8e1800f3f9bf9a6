"""variant.omnibus: the bonus card (J♦, or the 10♦) is worth -10; the moon with
and without the bonus; the shooter keeps the bonus; 16 points in a hand."""

from __future__ import annotations

import random

import pytest
from engine_helpers import MOON_SEEDS, PLAYER_COUNTS, moon_pass, position
from variant_helpers import last_trick, play_out

from hearts_widget import Card, Game, Hand, Rules


@pytest.mark.parametrize("bonus", ["JD", "10D"])
def test_variant_omnibus_bonus_is_minus_ten_to_its_taker(bonus: str) -> None:
    hand = position(4, {0: ("AD", "CS"), 1: (bonus, "SH")}, leader=0, tricks_done=1,
                    variant="omnibus", bonus_card=bonus)
    for _ in range(4):
        hand = hand.play(hand.legal_moves()[0])
    trick = hand.tricks[-1]
    assert trick.winner == 0 and Card.parse(bonus) in trick.cards
    hearts = sum(c.is_heart for c in trick.cards)
    assert hand.points()[0] == hearts - 10 == trick.points
    event = next(e for e in hand.events if e.kind == "bonus")
    assert (event.rule, event.seat, [c.code for c in event.cards], event.facts["points"]) == (
        "variant.omnibus.bonus", 0, [bonus], -10)


def test_variant_omnibus_other_diamond_is_no_bonus() -> None:
    hand = position(4, {0: ("AD", "CS"), 1: ("JD", "SH")}, leader=0, tricks_done=1, variant="omnibus",
                    bonus_card="10D")
    for _ in range(4):
        hand = hand.play(hand.legal_moves()[0])
    assert not [e for e in hand.events if e.kind == "bonus"] and hand.points()[0] >= 0


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_variant_omnibus_sixteen_points_in_a_hand(players: int) -> None:
    for seed in range(3):
        hand = play_out(Hand.deal(Rules(players=players, variant="omnibus"), seed), random.Random(seed))
        assert sum(hand.points()) == 16
        expected = [sum(c.is_heart for c in hand.taken(s)) + 13 * (Card.parse("QS") in hand.taken(s))
                    - 10 * (Card.parse("JD") in hand.taken(s)) for s in range(players)]
        assert hand.points() == expected


def _moon_hand(**options: object) -> Hand:
    """Seat 0 leads A♥ to the last trick having taken every other heart and the
    Black Maria; seat 1 has taken the J♦."""
    rules = Rules(variant="omnibus", **options)  # type: ignore[arg-type]
    hand = last_trick(rules, {0: "AH", 1: "2C", 2: "3C", 3: "4C"}, {1: "JD 5C 6C 7C"})
    for _ in range(4):
        hand = hand.play(hand.legal_moves()[0])
    return hand


def test_variant_omnibus_moon_is_the_hearts_and_the_black_maria() -> None:
    hand = _moon_hand()
    assert hand.moon_shooter == 0 and hand.points() == [26, -10, 0, 0]


def test_variant_omnibus_moon_needs_bonus_option() -> None:
    hand = _moon_hand(moon_needs_bonus=True)
    assert hand.moon_shooter is None and not [e for e in hand.events if e.kind == "moon"]


def test_variant_omnibus_moon_with_the_bonus_when_the_option_is_on() -> None:
    rules = Rules(variant="omnibus", moon_needs_bonus=True)
    hand = last_trick(rules, {0: "AH", 1: "2C", 2: "3C", 3: "4C"}, {1: "5C 6C 7C 8C"})
    for _ in range(4):
        hand = hand.play(hand.legal_moves()[0])
    assert hand.moon_shooter == 0 and hand.points()[0] == 16
    moon = hand.events[-1]
    assert (moon.kind, moon.facts["variant"], moon.facts["bonus"], moon.facts["points"]) == (
        "moon", "omnibus", True, 26)


def _omnibus_moon_policy(hand: Hand) -> Card:
    """Seat 0 plays high; the others duck and throw it points and the J♦."""
    legal = hand.legal_moves()
    if hand.to_move == 0:
        return max(legal, key=lambda c: (c.rank, c.index))
    wanted = [c for c in legal if c.is_heart or c.is_black_maria or c.code == "JD"]
    led = hand.trick.led_suit
    if led is not None and wanted and legal[0].suit is not led:
        return max(wanted, key=lambda c: (c.is_black_maria, c.code == "JD", c.rank))
    return min(legal, key=lambda c: (c.is_heart or c.is_black_maria, c.rank))


@pytest.mark.parametrize("choice", ["self", "others"])
def test_variant_omnibus_shooter_keeps_the_bonus(choice: str) -> None:
    game = Game.new(Rules(players=4, variant="omnibus"), seed=MOON_SEEDS[4])
    for seat in game.hand.waiting_to_pass:
        game = game.pass_cards(seat, moon_pass(game.hand, seat))
    while game.pending_moon is None:
        game = game.play(_omnibus_moon_policy(game.hand))
    hand = game.hand
    assert game.pending_moon == 0 and Card.parse("JD") in hand.taken(0)
    game = game.choose_moon(choice)  # type: ignore[arg-type]
    assert game.sheet[0] == ((-36, 0, 0, 0) if choice == "self" else (-10, 26, 26, 26))
