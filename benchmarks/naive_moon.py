"""Does naive play shoot the moon against the table's bots? And did stopping it cost the bots?

The naive learner of issue 32 passes its three lowest cards, plays its
highest legal card, and leads hearts from the top whenever it may. On the
first hand of ``--hands`` deals per rule set it sits in seat 0 against the
default table bots (:class:`RuleBot`), once with this version's bots and once
with the bots of ``--before`` (a git revision: its ``bots/tactics.py`` is
loaded beside this one, so nothing in the working tree changes). Printed per
rule set: how often the naive seat shoots the moon, with a 95% interval
(Wilson), and the bots' mean points in those hands.

The bots' own strength, on duplicate deals: each of ``--deals`` deals (hand
number d, so the pass turns) is played by four of the previous bots, and
again with this version's bot in one seat (every seat in turn, the others
previous bots); the mean change of that seat's points is printed with its
95% interval (negative: this version takes fewer points).

    nice -n 19 python benchmarks/naive_moon.py [--hands 1000] [--deals 300] [--before cb57897] [--jobs 2]

``--jobs 2`` runs two rule sets at a time (one extra process). ``--strong N``
also plays N naive hands against this version's strong bots (slow: seconds a
hand) with ``--strong-deals`` deals per search.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hearts_widget.bots import RuleBot, StrongBot  # noqa: E402
from hearts_widget.bots.arena import play_out  # noqa: E402
from hearts_widget.bots.base import Bot  # noqa: E402
from hearts_widget.bots.function import FunctionBot  # noqa: E402
from hearts_widget.bots.table import Table  # noqa: E402
from hearts_widget.bots.variants import variant_decide  # noqa: E402
from hearts_widget.engine import Card, Hand, Rules, SeatView  # noqa: E402
from hearts_widget.engine.cards import ALL_CARDS, mask_of  # noqa: E402

# The rule sets with a moon (Black Maria has none), each variant's moon rules and player counts.
CASES: dict[str, Rules] = {
    "standard": Rules(),
    "standard-3": Rules(players=3),
    "standard-5": Rules(players=5),
    "moon-self": Rules(moon="self"),
    "omnibus": Rules(variant="omnibus"),
    "omnibus-bonus-moon": Rules(variant="omnibus", moon_needs_bonus=True),
    "cancellation-5": Rules(players=5, variant="cancellation"),
    "cancellation-6": Rules(players=6, variant="cancellation"),
}
BEFORE = "cb57897"  # the last commit before the bots defended against a moon (issue 32)


def naive_play(view: SeatView) -> Card:
    """The naive learner's card: the highest heart when leading and hearts may be led, else the highest card."""
    if not view.trick.cards:
        hearts = [c for c in view.legal if c.is_heart]
        if hearts:
            return max(hearts, key=lambda c: (c.rank, c.index))
    return max(view.legal, key=lambda c: (c.rank, c.index))


def naive_pass(view: SeatView) -> list[Card]:
    """The naive learner's pass: its three lowest cards."""
    return sorted(view.held, key=lambda c: (c.rank, c.index))[:3]


def load_tactics(revision: str) -> types.ModuleType:
    """``bots/tactics.py`` as it was at ``revision``, loaded beside this version's."""
    shown = subprocess.run(["git", "show", f"{revision}:hearts_widget/bots/tactics.py"], cwd=ROOT,
                           capture_output=True, text=True)
    if shown.returncode:
        raise SystemExit(f"cannot read the previous bots at git revision {revision!r} (a clone with its "
                         f"history is needed, or another --before): {shown.stderr.strip()}")
    source = shown.stdout
    module = types.ModuleType("hearts_widget.bots.tactics_before")
    module.__package__ = "hearts_widget.bots"
    exec(compile(source, f"{revision}:tactics.py", "exec"), module.__dict__)
    return module


class BeforeBot(RuleBot):
    """The rule-based bot of ``--before``: its tactics (play and pass), today's variant layer."""

    name = "before"

    def __init__(self, tactics: types.ModuleType) -> None:
        super().__init__()
        self.tactics = tactics

    def choose_pass(self, view: SeatView) -> list[Card]:
        keep = view.rules.bonus.bit if view.rules.bonus is not None else 0
        return [ALL_CARDS[i] for i in self.tactics.rule_pass(mask_of(view.held), view.rules.deck_mask, keep)]

    def choose_play(self, view: SeatView) -> Card:
        index, reason = self.tactics.decide(Table.of(view))
        return variant_decide(view, ALL_CARDS[index], reason)[0]


