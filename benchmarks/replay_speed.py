"""Record replay: time per action for a short and a long game record.

A game record is replayed action by action through the checked moves
(``Game.from_json``); that should cost the same per action however long the
record is. The script builds two records of random legal play (``--hands`` and
8 times as many hands), replays each ``--runs`` times, and prints the median
time per action and the ratio long/short (about 1 when replay is linear; 8
would mean quadratic), with Python's cycle collector running as usual and
paused (the collector walks every hand a long game keeps, so it alone adds
a little per action as the game grows):

    nice python benchmarks/replay_speed.py [--hands 4] [--runs 5]
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import time

from hearts_widget import Game, Rules


def record_of(hands: int, seed: int) -> str:
    """The JSON record of a game of ``hands`` hands of random legal play."""
    rng = random.Random(seed)
    game = Game.new(Rules(players=4, target=10**6), seed=seed)
    while len(game.sheet) < hands:
        if game.pending_moon is not None:
            game = game.choose_moon("self")
        elif game.hand.phase == "pass":
            seat = game.hand.waiting_to_pass[0]
            game = game.pass_cards(seat, rng.sample(game.hand.held(seat), 3))
        else:
            game = game.play(rng.choice(game.hand.legal_moves()))
    return game.to_json()


def per_action(record: str, runs: int, collector: bool) -> tuple[int, float]:
    """The number of actions in ``record`` and the median seconds per action to replay it."""
    actions = len(Game.from_json(record).to_dict()["actions"])
    times = []
    if not collector:
        gc.disable()
    try:
        for _ in range(runs):
            start = time.perf_counter()
            Game.from_json(record)
            times.append(time.perf_counter() - start)
    finally:
        gc.enable()
    return actions, statistics.median(times) / actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    short_record, long_record = record_of(args.hands, 1), record_of(args.hands * 8, 2)
    for collector in (True, False):
        short_actions, short = per_action(short_record, args.runs, collector)
        long_actions, long = per_action(long_record, args.runs, collector)
        print(f"cycle collector {'on' if collector else 'paused'}:")
        print(f"  short: {args.hands} hands, {short_actions} actions, {short * 1e6:.1f} µs per action")
        print(f"  long:  {args.hands * 8} hands, {long_actions} actions, {long * 1e6:.1f} µs per action")
        print(f"  ratio long/short per action: {long / short:.2f} (1 = linear, 8 = quadratic)")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
