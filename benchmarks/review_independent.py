"""Does the hand review agree with an evaluator built beside it? Learner-like decisions judged twice.

    PYTHONPATH=. nice -n 19 python benchmarks/review_independent.py --positions 200 --deals 120 --jobs 2 --minutes 25

The positions come from hands where a learner-like player sits in seat 0: its pass is
the naive pass (its three lowest cards) one time in two, else the rule-based pass; each
of its cards is the naive card (issue 32's naive learner: the highest heart when it may
lead one, else its highest card) one time in two, a random legal card one time in five,
else the rule-based card. The other seats are the table's rule-based bots. A decision
of seat 0 with a real choice is taken (at most two a hand), with the card it played.

The review judges that card (:func:`hearts_widget.bots.coach.judge_card`: its own
sampler, weighted by the others' play, and bitmask play-outs by the table bots' model)
and classes it. The reference shares none of that: it deals the unseen cards with its
own sampler (each other seat's cards by count and the suits it showed void in, the
learner's passed cards with their receiver while unplayed, the kitty; a deal that makes
the hand's history illegal is dealt again; a position with more than 2,000 such deals is
left out), replays the hand on the engine's
:class:`Hand` and plays each distinct legal card followed by the rest of the hand with
the engine and :class:`RuleBot` in every seat (the seated bots themselves, from their
views), and scores the learner's own points as the engine counts them (the moon
applied: +moon to the others, or -moon to the shooter with ``moon="self"``). Its cost of
a card is its mean own points minus the best card's, classed at 1 / 3 / 6 points.

Prints per rule set the positions judged, the class agreement (the goal: at least
90%), the share of the review's blunders that cost at least 6 points in the reference
(the goal: at least 95%) and at least 3, the confusion counts and the mean absolute
cost difference, then the load average (each position's classes are printed as it is
judged). ``--minutes`` stops taking positions after that much wall time (the rule sets
are interleaved, so each gets its share).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from hearts_widget.bots import RuleBot  # noqa: E402
from hearts_widget.bots.coach import card_class, forget, judge_card
from hearts_widget.bots.strong import distinct_choices
from hearts_widget.bots.table import Table
from hearts_widget.engine import Card, Hand, Rules, SeatView
from hearts_widget.engine.cards import ALL_CARDS

sys.path.insert(0, str(Path(__file__).parent))

RULE_SETS = {
    "standard": Rules(),
    "omnibus": Rules(variant="omnibus"),
    "black-maria": Rules(variant="black-maria"),
    "cancellation-6": Rules(players=6, variant="cancellation"),
}
CLASSES = ("good", "inaccuracy", "mistake", "blunder")
LEARNER = 0
BOT = RuleBot()


def naive_card(view: SeatView) -> Card:
    hearts = [c for c in view.legal if c.is_heart] if not view.trick.cards else []
    return max(hearts or view.legal, key=lambda c: (c.rank, c.index))


def learner_positions(rules: Rules, seed: int) -> Iterator[tuple[SeatView, Card]]:
    """Decisions of the learner-like seat 0 with a real choice, at most two a hand."""
    rng = random.Random(seed)
    number = 0
    while True:
        hand = Hand.deal(rules, seed * 100_000 + number, number=number % 4)
        number += 1
        for seat in hand.waiting_to_pass:
            view = hand.view(seat)
            naive = seat == LEARNER and rng.random() < 0.5
            chosen = sorted(view.held, key=lambda c: (c.rank, c.index))[:3] if naive else BOT.choose_pass(view)
            hand = hand.pass_cards(seat, chosen)
        decisions: list[tuple[SeatView, Card]] = []
        while hand.phase == "play":
            seat = hand.to_move
            assert seat is not None
            view = hand.view(seat)
            if seat == LEARNER:
                roll = rng.random()
                card = naive_card(view) if roll < 0.5 else rng.choice(view.legal) if roll < 0.7 \
                    else BOT.choose_play(view)
                if len(distinct_choices(Table.of(view), rules)) > 1:
                    decisions.append((view, card))
            else:
                card = BOT.choose_play(view)
            hand = hand.play(card, seat)
        yield from rng.sample(decisions, min(2, len(decisions)))


def _shown_voids(view: SeatView) -> list[set[int]]:
    voids: list[set[int]] = [set() for _ in range(view.rules.players)]
    for trick in (*view.tricks, view.trick):
        if trick.cards:
            led = trick.cards[0].suit
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                if card.suit is not led:
                    voids[seat].add(int(led))
    return voids


def sample_start(view: SeatView, rng: random.Random) -> tuple[list[list[Card]], list[Card]] | None:
    """Every seat's cards after the pass, and the kitty, consistent with what the seat saw
    (None when the random assignment ran into a corner: deal again)."""
    rules = view.rules
    played: list[list[Card]] = [[] for _ in range(rules.players)]
    for trick in (*view.tricks, view.trick):
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            played[seat].append(card)
    unseen = Counter(rules.deck)
    unseen.subtract(view.held)
    for cards in played:
        unseen.subtract(cards)
    current: list[list[Card]] = [[] for _ in range(rules.players)]
    current[view.seat] = list(view.held)
    room = list(view.hand_sizes)
    room[view.seat] = 0
    if view.passed and view.pass_direction is not None:
        receiver = rules.pass_target(view.seat, view.pass_direction)
        for card in view.passed:
            if unseen[card] > 0 and card not in played[receiver]:
                current[receiver].append(card)
                unseen[card] -= 1
                room[receiver] -= 1
    kitty_room = sum(unseen.values()) - sum(room)
    voids = _shown_voids(view)
    cards = list(unseen.elements())
    rng.shuffle(cards)
    cards.sort(key=lambda c: -sum(int(c.suit) in v for v in voids))  # the constrained suits first
    kitty: list[Card] = []
    for card in cards:
        seats = [s for s in range(rules.players) if room[s] > 0 and int(card.suit) not in voids[s]]
        weights = [room[s] for s in seats] + ([kitty_room] if kitty_room > 0 else [])
        if not weights:
            return None
        pick = rng.choices(range(len(weights)), weights)[0]
        if pick == len(seats):
            kitty.append(card)
            kitty_room -= 1
        else:
            current[seats[pick]].append(card)
            room[seats[pick]] -= 1
    return [current[s] + played[s] for s in range(rules.players)], kitty


def replayed(view: SeatView, rng: random.Random) -> tuple[Hand, int]:
    """The hand up to ``view``'s decision on a fresh deal of the unseen cards, and how many deals were refused."""
    refused = 0
    plays = [(seat, card) for trick in (*view.tricks, view.trick)
             for seat, card in zip(trick.seats, trick.cards, strict=True)]
    while True:
        start = sample_start(view, rng)
        if start is not None:
            try:
                hand = Hand.from_cards(view.rules, start[0], kitty=start[1])
                for seat, card in plays:
                    hand = hand.play(card, seat)
                return hand, refused
            except ValueError:
                pass
        refused += 1
        if refused > MOST_REFUSED:
            raise Unsampled(f"no deal of {MOST_REFUSED} fits the hand's history")


