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
from ..engine.cards import HEARTS_MASK, QS_BIT, iter_bits, mask_of, multiset_of
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
        hands = self._matched(rng)
        if hands is not None:
            return hands
        hands = self._try(rng, [self.unseen | self.fixed[s] for s in range(self.players)])
        assert hands is not None, "a deal ignoring voids always exists"
        return hands

    def _dealt(self, rng: random.Random, allowed: list[int]) -> tuple[list[int], list[int], list[int],
                                                                      list[list[int]]]:
        """What a try starts from: the hands known so far, the cards each other seat still
        needs, the cards to give (shuffled) and, for each, the seats that may hold it."""
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
        return hands, need, cards, [[s for s in seats if allowed[s] >> card & 1] for card in cards]

    def _matched(self, rng: random.Random) -> list[int] | None:
        """A deal that keeps every void, found by augmenting paths (each card to a seat
        that may hold it, moving cards already given to make room) when the random tries
        found none: with seven players the constraints can be too tight for them, and a
        deal ignoring voids would give a seat a card it cannot hold. None only when the
        cards set aside as taken before the position make a deal impossible."""
        hands, need, cards, options = self._dealt(rng, self.allowed)
        slots = [s for s in range(self.players) for _ in range(need[s])]
        rng.shuffle(slots)
        holder: list[int | None] = [None] * len(slots)  # slot -> index of the card in it

        def place(card: int, seen: set[int]) -> bool:
            for slot, seat in enumerate(slots):
                if seat in options[card] and slot not in seen:
                    seen.add(slot)
                    other = holder[slot]
                    if other is None or place(other, seen):
                        holder[slot] = card
                        return True
            return False

        if len(cards) != len(slots) or not all(place(card, set()) for card in range(len(cards))):
            return None
        for slot, card in enumerate(holder):
            assert card is not None
            hands[slots[slot]] |= 1 << cards[card]
        return hands

    def _try(self, rng: random.Random, allowed: list[int]) -> list[int] | None:
        hands, need, cards, options = self._dealt(rng, allowed)
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


class TwoPackKnowledge:
    """The constraints on the hidden hands with two packs (Cancellation Hearts).

    Every kind of card is in play twice. The unseen copies are those neither
    played, nor held, nor in the kitty this seat took (its cards are shown to
    the taker only); they go to the other seats' hands (voids respected, as
    with one pack), to the kitty while it lies face down, and the rest were in
    a kitty another seat took. The others' play is not read (no
    :class:`.inference.History`): its replay knows one pack only."""

    __slots__ = ("seat", "players", "held", "held2", "cards", "sizes", "kitty_size", "allowed")

    def __init__(self, view: SeatView) -> None:
        rules = view.rules
        self.seat = view.seat
        self.players = rules.players
        self.held, self.held2 = multiset_of(view.held)
        copies = dict.fromkeys(iter_bits(rules.deck_mask), 2)
        known = [c for t in view.tricks for c in t.cards] + list(view.trick.cards) + list(view.held)
        known += [c for e in view.events if e.kind == "kitty-taken" and e.seat == view.seat for c in e.cards]
        for card in known:
            copies[card.index] -= 1
        self.cards = [index for index, count in copies.items() for _ in range(count)]
        self.sizes = list(view.hand_sizes)
        self.kitty_size = view.kitty_size
        self.allowed = allowed_masks(view)

    def sample(self, rng: random.Random) -> tuple[list[int], list[int], tuple[int, ...]]:
        """One deal consistent with this knowledge: each seat's kinds of card, the
        kinds it holds twice, and the kitty's cards (indexes; empty once taken)."""
        for _ in range(ATTEMPTS):
            deal = self._try(rng, self.allowed)
            if deal is not None:
                return deal
        deal = self._try(rng, [-1] * self.players)
        assert deal is not None, "a deal ignoring voids always exists"
        return deal

    def _try(self, rng: random.Random, allowed: list[int]) -> tuple[list[int], list[int], tuple[int, ...]] | None:
        hands = [0] * self.players
        hands2 = [0] * self.players
        hands[self.seat], hands2[self.seat] = self.held, self.held2
        need = [0 if s == self.seat else self.sizes[s] for s in range(self.players)]
        # The pseudo-seat ``players`` takes the kitty's cards and those of a kitty already taken.
        need.append(len(self.cards) - sum(need))
        cards = list(self.cards)
        rng.shuffle(cards)
        seats = [s for s in range(self.players) if s != self.seat]
        options = [[s for s in seats if allowed[s] >> card & 1] + [self.players] for card in cards]
        order = sorted(range(len(cards)), key=lambda i: len(options[i]))
        kitty: list[int] = []
        for i in order:
            open_seats = [s for s in options[i] if need[s]]
            if not open_seats:
                return None
            seat = rng.choices(open_seats, weights=[need[s] for s in open_seats])[0]
            need[seat] -= 1
            bit = 1 << cards[i]
            if seat == self.players:
                kitty.append(cards[i])
            elif hands[seat] & bit:
                hands2[seat] |= bit
            else:
                hands[seat] |= bit
        return hands, hands2, tuple(kitty[:self.kitty_size])
