"""Variant sense of the bots: paired hands of every variant, one seat played by
RuleBot (the standard tactics plus :mod:`hearts_widget.bots.variants`) and the
same seat, on the same deal, by the standard tactics alone; the other seats
always play the standard tactics. Prints the mean difference in points a hand
for that seat (negative: the variant layer takes fewer points) and its standard
error.

    python benchmarks/variant_bots.py [--hands 150]
"""

from __future__ import annotations

import argparse
import statistics

from hearts_widget import Card, Hand, Rules
from hearts_widget.bots import RuleBot
from hearts_widget.bots.table import Table
from hearts_widget.bots.tactics import rule_play
from hearts_widget.engine import SeatView
from hearts_widget.engine.cards import ALL_CARDS

CASES = [Rules(variant="omnibus"), Rules(variant="black-maria"), Rules(players=3, variant="black-maria"),
         Rules(players=5, variant="cancellation"), Rules(players=10, variant="cancellation")]


class StandardTactics(RuleBot):
    """RuleBot without the variant layer: the standard game's tactics only."""

    def choose_play(self, view: SeatView) -> Card:
        return ALL_CARDS[rule_play(Table.of(view))]


def seat_points(rules: Rules, seed: int, seat: int, bot: RuleBot) -> int:
    hand = Hand.deal(rules, seed)
    bots = [bot if s == seat else StandardTactics() for s in range(rules.players)]
    for s in hand.waiting_to_pass:
        hand = hand.pass_cards(s, bots[s].choose_pass(hand.view(s)))
    while hand.phase == "play":
        mover = hand.to_move
        assert mover is not None
        hand = hand.play(bots[mover].choose_play(hand.view(mover)), mover)
    return hand.points()[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=150, help="paired hands per variant (default 150)")
    args = parser.parse_args()
    for rules in CASES:
        diffs = [seat_points(rules, seed, seed % rules.players, RuleBot())
                 - seat_points(rules, seed, seed % rules.players, StandardTactics()) for seed in range(args.hands)]
        error = statistics.stdev(diffs) / len(diffs) ** 0.5
        print(f"{rules!r:60} {statistics.mean(diffs):+.2f} ± {error:.2f} points/hand ({args.hands} paired hands)")


if __name__ == "__main__":
    main()
