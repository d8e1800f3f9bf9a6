"""Reading the other players' cards from their play.

A sampled deal is more likely when, dealt those cards, the others would have
played what they did. :class:`History` replays the hand so far on a sampled
deal and scores it: every card another seat played that a sound club player
(the table's rule-based bot, :func:`.variants.variant_policy`) holding the
sampled cards would not have played multiplies the deal's weight by ``SURPRISE``. The strong bot weights each
deal's results by it, so deals that explain the play count more, without
ever ruling a deal out (people do not all play like the rule-based bot).

The pass tells something too when the seat that passed to this one is also
the seat it passed to (across, with four players): that seat's hand before
the pass is then known on a sampled deal, and a deal in which the rule-based
pass from it is not the three cards received counts ``SURPRISE`` less.
"""

from __future__ import annotations

from ..engine import SeatView
from ..engine.cards import mask_of
from ..engine.rules import Rules
from .sim import Playout
from .table import tricks_taken_before
from .tactics import index_mask, rule_pass
from .variants import variant_policy

# The weight factor of one play the rule-based player would not have made.
SURPRISE = 0.3


class History:
    """The plays of the hand so far, as one seat saw them."""

    __slots__ = ("rules", "seat", "first_leader", "plays", "played_by", "partner", "passed", "received")

    def __init__(self, view: SeatView) -> None:
        self.rules: Rules = view.rules
        self.seat = view.seat
        tricks = list(view.tricks) + ([view.trick] if view.trick.cards else [])
        self.plays: list[tuple[int, int]] = [
            (s, c.index) for t in tricks for s, c in zip(t.seats, t.cards, strict=True)]
        self.first_leader = tricks[0].leader if tricks else view.trick.leader
        self.played_by = [0] * view.rules.players
        for seat, card in self.plays:
            self.played_by[seat] |= 1 << card
        # The seat that both passed to this one and received its cards (across), if any.
        self.partner: int | None = None
        self.passed = mask_of(view.passed)
        self.received = mask_of(view.received)
        if view.pass_direction is not None and self.received and view.rules.variant == "standard":
            target = view.rules.pass_target(view.seat, view.pass_direction)
            if view.rules.pass_target(target, view.pass_direction) == view.seat:
                self.partner = target
        if tricks_taken_before(view):
            self.plays = []  # a position set up mid-hand: its start is unknown
            self.partner = None

    def weight(self, hands: list[int]) -> float:
        """How well the deal ``hands`` (the cards held now) explains the others' pass and play."""
        players = self.rules.players
        start = [hands[s] | self.played_by[s] for s in range(players)]
        weight = 1.0
        if self.partner is not None:
            dealt = start[self.partner] & ~self.passed | self.received
            if index_mask(rule_pass(dealt, self.rules.deck_mask, moon=self.rules.moon_points > 0)) != self.received:
                weight = SURPRISE
        if not self.plays:
            return weight
        policy = variant_policy(self.rules)
        replay = Playout(self.rules, start, (), self.first_leader, [0] * players, 0, [0] * players, False, True)
        for seat, card in self.plays:
            if seat != self.seat:
                legal = replay.legal()
                if legal & (legal - 1) and policy(replay.table()) != card:
                    weight *= SURPRISE
            replay.play(card)
        return weight

