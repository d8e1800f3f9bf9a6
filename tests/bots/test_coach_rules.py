"""The coach reckons with the rules in force (one set of rules for the coach
and the bots): each variant's points, cancelled twins, the house rules, and
the learner's own moon.

The sampled positions are the ones the issue counted: the learner plays last
to a trick, so every legal card's outcome on that trick is known exactly.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from bot_helpers import RULE_SETS, card, few_deals, random_moves, taken_in_tricks
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_widget.bots import RuleBot
from hearts_widget.bots.coach import hint, trick_feedback
from hearts_widget.bots.variants import NAMING_WINNER, points_taken
from hearts_widget.engine import Hand, Rules, SeatView
from hearts_widget.engine.cards import mask_of


def nobody_can_shoot(hand: Hand) -> bool:
    """score.moon: no moon in force, or two seats have already taken moon cards."""
    rules = hand.rules
    if rules.moon == "off":
        return True
    takers = [s for s in range(rules.players) if mask_of(hand.taken(s)) & rules.moon_cards]
    return len(takers) >= 2


def last_to_play_positions(rules: Rules, seed: int) -> Iterator[tuple[Hand, SeatView]]:
    """Every position of one hand (the seats playing rule-based or random cards)
    in which the seat to move plays last to the trick and nobody can shoot."""
    rng = random.Random(seed)
    bot = RuleBot()
    hand = Hand.deal(rules, seed, number=seed % 3)
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, bot.choose_pass(hand.view(seat)))
    while hand.phase == "play":
        view = hand.view(hand.to_move)  # type: ignore[arg-type]
        if len(view.trick.cards) == rules.players - 1 and len(view.legal) > 1 and nobody_can_shoot(hand):
            yield hand, view
        choice = bot.choose_play(view) if rng.random() < 0.6 else rng.choice(view.legal)
        hand = hand.play(choice)


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_played_last_the_hint_takes_no_avoidable_points(name: str) -> None:
    """The issue's count, per variant and house rule: 0 positions where the hint
    takes more points from the trick than another legal card would."""
    with few_deals():
        count_avoidable_points(RULE_SETS[name])


def count_avoidable_points(rules: Rules) -> None:
    seen = wrong = 0
    for seed in range(25):
        for _, view in last_to_play_positions(rules, seed):
            seen += 1
            advice = hint(view)
            fewest = min(points_taken(view, c) for c in view.legal)
            if points_taken(view, advice.card) > fewest:
                wrong += 1
    assert seen >= 40
    assert wrong == 0


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(list(RULE_SETS)), seed=st.integers(0, 10**6), pick=st.integers(0, 10**6))
def test_property_last_to_play_without_a_moon_the_hint_takes_the_fewest_points(name: str, seed: int,
                                                                                 pick: int) -> None:
    positions = list(last_to_play_positions(RULE_SETS[name], seed))
    if not positions:
        return
    _, view = positions[pick % len(positions)]
    with few_deals():
        advice = hint(view)
    assert advice.card in view.legal
    assert points_taken(view, advice.card) == min(points_taken(view, c) for c in view.legal)


# -- positions where the coach went wrong ---------------------------------
def _four(rules: Rules, hands: list[str], trick: str, leader: int, taken: list[str]) -> Hand:
    return Hand.from_cards(rules, [h.split() for h in hands], leader=leader, trick=trick.split(),
                           taken=[t.split() for t in taken])


def _rest_split(rules: Rules, hands: list[str], trick: str, lone: int | None = None, leader: int = 0) -> list[str]:
    """The cards not placed, taken round the seats a trick at a time, the last by ``leader``
    (or all by seat ``lone`` but for one trick of low clubs, which the leader took)."""
    from hearts_widget.engine import parse_cards

    placed = set(parse_cards(" ".join(hands) + " " + trick))
    rest = [c for c in rules.deck if c not in placed]
    if lone is None:
        return [" ".join(c.code for c in pile) for pile in taken_in_tricks(rest, leader, rules.players)]
    leaders = [c for c in rest if c.code.endswith("C")][:rules.players] if lone != leader else []
    assert len(leaders) == (rules.players if lone != leader else 0), "a trick of clubs for the leader"
    piles = [[] for _ in range(rules.players)]
    piles[lone] = [c for c in rest if c not in leaders]
    piles[leader] += leaders
    return [" ".join(c.code for c in pile) for pile in piles]


def test_black_maria_the_ace_of_spades_is_seven_points_so_last_it_stays_under() -> None:
    # variant.black-maria.points: seat 3 plays last to a spade trick holding A♠ and 2♠.
    rules = Rules(variant="black-maria")
    hands = ["4D", "6D", "8D", "AS 2S"]
    trick = "5S 6S 7S"
    hand = _four(rules, hands, trick, 0, _rest_split(rules, hands, trick))
    advice = hint(hand.view(3))
    assert advice.card == card("2S")
    assert "no points" not in advice.text


def test_omnibus_played_last_takes_the_bonus_when_the_trick_is_worth_it() -> None:
    # variant.omnibus.bonus: a diamond trick with one heart in it; J♦ wins it for -9.
    rules = Rules(variant="omnibus")
    hands = ["4C", "6C", "8C", "JD 2D"]
    trick = "5D 6D 2H"
    hand = _four(rules, hands, trick, 0, _rest_split(rules, hands, trick))
    advice = hint(hand.view(3))
    assert advice.card == card("JD")
    assert advice.reason == "bonus-take"
    assert "J♦" in advice.text


def test_omnibus_the_bonus_is_not_discarded_onto_another_players_trick() -> None:
    rules = Rules(variant="omnibus")
    hands = ["4C", "6C", "9C", "JD 2D"]
    trick = "5S 6S 7S"
    hand = _four(rules, hands, trick, 0, _rest_split(rules, hands, trick))
    advice = hint(hand.view(3))
    assert advice.card == card("2D") and advice.reason == "bonus-keep"


def test_moon_off_no_moon_defence() -> None:
    # score.moon "off": seat 1 has every point so far, but there is no moon to stop.
    rules = Rules(moon="off")
    hands = ["2D", "4C", "6C", "AH 2H"]
    trick = "9H 10H 3H"
    taken = _rest_split(rules, hands, trick, lone=1)
    hand = _four(rules, hands, trick, 0, taken)
    advice = hint(hand.view(3))
    assert advice.card == card("2H")
    assert "moon" not in advice.text


def test_moon_on_the_same_position_guards() -> None:
    rules = Rules()
    hands = ["2D", "4C", "6C", "AH 2H"]
    trick = "9H 10H 3H"
    hand = _four(rules, hands, trick, 0, _rest_split(rules, hands, trick, lone=1))
    assert hint(hand.view(3)).card == card("AH")


def _replay(rules: Rules, seed: int, until) -> tuple[Hand, Hand]:  # type: ignore[no-untyped-def]
    """Play a dealt hand with the rule bot until ``until(hand)``; the hand then and the one before."""
    bot = RuleBot()
    hand = Hand.deal(rules, seed)
    while hand.phase == "play":
        if until(hand):
            return hand
        hand = hand.play(bot.choose_play(hand.view(hand.to_move)))
    raise AssertionError("no such position")


def test_cancellation_a_cancelled_twin_cannot_win_so_the_hint_does_not_duck_under_it() -> None:
    # variant.cancellation.cancel: find dealt positions where a twin on the table is cancelled.
    rules = Rules(players=6, variant="cancellation")
    from hearts_widget.engine.trick import cancellation_winner

    checked = 0
    for seed in range(60):
        bot = RuleBot()
        hand = Hand.deal(rules, seed)
        while hand.phase == "play" and checked < 30:
            view = hand.view(hand.to_move)  # type: ignore[arg-type]
            cards = view.trick.cards
            if cards and len(view.legal) > 1:
                _, _, cancelled = cancellation_winner(view.trick.leader, cards, rules.players)
                if cancelled:
                    advice = hint(view)
                    if "winning" in advice.facts:
                        assert advice.facts["winning"] not in cancelled
                    checked += 1
            hand = hand.play(bot.choose_play(view))
    assert checked >= 10


def test_the_learners_own_moon_is_not_scolded() -> None:
    # score.moon: seat 0 has every point so far and wins a heart trick with 7♥
    # where 2♥ would have ducked; it can still take everything (A♣, 2♥), so
    # the feedback says it may shoot the moon instead of scolding it.
    rules = Rules()
    hands = ["7H 2H AC", "3H 4C 5C", "6C 7C 8C", "9C 10C JC"]
    taken = _rest_split(rules, hands, "", lone=0, leader=1)
    hand = _four(rules, hands, "", 1, taken)
    hand = hand.play("3H", 1).play("6C", 2).play("9C", 3)
    view = hand.view(0)
    hand = hand.play("7H", 0)
    note = trick_feedback(view, hand.tricks[-1])
    assert note is not None and note.reason == "own-moon"
    assert note.better == card("7H") and "would have" not in note.text
    assert note.text == "You took 2 points with 7♥, and you have every point so far: you can still shoot the moon."


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(list(RULE_SETS)), seed=st.integers(0, 10**6), moves=st.integers(0, 60))
def test_property_every_hint_in_every_variant_is_legal_and_says_why(name: str, seed: int, moves: int) -> None:
    with few_deals():
        every_hint_is_legal_and_says_why(name, seed, moves)


def every_hint_is_legal_and_says_why(name: str, seed: int, moves: int) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed, number=seed % 3)
    if hand.phase == "pass":
        advice = hint(hand.view(0))
        assert len(advice.cards) == 3 and len(advice.facts["why"]) == 3
        assert rules.bonus not in advice.cards  # variant.omnibus.bonus: never given away
        # Each passed card's reason is said when the engine finds its facts true (tests/bots/test_claims.py).
        assert advice.text.startswith(("Pass ", "Your hand is strong enough")) and "{" not in advice.text
        for seat in hand.waiting_to_pass:
            hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
    hand = random_moves(hand, rng, moves)
    if hand.phase != "play":
        return
    view = hand.view(hand.to_move)  # type: ignore[arg-type]
    advice = hint(view)
    assert advice.card in view.legal
    assert advice.text and "{" not in advice.text and advice.facts["risk"] in ("none", "may-win", "may-cancel", "wins")
    if "winning" in advice.facts and advice.reason in NAMING_WINNER and not advice.text.startswith("Play "):
        # A reason about the trick names the card (or the seat) winning it now, once checked.
        assert str(advice.facts["winning"]) in advice.text or f"Seat {advice.facts['winner']}" in advice.text
    assert not re.search(r"\d[.,]\d", advice.text), "no decimals in a hint"
    if advice.reason == "search-better":  # the strong bot's check replaced the rule-based card
        if len(view.trick.cards) == rules.players - 1 and nobody_can_shoot(hand):
            # Played last with no moon possible, it chooses among the cards taking the fewest points.
            assert points_taken(view, advice.card) == min(points_taken(view, c) for c in view.legal)
        assert advice.facts["gain"] >= 0.5 and advice.facts["instead"] in view.legal
        assert advice.facts["instead"] is not advice.card