class Unsampled(Exception):
    """The reference's sampler found no deal consistent with the history (its constraints are few)."""


# Deals refused before a position is left out of the figures (its sampler's constraints are too few).
MOST_REFUSED = 2000


def own_points(hand: Hand, seat: int) -> int:
    """The seat's points for the finished hand as the engine counts them, the moon applied."""
    rules = hand.rules
    shooter = hand.moon_shooter
    if shooter is None:
        return hand.points()[seat]
    bonus = hand.bonus_points()[seat]
    if rules.moon == "self":
        return bonus - (rules.moon_points if seat == shooter else 0)
    return bonus + (0 if seat == shooter else rules.moon_points)


def reference_costs(view: SeatView, deals: int, seed: int) -> tuple[dict[int, float], int]:
    """Each distinct legal card's mean own points over ``deals`` fresh deals played out by the engine's bots."""
    rng = random.Random(seed)
    candidates = distinct_choices(Table.of(view), view.rules)
    totals = dict.fromkeys(candidates, 0.0)
    refused = 0
    for _ in range(deals):
        hand, more = replayed(view, rng)
        refused += more
        for index in candidates:
            after = hand.play(ALL_CARDS[index], view.seat)
            while after.phase == "play":
                mover = after.to_move
                assert mover is not None
                after = after.play(BOT.choose_play(after.view(mover)), mover)
            totals[index] += own_points(after, view.seat)
    return {c: t / deals for c, t in totals.items()}, refused


