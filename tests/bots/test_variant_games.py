"""Every bot plays whole games of every variant legally (the arena's games go
through the engine's checked moves), and the strong bot plays a variant as the
rule-based bot does."""

from __future__ import annotations

import pytest

from hearts_widget import Hand, Rules
from hearts_widget.bots import RandomBot, RuleBot, StrongBot, make_bot
from hearts_widget.bots.arena import play_game

VARIANTS = [Rules(variant="omnibus", target=40), Rules(players=3, variant="black-maria", target=40),
            Rules(players=5, variant="cancellation", target=60), Rules(players=10, variant="cancellation", target=60)]


@pytest.mark.parametrize("name", ["random", "rule", "strong"])
@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_every_bot_plays_whole_variant_games(name: str, rules: Rules) -> None:
    game = play_game([make_bot(name, seed=seat) for seat in range(rules.players)], rules, seed=2)
    assert game.is_over
    for hand, row in zip(game.completed, game.sheet, strict=True):
        assert hand.moon_shooter is not None or sum(row) == rules.points_per_hand


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_strong_bot_plays_a_variant_as_the_rule_based_bot(rules: Rules) -> None:
    hand = Hand.deal(rules, seed=4)
    strong, rule = StrongBot(seed=1, deals=2), RuleBot()
    for seat in hand.waiting_to_pass:
        view = hand.view(seat)
        assert strong.choose_pass(view) == rule.choose_pass(view)
        hand = hand.pass_cards(seat, rule.choose_pass(view))
    while hand.phase == "play":
        view = hand.view(hand.to_move)  # type: ignore[arg-type]
        assert strong.choose_play(view) == rule.choose_play(view)
        hand = hand.play(RandomBot(seed=len(hand.tricks)).choose_play(view))
