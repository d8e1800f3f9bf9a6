"""Every shipped puzzle measured again on fresh deals: is its answer still the best choice, by its margin?

    PYTHONPATH=. nice -n 19 python benchmarks/puzzles_reevaluate.py --deals 2000 --seed 1033

Each puzzle of hearts_widget/puzzles/data/puzzles.json (``--sets``: only those rule sets;
``--limit``: the first puzzles of each) is valued again as the generator valued it (the
coach's sampler and play-outs, :func:`hearts_widget.bots.coach.position_values` or
:func:`~hearts_widget.bots.coach.pass_values`, in the player's own points), on ``--deals``
deals drawn from another seed than the generator's. Prints per rule set the puzzles whose
answer is still the best choice, those where every other choice is still at least 3 points
worse (the generator's MARGIN) or within two standard errors of it, those where it is
clearly under (more than two standard errors below 3 points), the mean stated and measured
margins, then the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import zlib
from collections import defaultdict

from hearts_widget.bots.coach import pass_values, position_values
from hearts_widget.bots.strong import distinct_choices
from hearts_widget.bots.table import Table
from hearts_widget.engine.cards import ALL_CARDS
from hearts_widget.puzzles import Puzzle, load_puzzles
from hearts_widget.puzzles.generate import MARGIN


def measured(puzzle: Puzzle, deals: int, seed: int) -> tuple[bool, float, float]:
    """Whether the answer is still best on fresh deals, its margin over the closest other choice,
    and that margin's standard error."""
    view = puzzle.view
    fresh = zlib.crc32(f"{seed} {puzzle.id}".encode())
    if puzzle.kind == "play":
        values = position_values(view, deals, fresh)
        choices = distinct_choices(Table.of(view), puzzle.rules)
        best = next(c for c in choices if puzzle.is_answer(ALL_CARDS[c]))
    else:
        passes, values = pass_values(view, deals, fresh)
        best = next(m for m, cards in zip(values.candidates, passes, strict=True) if puzzle.is_answer(cards))
    means = values.means()
    still = min(values.candidates, key=lambda c: means[c]) == best
    closest = min((values.paired(other, best) for other in values.candidates if other != best),
                  key=lambda pair: pair[0])
    return still, closest[0], closest[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1033)
    parser.add_argument("--sets", help="rule sets, separated by commas (all when left out)")
    parser.add_argument("--limit", type=int, default=0, help="puzzles of each rule set at most (0: all)")
    args = parser.parse_args()
    chosen = None if args.sets is None else set(args.sets.split(","))
    by_set: dict[str, list[Puzzle]] = defaultdict(list)
    for puzzle in load_puzzles():
        if (chosen is None or puzzle.rule_set in chosen) and (not args.limit or
                                                               len(by_set[puzzle.rule_set]) < args.limit):
            by_set[puzzle.rule_set].append(puzzle)
    totals = [0, 0, 0, 0]
    for name, puzzles in by_set.items():
        results = [measured(p, args.deals, args.seed) for p in puzzles]
        best = sum(1 for still, _, _ in results if still)
        held = sum(1 for _, margin, error in results if margin + 2 * error >= MARGIN)
        under = sum(1 for _, margin, error in results if margin + 2 * error < MARGIN)
        print(f"{name}: {len(puzzles)} puzzles, answer still best in {best}, margin held (>= {MARGIN:g} within "
              f"2 s.e.) in {held}, clearly under in {under}; mean margin stated "
              f"{statistics.fmean(p.margin for p in puzzles):.2f}, measured "
              f"{statistics.fmean(m for _, m, _ in results):.2f} ({args.deals} fresh deals each)")
        for total, value in zip(range(4), (len(puzzles), best, held, under), strict=True):
            totals[total] += value
    print(f"all: {totals[0]} puzzles, answer still best in {totals[1]}, margin held in {totals[2]}, "
          f"clearly under in {totals[3]}")
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
