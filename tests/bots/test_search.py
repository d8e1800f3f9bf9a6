"""The strong bot's machinery: the private play-out agrees with the engine,
sampled deals respect what the seat knows, and the bot plays legally."""

import random

import pytest
from bot_helpers import play_checked_hand, random_moves
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hearts_widget.bots import RuleBot, StrongBot
from hearts_widget.bots.inference import History
from hearts_widget.bots.sampler import Knowledge, TwoPackKnowledge
from hearts_widget.bots.sim import Playout, cancellation_winner_index, relative_score, trick_winner_index
from hearts_widget.bots.strong import distinct_choices
from hearts_widget.bots.table import Table, allowed_masks
from hearts_widget.engine import Hand, Rules, parse_cards
from hearts_widget.engine.cards import ALL_CARDS, SUIT_MASKS, iter_bits, mask_of
from hearts_widget.engine.trick import cancellation_winner, trick_winner


def _random_position(players: int, seed: int, moves: int) -> Hand:
    """A hand after the pass and ``moves`` random legal cards."""
    rng = random.Random(seed)
    hand = Hand.deal(Rules(players=players), seed, number=seed % 2)
    if hand.phase == "pass":
        for seat in range(players):
            hand = hand.pass_cards(seat, rng.sample(list(hand.held(seat)), 3))
    return random_moves(hand, rng, moves)


def _playout_of(hand: Hand) -> Playout:
    """The simulator's state for an engine position (all hands known; with two
    packs the engine's own second masks, carried cards and kitty)."""
    view = hand.view(hand.to_move)
    table = Table.of(view)
    two = hand.rules.packs == 2
    return Playout(hand.rules, list(hand._held), table.trick, view.trick.leader, list(table.points), table.gone,
                   [0] * hand.players, view.hearts_broken, view.first_trick, scored=list(view.points),
                   hands2=list(hand._held2) if two else None, carried=tuple(c.index for c in hand.carried),
                   kitty=tuple(c.index for c in hand._kitty))


def _engine_row(hand: Hand) -> list[int]:
    """The hand's score row as the game records it with the moon scored "others"
    (game.py: +moon to each other seat, the Omnibus bonus kept)."""
    shooter, rules = hand.moon_shooter, hand.rules
    if shooter is None:
        return hand.points()
    return [(0 if s == shooter else rules.moon_points) + b for s, b in enumerate(hand.bonus_points())]


def _agree(hand: Hand, seed: int) -> None:
    """Play ``hand`` out at random in the engine and in the play-out, checking every step."""
    playout = _playout_of(hand)
    rng = random.Random(seed)
    while hand.phase == "play":
        assert playout.legal() == mask_of(hand.legal_moves())
        assert playout.to_move == hand.to_move
        card = rng.choice(hand.legal_moves())
        hand = hand.play(card)
        playout.play(card.index)
        assert playout.scored == hand.points()
        if hand.phase == "play" and not hand.trick.cards:
            assert playout.leader == hand.leader
    assert playout.over
    assert playout.result() == _engine_row(hand)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6), moves=st.integers(0, 60))
def test_playout_legality_winners_and_points_agree_with_the_engine(players: int, seed: int, moves: int) -> None:
    hand = _random_position(players, seed, moves)
    if hand.phase == "play":
        _agree(hand, seed)


VARIANT_RULES = [Rules(variant="omnibus"), Rules(variant="omnibus", bonus_card="10D", moon_needs_bonus=True),
                 Rules(variant="black-maria"), Rules(players=3, variant="black-maria"),
                 Rules(players=5, variant="cancellation"), Rules(players=6, variant="cancellation"),
                 Rules(players=10, variant="cancellation")]


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(VARIANT_RULES), seed=st.integers(0, 10**6), moves=st.integers(0, 100))
def test_playout_scores_every_variant_as_the_engine(rules: Rules, seed: int, moves: int) -> None:
    """variant.omnibus.bonus, variant.black-maria.points, variant.cancellation.cancel and
    .carry and .kitty, score.moon: the play-out's points, winners and moon are the engine's."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed)
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, rng.sample(list(hand.held(seat)), 3))
    hand = random_moves(hand, rng, moves)
    if hand.phase == "play":
        _agree(hand, seed)


@settings(max_examples=200, deadline=None)
@given(players=st.integers(3, 10), data=st.data())
def test_trick_winners_on_indexes_are_the_engines(players: int, data: st.DataObject) -> None:
    """play.trick-winner and variant.cancellation.cancel: the play-out's winners on
    card indexes are the engine's, for any trick of one pack or two."""
    deck = [c for c in range(52) for _ in range(2)]
    trick = tuple(data.draw(st.permutations(deck))[:players])
    cards = tuple(ALL_CARDS[c] for c in trick)
    leader = data.draw(st.integers(0, players - 1))
    assert cancellation_winner_index(leader, trick, players) == cancellation_winner(leader, cards, players)[0]
    once = tuple(dict.fromkeys(trick))
    assert trick_winner_index(leader, once, len(once)) == trick_winner(leader, tuple(ALL_CARDS[c] for c in once),
                                                                       len(once))[0]


def test_playout_scores_a_moon_in_omnibus_with_the_bonus_kept() -> None:
    """variant.omnibus.moon: the shooter keeps the bonus's -10; the others take +26."""
    rules = Rules(variant="omnibus")
    playout = Playout(rules, [0] * 4, (), 0, [26, 0, 0, 0], 0, [0] * 4, True, False, scored=[16, 0, 0, 0])
    assert playout.result() == [-10, 26, 26, 26]
    assert relative_score(playout.result(), 0) == -36


def test_relative_score_is_the_seats_points_less_the_others_average() -> None:
    assert relative_score([0, 26, 26, 26], 0) == -26
    assert relative_score([0, 26, 26, 26], 1) == pytest.approx(26 / 3)
    assert relative_score([13, 13, 0, 0], 2) == pytest.approx(-26 / 3)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6), moves=st.integers(0, 50))
@example(players=7, seed=128385, moves=34)  # voids too tight for the random tries: the matching deals
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


@settings(max_examples=30, deadline=None)
@given(players=st.integers(5, 10), seed=st.integers(0, 10**6), moves=st.integers(0, 80))
def test_two_pack_deals_respect_what_the_seat_knows(players: int, seed: int, moves: int) -> None:
    """variant.cancellation.deal and .kitty: every unseen copy is dealt once, to a
    seat that may hold it or to the kitty, and the seat's own cards are its own."""
    rng = random.Random(seed)
    hand = random_moves(Hand.deal(Rules(players=players, variant="cancellation"), seed), rng, moves)
    if hand.phase != "play":
        return
    seat = hand.to_move
    view = hand.view(seat)
    knowledge = TwoPackKnowledge(view)
    allowed = allowed_masks(view)
    truth = sorted([c.index for s in range(players) for c in hand.held(s)] + [c.index for c in hand._kitty])
    for _ in range(5):
        hands, hands2, kitty = knowledge.sample(rng)
        assert (hands[seat], hands2[seat]) == (hand._held[seat], hand._held2[seat])
        assert [m.bit_count() + m2.bit_count() for m, m2 in zip(hands, hands2, strict=True)] == list(view.hand_sizes)
        assert len(kitty) == view.kitty_size
        dealt = [i for m in hands + hands2 for i in iter_bits(m)] + list(kitty)
        if not any(e.kind == "kitty-taken" and e.seat != seat for e in view.events):
            assert sorted(dealt) == truth
        for s in range(players):
            assert hands[s] & ~allowed[s] == 0 and hands2[s] & ~hands[s] == 0
