"""How good is the coach's hint? Its card against the best card, as the strong bot values them.

    python benchmarks/coach_quality.py --positions 300 --deals 1000 [--recheck 3000]

(run from the repository root: ``PYTHONPATH=. nice python benchmarks/coach_quality.py ...``)

For each rule set, ``--positions`` positions are sampled (a dealt hand, the
rule-based pass, then a random number of moves, each the rule-based card or,
one time in three, a random legal card) where the seat to move has a real
choice. Every distinct legal card is valued with the strong bot's evaluation
from that seat's view (``--deals`` sampled deals, no adaptive stop: its
points minus the others' average over the rest of the hand, the moon
counted), and the hint's gap is its card's value minus the best card's.
Prints the distribution of the gaps: the share within 0.5 points (the goal:
all), quantiles, mean and the worst positions. ``--recheck N`` values every
position over 0.5 again with N deals and other seeds and prints each with
where its hint came from (its reason code; "search-better" when the coach's
own evaluation replaced the rule-based card; whether it was played last), to
tell a bad hint from the measurement's own sampling noise. ``--save FILE``
writes this version's hint cards; ``--compare FILE`` (another version's
``--save``) values those cards on the same deals, paired with this
version's (the reference does not depend on the coach's version).

The rule sets are the standard game, its house rules and every variant
(Omnibus, Black Maria with 4 and 3 players, Cancellation Hearts with 6): the
strong bot's play-outs score the rules in force (bots/sim.py), so its values
are the variant's points.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from pathlib import Path

from hearts_widget.bots import RuleBot, StrongBot
from hearts_widget.bots.coach import hint
from hearts_widget.bots.strong import distinct_choices
from hearts_widget.bots.table import Table
from hearts_widget.engine import Card, Hand, Rules, SeatView

RULE_SETS = {
    "standard": Rules(),
    "moon-off": Rules(moon="off"),
    "hearts-any-time": Rules(hearts_must_be_broken=False, first_trick_no_points=False),
    "omnibus": Rules(variant="omnibus"),
    "black-maria": Rules(variant="black-maria"),
    "black-maria-3": Rules(players=3, variant="black-maria"),
    "cancellation-6": Rules(players=6, variant="cancellation"),
}


def positions(rules: Rules, count: int, seed: int) -> list[SeatView]:
    """``count`` views of a seat to move with more than one distinct choice."""
    rng = random.Random(seed)
    bot = RuleBot()
    found: list[SeatView] = []
    number = 0
    while len(found) < count:
        hand = Hand.deal(rules, seed * 10_000 + number, number=number)
        number += 1
        for seat in hand.waiting_to_pass:
            hand = hand.pass_cards(seat, bot.choose_pass(hand.view(seat)))
        for _ in range(rng.randrange(0, rules.players * (rules.cards_each - 1))):
            view = hand.view(hand.to_move)  # type: ignore[arg-type]
            hand = hand.play(bot.choose_play(view) if rng.random() < 2 / 3 else rng.choice(view.legal))
        view = hand.view(hand.to_move)  # type: ignore[arg-type]
        if len(distinct_choices(Table.of(view), rules)) > 1:
            found.append(view)
    return found


def gap(view: SeatView, deals: int, seed: int, other: str | None = None) -> tuple[float, float, float | None]:
    """The hint's value minus the best card's, the spread between the cards, and the
    same gap for ``other`` (another version's hint card, valued on the same deals)."""
    table = Table.of(view)
    candidates = distinct_choices(table, view.rules)
    means = StrongBot(seed=seed).evaluate(view, table, candidates, deals=deals, adaptive=False)

    def card_gap(card: int) -> float:
        group = max(c for c in candidates if c <= card and c // 13 == card // 13)
        return means[group] - min(means.values())

    compared = card_gap(Card.parse(other).index) if other is not None else None
    return card_gap(hint(view).card.index), max(means.values()) - min(means.values()), compared


def recheck(views: list[SeatView], results: list[tuple[float, float, float | None]], deals: int, seed: int) -> None:
    """Value the positions whose hint seemed over 0.5 points worse again with
    ``deals`` deals and other seeds, to tell a bad hint from sampling noise in
    the measurement, and say for each where the hint came from."""
    flagged = [i for i, (g, _, _) in enumerate(results) if g > 0.5]
    confirmed = 0
    for i in flagged:
        view = views[i]
        again, _, _ = gap(view, deals, seed + 7919 * (i + 1))
        confirmed += again > 0.5
        advice = hint(view)
        last = len(view.trick.cards) == view.rules.players - 1
        print(f"    position {i}: gap {results[i][0]:.2f}, again {again:.2f} ({deals} deals); "
              f"hint {advice.card.code} ({advice.reason}){', played last' if last else ''}; "
              f"{len(view.held)} cards held")
    print(f"  recheck: {confirmed}/{len(flagged)} still over 0.5 with {deals} deals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--deals", type=int, default=1000, help="sampled deals per position")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default=",".join(RULE_SETS), help=f"comma-separated: {', '.join(RULE_SETS)}")
    parser.add_argument("--recheck", type=int, default=0,
                        help="value the positions over 0.5 again with this many deals (0: no recheck)")
    parser.add_argument("--save", help="write this version's hint cards (JSON: rule set -> card codes)")
    parser.add_argument("--compare", help="value the hint cards in this file (--save of another version) "
                                          "on the same deals, paired with this version's")
    args = parser.parse_args()
    others = json.loads(Path(args.compare).read_text()) if args.compare else {}
    saved: dict[str, list[str]] = {}
    for name in args.rules.split(","):
        start = time.perf_counter()
        views = positions(RULE_SETS[name], args.positions, args.seed)
        if args.save:
            saved[name] = [hint(view).card.code for view in views]
            Path(args.save).write_text(json.dumps(saved))
        other = others.get(name, [None] * len(views))
        results = [gap(view, args.deals, args.seed + i, other[i]) for i, view in enumerate(views)]
        gaps = sorted(g for g, _, _ in results)
        within = sum(g <= 0.5 for g in gaps)
        quartiles = statistics.quantiles(gaps, n=20, method="inclusive")
        load = os.getloadavg()
        print(f"{name}: {len(gaps)} positions, {args.deals} deals each, {time.perf_counter() - start:.0f} s, "
              f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        print(f"  hint within 0.5 points of the best card: {within}/{len(gaps)} ({100 * within / len(gaps):.1f}%); "
              f"exactly the best: {sum(g == 0 for g in gaps)}")
        print(f"  gap: mean {statistics.fmean(gaps):.2f}, median {statistics.median(gaps):.2f}, "
              f"90th {quartiles[17]:.2f}, 95th {quartiles[18]:.2f}, max {gaps[-1]:.2f}")
        buckets = [(0, 0.0), (0.0, 0.25), (0.25, 0.5), (0.5, 1.0), (1.0, 2.0), (2.0, 5.0), (5.0, 99.0)]
        counts = [sum(1 for g in gaps if (g == 0 if hi == 0 else lo < g <= hi)) for lo, hi in buckets]
        print("  distribution: " + ", ".join(
            f"{'0' if hi == 0 else f'({lo:g}, {hi:g}]'}: {n}" for (lo, hi), n in zip(buckets, counts, strict=True)))
        if name in others:
            theirs = [c for _, _, c in results if c is not None]
            print(f"  the compared version's hints ({args.compare}): within 0.5 points "
                  f"{sum(g <= 0.5 for g in theirs)}/{len(theirs)}, exactly the best {sum(g == 0 for g in theirs)}, "
                  f"mean gap {statistics.fmean(theirs):.2f}; the same card as this version's: "
                  f"{sum(hint(v).card.code == c for v, c in zip(views, other, strict=True))}/{len(views)}")
        if args.recheck:
            recheck(views, results, args.recheck, args.seed)


if __name__ == "__main__":
    main()
