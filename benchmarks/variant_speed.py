"""Variant speed: random whole hands per second of every variant, against the
standard 4-player game run in the same process (the reference, ratio 1.0).

Each hand is dealt, passed (random cards) when the variant passes, and played
out with random legal cards through the checked public API (``Hand.deal``,
``pass_cards``, ``legal_moves``, ``play``). Cancellation Hearts plays two
packs (104 cards), so a hand has twice the cards of a 52-card game at most
player counts: hands/s is expected to be lower; cards per second says whether
the two-bitmask representation keeps the per-card cost of the 52-card game.

    python benchmarks/variant_speed.py [--hands 200] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from hearts_widget import Hand, Rules

CASES = [
    ("standard, 4 players", Rules(players=4)),
    ("omnibus, 4 players", Rules(players=4, variant="omnibus")),
    ("black-maria, 4 players", Rules(players=4, variant="black-maria")),
    ("cancellation, 5 players", Rules(players=5, variant="cancellation")),
    ("cancellation, 8 players", Rules(players=8, variant="cancellation")),
    ("cancellation, 10 players", Rules(players=10, variant="cancellation")),
]


def play_hands(rules: Rules, count: int, seed: int) -> int:
    """Play ``count`` random hands; return the number of cards played."""
    rng = random.Random(seed)
    cards = 0
    for number in range(count):
        hand = Hand.deal(rules, seed=seed, number=number)
        for seat in hand.waiting_to_pass:
            hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
        while hand.phase == "play":
            hand = hand.play(rng.choice(hand.legal_moves()))
            cards += 1
        assert sum(hand.points()) == rules.points_per_hand
    return cards


def rate(rules: Rules, count: int, seed: int) -> tuple[float, float]:
    """Hands per second and cards per second of one run (CPU time of this process,
    so other work on the machine disturbs it less)."""
    start = time.process_time()
    played = play_hands(rules, count, seed)
    elapsed = time.process_time() - start
    return count / elapsed, played / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is reported (default 5)")
    args = parser.parse_args()
    reference = CASES[0][1]
    play_hands(reference, 20, 0)  # warm up
    print(f"median of {args.runs} runs of {args.hands} hands; each run is paired with a run of the "
          f"standard 4-player game just before it, and the ratios are per pair")
    for name, rules in CASES:
        hands, cards, hand_ratios, card_ratios = [], [], [], []
        for run in range(args.runs):
            reference_hands, reference_cards = rate(reference, args.hands, run)
            case_hands, case_cards = rate(rules, args.hands, run)
            hands.append(case_hands)
            cards.append(case_cards)
            hand_ratios.append(case_hands / reference_hands)
            card_ratios.append(case_cards / reference_cards)
        print(f"{name:26} {statistics.median(hands):8.1f} hands/s ({statistics.median(hand_ratios):.2f})  "
              f"{statistics.median(cards):9.0f} cards/s ({statistics.median(card_ratios):.2f})")


if __name__ == "__main__":
    main()
