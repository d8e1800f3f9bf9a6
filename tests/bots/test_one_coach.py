"""One coach (issue 32, items 3 and 4): the hint is a card or pass the review grades good,
costs are in the learner's own points, and a class is given only when the cost clears
its edge by its uncertainty."""

from __future__ import annotations

import pytest
from bot_helpers import RULE_SETS, card, play_positions, position

from hearts_widget.bots.coach import card_class, forget, hint, judge_card, judge_pass, own_share
from hearts_widget.engine import Hand, Rules


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_hint_is_never_graded_worse_than_good(name: str) -> None:
    """In every rule set, the hint's card (four positions) and the hint's pass, judged
    afterwards by the review (on the same kept play-outs, as at the table), are graded good."""
    rules = RULE_SETS[name]
    forget()
    for view in play_positions(rules, 4, seed=23):
        advice = hint(view)
        judged = judge_card(view, advice.card)
        assert judged.verdict == "good", (view, advice, judged)
    hand = Hand.deal(rules, 7, number=0)
    for seat in sorted(hand.waiting_to_pass)[:1]:  # no pass in Cancellation Hearts
        view = hand.view(seat)
        advice = hint(view)
        judged_pass = judge_pass(view, advice.cards)
        assert judged_pass.verdict == "good", (view.held, advice, judged_pass)


def test_a_cost_is_in_the_learners_own_points() -> None:
    """score.points: last to a trick that holds the Q♠, with no points left to play for and no
    moon possible, the A♠ takes 13 points and the 2♠ none: the A♠ costs exactly 13 of the
    learner's own points (not the 17.3 by which its points minus the others' average moves)."""
    hand = position(["5C", "3C", "4C", "AS 2S"], trick="QS 3S 4S", leader=0)
    view = hand.view(3)
    forget()
    judged = judge_card(view, card("AS"))
    assert judged.best == card("2S") and judged.cost == 13.0 and judged.error == 0.0
    assert judged.verdict == "blunder"
    assert own_share(Rules()) == 0.75 and own_share(Rules(players=3, variant="black-maria")) == pytest.approx(2 / 3)


@pytest.mark.parametrize(("cost", "error", "verdict"), [
    (0.9, 0.0, "good"), (1.2, 0.0, "inaccuracy"), (1.2, 0.15, "good"),
    (3.3, 0.1, "mistake"), (3.3, 0.2, "inaccuracy"), (3.3, 1.2, "good"),
    (6.4, 0.1, "blunder"), (6.4, 0.3, "mistake"), (8.0, 2.6, "inaccuracy"),
])
def test_a_class_is_given_only_when_the_cost_clears_its_edge_by_two_standard_errors(
        cost: float, error: float, verdict: str) -> None:
    """Each class's edge (1, 3 and 6 points) must be cleared by two standard errors, else the
    milder class ("mistake 3.3 ± 0.2" is an inaccuracy)."""
    assert card_class(cost, error) == verdict
