"""A trick: the cards played to it in order from its leader, and its winner."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, Suit, multiset_of
from .checks import flag, optional_seat, tuple_of, whole_number
from .errors import HeartsError, shown
from .rules import Rules

_STANDARD = Rules()


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
    # The rules the trick was played under (points per variant); None: the standard game.
    rules: Rules | None = field(default=None, repr=False, compare=False)
    # variant.cancellation.carry: True when every card of the suit led was cancelled
    # and the trick went on to the next trick's winner (``winner`` is then None).
    carried: bool = field(default=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        whole_number(self.players, "Trick.players", 3, 10)
        whole_number(self.leader, "Trick.leader", 0, self.players - 1)
        tuple_of(self.cards, Card, "Trick.cards", "cards")
        if len(self.cards) > self.players:
            raise HeartsError(f"a trick holds at most {self.players} cards, not {len(self.cards)}")
        optional_seat(self.winner, "Trick.winner", self.players)
        if self.rules is not None and not isinstance(self.rules, Rules):
            raise HeartsError(f"Trick.rules must be a Rules object or None, not {shown(self.rules)}")
        flag(self.carried, "Trick.carried")

    @classmethod
    def _make(cls, leader: int, cards: tuple[Card, ...], players: int, winner: int | None, rules: Rules,
              carried: bool = False) -> Trick:
        """The same Trick as ``Trick(...)``, built without the frozen dataclass's
        field-by-field ``__init__``: ``Hand.play`` makes one per trick."""
        trick = object.__new__(cls)
        trick.__dict__.update(leader=leader, cards=cards, players=players, winner=winner, rules=rules,
                              carried=carried)
        return trick

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card."""
        return tuple((self.leader + i) % self.players for i in range(len(self.cards)))

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def points(self) -> int:
        """The points of the cards in this trick, under its rules."""
        return (self.rules or _STANDARD).score(*multiset_of(self.cards))

    def card_of(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick, if any."""
        whole_number(seat, "seat", 0, self.players - 1)
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


def cancellation_winner(leader: int, cards: tuple[Card, ...],
                        players: int) -> tuple[int | None, Card | None, tuple[Card, ...]]:
    """variant.cancellation.cancel: the seat and card of the highest card of the suit
    led that is not cancelled by its twin, and the cancelled cards of the suit led
    (once each, in the order their second copy was played). The seat is None when
    every card of the suit led is cancelled (the trick is carried)."""
    led = cards[0].suit
    seen: set[Card] = set()
    cancelled: list[Card] = []
    for card in cards:
        if card.suit is led:
            if card in seen:
                cancelled.append(card)
            seen.add(card)
    best_index: int | None = None
    for index, card in enumerate(cards):
        if card.suit is led and card not in cancelled and (best_index is None or card.rank > cards[best_index].rank):
            best_index = index
    if best_index is None:
        return None, None, tuple(cancelled)
    return (leader + best_index) % players, cards[best_index], tuple(cancelled)