def _group(view: SeatView, card: Card) -> int:
    candidates = distinct_choices(Table.of(view), view.rules)
    return max(c for c in candidates if c <= card.index and c // 13 == card.index // 13)


_TASKS: list[tuple[str, SeatView, Card]] = []


def judge(task: int, deals: int, deadline: float) -> tuple[str, str, str, float, float, int] | None:
    """One position: the rule set, the review's class, the reference's, both costs, deals refused."""
    if time.time() > deadline:
        return None
    name, view, card = _TASKS[task]
    forget()
    judged = judge_card(view, card)
    try:
        means, refused = reference_costs(view, deals, 7919 * task + 1)
    except Unsampled:
        return None
    reference = means[_group(view, card)] - min(means.values())
    return name, judged.verdict, card_class(reference), judged.cost, reference, refused


def _judge(task: tuple[int, int, float]) -> tuple[str, str, str, float, float, int] | None:
    return judge(*task)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per rule set at most")
    parser.add_argument("--deals", type=int, default=120, help="the reference's deals per position")
    parser.add_argument("--rules", default=",".join(RULE_SETS), help=f"comma-separated: {', '.join(RULE_SETS)}")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (at most 2 on a shared machine)")
    parser.add_argument("--minutes", type=float, default=25.0, help="stop taking positions after this wall time")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.rules.split(",")
    start = time.time()
    for name in names:
        found = learner_positions(RULE_SETS[name], args.seed)
        for _ in range(args.positions):
            view, card = next(found)
            _TASKS.append((name, view, card))
    order = sorted(range(len(_TASKS)), key=lambda i: (i % args.positions, i))  # the rule sets interleaved
    deadline = start + 60 * args.minutes
    results = []
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for result in pool.imap_unordered(_judge, [(i, args.deals, deadline) for i in order]):
            if result is not None:
                results.append(result)
                print(f"  {result[0]}: review {result[1]} ({result[3]:.1f}), reference {result[2]} "
                      f"({result[4]:.1f})", flush=True)
    print(f"{len(results)} positions judged in {time.time() - start:.0f} s; reference: {args.deals} deals each, "
          f"engine and RuleBot play-outs, own points")
    for name in names:
        rows = [r for r in results if r[0] == name]
        if not rows:
            continue
        agree = sum(r[1] == r[2] for r in rows)
        blunders = [r for r in rows if r[1] == "blunder"]
        real = sum(r[4] >= 6 for r in blunders)
        serious = sum(r[4] >= 3 for r in blunders)
        confusion = Counter((r[1], r[2]) for r in rows)
        table = ", ".join(f"{a}->{b} {n}" for (a, b), n in sorted(confusion.items()) if a != b)
        print(f"{name}: {len(rows)} positions, agreement {agree}/{len(rows)} = {100 * agree / len(rows):.1f}%; "
              f"blunders {len(blunders)}, real (>= 6 in the reference) {real}, >= 3 {serious}; "
              f"mean |cost - reference| {sum(abs(r[3] - r[4]) for r in rows) / len(rows):.2f}; "
              f"deals refused {sum(r[5] for r in rows)}")
        print(f"    review classes {dict(Counter(r[1] for r in rows))}; disagreements {table or 'none'}")
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
