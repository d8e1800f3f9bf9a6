"""setup.deal: stripping and dealing for 3 to 7 players, reproducible from a seed."""

from __future__ import annotations

import pytest
from engine_helpers import PLAYER_COUNTS, codes

from hearts_widget import Card, Hand, HeartsError, Rules

# RULES.md's setup table, written out independently of the engine's own table.
REMOVED = {3: {"2D"}, 4: set(), 5: {"2D", "2C"}, 6: {"2D", "3D", "3C", "4C"}, 7: {"2D", "3D", "3C"}}
CARDS_EACH = {3: 17, 4: 13, 5: 10, 6: 8, 7: 7}


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_deal_strips_the_table_cards_and_deals_evenly(players: int) -> None:
    rules = Rules(players=players)
    hand = Hand.deal(rules, seed=11)
    assert set(codes(rules.stripped)) == REMOVED[players]
    assert rules.cards_each == CARDS_EACH[players]
    assert [len(cards) for cards in hand.hands] == [CARDS_EACH[players]] * players
    dealt = [card for cards in hand.hands for card in cards]
    assert len(set(dealt)) == len(dealt) == 52 - len(REMOVED[players])
    assert not {c.code for c in dealt} & REMOVED[players]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_deal_keeps_every_heart_and_the_black_maria(players: int) -> None:
    deck = Rules(players=players).deck
    assert sum(c.is_heart for c in deck) == 13
    assert Card.parse("QS") in deck


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_deal_is_reproducible_from_the_seed(players: int) -> None:
    rules = Rules(players=players)
    assert Hand.deal(rules, seed=5, number=2).hands == Hand.deal(rules, seed=5, number=2).hands
    assert Hand.deal(rules, seed=5).hands != Hand.deal(rules, seed=6).hands
    assert Hand.deal(rules, seed=5, number=0).hands != Hand.deal(rules, seed=5, number=1).hands


# Golden deals: a change of shuffle (or of Python's random) must be noticed,
# since recorded games and lessons refer to deals by seed.
GOLDEN = {  # (players, seed, number): (first seat's cards, last seat's cards)
    (3, 1, 0): ("2C 6C 7C 9C QC KC 3D 4D 5D AD 4S KS 3H 6H 8H 10H JH",
                "3C 10C JC 6D 8D 10D QD 7S 8S 9S JS 4H 5H 9H QH KH AH"),
    (4, 7, 0): ("10C AC 3D 6D 7D 8D 4S 7S JS KS 3H 9H KH", "3C 5C 6C KC 2D 4D KD 5S 5H 6H 8H 10H JH"),
    (4, 7, 3): ("3C 6C KC AC 6D 9D QD AD 7S JS AS 6H 9H", "7C JC QC 3D 4D 10D JD 6S 9S 10S KS 5H 7H"),
    (5, 2, 1): ("JC AC 6D AD 8S 9S 4H 7H 8H QH", "7C 8C 10D JD 6S 7S JS AS 5H KH"),
    (6, 3, 0): ("6C 8D JD 6S 2H 3H KH AH", "5D 7S 8S 9S KS AS 4H 7H"),
    (7, 4, 0): ("6C 6D 9D 7S AS 9H JH", "2C 4C 8C QC 10D 8S AH"),
}


@pytest.mark.parametrize("key", GOLDEN)
def test_setup_deal_matches_the_golden_deals(key: tuple[int, int, int]) -> None:
    players, seed, number = key
    hand = Hand.deal(Rules(players=players), seed=seed, number=number)
    assert (" ".join(codes(hand.held(0))), " ".join(codes(hand.held(players - 1)))) == GOLDEN[key]


def test_setup_deal_event_names_the_stripped_cards() -> None:
    event = Hand.deal(Rules(players=6), seed=1).events[0]
    assert (event.kind, event.rule) == ("deal", "setup.deal")
    assert event.facts["cards_each"] == 8
    assert {c.code for c in event.facts["stripped"]} == REMOVED[6]
    assert event.text() == "Hand 1: 6 players, 8 cards each; 2♦ 3♦ 3♣ 4♣ taken out so the deal is even."


@pytest.mark.parametrize("seed", ["7", 1.5, True, None])
def test_setup_deal_refuses_a_seed_that_is_not_a_whole_number(seed: object) -> None:
    with pytest.raises(HeartsError, match="seed must be a whole number"):
        Hand.deal(Rules(), seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", [-1, "0", 1.0, False])
def test_setup_deal_refuses_a_bad_hand_number(number: object) -> None:
    with pytest.raises(HeartsError, match="hand number"):
        Hand.deal(Rules(), seed=1, number=number)  # type: ignore[arg-type]


def test_setup_deal_refuses_rules_that_are_not_rules() -> None:
    with pytest.raises(HeartsError, match="rules must be a Rules object"):
        Hand.deal({"players": 4}, seed=1)  # type: ignore[arg-type]
