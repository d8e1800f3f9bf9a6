"""Bots against bots: mean points per hand per seat, and time per decision.

    python benchmarks/tournament.py --lineup strong,rule,rule,rule --games 20
    python benchmarks/tournament.py --lineup rule,random,random,random --games 200

(run from the repository root, with the project installed: ``pip install -e .``;
or prefix ``PYTHONPATH=.``)

Plays ``--games`` games dealt from seeds ``--seed``, ``--seed + 1``, ...; seat
``s`` is played by the ``s``-th bot of the line-up (so the player count is the
line-up's length). Prints, per seat, the mean points per hand (the score
sheet's rows, the moon as its shooter chose) with a 95% confidence interval,
and the median and 95th-percentile time per decision (a pass or a card
played). An even share is 26 / players points per hand.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import time

import hearts_widget
from hearts_widget.bots import BOTS, make_bot
from hearts_widget.bots.arena import play_game
from hearts_widget.engine import Rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lineup", default="strong,rule,rule,rule",
                        help=f"comma-separated bot names, one per seat ({', '.join(BOTS)})")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--target", type=int, default=100)
    args = parser.parse_args()
    lineup = args.lineup.split(",")
    rules = Rules(players=len(lineup), target=args.target)

    rows: list[tuple[int, ...]] = []
    times: list[list[float]] = [[] for _ in lineup]
    start = time.perf_counter()
    for game_number in range(args.games):
        seed = args.seed + game_number
        bots = [make_bot(name, seed=seed * 100 + seat) for seat, name in enumerate(lineup)]
        game = play_game(bots, rules, seed, on_decision=lambda seat, seconds: times[seat].append(seconds))
        rows.extend(game.sheet)
    wall = time.perf_counter() - start

    print(f"hearts_widget from {hearts_widget.__path__[0]}")
    print(f"{args.games} games, {len(rows)} hands, {len(lineup)} players, target {args.target}, "
          f"seeds {args.seed}..{args.seed + args.games - 1}; {wall:.0f} s wall on {platform.python_version()}")
    print(f"even share: {26 / len(lineup):.2f} points per hand")
    print(f"{'seat':>4}  {'bot':<8} {'points/hand':>11} {'95% CI':>15}  {'median ms':>9} {'p95 ms':>8}")
    for seat, name in enumerate(lineup):
        points = [row[seat] for row in rows]
        mean = statistics.fmean(points)
        half = 1.96 * statistics.stdev(points) / math.sqrt(len(points)) if len(points) > 1 else float("nan")
        decision = sorted(times[seat])
        median = statistics.median(decision) * 1000
        p95 = decision[min(len(decision) - 1, int(0.95 * len(decision)))] * 1000
        print(f"{seat:>4}  {name:<8} {mean:>11.2f} {f'[{mean - half:.2f}, {mean + half:.2f}]':>15}  "
              f"{median:>9.2f} {p95:>8.2f}")


if __name__ == "__main__":
    main()
