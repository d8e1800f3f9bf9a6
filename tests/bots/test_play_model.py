"""The coach's and the strong bot's model of the other players: the play-outs play as
the table's rule-based bots do, the variant layer included (issue 32, item 3)."""

from __future__ import annotations

import random

import pytest
from bot_helpers import RULE_SETS

from hearts_widget.bots import RuleBot
from hearts_widget.bots.table import Table
from hearts_widget.bots.tactics import rule_play
from hearts_widget.bots.variants import VariantPolicy, variant_policy
from hearts_widget.engine import Hand, Rules


def _decisions(rules: Rules, seeds: range):
    """Every decision with a choice in hands played by random legal cards (random
    passes), so that the positions are varied rather than the rule bots' own."""
    for seed in seeds:
        rng = random.Random(seed)
        hand = Hand.deal(rules, seed, number=seed % 2)
        if hand.phase == "pass":
            for seat in range(rules.players):
                hand = hand.pass_cards(seat, rng.sample(list(hand.view(seat).held), 3))
        while hand.phase == "play":
            view = hand.view(hand.to_move)
            if len(view.legal) > 1:
                yield view
            hand = hand.play(rng.choice(view.legal))


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_play_out_policy_is_the_table_bot(name: str) -> None:
    """variant.*: on random positions of every rule set the play-outs' policy plays
    the rule-based bot's card (the variant layer included)."""
    rules = RULE_SETS[name]
    policy = variant_policy(rules)
    bot = RuleBot()
    checked = changed = 0
    for view in _decisions(rules, range(6)):
        table = Table.of(view)
        card = bot.choose_play(view).index
        assert policy(table) == card, view
        checked += 1
        changed += rule_play(table) != card
    assert checked > 200
    assert changed or rules.variant == "standard"  # the variant layer was at work here


def test_standard_play_outs_stay_the_tactics() -> None:
    """The standard game has no variant layer: the play-outs keep the fast tactics."""
    assert variant_policy(Rules()) is rule_play
    assert isinstance(variant_policy(Rules(variant="black-maria")), VariantPolicy)
