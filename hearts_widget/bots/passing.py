"""The strong bot's pass: candidate passes compared on sampled deals.

The rule-based pass (:func:`.tactics.rule_pass`) ranks cards one at a time.
:func:`search_pass` asks instead what each of a few candidate passes does to
the whole hand: it deals the unseen cards to the others many times, lets
every other seat pass as the rule-based bot does, gives this seat's three
cards to their receiver, plays the hand out with the rule-based policy
(:mod:`.sim`) and keeps the pass with the best mean result (this seat's
points minus the others' average, the moon counted). Every candidate sees
the same deals, so their comparison is paired.

The candidates are the rule-based pass and every three of the cards the
rule ranks most dangerous (:func:`.tactics.pass_danger`); in Omnibus none
of them gives the bonus card away, as the rule-based pass never does
(:func:`.variants.variant_pass`), and the play-outs score the rules in force. Successive halving
spends the budget on the passes still in the running; the rule-based pass
is kept unless another is expected to do at least ``MARGIN`` points better,
so noise alone does not replace it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from ..engine.cards import iter_bits
from ..engine.rules import Rules
from .sim import Playout, relative_score
from .tactics import index_mask, pass_danger, rule_pass
from .variants import variant_policy

# Candidates: every three of this many of the most dangerous cards (and the rule's pass).
TOP_CARDS = 6
# Successive halving: deals per round, and how many passes go on to the next.
ROUNDS = ((10, 6), (20, 2), (40, 1))
# A pass replaces the rule-based one only when expected to do this much better.
MARGIN = 0.3

Pass = tuple[int, int, int]


def pass_candidates(held: int, deck: int, keep: int = 0, moon: bool = True) -> list[Pass]:
    """The rule-based pass first, then every other three of the ``TOP_CARDS``
    cards of ``held`` the rule ranks most dangerous (never a card in ``keep``;
    ``moon``: the rules have a moon, see :func:`.tactics.pass_danger`)."""
    rule = tuple(sorted(rule_pass(held, deck, keep, moon)))
    ranked = sorted(iter_bits(held & ~keep), key=lambda c: (-pass_danger(c, held, moon), c))[:TOP_CARDS]
    others = [combo for combo in combinations(sorted(ranked), 3) if combo != rule]
    return [rule, *others]  # type: ignore[list-item]


def search_pass(rules: Rules, seat: int, held: int, target: int, rng: random.Random) -> list[int]:
    """The pass of ``seat`` (holding ``held``, passing to ``target``) with the best
    mean result over sampled deals; see the module's docstring."""
    keep = rules.bonus.bit if rules.bonus is not None else 0
    candidates = pass_candidates(held, rules.deck_mask, keep, rules.moon_points > 0)
    totals = dict.fromkeys(candidates, 0.0)
    counts = dict.fromkeys(candidates, 0)
    rule = candidates[0]
    alive = list(candidates)
    deals = PassDeals(rules, seat, held, target, rng)
    for count, survivors in ROUNDS:
        for _ in range(count):
            deal = deals.sample()
            for choice in alive:
                totals[choice] += deals.result(deal, index_mask(choice))
                counts[choice] += 1
        # The rule's pass stays in every round, so it is compared on the most deals.
        alive = [rule, *[c for c in sorted(alive, key=lambda c: totals[c] / counts[c]) if c != rule][:survivors]]
    best = min(alive, key=lambda c: totals[c] / counts[c])
    if totals[rule] / counts[rule] - totals[best] / counts[best] < MARGIN:
        best = rule
    return list(best)


@dataclass(frozen=True, slots=True)
class PassDeal:
    """One deal seen from the passer: every seat's dealt cards, and the cards each
    other seat passes (the rule-based pass from its cards; this seat's entry is 0)."""

    dealt: tuple[int, ...]
    given: tuple[int, ...]
    weight: float = 1.0  # nothing is known of the others' cards at the pass: every deal counts the same


class PassDeals:
    """Deals for comparing passes of ``seat`` (holding ``held``, passing to ``target``):
    the other seats' cards dealt at random, each passing as the rule-based bot does
    (never the Omnibus bonus), and the result of a pass (a bitmask of three cards) on
    one: ``seat``'s points minus the others' average once the hand is played out by
    the rule-based policy (lower is better). The coach keeps the deals and compares a
    learner's pass with the searched ones on them."""

    def __init__(self, rules: Rules, seat: int, held: int, target: int, rng: random.Random) -> None:
        self.rules = rules
        self.seat = seat
        self.held = held
        self.target = target
        self.rng = rng
        self.keep = rules.bonus.bit if rules.bonus is not None else 0

    def sample(self) -> PassDeal:
        rules, seat = self.rules, self.seat
        dealt = _deal_others(rules, seat, self.held, self.rng)
        moon = rules.moon_points > 0
        given = tuple(0 if s == seat else index_mask(rule_pass(dealt[s], rules.deck_mask, self.keep, moon))
                      for s in range(rules.players))
        return PassDeal(tuple(dealt), given)

    def result(self, deal: PassDeal, passed: int) -> float:
        given = list(deal.given)
        given[self.seat] = passed
        return _play_out(self.rules, self.seat, list(deal.dealt), given, self.target)


def _deal_others(rules: Rules, seat: int, held: int, rng: random.Random) -> list[int]:
    """Every seat's dealt hand, the other seats' cards dealt at random."""
    cards = list(iter_bits(rules.deck_mask & ~held))
    rng.shuffle(cards)
    size = rules.cards_each
    hands = [0] * rules.players
    hands[seat] = held
    others = [s for s in range(rules.players) if s != seat]
    for number, other in enumerate(others):
        for card in cards[number * size:(number + 1) * size]:
            hands[other] |= 1 << card
    return hands


def _play_out(rules: Rules, seat: int, dealt: list[int], given: list[int], target: int) -> float:
    """``seat``'s result when every seat passes the cards in ``given`` (each to the
    seat as far on as ``target`` is from ``seat``), the hand played out by the
    rule-based policy."""
    players = rules.players
    offset = (target - seat) % players
    hands = [dealt[s] & ~given[s] | given[(s - offset) % players] for s in range(players)]
    first = rules.first_lead_card
    assert first is not None  # every game with a pass has a first lead card
    leader = next(s for s in range(players) if hands[s] >> first.index & 1)
    playout = Playout(rules, hands, (), leader, [0] * players, 0, [0] * players, False, True)
    return relative_score(playout.run(variant_policy(rules)), seat)
