"""A fair tournament: duplicate deals, the line-up rotated through the seats.

    python benchmarks/tournament.py --candidates strong --field rule --deals 400
    python benchmarks/tournament.py --candidates rule --field random --deals 400
    python benchmarks/tournament.py --candidates strong,strong-fixed --field rule --deals 100

(run from the repository root: ``PYTHONPATH=. python benchmarks/tournament.py ...``;
on a shared machine, ``nice``.)

Every deal (seed ``--seed + d``, hand number ``d``, so the pass direction
rotates) is played first with every seat a ``--field`` bot: the reference.
Then, for each candidate and each seat in turn, the same deal is played with
the candidate in that seat and field bots in the others. A candidate's score
on a deal is its points in a seat minus what the field bot scored in that
same seat of the reference, averaged over the seats: negative is better
(fewer points). Luck of the cards cancels out, since everyone plays the same
deals from every seat. The mean of those paired differences is given with a
95% interval (1.96 standard errors over deals), and so are the differences
between candidates on the same deals. Points are the score sheet's row, so
a moon counts as its shooter chooses (every total 0: "others").

Decision times are the candidate's, kept apart: passes, plays with a choice
(more than one legal card), forced plays, and moon choices; medians and 95th
percentiles in milliseconds, of wall time, of the process's CPU time
(which the machine's other work does not stretch) and, on Linux, of the time
the process was ready to run but waited for a core (the scheduler's run
delay, /proc/thread-self/schedstat). The tournament runs in one thread, with
no I/O during a decision, so wall time is CPU time plus that wait: on a
shared machine, and more so under ``nice``, the wait is what stretches wall
time beyond CPU time. The load average is printed with the figures.

Bots: the names of ``hearts_widget.bots.BOTS``, and for comparison ``strong-fixed``,
the strong bot with the fixed budget of 400 deals (no adaptive stop), and
``strong-rule-pass``, the strong bot passing as the rule-based bot does.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence

import hearts_widget
from hearts_widget.bots import BOTS, Bot, StrongBot, make_bot
from hearts_widget.bots.arena import Decision, play_hand
from hearts_widget.bots.base import MoonChoice
from hearts_widget.engine import Card, Hand, Rules, SeatView

EXTRA: dict[str, Callable[[int], Bot]] = {
    "strong-fixed": lambda seed: StrongBot(seed=seed, adaptive=False),
    "strong-rule-pass": lambda seed: StrongBot(seed=seed, search_passes=False),
}
KINDS: tuple[Decision, ...] = ("pass", "choice", "play", "moon")


SCHEDSTAT = "/proc/thread-self/schedstat"


def run_delay() -> float | None:
    """Seconds this thread has so far spent ready to run but waiting for a core
    (Linux's schedstat, its second field); None where it is not available."""
    try:
        with open(SCHEDSTAT) as stats:
            return int(stats.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


class CpuTimed:
    """A bot that records the CPU time of each of its decisions by kind, and the
    time it waited for a core meanwhile (``waits``, when the system says)."""

    def __init__(self, bot: Bot, times: dict[str, list[float]], waits: dict[str, list[float]]) -> None:
        self.bot = bot
        self.name = bot.name
        self.times = times
        self.waits = waits

    def _timed(self, kind: str, decide: Callable[[], object]) -> object:
        start, waited = time.process_time(), run_delay()
        answer = decide()
        self.times[kind].append(time.process_time() - start)
        after = run_delay()
        if waited is not None and after is not None:
            self.waits[kind].append(after - waited)
        return answer

    def choose_pass(self, view: SeatView) -> list[Card]:
        return self._timed("pass", lambda: self.bot.choose_pass(view))  # type: ignore[return-value]

    def choose_play(self, view: SeatView) -> Card:
        kind = "choice" if len(view.legal) > 1 else "play"
        return self._timed(kind, lambda: self.bot.choose_play(view))  # type: ignore[return-value]

    def choose_moon(self, seat: int, scores: Sequence[int], target: int, **moon: int) -> MoonChoice:
        return self._timed("moon", lambda: self.bot.choose_moon(seat, scores, target, **moon))  # type: ignore[return-value]


def bot(name: str, seed: int) -> Bot:
    """A bot by name, seeded."""
    if name in EXTRA:
        return EXTRA[name](seed)
    return make_bot(name, seed=seed)


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return mean, half


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--candidates", default="strong",
                        help=f"comma-separated bots to measure ({', '.join([*BOTS, *EXTRA])})")
    parser.add_argument("--field", default="rule", help="the bot in the other seats and in the reference")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--minutes", type=float, default=0,
                        help="stop once this much wall time has passed (0: no limit); says how many deals were played")
    args = parser.parse_args()
    names = args.candidates.split(",")
    for name in [*names, args.field]:
        if name not in BOTS and name not in EXTRA:
            parser.error(f"unknown bot {name!r}: choose from {', '.join([*BOTS, *EXTRA])}")
    if args.deals < 2:
        parser.error("--deals must be at least 2 for an interval")
    rules = Rules(players=args.players, variant=args.variant)
    players = rules.players

    diffs: dict[str, list[float]] = {name: [] for name in names}
    points: dict[str, list[float]] = {name: [] for name in names}
    reference: list[float] = []
    times: dict[str, dict[str, list[float]]] = {name: {kind: [] for kind in KINDS} for name in names}
    cpu: dict[str, dict[str, list[float]]] = {name: {kind: [] for kind in KINDS} for name in names}
    waits: dict[str, dict[str, list[float]]] = {name: {kind: [] for kind in KINDS} for name in names}
    start = time.perf_counter()
    played = 0
    for number in range(args.deals):
        if args.minutes and time.perf_counter() - start > 60 * args.minutes and played >= 2:
            break
        played += 1
        seed = args.seed + number
        deal = Hand.deal(rules, seed, number=number)
        field_row = play_hand([bot(args.field, seed * 100 + s) for s in range(players)], deal)
        reference.append(statistics.fmean(field_row))
        for name in names:
            seat_diffs, seat_points = [], []
            for seat in range(players):
                lineup = [bot(name if s == seat else args.field, seed * 100 + s) for s in range(players)]
                lineup[seat] = CpuTimed(lineup[seat], cpu[name], waits[name])

                def heard(who: int, kind: Decision, seconds: float, seat: int = seat, name: str = name) -> None:
                    if who == seat:
                        times[name][kind].append(seconds)

                row = play_hand(lineup, deal, heard)
                seat_points.append(row[seat])
                seat_diffs.append(row[seat] - field_row[seat])
            diffs[name].append(statistics.fmean(seat_diffs))
            points[name].append(statistics.fmean(seat_points))
    wall = time.perf_counter() - start
    load = os.getloadavg()

    print(f"hearts_widget from {hearts_widget.__path__[0]}")
    if played < args.deals:
        print(f"stopped after {played} of {args.deals} deals: the {args.minutes:g} minutes were up")
    print(f"{played} duplicate deals (seeds {args.seed}..{args.seed + played - 1}), {rules!r}, "
          f"each candidate in every seat against {args.field}; {wall:.0f} s wall on Python "
          f"{platform.python_version()}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"reference ({players} x {args.field}): {statistics.fmean(reference):.2f} points per seat per hand")
    print(f"{'candidate':<13} {'points/hand':>11} {'minus ' + args.field + ' in its seat':>24} {'95% interval':>18}")
    for name in names:
        mean, half = interval(diffs[name])
        print(f"{name:<13} {statistics.fmean(points[name]):>11.2f} {mean:>+24.2f} "
              f"{f'[{mean - half:+.2f}, {mean + half:+.2f}]':>18}")
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            mean, half = interval([a - b for a, b in zip(diffs[first], diffs[second], strict=True)])
            print(f"{first} minus {second} on the same deals: {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]")
    print(f"{'decision times (ms)':<22} {'kind':<7} {'count':>6} {'median':>8} {'p95':>8} {'max':>8} "
          f"{'cpu med':>8} {'cpu p95':>8} {'wait med':>8} {'wait p95':>8}")
    for name in names:
        for kind in [*KINDS, "all"]:
            kinds = ("pass", "choice", "play") if kind == "all" else (kind,)
            values = [t for k in kinds for t in times[name][k]]
            used = [t for k in kinds for t in cpu[name][k]]
            waited = [t for k in kinds for t in waits[name][k]]
            if values:
                wait = (f" {statistics.median(waited) * 1000:>8.2f} {percentile(waited, 0.95) * 1000:>8.2f}"
                        if waited else "")
                print(f"{name:<22} {kind:<7} {len(values):>6} {statistics.median(values) * 1000:>8.2f} "
                      f"{percentile(values, 0.95) * 1000:>8.2f} {max(values) * 1000:>8.1f} "
                      f"{statistics.median(used) * 1000:>8.2f} {percentile(used, 0.95) * 1000:>8.2f}{wait}")


if __name__ == "__main__":
    main()
