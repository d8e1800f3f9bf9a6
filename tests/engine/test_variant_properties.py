"""Property tests of the variants: random legal play through whole hands and
games, for every variant and player count, against an independent statement of
RULES.md's "Variants" section. Example counts are modest to keep CI fast."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_widget import Card, Game, Hand, Rules

EXAMPLES = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

house_rules = {"first_trick_no_points": st.booleans(), "maria_breaks_hearts": st.booleans(),
               "hearts_must_be_broken": st.booleans(), "target": st.integers(20, 80)}
variant_rules = st.one_of(
    st.builds(Rules, players=st.integers(3, 7), variant=st.just("omnibus"), bonus_card=st.sampled_from(["JD", "10D"]),
              moon_needs_bonus=st.booleans(), moon=st.sampled_from(["choice", "self", "others"]), **house_rules),
    st.builds(Rules, players=st.integers(3, 7), variant=st.just("black-maria"), **house_rules),
    st.builds(Rules, players=st.integers(5, 10), variant=st.just("cancellation"),
              moon=st.sampled_from(["choice", "self", "others", "off"]), **house_rules),
)

SPADE_POINTS = {"QS": 13, "KS": 10, "AS": 7}


def card_points(rules: Rules, card: Card) -> int:
    """RULES.md's points of one card in each variant."""
    if card.is_heart:
        return 1
    if rules.variant == "black-maria":
        return SPADE_POINTS.get(card.code, 0)
    if rules.variant == "omnibus" and card.code == rules.bonus_card:
        return -10
    return 13 if card.is_black_maria else 0


def reference_legal(rules: Rules, held: set[Card], trick: list[Card], first_trick: bool, broken: bool) -> set[Card]:
    """The play rules of RULES.md with each variant's changes, on plain sets."""
    maria_first = rules.first_trick_no_points
    if not trick:
        if first_trick and rules.variant == "cancellation":  # any card but a heart (nor the Q♠: no points)
            return ({c for c in held if not c.is_heart and not (maria_first and c.is_black_maria)}
                    or {c for c in held if not c.is_heart} or held)
        if first_trick:
            lowest_club = min((c for c in rules.deck if c.suit.letter == "C"), key=lambda c: c.rank)
            return {c for c in held if c == lowest_club}
        if rules.hearts_must_be_broken and not broken:
            return {c for c in held if not c.is_heart} or held
        return held
    same_suit = {c for c in held if c.suit == trick[0].suit}
    if same_suit:
        return same_suit
    if first_trick and rules.first_trick_no_points:
        no_points = {c for c in held if not c.is_heart and not c.is_black_maria
                     and not (rules.variant == "black-maria" and c.code in SPADE_POINTS)}
        return no_points or held
    return held


def reference_winner(rules: Rules, leader: int, cards: tuple[Card, ...]) -> int | None:
    """The highest card of the suit led; with two packs, twins of the suit led cannot win."""
    counts = Counter(cards)
    led = cards[0].suit
    candidates = [i for i, c in enumerate(cards) if c.suit == led and (rules.packs == 1 or counts[c] == 1)]
    if not candidates:
        return None
    return (leader + max(candidates, key=lambda i: cards[i].rank)) % rules.players


def play_checked(hand: Hand, rng: random.Random) -> Hand:
    """Random legal play to the end, checking legality against the reference and
    the explanations at every step."""
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
    broken = False
    while hand.phase == "play":
        seat = hand.to_move
        assert seat is not None
        held = set(hand.held(seat))
        legal = hand.legal_moves()
        assert len(legal) == len(set(legal))
        assert set(legal) == reference_legal(hand.rules, held, list(hand.trick.cards), hand.first_trick, broken)
        for card in held:
            assert hand.explain(card).legal == (card in legal), (card, hand.explain(card))
        card = rng.choice(legal)
        before = len(hand.tricks)
        hand = hand.play(card)
        if card.is_heart or (card.is_black_maria and hand.rules.maria_breaks_hearts):
            broken = True
        assert hand.hearts_broken == broken
        if len(hand.tricks) > before:
            done = hand.tricks[-1]
            expected = reference_winner(hand.rules, done.leader, done.cards)
            last = hand.phase == "done"
            assert done.winner == (done.leader if expected is None and last else expected)
            assert done.carried == (expected is None and not last)
    return hand


def check_finished(hand: Hand) -> None:
    rules = hand.rules
    played = Counter(c for trick in hand.tricks for c in trick.cards)
    taken = Counter(c for s in range(rules.players) for c in hand.taken(s))
    assert taken == Counter(rules.deck)  # every card (both copies) ends with someone
    assert sum(played.values()) == len(rules.deck) - rules.kitty_size
    assert max(played.values()) == rules.packs or rules.packs == 1 and max(played.values()) == 1
    assert hand.carried == () and hand.kitty_size == 0 and hand.tricks[-1].winner is not None
    assert hand.points() == [sum(card_points(rules, c) for c in hand.taken(s)) for s in range(rules.players)]
    assert sum(hand.points()) == rules.points_per_hand == {
        "omnibus": 16, "black-maria": 43, "cancellation": 52, "standard": 26}[rules.variant]


@EXAMPLES
@given(rules=variant_rules, seed=st.integers(0, 10**6), number=st.integers(0, 11))
def test_random_variant_hands_follow_the_rules(rules: Rules, seed: int, number: int) -> None:
    hand = play_checked(Hand.deal(rules, seed, number), random.Random(seed))
    check_finished(hand)
    assert Hand.from_json(hand.to_json()) == hand


@EXAMPLES
@given(rules=variant_rules, seed=st.integers(0, 10**6))
def test_random_variant_games_score_as_the_variant_says(rules: Rules, seed: int) -> None:
    game = Game.new(rules, seed)
    rng = random.Random(seed)
    while not game.is_over:
        if game.pending_moon is not None:
            game = game.choose_moon(rng.choice(["self", "others"]))
        elif game.hand.phase == "pass":
            for seat in game.hand.waiting_to_pass:
                game = game.pass_cards(seat, rng.sample(game.hand.held(seat), 3))
        else:
            game = game.play(rng.choice(game.hand.legal_moves()))
    for hand, row in zip(game.completed, game.sheet, strict=True):
        shooter = hand.moon_shooter
        if shooter is None:
            assert list(row) == hand.points() and sum(row) == rules.points_per_hand
        else:
            moon = 26 * rules.packs
            bonus = hand.bonus_points()
            assert list(row) in (
                [(-moon if s == shooter else 0) + bonus[s] for s in range(rules.players)],
                [(0 if s == shooter else moon) + bonus[s] for s in range(rules.players)],
            )
        assert rules.variant != "black-maria" or shooter is None
    assert Game.from_json(game.to_json()) == game
