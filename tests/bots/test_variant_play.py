"""Variant sense on top of the rule-based play (bots/variants.py): last to play,
the card taking the fewest points; the Omnibus bonus is not thrown away."""

from __future__ import annotations

import random

import pytest

from hearts_widget import Hand, Rules
from hearts_widget.bots import RuleBot
from hearts_widget.bots.table import Table
from hearts_widget.bots.tactics import decide
from hearts_widget.bots.variants import MOON_REASONS, points_taken, variant_decide
from hearts_widget.engine.cards import ALL_CARDS

VARIANTS = [Rules(variant="omnibus"), Rules(variant="omnibus", bonus_card="10D"),
            Rules(players=3, variant="black-maria"), Rules(players=5, variant="cancellation"),
            Rules(players=10, variant="cancellation")]


def decisions(rules: Rules, seeds: range):
    """Every play decision of RuleBot hands: (view, the card of the standard
    tactics, the card after the variant layer, which RuleBot plays)."""
    bot = RuleBot()
    for seed in seeds:
        hand = Hand.deal(rules, seed)
        rng = random.Random(seed)
        for seat in hand.waiting_to_pass:
            hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
        while hand.phase == "play":
            view = hand.view(hand.to_move)  # type: ignore[arg-type]
            index, reason = decide(Table.of(view))
            proposed = ALL_CARDS[index]
            chosen = variant_decide(view, proposed, reason)[0]
            assert bot.choose_play(view) is chosen
            yield view, proposed, chosen, reason
            hand = hand.play(chosen)


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_last_to_play_takes_the_fewest_points(rules: Rules) -> None:
    changed = 0
    for view, proposed, chosen, reason in decisions(rules, range(12)):
        assert chosen in view.legal
        # A card taken on purpose against a moon (or for one) stands.
        if len(view.trick.cards) == rules.players - 1 and not reason.startswith(MOON_REASONS):
            assert points_taken(view, chosen) == min(points_taken(view, c) for c in view.legal)
            changed += chosen is not proposed
    # The layer does change some rule-based choices; in Black Maria the tactics
    # themselves keep the point-carrying spades back (Table.costly), so it may not.
    assert changed or rules.variant == "black-maria"


@pytest.mark.parametrize("rules", VARIANTS[:2], ids=repr)
def test_omnibus_bonus_is_not_thrown_on_another_players_trick(rules: Rules) -> None:
    bonus = rules.bonus
    seen = 0
    for view, _, chosen, _ in decisions(rules, range(40)):
        led = view.trick.led_suit
        discarding = led is not None and led is not bonus.suit and len(view.legal) > 1  # type: ignore[union-attr]
        if discarding and bonus in view.legal and len(view.trick.cards) < rules.players - 1:
            seen += 1
            assert chosen is not bonus
    assert seen


def test_standard_game_is_left_to_the_rule_based_play() -> None:
    for _, proposed, chosen, _ in decisions(Rules(), range(3)):
        assert chosen is proposed


def test_black_maria_discards_shed_the_card_worth_the_most() -> None:
    rules = Rules(variant="black-maria")
    shed = 0
    for view, proposed, chosen, _ in decisions(rules, range(30)):
        led = view.trick.led_suit
        if led is not None and proposed.suit is not led and len(view.trick.cards) < rules.players - 1:
            assert rules.card_points(chosen) == max(rules.card_points(c) for c in view.legal)
            shed += chosen is not proposed
    assert shed
