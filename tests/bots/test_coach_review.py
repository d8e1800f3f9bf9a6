"""The review's costs: measured on deals other than those that chose the best card
(the winner's curse), and in agreement with the coach's own hint."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from bot_helpers import RULE_SETS, random_moves

from hearts_widget.bots import RuleBot, coach
from hearts_widget.bots.coach import card_class, forget, hint, judge_card
from hearts_widget.bots.strong import distinct_choices
from hearts_widget.bots.table import Table
from hearts_widget.engine import Hand, Rules, SeatView

# One of each kind of game (the judgements take a moment each).
REVIEWED = ("standard", "hearts-led-any-time", "omnibus", "black-maria", "black-maria-3", "cancellation-6")


def play_positions(rules: Rules, count: int, seed: int) -> list[SeatView]:
    """``count`` views of the seat to play, with a real choice, after some random cards."""
    rng = random.Random(seed)
    found: list[SeatView] = []
    number = 0
    while len(found) < count:
        hand = Hand.deal(rules, seed * 1000 + number, number=number)
        number += 1
        for seat in hand.waiting_to_pass:
            hand = hand.pass_cards(seat, RuleBot().choose_pass(hand.view(seat)))
        hand = random_moves(hand, rng, rng.randrange(rules.players * (rules.cards_each - 1)))
        if hand.phase == "play":
            view = hand.view(hand.to_move)  # type: ignore[arg-type]
            if len(distinct_choices(Table.of(view), rules)) > 1:
                found.append(view)
    return found


def test_the_review_classes_the_hints_own_card_good_but_where_the_hints_search_stopped_short() -> None:
    """Judged right after the hint (sharing its play-outs, as on the table) and afresh,
    the hint's card is good in at least 95% of the positions, and never worse than an
    inaccuracy: the hint stops searching sooner than the review (its latency), so a
    card within WORTH of the best on the hint's deals may cost a point on more."""
    verdicts: Counter[str] = Counter()
    for name in REVIEWED:
        for view in play_positions(RULE_SETS[name], 12, seed=11):
            forget()
            card = hint(view).card
            verdicts[judge_card(view, card).verdict] += 1
            forget()
            verdicts[judge_card(view, card).verdict] += 1
    assert verdicts["good"] >= 0.95 * sum(verdicts.values()), verdicts
    assert set(verdicts) <= {"good", "inaccuracy"}, verdicts


@dataclass(frozen=True)
class NoisyDeal:
    results: tuple[float, ...]
    weight: float = 1.0


class EqualCards:
    """A decision whose candidates are all worth the same, each deal's result noisy
    (a standard deviation of 4 points, as a hand's swings are)."""

    def __init__(self, rng: random.Random, count: int) -> None:
        self.rng = rng
        self.count = count

    def sample(self) -> NoisyDeal:
        return NoisyDeal(tuple(self.rng.gauss(0, 4) for _ in range(self.count)))

    def result(self, deal: NoisyDeal, candidate: int) -> float:
        return deal.results[candidate]


def test_a_cost_is_measured_on_fresh_deals_not_against_the_luckiest_mean() -> None:
    """Twelve cards worth the same: on the deals of the search the luckiest looks a point
    or more better than the card judged, which is not (the winner's curse); measured
    again on fresh deals, the card judged costs nothing worth a class."""
    forget()
    values, _, cost = coach._judged("equal cards", list(range(12)), lambda rng: EqualCards(rng, 12), 60, 600, 0)
    on_the_searchs_deals = values.paired(0, values.best())[0]
    assert len(values.weights) == 60 and card_class(on_the_searchs_deals) != "good", on_the_searchs_deals
    assert card_class(cost) == "good", (on_the_searchs_deals, cost)
