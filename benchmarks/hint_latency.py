"""How long the learner waits for the coach's hint: CPU time per play hint, per rule set.

    python benchmarks/hint_latency.py --positions 60

(run from the repository root: ``PYTHONPATH=. nice python benchmarks/hint_latency.py ...``)

The positions are :mod:`coach_quality`'s (a dealt hand, the rule-based pass,
some rule-based or random moves, the seat to move with a real choice). Each
hint is asked once with the coach's caches empty (a fresh position, as when
the learner presses Hint) and timed with ``time.process_time`` (CPU time of
this process, so other programs on the machine count less than in wall time;
the load average is printed beside). Prints per rule set the median, the
95th percentile and the maximum, against the goal (median 150 ms, p95 400 ms),
and the play-outs a hint ran (median, p95): its work, which the machine's load
does not change (on two shared cores the CPU time of the same work grows with
the load).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from coach_quality import RULE_SETS, positions  # noqa: E402

from hearts_widget.bots import coach  # noqa: E402
from hearts_widget.bots.sim import Playout, Policy  # noqa: E402

# Play-outs run (counted around Playout.run, which costs a fraction of a millisecond each):
# the work of a hint, whatever the machine's load does to its CPU time.
_playouts = 0
_run = Playout.run


def _counted_run(playout: Playout, policy: Policy) -> list[int]:
    global _playouts
    _playouts += 1
    return _run(playout, policy)


Playout.run = _counted_run  # type: ignore[method-assign]


def cpu_ms(view: object) -> tuple[float, int]:
    """CPU milliseconds and play-outs of one hint on a fresh position."""
    global _playouts
    coach.forget()
    _playouts = 0
    start = time.process_time()
    coach.hint(view)  # type: ignore[arg-type]
    return 1000 * (time.process_time() - start), _playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default=",".join(RULE_SETS), help=f"comma-separated: {', '.join(RULE_SETS)}")
    args = parser.parse_args()
    for name in args.rules.split(","):
        views = positions(RULE_SETS[name], args.positions, args.seed)
        measured = [cpu_ms(view) for view in views]
        times = sorted(ms for ms, _ in measured)
        work = sorted(count for _, count in measured)
        p95 = statistics.quantiles(times, n=20, method="inclusive")[18]
        load = os.getloadavg()
        median = statistics.median(times)
        verdict = "ok" if median <= 150 and p95 <= 400 else "over the goal"
        print(f"{name}: {len(times)} hints, CPU median {median:.0f} ms, p95 {p95:.0f} ms, max {times[-1]:.0f} ms "
              f"({verdict}; goal 150/400); play-outs median {statistics.median(work):.0f}, "
              f"p95 {statistics.quantiles(work, n=20, method='inclusive')[18]:.0f} — "
              f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
