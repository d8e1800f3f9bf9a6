"""A trick: the cards played to it in order from its leader, and its winner."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit, mask_of
from .rules import Rules


@dataclass(frozen=True)
class Trick:
    """Cards played to one trick, in order from ``leader``; ``winner`` once complete.

    >>> Trick(leader=0, cards=(Card.parse('2C'),), players=4)
    Trick(leader=0, cards=(Card.parse('2C'),), players=4, winner=None)
    """

    leader: int
    cards: tuple[Card, ...]
    players: int
    winner: int | None = None

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card."""
        return tuple((self.leader + i) % self.players for i in range(len(self.cards)))

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def points(self) -> int:
        return Rules.points_in(mask_of(self.cards))

    def card_of(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick, if any."""
        offset = (seat - self.leader) % self.players
        return self.cards[offset] if offset < len(self.cards) else None

    def _repr_html_(self) -> str:
        from .display import trick_html

        return trick_html(self)


def trick_winner(leader: int, cards: tuple[Card, ...], players: int) -> tuple[int, Card]:
    """play.trick-winner: the seat and card of the highest card of the suit led."""
    led = cards[0].suit
    best = cards[0]
    for card in cards:
        if card.suit is led and card.rank > best.rank:
            best = card
    return (leader + cards.index(best)) % players, best
