"""The strong bot's machinery: the private play-out agrees with the engine,
sampled deals respect what the seat knows, and the bot plays legally."""

import random

import pytest
from bot_helpers import play_checked_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_widget.bots import RuleBot, StrongBot
from hearts_widget.bots.inference import History
from hearts_widget.bots.sampler import Knowledge
from hearts_widget.bots.sim import Playout, relative_score
from hearts_widget.bots.strong import distinct_choices
from hearts_widget.bots.table import Table, allowed_masks
from hearts_widget.engine import Hand, Rules, parse_cards
from hearts_widget.engine.cards import SUIT_MASKS, mask_of


def _random_position(players: int, seed: int, moves: int) -> Hand:
    """A hand after the pass and ``moves`` random legal cards."""
    rng = random.Random(seed)
    hand = Hand.deal(Rules(players=players), seed, number=seed % 2)
    if hand.phase == "pass":
        for seat in range(players):
            hand = hand.pass_cards(seat, rng.sample(list(hand.held(seat)), 3))
    for _ in range(moves):
        if hand.phase != "play":
            break
        hand = hand.play(rng.choice(hand.legal_moves()))
    return hand


def _playout_of(hand: Hand) -> Playout:
    """The simulator's state for an engine position (all hands known)."""
    view = hand.view(hand.to_move)
    table_gone = mask_of(view.trick.cards)
    for trick in view.tricks:
        table_gone |= mask_of(trick.cards)
    return Playout(hand.rules, [mask_of(hand.held(s)) for s in range(hand.players)],
                   tuple(c.index for c in view.trick.cards), view.trick.leader, list(view.points), table_gone,
                   [0] * hand.players, view.hearts_broken, view.first_trick)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6), moves=st.integers(0, 60))
def test_playout_legality_winners_and_points_agree_with_the_engine(players: int, seed: int, moves: int) -> None:
    hand = _random_position(players, seed, moves)
    if hand.phase != "play":
        return
    playout = _playout_of(hand)
    rng = random.Random(seed)
    while hand.phase == "play":
        assert playout.legal() == mask_of(hand.legal_moves())
        assert playout.to_move == hand.to_move
        card = rng.choice(hand.legal_moves())
        hand = hand.play(card)
        playout.play(card.index)
        if hand.phase == "play" and not hand.trick.cards:
            assert playout.leader == hand.tricks[-1].winner
    assert playout.over
    assert playout.points == hand.points()


def test_relative_score_counts_the_moon_the_same_either_way() -> None:
    assert relative_score([26, 0, 0, 0], 0) == -26
    assert relative_score([26, 0, 0, 0], 1) == pytest.approx(26 / 3)
    assert relative_score([26, 0, 0, 0], 0, moon=False) == 26
    assert relative_score([13, 13, 0, 0], 2) == pytest.approx(-26 / 3)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6), moves=st.integers(0, 50))
def test_sampled_deals_respect_what_the_seat_knows(players: int, seed: int, moves: int) -> None:
    hand = _random_position(players, seed, moves)
    if hand.phase != "play":
        return
    seat = hand.to_move
    view = hand.view(seat)
    knowledge = Knowledge(view)
    allowed = allowed_masks(view)
    truth = [mask_of(hand.held(s)) for s in range(players)]
    for s in range(players):
        assert truth[s] & ~allowed[s] == 0, "the constraints must hold for the real deal"
    rng = random.Random(seed)
    for _ in range(5):
        deal = knowledge.sample(rng)
        assert deal[seat] == truth[seat]
        assert [m.bit_count() for m in deal] == list(view.hand_sizes)
        assert sum(deal) == sum(truth) and all(a & b == 0 for i, a in enumerate(deal) for b in deal[i + 1:])
        for s in range(players):
            assert deal[s] & ~allowed[s] == 0
        if view.passed:
            target = hand.rules.pass_target(seat, view.pass_direction)
            assert deal[target] & mask_of(view.passed) == truth[target] & mask_of(view.passed)


def test_a_seat_that_did_not_follow_is_known_void() -> None:
    hand = _random_position(4, 3, 0)
    rng = random.Random(1)
    while hand.phase == "play":
        trick_before = hand.trick
        mover = hand.to_move
        card = rng.choice(hand.legal_moves())
        hand = hand.play(card)
        if trick_before.cards and card.suit is not trick_before.cards[0].suit and hand.phase == "play":
            voids = Table.of(hand.view(hand.to_move)).voids if hand.to_move != mover else None
            if voids is not None:
                assert voids[mover] >> trick_before.cards[0].suit & 1
                allowed = allowed_masks(hand.view(hand.to_move))
                assert not allowed[mover] & SUIT_MASKS[trick_before.cards[0].suit]
                return
    raise AssertionError("no discard happened in this seeded hand")


@settings(max_examples=8, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6))
def test_strong_bot_plays_only_legal_cards(players: int, seed: int) -> None:
    bots = [StrongBot(seed=seed, deals=2) if s % 2 == 0 else RuleBot() for s in range(players)]
    play_checked_hand(Rules(players=players), seed, bots)


def test_strong_bot_with_a_seed_is_reproducible() -> None:
    hand = _random_position(4, 11, 9)
    view = hand.view(hand.to_move)
    choices = {StrongBot(seed=4, deals=10).choose_play(view) for _ in range(3)}
    assert len(choices) == 1


def test_equivalent_cards_are_searched_once() -> None:
    rules = Rules()
    legal = mask_of(parse_cards("5C 6C 8C JS QS KS 2H 3H"))
    gone = mask_of(parse_cards("4H"))
    table = Table(0, 4, legal, legal, (), 0, gone, rules.deck_mask, (0, 0, 0, 0), [0] * 4, False, False, True)
    # 7♣ is still out between 6♣ and 8♣; the Black Maria stands alone; 2♥ and 3♥ are alike.
    assert distinct_choices(table) == [c.index for c in parse_cards("5C 8C JS QS KS 2H")]


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6), moves=st.integers(1, 40))
def test_the_real_deal_fully_explains_rule_based_play(players: int, seed: int, moves: int) -> None:
    """Against rule-based players the true deal is never a surprise; other deals may be."""
    hand = Hand.deal(Rules(players=players), seed, number=seed % 2)
    if hand.phase == "pass":
        for s in range(players):
            hand = hand.pass_cards(s, RuleBot().choose_pass(hand.view(s)))
    for _ in range(moves):
        if hand.phase != "play":
            return
        hand = hand.play(RuleBot().choose_play(hand.view(hand.to_move)))
    if hand.phase != "play":
        return
    view = hand.view(hand.to_move)
    history = History(view)
    assert history.weight([mask_of(hand.held(s)) for s in range(players)]) == 1.0
    sample = Knowledge(view).sample(random.Random(seed))
    assert 0 < history.weight(sample) <= 1.0
