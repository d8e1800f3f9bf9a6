"""Every bot plays whole games of every variant legally (the arena's games go
through the engine's checked moves), and the strong bot searches every variant itself."""

from __future__ import annotations

import pytest

from hearts_widget import Hand, Rules
from hearts_widget.bots import RandomBot, RuleBot, StrongBot, make_bot
from hearts_widget.bots.arena import play_game
from hearts_widget.bots.strong import distinct_choices
from hearts_widget.bots.table import Table

VARIANTS = [Rules(variant="omnibus", target=40), Rules(players=3, variant="black-maria", target=40),
            Rules(players=5, variant="cancellation", target=60), Rules(players=10, variant="cancellation", target=60)]


@pytest.mark.parametrize("name", ["random", "rule", "strong"])
@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_every_bot_plays_whole_variant_games(name: str, rules: Rules) -> None:
    # The strong bot with a small budget: its search is the same (every legal card played out on
    # sampled deals, the pass searched too), only noisier, and a game takes a second, not ten.
    bots = [StrongBot(seed=seat, deals=4) if name == "strong" else make_bot(name, seed=seat)
            for seat in range(rules.players)]
    game = play_game(bots, rules, seed=2)
    assert game.is_over
    for hand, row in zip(game.completed, game.sheet, strict=True):
        assert hand.moon_shooter is not None or sum(row) == rules.points_per_hand


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_strong_bot_searches_every_variant_itself(rules: Rules) -> None:
    """The strong bot no longer hands a variant to the rule-based bot: every play
    with a real choice is searched on sampled deals (``last_deals``), and the
    search does not always agree with the rule-based card."""
    hand = Hand.deal(rules, seed=4)
    strong, rule = StrongBot(seed=1, deals=10), RuleBot()  # a few deals: searched all the same
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, rule.choose_pass(hand.view(seat)))
    searched = differ = 0
    while hand.phase == "play":
        view = hand.view(hand.to_move)  # type: ignore[arg-type]
        card = strong.choose_play(view)
        if len(distinct_choices(Table.of(view), rules)) > 1:
            assert strong.last_deals > 0
            searched += 1
            differ += card is not rule.choose_play(view)
        hand = hand.play(RandomBot(seed=len(hand.tricks)).choose_play(view))
    assert searched and differ