def wilson(hits: int, total: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion."""
    z = 1.96
    p = hits / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


def naive_hands(rules: Rules, hands: int, make: Callable[[int], Bot]) -> tuple[int, float]:
    """Moons shot by the naive seat 0 in the first hand of ``hands`` deals, and the bots' mean points."""
    naive = FunctionBot(naive_play, naive_pass, name="naive")
    moons, points = 0, 0.0
    for seed in range(hands):
        game = play_out([naive] + [make(s) for s in range(1, rules.players)], Hand.deal(rules, seed, number=0))
        moons += game.completed[0].moon_shooter == 0
        points += statistics.fmean(game.sheet[0][1:])
    return moons, points / hands


def strength(rules: Rules, deals: int, before: types.ModuleType) -> tuple[float, float]:
    """The mean change (and its 95% half-width) of one seat's points per hand when this
    version's bot replaces a previous one, every other seat a previous bot, on duplicate deals."""
    changes = []
    for number in range(deals):
        hand = Hand.deal(rules, 10_000 + number, number=number)
        base = play_out([BeforeBot(before) for _ in range(rules.players)], hand).sheet[0]
        seat_changes = []
        for seat in range(rules.players):
            lineup: Sequence[Bot] = [RuleBot() if s == seat else BeforeBot(before) for s in range(rules.players)]
            seat_changes.append(play_out(lineup, hand).sheet[0][seat] - base[seat])
        changes.append(statistics.fmean(seat_changes))
    return statistics.fmean(changes), 1.96 * statistics.stdev(changes) / math.sqrt(deals)


def measure(name: str, hands: int, deals: int, revision: str) -> str:
    rules = CASES[name]
    before = load_tactics(revision)
    start = time.perf_counter()
    now, now_points = naive_hands(rules, hands, lambda seat: RuleBot())
    then, then_points = naive_hands(rules, hands, lambda seat: BeforeBot(before))
    change, half = strength(rules, deals, before) if deals > 1 else (math.nan, math.nan)
    low, high = wilson(now, hands)
    old_low, old_high = wilson(then, hands)
    return (f"{name:19} naive moon {now / hands:6.1%} [{low:.1%}, {high:.1%}] (before {then / hands:5.1%} "
            f"[{old_low:.1%}, {old_high:.1%}]); bots' points in those hands {now_points:5.2f} "
            f"(before {then_points:5.2f}); a seat's points, this version - before: {change:+.3f} ± {half:.3f} "
            f"({deals} deals x {rules.players} seats) — {time.perf_counter() - start:.0f} s")


def strong_hands(hands: int, deals: int) -> str:
    rules = Rules()
    start = time.perf_counter()
    moons, points = naive_hands(rules, hands, lambda seat: StrongBot(seed=seat, deals=deals))
    low, high = wilson(moons, hands)
    return (f"strong bots ({deals} deals), standard: naive moon {moons}/{hands} = {moons / hands:.1%} "
            f"[{low:.1%}, {high:.1%}]; bots' points {points:.2f} — {time.perf_counter() - start:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="naive first hands per rule set (default 1000)")
    parser.add_argument("--deals", type=int, default=300, help="duplicate deals for the bots' strength (default 300)")
    parser.add_argument("--before", default=BEFORE, help=f"git revision of the previous bots (default {BEFORE})")
    parser.add_argument("--rules", default=",".join(CASES), help="rule sets, comma-separated: " + ", ".join(CASES))
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2), help="processes (at most 2)")
    parser.add_argument("--strong", type=int, default=0, help="naive hands against the strong bots (default 0)")
    parser.add_argument("--strong-deals", type=int, default=100, help="the strong bots' deals per search")
    args = parser.parse_args()
    names = args.rules.split(",")
    unknown = [name for name in names if name not in CASES]
    if unknown:
        parser.error(f"unknown rule set(s) {', '.join(unknown)}: choose from {', '.join(CASES)}")
    print(f"$ nice -n 19 python benchmarks/naive_moon.py --hands {args.hands} --deals {args.deals} "
          f"--before {args.before} --jobs {args.jobs}" + (f" --strong {args.strong}" if args.strong else ""))
    if args.jobs == 2:
        with ProcessPoolExecutor(2) as pool:
            for line in pool.map(measure, names, [args.hands] * len(names), [args.deals] * len(names),
                                 [args.before] * len(names)):
                print(line, flush=True)
    else:
        for name in names:
            print(measure(name, args.hands, args.deals, args.before), flush=True)
    if args.strong:
        print(strong_hands(args.strong, args.strong_deals), flush=True)
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
