"""The strong bot: determinised Monte Carlo search over sampled deals.

For each decision it deals the unseen cards many times, consistently with
what its seat knows (:mod:`.sampler`), weights each deal by how well it
explains the others' play so far (:mod:`.inference`), and on every deal
plays each candidate card followed by a play-out of the rest of the hand in
which every seat uses the rule-based policy (:mod:`.sim`, :mod:`.tactics`).
It plays the card with the best weighted result: its own points minus the
others' average, the moon counted. All candidates see the same deals, so
their comparison is fair (paired).

The moon: when another seat has every point so far (:func:`.tactics.may_shoot`),
that seat tries for the moon in each play-out whose sampled cards make it
plausible (few losers), so the search sees what letting it through would
cost and spends a point to stop it when that is cheaper. Its own moon
attempts come from the rule-based policy, which shoots when its cards can
win the rest.

The budget is adaptive: after ``MIN_DEALS`` deals, and every ``CHECK_EVERY``
more, it stops once keeping the leading card is expected to lose less than
``ENOUGH`` points against the others (:func:`clearly_decided`: a clear lead
stops it at once, a near-tie once it hardly matters which card is played);
at most ``deals`` deals and ``WORK`` cards played in play-outs, and
optionally a time limit. With a seed and no time limit
its play is reproducible.

Its pass is searched too (:mod:`.passing`): a few candidate passes played
out on sampled deals, the rule-based pass kept unless another is clearly
better.

The play-outs score the rules in force (:mod:`.sim` takes every trick's
points, Cancellation's cancelled twins and carried tricks, and the moon from
the engine), so the search plays every variant: in Omnibus the bonus is worth
winning and costly to give, in Black Maria the K♠ and A♠ cost their taker,
and with two packs the deals are sampled by :class:`.sampler.TwoPackKnowledge`
(the others' play is not read there, and every legal kind of card is a
candidate, since a twin still out can cancel any of them). Its play-out policy
is the table's rule-based bot: the tactics, then in a variant the same variant
sense as :mod:`.variants` on bitmasks (:class:`.variants.VariantPolicy`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import Card, SeatView
from ..engine.cards import ALL_CARDS, HEARTS_MASK, QS_BIT, SUIT_MASKS, iter_bits, mask_of
from ..engine.rules import MOON_POINTS, Rules
from .base import MoonChoice, best_moon_choice
from .inference import History
from .passing import search_pass
from .sampler import Knowledge, TwoPackKnowledge
from .sim import Playout, Policy, relative_score
from .table import Table
from .tactics import losers, may_shoot, rule_play, shoot, trick_mask
from .variants import variant_pass, variant_policy

DEFAULT_DEALS = 400
# The adaptive budget: the first check, then every CHECK_EVERY deals; stop when
# the expected loss of the leading card is below ENOUGH points.
MIN_DEALS = 40
CHECK_EVERY = 40
ENOUGH = 0.1
# And at most this many cards played in play-outs per decision (deals x
# candidates x cards left), which bounds the slowest decisions, early in a hand.
WORK = 45_000
# A watched seat tries for the moon in a play-out when its sampled cards have at most this many losers.
SHOOTER_LOSERS = 2


class StrongBot:
    """Searches sampled deals with rule-based play-outs. ``deals`` per decision at
    most (``adaptive`` stops sooner once the leading card is clearly ahead);
    ``time_limit`` (seconds) stops a search early; a ``seed`` makes it
    reproducible (when the time limit does not cut in); ``infer`` weights the
    deals by the others' play (on by default: it saved 0.8 ± 0.6 points per
    hand in a paired test); ``search_passes`` searches the pass (on by default:
    the rule-based bot with it saved 0.29 ± 0.28 and 0.21 ± 0.30 points per hand
    in two runs of 200 duplicate deals)."""

    name = "strong"

    def __init__(self, seed: int | None = None, deals: int = DEFAULT_DEALS, time_limit: float | None = None,
                 infer: bool = True, adaptive: bool = True, search_passes: bool = True) -> None:
        if deals < 1:
            raise ValueError(f"deals must be at least 1, not {deals}")
        self.deals = deals
        self.infer = infer
        self.adaptive = adaptive
        self.search_passes = search_passes
        self.time_limit = time_limit
        self._rng = random.Random(seed)
        # How many deals the last search used (for the benchmarks), and its results (see evaluate).
        self.last_deals = 0
        self.last_scores: tuple[dict[int, list[float]], list[float]] = ({}, [])

    def choose_pass(self, view: SeatView) -> list[Card]:
        """The pass :func:`.passing.search_pass` finds best on sampled deals (with
        ``search_passes``; else the rule-based pass)."""
        if not self.search_passes or view.pass_direction is None:
            return [ALL_CARDS[i] for i in variant_pass(view)]
        target = view.rules.pass_target(view.seat, view.pass_direction)
        return [ALL_CARDS[i] for i in search_pass(view.rules, view.seat, mask_of(view.held), target, self._rng)]

    def choose_play(self, view: SeatView) -> Card:
        self.last_deals = 0
        if len(view.legal) == 1:
            return view.legal[0]
        table = Table.of(view)
        candidates = distinct_choices(table, view.rules)
        if len(candidates) == 1:
            return ALL_CARDS[candidates[0]]
        means = self.evaluate(view, table, candidates)
        return ALL_CARDS[min(candidates, key=lambda card: (means[card], card))]

    def evaluate(self, view: SeatView, table: Table, candidates: list[int],
                 deals: int | None = None, adaptive: bool | None = None,
                 until: Callable[[dict[int, list[float]], list[float]], bool] | None = None) -> dict[int, float]:
        """Each candidate card's weighted mean result over sampled deals (its seat's
        points minus the others' average: lower is better). ``until``, asked after
        every deal with each candidate's results so far and the deals' weights,
        stops the search when it says so (the coach's own stop); the results stay
        in ``last_scores``."""
        adaptive = self.adaptive if adaptive is None else adaptive
        if deals is None:
            deals = self.deals
            if adaptive:
                deals = min(deals, max(2 * MIN_DEALS, WORK // (len(candidates) * sum(view.hand_sizes))))
        source = Deals(view, table, self._rng, self.infer)
        scores: dict[int, list[float]] = {card: [] for card in candidates}
        weights: list[float] = []
        deadline = time.perf_counter() + self.time_limit if self.time_limit else None
        for number in range(1, deals + 1):
            deal = source.sample()
            weights.append(deal.weight)
            for card in candidates:
                scores[card].append(source.result(deal, card))
            if deadline is not None and time.perf_counter() > deadline:
                break
            if adaptive and number >= MIN_DEALS and number % CHECK_EVERY == 0 and clearly_decided(scores, weights):
                break
            if until is not None and until(scores, weights):
                break
        self.last_deals = len(weights)
        self.last_scores = (scores, weights)
        total = sum(weights)
        return {card: sum(w * x for w, x in zip(weights, values, strict=True)) / total
                for card, values in scores.items()}

    def choose_moon(self, seat: int, scores: Sequence[int], target: int,
                    moon_points: int = MOON_POINTS) -> MoonChoice:
        return best_moon_choice(seat, scores, target, moon_points)


@dataclass(frozen=True, slots=True)  # the coach keeps thousands (coach.KEPT_DEALS)
class Deal:
    """One sampled deal of the unseen cards: each seat's cards (with two packs also
    the kinds it holds twice, and the face-down kitty), the deal's weight
    (:mod:`.inference`) and the play-out policy (a watched seat may shoot)."""

    hands: tuple[int, ...]
    hands2: tuple[int, ...]
    kitty: tuple[int, ...]
    weight: float
    shooter: int | None


class Deals:
    """Deals sampled from one seat's view (:mod:`.sampler`), and the result of playing
    a card on one of them and the rest of the hand out: its seat's points minus the
    others' average (:func:`.sim.relative_score`, lower is better). A deal can be
    kept and played out again with another card later (the coach does)."""

    def __init__(self, view: SeatView, table: Table, rng: random.Random, infer: bool = True) -> None:
        self.view = view
        self.table = table
        self.rng = rng
        self.two_packs = view.rules.packs == 2
        self.knowledge = TwoPackKnowledge(view) if self.two_packs else Knowledge(view)
        self.history = History(view) if infer and not self.two_packs else None
        self.watched = may_shoot(table)
        self.carried = tuple(c.index for c in view.carried)
        self.policies: dict[int | None, Policy] = {None: variant_policy(view.rules)}

    def sample(self) -> Deal:
        """A new deal, consistent with what the seat knows."""
        hands2: list[int] = []
        kitty: tuple[int, ...] = ()
        if isinstance(self.knowledge, TwoPackKnowledge):
            hands, hands2, kitty = self.knowledge.sample(self.rng)
        else:
            hands = self.knowledge.sample(self.rng)
        weight = self.history.weight(hands) if self.history is not None else 1.0
        watched, table = self.watched, self.table
        shooter = None
        if watched is not None and losers(hands[watched], table.unseen & ~hands[watched] | table.held,
                                          SHOOTER_LOSERS) <= SHOOTER_LOSERS:
            shooter = watched
        return Deal(tuple(hands), tuple(hands2), kitty, weight, shooter)

    def result(self, deal: Deal, card: int) -> float:
        """The seat's result when it plays ``card`` on ``deal`` and the hand is played out."""
        table, view = self.table, self.view
        playout = Playout(view.rules, list(deal.hands), table.trick, table.leader, list(table.points), table.gone,
                          list(table.voids), table.hearts_broken, table.first_trick, scored=list(view.points),
                          hands2=list(deal.hands2) if self.two_packs else None, carried=self.carried,
                          kitty=deal.kitty)
        playout.play(card)
        policy = self.policies.get(deal.shooter)
        if policy is None:
            policy = self.policies[deal.shooter] = shooter_policy(deal.shooter, self.policies[None])  # type: ignore[arg-type]
        return relative_score(playout.run(policy), view.seat)


