"""A fast private play-out of the rest of a hand, for the strong bot's search.

The engine's :class:`Hand` checks and records every move, which a learner
needs and a search does not. :class:`Playout` keeps only bitmasks and plays
cards unchecked, but takes its legality from the engine's own
:func:`legal_mask`; only the trick winner is recomputed on indexes (a test
checks it against the engine's :func:`trick_winner` on random positions).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import HEARTS_MASK, QS_BIT, SUIT_MASKS
from ..engine.legality import POINT_CARDS, legal_mask
from ..engine.rules import MOON_POINTS, POINTS_PER_HAND, Rules
from .table import Table

Policy = Callable[[Table], int]
points_in = Rules.points_in


class Playout:
    """A hand in play with every seat's cards known (one sampled deal)."""

    __slots__ = ("rules", "hands", "trick", "leader", "points", "gone", "voids", "hearts_broken", "first_trick",
                 "moon_points")

    def __init__(self, rules: Rules, hands: list[int], trick: tuple[int, ...], leader: int,
                 points: list[int], gone: int, voids: list[int], hearts_broken: bool, first_trick: bool) -> None:
        self.rules = rules
        self.hands = hands
        self.trick = trick
        self.leader = leader
        self.points = points
        self.gone = gone
        self.voids = voids
        self.hearts_broken = hearts_broken
        self.first_trick = first_trick
        self.moon_points = rules.moon_points

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.rules.players

    @property
    def over(self) -> bool:
        return not self.trick and not any(self.hands)

    def legal(self) -> int:
        """The legal cards of the seat to move (the engine's rules)."""
        led = self.trick[0] // 13 if self.trick else None
        return legal_mask(self.rules, self.hands[self.to_move], led, self.first_trick, self.hearts_broken)

    def table(self, legal: int | None = None) -> Table:
        """What the seat to move knows, for a policy (``legal``: its legal cards, if known)."""
        seat = self.to_move
        rules = self.rules
        if legal is None:
            legal = self.legal()
        return Table(seat, rules.players, self.hands[seat], legal, self.trick, self.leader, self.gone,
                     rules.deck_mask, self.points, self.voids, self.first_trick,
                     self.first_trick and rules.first_trick_no_points, self.hearts_broken,
                     moon_points=self.moon_points)

    def play(self, card: int) -> None:
        """Play ``card`` (an index, assumed legal) for the seat to move."""
        seat = self.to_move
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.gone |= bit
        if self.trick and card // 13 != self.trick[0] // 13:
            self.voids[seat] |= 1 << (self.trick[0] // 13)
        if bit & HEARTS_MASK or (bit & QS_BIT and self.rules.maria_breaks_hearts):
            self.hearts_broken = True
        trick = self.trick + (card,)
        if len(trick) < self.rules.players:
            self.trick = trick
            return
        winner = trick_winner_index(self.leader, trick, self.rules.players)
        mask = 0
        for index in trick:
            mask |= 1 << index
        self.points[winner] += points_in(mask)
        self.trick = ()
        self.leader = winner
        self.first_trick = False

    def run(self, policy: Policy) -> list[int]:
        """Play to the end with ``policy`` for every seat; the points each seat took.

        Cheap where it can be: a seat with one legal card plays it without asking
        the policy, and once no card that carries points is left in any hand
        between tricks, the points can no longer change and the play-out stops."""
        hands = self.hands
        while True:
            if not self.trick:
                left = 0
                for held in hands:
                    left |= held
                if not left & POINT_CARDS:
                    return self.points
            legal = self.legal()
            if legal & (legal - 1):
                self.play(policy(self.table(legal)))
            else:
                self.play(legal.bit_length() - 1)


def trick_winner_index(leader: int, trick: tuple[int, ...], players: int) -> int:
    """play.trick-winner on indexes: the seat of the highest card of the suit led."""
    led = SUIT_MASKS[trick[0] // 13]
    best = max(c for c in trick if (1 << c) & led)
    return (leader + trick.index(best)) % players


def relative_score(points: list[int], seat: int, moon: bool = True) -> float:
    """``seat``'s points minus the others' average, the moon applied (unless the
    moon is off): what the search minimises. It is the same whichever way a
    shooter scores the moon."""
    players = len(points)
    shooter = next((s for s, p in enumerate(points) if p == POINTS_PER_HAND), None) if moon else None
    row = points if shooter is None else [0 if s == shooter else MOON_POINTS for s in range(players)]
    return row[seat] - (sum(row) - row[seat]) / (players - 1)
