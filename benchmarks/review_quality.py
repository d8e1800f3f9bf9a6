"""How right is the hand review? The coach's class of a card against a large-sample evaluation.

    python benchmarks/review_quality.py --positions 200 --deals 2000

(run from the repository root: ``PYTHONPATH=. nice python benchmarks/review_quality.py ...``)

For each rule set, ``--positions`` positions are sampled as in
:mod:`coach_quality` (the seat to move with a real choice), and in each a card
a learner might play: the rule-based card or, one time in two, a random legal
card. The review judges it (:func:`hearts_widget.bots.coach.judge_card`, from
the seat's view, with the coach's own stop) and classes it: good, inaccuracy
(costs ≥ 1 point against the best card), mistake (≥ 3), blunder (≥ 6). The
reference values every distinct legal card on ``--deals`` deals with other
seeds (the strong bot's evaluation, no adaptive stop) and classes the same
card by its cost there. Prints the share of cards whose class agrees (the
goal: ≥ 90%), the share of the review's blunders that cost ≥ 6 points in the
reference (the goal: ≥ 95%), the confusion counts, the mean absolute
difference of the costs, and the CPU time of a judgement (median, p95), with
the load average. The same figures follow for every distinct legal card of
each position, each judged afresh against the same reference (the reference
values every card anyway, so one serves them all: more cards, and more
blunders, for the same reference work). ``--jobs N`` spreads the positions
over N processes (the same figures, up to N times sooner with N free cores).
``--references FILE`` keeps the reference costs in a file (JSON) and reuses
those found there for the same rule set, positions, deals and seed: the
reference does not depend on the coach's version, so another version (or
the same after a change) is measured against it at the cost of its
judgements only; ``--references-only`` fills the file and judges nothing.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from coach_quality import RULE_SETS, positions  # noqa: E402

from hearts_widget.bots import RuleBot, StrongBot  # noqa: E402
from hearts_widget.bots.coach import card_class, forget, judge_card  # noqa: E402
from hearts_widget.bots.strong import distinct_choices  # noqa: E402
from hearts_widget.bots.table import Table  # noqa: E402
from hearts_widget.engine import Card, SeatView  # noqa: E402
from hearts_widget.engine.cards import ALL_CARDS  # noqa: E402

CLASSES = ("good", "inaccuracy", "mistake", "blunder")

# The positions of the rule set being measured, for the worker processes (forked: they see it).
_VIEWS: list[SeatView] = []


def reference_costs(view: SeatView, deals: int, seed: int) -> dict[int, float]:
    """Every distinct legal card's cost against the best card on ``deals`` deals (by
    the lowest card of its group, :func:`distinct_choices`)."""
    table = Table.of(view)
    candidates = distinct_choices(table, view.rules)
    means = StrongBot(seed=seed).evaluate(view, table, candidates, deals=deals, adaptive=False)
    return {card: max(0.0, means[card] - min(means.values())) for card in candidates}


def group_of(costs: dict[int, float], card: Card) -> int:
    return max(c for c in costs if c <= card.index and c // 13 == card.index // 13)


def reference_task(task: tuple[int, int, int]) -> dict[int, float]:
    """The reference costs of one position (``task``: its index, the deals, the seed)."""
    index, deals, seed = task
    return reference_costs(_VIEWS[index], deals, seed)


Measured = tuple[str, str, float, float, list[tuple[str, str]], tuple[float, float, float]]


def measure(task: tuple[int, str, dict[int, float]]) -> Measured:
    """One position: the review's class of the learner's card and the reference's
    (``costs``), the two costs' difference, the judgement's CPU milliseconds, the
    classes (review, reference) of every other distinct legal card, each judged afresh
    against the same reference (the reference does not depend on the card judged: one
    serves them all), and the review's cost, its standard error and the reference's cost."""
    index, code, costs = task
    view = _VIEWS[index]
    card = Card.parse(code)
    forget()
    began = time.process_time()
    judged = judge_card(view, card)
    cpu = 1000 * (time.process_time() - began)
    cost = costs[group_of(costs, card)]
    others = []
    for other in costs:
        if other != group_of(costs, card):
            forget()
            others.append((judge_card(view, ALL_CARDS[other]).verdict, card_class(costs[other])))
    return judged.verdict, card_class(cost), abs(judged.cost - cost), cpu, others, (judged.cost, judged.error, cost)


def references(name: str, args: argparse.Namespace, pool: Any) -> list[dict[int, float]]:
    """The reference costs of the rule set's positions: those kept in ``--references``
    for the same positions, deals and seed, the others worked out (and kept there)."""
    path = Path(args.references) if args.references else None
    kept = json.loads(path.read_text()) if path is not None and path.exists() else {}
    key = f"{name} positions {args.positions} deals {args.deals} seed {args.seed}"
    if key in kept:
        return [{int(card): cost for card, cost in costs.items()} for costs in kept[key]]
    tasks = [(i, args.deals, 7919 * (i + 1) + args.seed) for i in range(len(_VIEWS))]
    found = pool.map(reference_task, tasks, chunksize=1) if pool is not None else list(map(reference_task, tasks))
    if path is not None:
        kept = json.loads(path.read_text()) if path.exists() else {}  # another run may have added its own
        kept[key] = found
        path.write_text(json.dumps(kept))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--deals", type=int, default=2000, help="deals of the reference evaluation")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (the positions are independent)")
    parser.add_argument("--rules", default=",".join(RULE_SETS), help=f"comma-separated: {', '.join(RULE_SETS)}")
    parser.add_argument("--references", help="keep the reference costs in this file (JSON) and reuse them")
    parser.add_argument("--references-only", action="store_true", help="fill --references, judge nothing")
    args = parser.parse_args()
    if args.references_only and not args.references:
        parser.error("--references-only needs --references FILE")
    for name in args.rules.split(","):
        start = time.perf_counter()
        rng = random.Random(args.seed)
        _VIEWS[:] = positions(RULE_SETS[name], args.positions, args.seed)
        pool = multiprocessing.get_context("fork").Pool(args.jobs) if args.jobs > 1 else None
        try:
            costs = references(name, args, pool)
            if args.references_only:
                print(f"{name}: references of {len(costs)} positions kept in {args.references}, "
                      f"{time.perf_counter() - start:.0f} s", flush=True)
                continue
            tasks = []
            for i, view in enumerate(_VIEWS):
                card = RuleBot().choose_play(view) if rng.random() < 0.5 else rng.choice(view.legal)
                tasks.append((i, card.code, costs[i]))
            results = pool.map(measure, tasks, chunksize=1) if pool is not None else list(map(measure, tasks))
        finally:
            if pool is not None:
                pool.close()
        confusion = Counter((mine, ref) for mine, ref, *_ in results)
        every = confusion + Counter(pair for _, _, _, _, others, _ in results for pair in others)
        differences = [d for _, _, d, *_ in results]
        cpu = [c for _, _, _, c, *_ in results]
        wrong = [f"{mine:.1f} ± {error:.2f} against {ref:.1f}" for verdict, ref_class, _, _, _, (mine, error, ref)
                 in results if verdict == "blunder" != ref_class]
        load = os.getloadavg()
        print(f"{name}: {len(results)} cards judged, reference {args.deals} deals, "
              f"{time.perf_counter() - start:.0f} s ({args.jobs} processes), "
              f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        print("  the learner's card: " + agreement(confusion))
        print(f"  cost: mean absolute difference {statistics.fmean(differences):.2f} points; judgement CPU median "
              f"{statistics.median(cpu):.0f} ms, p95 {statistics.quantiles(cpu, n=20, method='inclusive')[18]:.0f} ms")
        print("  review \\ reference: " + table_of(confusion))
        if wrong:
            print("  the learner's card called a blunder, not one in the reference (review's cost ± its standard "
                  "error against the reference's): " + "; ".join(wrong))
        print(f"  every distinct legal card ({sum(every.values())}): " + agreement(every))
        print("  review \\ reference: " + table_of(every), flush=True)


def agreement(confusion: Counter[tuple[str, str]]) -> str:
    """The share of classes that agree with the reference, and of blunders really ≥ 6 points."""
    total = sum(confusion.values())
    agree = sum(n for (mine, ref), n in confusion.items() if mine == ref)
    blunders = sum(n for (mine, _), n in confusion.items() if mine == "blunder")
    real = confusion["blunder", "blunder"]
    return (f"class agrees with the reference: {agree}/{total} ({100 * agree / total:.1f}%); "
            f"blunders really ≥ 6 points: {real}/{blunders}" + (f" ({100 * real / blunders:.0f}%)" if blunders else ""))


def table_of(confusion: Counter[tuple[str, str]]) -> str:
    return "; ".join(f"{mine}: " + " ".join(f"{confusion[mine, ref]}" for ref in CLASSES) for mine in CLASSES)


if __name__ == "__main__":
    main()