def shooter_policy(shooter: int, base: Policy = rule_play) -> Policy:
    """The ``base`` policy (the table's rule-based bots), except that ``shooter`` goes
    for the moon while nobody else has taken a point."""
    def policy(table: Table) -> int:
        if table.seat == shooter and not any(p for s, p in enumerate(table.points) if s != shooter):
            return shoot(table)[0]
        return base(table)
    return policy


def clearly_decided(scores: dict[int, list[float]], weights: list[float]) -> bool:
    """Whether more deals are unlikely to change the choice enough to matter: the
    card with the lowest weighted mean is kept unless, summed over the others,
    the expected loss of keeping it (from each paired difference's mean and
    standard error, taken as normal) is at least ``ENOUGH`` points. A card far
    ahead stops the search at once; near-ties stop once it hardly matters which."""
    total = sum(weights)
    effective = total * total / sum(w * w for w in weights)
    means = {card: sum(w * x for w, x in zip(weights, values, strict=True)) / total for card, values in scores.items()}
    best = min(means, key=lambda card: (means[card], card))
    loss = 0.0
    for card, values in scores.items():
        if card == best:
            continue
        lead = means[card] - means[best]
        spread = sum(w * (x - y - lead) ** 2 for w, x, y in zip(weights, values, scores[best], strict=True)) / total
        error = math.sqrt(spread / effective)
        if error > 0:
            z = lead / error
            loss += error * math.exp(-z * z / 2) / math.sqrt(2 * math.pi) - lead * 0.5 * math.erfc(z / math.sqrt(2))
    return loss < ENOUGH


def distinct_choices(table: Table, rules: Rules | None = None) -> list[int]:
    """The legal cards, one per group of equivalent cards: cards of a suit with
    no card still in play between them (nor on the table) do the same thing;
    a card worth other points than its neighbour (the Black Maria; under
    ``rules``, also Black Maria's K♠ and A♠ or the Omnibus bonus) is never
    grouped. The lowest of each group stands for it. With two packs every
    legal kind of card is a choice: a twin still out may cancel any of them."""
    if rules is not None and rules.packs == 2:
        return list(iter_bits(table.legal))
    special = (rules.valued_cards if rules is not None else QS_BIT) & ~HEARTS_MASK
    live = table.unseen | trick_mask(table.trick)
    choices: list[int] = []
    previous = -1
    for card in iter_bits(table.legal):
        same_suit = previous >= 0 and previous // 13 == card // 13
        between = live & SUIT_MASKS[card // 13] & ((1 << card) - 1) & ~((2 << previous) - 1) if same_suit else 1
        points_differ = bool((1 << card | 1 << previous) & special) if same_suit else True
        if not same_suit or between or points_differ:
            choices.append(card)
        previous = card
    return choices
