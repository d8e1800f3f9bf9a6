"""Does the hint save what it promises? "Play K♣ ... it saves you about G points", measured on fresh deals.

    PYTHONPATH=. nice -n 19 python benchmarks/hint_saving.py --positions 300 --deals 1000

For each rule set, ``--positions`` positions are sampled as in :mod:`coach_quality`; where
the hint names another card than the rule-based one (reason ``search-better``, with the
saving it promises, ``gain``), the two cards are valued again by the strong bot's
evaluation on ``--deals`` deals with other seeds (no adaptive stop), in the learner's own
points (:func:`hearts_widget.bots.coach.own_share`). Prints how many hints promised a
saving, the mean promised and measured savings, and the mean over-promise with a 95%
interval (the goal: an interval that holds 0 or lies below it), then the load average.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from coach_quality import RULE_SETS, positions  # noqa: E402

from hearts_widget.bots import StrongBot  # noqa: E402
from hearts_widget.bots.coach import forget, hint, own_share  # noqa: E402
from hearts_widget.bots.strong import distinct_choices  # noqa: E402
from hearts_widget.bots.table import Table  # noqa: E402
from hearts_widget.engine import Card  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rules", default=",".join(RULE_SETS), help=f"comma-separated: {', '.join(RULE_SETS)}")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    for name in args.rules.split(","):
        rules = RULE_SETS[name]
        promised: list[float] = []
        measured: list[float] = []
        for number, view in enumerate(positions(rules, args.positions, args.seed)):
            forget()
            advice = hint(view)
            if advice.reason != "search-better":
                continue
            table = Table.of(view)
            candidates = distinct_choices(table, rules)

            def group(card: Card, candidates: list[int] = candidates) -> int:
                return max(c for c in candidates if c <= card.index and c // 13 == card.index // 13)

            rule, better = group(advice.facts["instead"]), group(advice.card)
            means = StrongBot(seed=7919 * number + args.seed).evaluate(view, table, [rule, better],
                                                                      deals=args.deals, adaptive=False)
            promised.append(advice.facts["gain"])
            measured.append(own_share(rules) * (means[rule] - means[better]))
        if not promised:
            print(f"{name}: no hint named another card than the rule-based one in {args.positions} positions")
            continue
        over = [p - m for p, m in zip(promised, measured, strict=True)]
        mean = statistics.fmean(over)
        half = 1.96 * statistics.stdev(over) / math.sqrt(len(over)) if len(over) > 1 else float("nan")
        print(f"{name}: {len(promised)} of {args.positions} hints promised a saving; promised "
              f"{statistics.fmean(promised):.2f}, measured {statistics.fmean(measured):.2f} "
              f"({args.deals} fresh deals each); over-promise {mean:+.2f} ± {half:.2f}")
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
