"""Reading the other players' cards from their play.

A sampled deal is more likely when, dealt those cards, the others would have
played what they did. :class:`History` replays the hand so far on a sampled
deal and scores it: every card another seat played that a sound club player
(:func:`.tactics.rule_play`) holding the sampled cards would not have played
multiplies the deal's weight by ``SURPRISE``. The strong bot weights each
deal's results by it, so deals that explain the play count more, without
ever ruling a deal out (people do not all play like the rule-based bot).
"""

from __future__ import annotations

from ..engine import SeatView
from ..engine.rules import Rules
from .sim import Playout
from .table import tricks_taken_before
from .tactics import rule_play

# The weight factor of one play the rule-based player would not have made.
SURPRISE = 0.3


class History:
    """The plays of the hand so far, as one seat saw them."""

    __slots__ = ("rules", "seat", "first_leader", "plays", "played_by")

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
        if tricks_taken_before(view):
            self.plays = []  # a position set up mid-hand: its start is unknown

    def weight(self, hands: list[int]) -> float:
        """How well the deal ``hands`` (the cards held now) explains the others' play."""
        if not self.plays:
            return 1.0
        players = self.rules.players
        start = [hands[s] | self.played_by[s] for s in range(players)]
        replay = Playout(self.rules, start, (), self.first_leader, [0] * players, 0, [0] * players, False, True)
        weight = 1.0
        for seat, card in self.plays:
            if seat != self.seat:
                legal = replay.legal()
                if legal & (legal - 1) and rule_play(replay.table()) != card:
                    weight *= SURPRISE
            replay.play(card)
        return weight
