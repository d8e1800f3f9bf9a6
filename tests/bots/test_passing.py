"""The strong bot's pass search and what the pass across tells the search."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_widget.bots import RuleBot, StrongBot
from hearts_widget.bots.inference import SURPRISE, History
from hearts_widget.bots.passing import TOP_CARDS, pass_candidates, search_pass
from hearts_widget.bots.tactics import rule_pass
from hearts_widget.engine import Hand, Rules, parse_cards
from hearts_widget.engine.cards import mask_of


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_pass_candidates_start_with_the_rule_pass_and_are_distinct_held_threes(seed: int) -> None:
    rules = Rules()
    held = mask_of(Hand.deal(rules, seed).held(0))
    candidates = pass_candidates(held, rules.deck_mask)
    assert candidates[0] == tuple(sorted(rule_pass(held, rules.deck_mask)))
    assert len(set(candidates)) == len(candidates) <= 1 + TOP_CARDS * (TOP_CARDS - 1) * (TOP_CARDS - 2) // 6
    for combo in candidates:
        assert len(set(combo)) == 3 and all(held >> card & 1 for card in combo)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), number=st.integers(0, 2))
def test_the_strong_bot_passes_three_held_cards_reproducibly(seed: int, number: int) -> None:
    view = Hand.deal(Rules(), seed, number=number).view(1)
    first = StrongBot(seed=seed).choose_pass(view)
    assert len(set(first)) == 3 and set(first) <= set(view.held)
    assert StrongBot(seed=seed).choose_pass(view) == first


def test_pass_search_passes_an_unguarded_black_maria_with_the_ace_and_king() -> None:
    """Q♠ A♠ K♠ with one low spade: the search keeps none of the three."""
    rules = Rules()
    held = parse_cards("QS AS KS 3S 2C 5C 8C 4D 7D 9D 3H 6H 8H")
    passed = search_pass(rules, 0, mask_of(held), 1, random.Random(0))
    assert set(passed) == {c.index for c in parse_cards("QS AS KS")}


def _across_view(seed: int) -> tuple[Hand, int]:
    """A hand passed across by rule-based bots, with its first card to play."""
    hand = Hand.deal(Rules(), seed, number=2)
    assert hand.pass_direction == "across"
    for seat in range(4):
        hand = hand.pass_cards(seat, RuleBot().choose_pass(hand.view(seat)))
    return hand, hand.to_move


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_real_deal_explains_a_rule_based_pass_across(seed: int) -> None:
    hand, seat = _across_view(seed)
    history = History(hand.view(seat))
    assert history.partner == (seat + 2) % 4
    assert history.weight([mask_of(hand.held(s)) for s in range(4)]) == 1.0


def test_a_deal_the_pass_across_does_not_explain_counts_less() -> None:
    """The partner passed cards the rule would not have passed from the sampled hand:
    swap one of its kept cards with a card it would have passed before them."""
    for seed in range(50):
        hand, seat = _across_view(seed)
        partner = (seat + 2) % 4
        received = mask_of(hand.view(seat).received)
        hands = [mask_of(hand.held(s)) for s in range(4)]
        other = next(s for s in range(4) if s not in (seat, partner))
        # Give the partner the other seat's most dangerous card, take back its lowest kept card.
        dangerous = max(rule_pass(hands[other], Rules().deck_mask))
        passed = mask_of(hand.view(seat).passed)
        kept = hands[partner] & ~passed
        low = min(c for c in range(52) if kept >> c & 1)
        swapped = list(hands)
        swapped[partner] = hands[partner] & ~(1 << low) | 1 << dangerous
        swapped[other] = hands[other] & ~(1 << dangerous) | 1 << low
        dealt = swapped[partner] & ~passed | received
        if sorted(rule_pass(dealt, Rules().deck_mask)) != sorted(c for c in range(52) if received >> c & 1):
            assert History(hand.view(seat)).weight(swapped) == SURPRISE
            return
    raise AssertionError("no deal found where the swap changes the partner's pass")
