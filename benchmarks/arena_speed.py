"""How long the tutorial's arena takes: 100 duplicate deals of a simple bot (the lowest
legal card) against the rule bot, the target being 20 s on the project's machine.

    PYTHONPATH=. nice python benchmarks/arena_speed.py [--deals 100] [--runs 3]

The reference, timed in the same run, plays the same hands with bare ``play_hand``
(no arena bookkeeping): the ratio is the arena's own cost. Prints the medians of the
runs, in wall time and in the process's CPU time (what a machine with a free core
would take: on a shared machine the wall time also counts the waits for a core), and
the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from hearts_widget.bots import arena, as_bot, make_bot
from hearts_widget.bots.arena import play_hand
from hearts_widget.engine import Card, Hand, Rules, SeatView


def lowest(view: SeatView) -> Card:
    return min(view.legal, key=lambda card: card.rank)


def reference(deals: int) -> float:
    """The same hands as the arena plays, with play_hand and nothing else."""
    rules = Rules()
    start = time.perf_counter()
    for number in range(deals):
        deal = Hand.deal(rules, number, number=number)
        for seat in range(rules.players):
            play_hand([as_bot(lowest) if s == seat else make_bot("rule", seed=number * 100 + s)
                       for s in range(rules.players)], deal)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    arena_times, arena_cpu, bare_times = [], [], []
    for _ in range(args.runs):
        start, cpu = time.perf_counter(), time.process_time()
        arena(lowest, against="rule", deals=args.deals, progress=False)
        arena_times.append(time.perf_counter() - start)
        arena_cpu.append(time.process_time() - cpu)
        bare_times.append(reference(args.deals))
    load = os.getloadavg()
    arena_median, bare_median = statistics.median(arena_times), statistics.median(bare_times)
    print(f"arena(lowest, against='rule', deals={args.deals}): median {arena_median:.1f} s of {args.runs} runs "
          f"({', '.join(f'{t:.1f}' for t in arena_times)}); CPU median {statistics.median(arena_cpu):.1f} s")
    print(f"reference, the same hands with play_hand: median {bare_median:.1f} s; "
          f"arena / reference {arena_median / bare_median:.2f}")
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
