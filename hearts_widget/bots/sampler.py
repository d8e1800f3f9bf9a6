"""Deals of the unseen cards consistent with what one seat knows.

The seat knows its own hand, the cards it passed (they sit in the receiver's
hand until played), every card played, and what play revealed: a seat that
did not follow suit holds none of that suit (see :func:`.table.allowed_masks`).
A sample gives each other seat as many cards as it holds, each card to a
seat that may hold it. In a position set up mid-hand the cards taken before
it are not in the view; they are sampled too, holding the points the seats
are known to have taken then (so a learner's lesson position is read right).
"""

from __future__ import annotations

import random

from ..engine import SeatView
from ..engine.cards import HEARTS_MASK, QS_BIT, iter_bits, mask_of
from ..engine.rules import Rules
from .table import allowed_masks

# Attempts at a deal that respects every void before the voids are relaxed.
ATTEMPTS = 50


class Knowledge:
    """The constraints on the hidden hands, from one seat's view."""

    __slots__ = ("seat", "players", "held", "unseen", "sizes", "allowed", "fixed", "points_before")

    def __init__(self, view: SeatView) -> None:
        rules = view.rules
        self.seat = view.seat
        self.players = rules.players
        self.held = mask_of(view.held)
        gone = mask_of(view.trick.cards)
        for trick in view.tricks:
            gone |= mask_of(trick.cards)
        self.unseen = rules.deck_mask & ~gone & ~self.held
        self.sizes = list(view.hand_sizes)
        self.allowed = allowed_masks(view)
        self.fixed = [0] * self.players
        # Points taken in tricks before a position was set up (not in the view's tricks).
        recorded = sum(Rules.points_in(mask_of(t.cards)) for t in view.tricks)
        self.points_before = sum(view.points) - recorded if rules.variant == "standard" else 0
        if view.passed and view.received and view.pass_direction is not None:
            target = rules.pass_target(view.seat, view.pass_direction)
            self.fixed[target] = mask_of(view.passed) & self.unseen

    def sample(self, rng: random.Random) -> list[int]:
        """Every seat's hand in one deal consistent with this knowledge."""
        for _ in range(ATTEMPTS):
            hands = self._try(rng, self.allowed)
            if hands is not None:
                return hands
        hands = self._try(rng, [self.unseen | self.fixed[s] for s in range(self.players)])
        assert hands is not None, "a deal ignoring voids always exists"
        return hands

    def _try(self, rng: random.Random, allowed: list[int]) -> list[int] | None:
        hands = list(self.fixed)
        hands[self.seat] = self.held
        need = [0 if s == self.seat else self.sizes[s] - self.fixed[s].bit_count() for s in range(self.players)]
        free = self.unseen & ~_union(self.fixed)
        cards = list(iter_bits(free))
        rng.shuffle(cards)
        surplus = len(cards) - sum(need)
        if surplus > 0:
            # Cards taken before a position was set up are not in the view:
            # some unseen cards are in nobody's hand.
            cards = self._without_taken(cards, surplus)
        seats = [s for s in range(self.players) if s != self.seat]
        options = [[s for s in seats if allowed[s] >> card & 1] for card in cards]
        order = sorted(range(len(cards)), key=lambda i: len(options[i]))
        for i in order:
            open_seats = [s for s in options[i] if need[s]]
            if not open_seats:
                return None
            seat = rng.choices(open_seats, weights=[need[s] for s in open_seats])[0]
            hands[seat] |= 1 << cards[i]
            need[seat] -= 1
        return hands


    def _without_taken(self, cards: list[int], surplus: int) -> list[int]:
        """``cards`` (shuffled) less ``surplus`` of them taken before the position
        was set up, chosen to hold the points taken then (``points_before``: the
        Black Maria when it makes 13 of them, the rest in hearts); when no such
        choice exists, simply the first ``surplus``."""
        hearts = [c for c in cards if 1 << c & HEARTS_MASK]
        queen = [c for c in cards if 1 << c & QS_BIT]
        points = self.points_before
        taken: list[int] = []
        if queen and points >= 13 and points - 13 <= len(hearts):
            taken.append(queen[0])
            points -= 13
        if points > len(hearts):
            return cards[surplus:]
        taken += hearts[:points]
        taken += [c for c in cards if not 1 << c & (HEARTS_MASK | QS_BIT)][:surplus - len(taken)]
        if len(taken) != surplus:
            return cards[surplus:]
        gone = set(taken)
        return [c for c in cards if c not in gone]


def _union(masks: list[int]) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total
