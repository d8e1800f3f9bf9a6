"""How right is the review of a pass? The coach's class of a pass against a large-sample evaluation.

    python benchmarks/pass_review_quality.py --hands 20 --deals 1000

(run from the repository root: ``PYTHONPATH=. nice python benchmarks/pass_review_quality.py ...``)

For each rule set with a pass, ``--hands`` hands are dealt and two passes of
seat 0 judged by the review (:func:`hearts_widget.bots.coach.judge_pass`, from
its thirteen cards, with the coach's own stop): its three lowest cards (a
pass that keeps the dangerous cards) and the coach's hint. The reference
plays every pass the review compares (the strong bot's candidates and these
two) on ``--deals`` deals with another seed, no pass dropped, and classes
each of the two by its cost against the best there. Prints the share of
passes whose class agrees, the share of the review's blunders that cost ≥ 6
points in the reference, the confusion counts and the CPU time of a
judgement, with the load average.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter

from hearts_widget.bots.coach import card_class, forget, hint, judge_pass
from hearts_widget.bots.passing import PassDeals, pass_candidates
from hearts_widget.bots.tactics import index_mask
from hearts_widget.engine import Hand, Rules
from hearts_widget.engine.cards import mask_of

RULE_SETS = {
    "standard": Rules(),
    "omnibus": Rules(variant="omnibus"),
    "black-maria": Rules(variant="black-maria"),
    "black-maria-3": Rules(players=3, variant="black-maria"),
}
CLASSES = ("good", "inaccuracy", "mistake", "blunder")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--deals", type=int, default=1000, help="deals of the reference evaluation")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--rules", default=",".join(RULE_SETS), help=f"comma-separated: {', '.join(RULE_SETS)}")
    args = parser.parse_args()
    for name in args.rules.split(","):
        rules = RULE_SETS[name]
        start = time.perf_counter()
        confusion: Counter[tuple[str, str]] = Counter()
        cpu = []
        number = 0
        while sum(confusion.values()) < 2 * args.hands:
            hand = Hand.deal(rules, args.seed + number, number % 3)
            number += 1
            view = hand.view(0)
            if view.pass_direction is None:  # a hand without a pass
                continue
            held = mask_of(view.held)
            keep = rules.bonus.bit if rules.bonus is not None else 0
            passes = [tuple(sorted(view.held, key=lambda c: (c.rank, c.index))[:3]), hint(view).cards]
            candidates = [index_mask(p) for p in pass_candidates(held, rules.deck_mask, keep)]
            candidates = list(dict.fromkeys(candidates + [mask_of(p) for p in passes]))
            deals = PassDeals(rules, 0, held, rules.pass_target(0, view.pass_direction),
                              random.Random(7919 * number + args.seed))
            totals = dict.fromkeys(candidates, 0.0)
            for _ in range(args.deals):
                deal = deals.sample()
                for candidate in candidates:
                    totals[candidate] += deals.result(deal, candidate)
            best = min(totals.values())
            for cards in passes:
                forget()
                began = time.process_time()
                judged = judge_pass(view, cards)
                cpu.append(1000 * (time.process_time() - began))
                confusion[judged.verdict, card_class((totals[mask_of(cards)] - best) / args.deals)] += 1
        total = sum(confusion.values())
        agree = sum(n for (mine, ref), n in confusion.items() if mine == ref)
        blunders = sum(n for (mine, _), n in confusion.items() if mine == "blunder")
        load = os.getloadavg()
        print(f"{name}: {total} passes judged, reference {args.deals} deals, {time.perf_counter() - start:.0f} s, "
              f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        print(f"  class agrees with the reference: {agree}/{total} ({100 * agree / total:.1f}%); blunders really "
              f"≥ 6 points: {confusion['blunder', 'blunder']}/{blunders}; judgement CPU median "
              f"{statistics.median(cpu):.0f} ms, max {max(cpu):.0f} ms")
        print("  review \\ reference: " + "; ".join(
            f"{mine}: " + " ".join(f"{confusion[mine, ref]}" for ref in CLASSES) for mine in CLASSES))


if __name__ == "__main__":
    main()
