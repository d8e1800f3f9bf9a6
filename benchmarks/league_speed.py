"""How long the class league takes: ``n`` learners' bots (a random-choice bot each, run in
its own process per match, as entered bots are) and the reference bots, 12 deals a match.

    PYTHONPATH=. nice -n 19 python benchmarks/league_speed.py --learners 30 --deals 12
"""

from __future__ import annotations

import argparse
import os
import time

from hearts_widget.classroom.league import DEALS, run_league
from hearts_widget.classroom.store import LeagueEntry

SOURCE = "import random\n\nPICK = random.Random({n})\n\ndef bot{n}(view):\n    return PICK.choice(view.legal)\n"


def main(learners: int, deals: int) -> None:
    entries = [LeagueEntry(f"learner{n}", f"Learner {n}", f"bot{n}", SOURCE.format(n=n), float(n))
               for n in range(learners)]
    wall, cpu = time.perf_counter(), time.process_time()
    result = run_league(entries, deals)
    children = os.times().children_user + os.times().children_system
    matches = len(result["standings"]) * len(result["field"])
    print(f"{learners} learners' bots + {len(result['field'])} reference bots: {matches} matches of "
          f"{result['deals']} deals from every seat, {time.perf_counter() - wall:.1f} s wall, "
          f"{time.process_time() - cpu:.1f} s CPU in the server, {children:.1f} s CPU in the bots' processes; "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--deals", type=int, default=DEALS)
    args = parser.parse_args()
    main(args.learners, args.deals)
