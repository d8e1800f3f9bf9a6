"""Cards, suits and the bitmask encoding the engine uses inside.

A card is one of 52 shared, immutable objects. Inside the engine a set of
cards is an ``int`` bitmask (bit ``card.index``), which keeps legality checks
and random play-outs fast; the public API always speaks in ``Card`` objects.
Suits are ordered clubs, diamonds, spades, hearts: the order a Hearts player
sorts a hand in, alternating black and red.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from enum import EnumMeta, IntEnum
from typing import Any

from .errors import CardParseError, shown

_BAD_SUIT = "a suit is 0 to 3 (clubs, diamonds, spades, hearts)"


class _SuitType(EnumMeta):
    """``Suit(n)`` looks the suit up itself, so that a bad value is a
    CardParseError: Enum's own refusal fails on huge numbers and deep lists.
    (Enum's functional API, which makes a new enum, cannot extend Suit anyway.)"""

    def __call__(cls, value: Any) -> Any:  # type: ignore[override]
        try:
            suit = cls._value2member_map_.get(value)
        except TypeError:  # unhashable
            suit = None
        if suit is None:
            raise CardParseError(f"unknown suit {shown(value)}: {_BAD_SUIT}")
        return suit


class Suit(IntEnum, metaclass=_SuitType):
    """The four suits, in the order hands are sorted."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        return "CDSH"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♠♥"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """``"H"``, ``"h"``, ``"♥"`` or ``"hearts"`` -> ``Suit.HEARTS``."""
        suit = _SUIT_FROM_TEXT.get(text.strip().lower()) if isinstance(text, str) else None
        if suit is None:
            raise CardParseError(f"unknown suit {shown(text)}: use C, D, S, H or ♣ ♦ ♠ ♥")
        return suit


# Every spelling Suit.parse reads, lower case: "h", "♥", "hearts", "heart".
_SUIT_FROM_TEXT: dict[str, Suit] = {
    spelling: suit for suit in Suit
    for spelling in (suit.letter.lower(), suit.symbol, suit.name.lower(), suit.name.lower()[:-1])
}


RANK_LETTERS = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_FROM_TEXT = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10, "10": 10}
_RANK_FROM_TEXT.update({str(n): n for n in range(2, 10)})


def rank_text(rank: int) -> str:
    """``14`` -> ``"A"``, ``10`` -> ``"10"``."""
    return RANK_LETTERS.get(rank, str(rank))


class Card:
    """A playing card. ``Card.parse("QS")``, ``Card(12, Suit.SPADES)`` and
    ``Card.parse("Q♠")`` all return the same shared object."""

    __slots__ = ("rank", "suit", "index", "bit", "code")
    rank: int
    suit: Suit
    index: int
    bit: int
    code: str  # ASCII notation, "QS", "10H": what JSON records and messages use

    _all: list[Card] = []

    def __new__(cls, rank: int, suit: Suit | int) -> Card:
        if not isinstance(rank, int) or isinstance(rank, bool) or not 2 <= rank <= 14:
            raise CardParseError(f"rank must be a whole number from 2 to 14 (ace), not {shown(rank)}")
        try:
            suit = Suit(suit)
        except ValueError:
            raise CardParseError(f"unknown suit {shown(suit)}") from None
        return cls._all[suit * 13 + rank - 2]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", index % 13 + 2)
        object.__setattr__(card, "suit", Suit(index // 13))
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "bit", 1 << index)
        object.__setattr__(card, "code", rank_text(index % 13 + 2) + "CDSH"[index // 13])
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        return (Card, (self.rank, int(self.suit)))

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read ``"QS"``, ``"Q♠"``, ``"10H"``, ``"TH"``, ``"qs"``; a Card passes through."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardParseError(f"a card is written as text like 'QS' or 'Q♠', not {shown(text)}")
        cleaned = text.strip().upper()
        card = _CARD_FROM_TEXT.get(cleaned)
        if card is not None:
            return card
        if len(cleaned) < 2:
            raise CardParseError(f"cannot read card {shown(text)}: write rank then suit, like 'QS' or '10♥'")
        rank = _RANK_FROM_TEXT.get(cleaned[:-1])
        if rank is None:
            raise CardParseError(f"cannot read card {shown(text)}: unknown rank {shown(cleaned[:-1])}")
        try:
            suit = Suit.parse(cleaned[-1])
        except CardParseError:
            raise CardParseError(f"cannot read card {shown(text)}: unknown suit {shown(cleaned[-1])}") from None
        return cls(rank, suit)

    @property
    def is_heart(self) -> bool:
        return self.suit is Suit.HEARTS

    @property
    def is_black_maria(self) -> bool:
        return self.index == QUEEN_OF_SPADES

    def __str__(self) -> str:
        return rank_text(self.rank) + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def _repr_html_(self) -> str:
        from .display import cards_html

        return cards_html([self])


Card._all = [Card._make(i) for i in range(52)]
ALL_CARDS: tuple[Card, ...] = tuple(Card._all)
# Every spelling Card.parse reads, upper case ("QS", "Q♠", "10H", "TH"): one look-up per card.
_CARD_FROM_TEXT: dict[str, Card] = {
    rank + suit: card for card in ALL_CARDS
    for rank in {rank_text(card.rank), "T" if card.rank == 10 else rank_text(card.rank)}
    for suit in (card.suit.letter, card.suit.symbol)
}

QUEEN_OF_SPADES = Suit.SPADES * 13 + 12 - 2
QS_BIT = 1 << QUEEN_OF_SPADES
SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
HEARTS_MASK = SUIT_MASKS[Suit.HEARTS]
FULL_DECK = (1 << 52) - 1


def parse_cards(texts: Iterable[str | Card]) -> list[Card]:
    """Parse several cards, e.g. ``parse_cards(["2C", "QS"])`` or ``parse_cards("2C QS".split())``."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    elif isinstance(texts, (bytes, bytearray, Mapping)) or not isinstance(texts, Iterable):
        raise CardParseError(f"cards are a list like ['2C', 'QS'] or text like '2C QS', not {shown(texts)}")
    return [t if t.__class__ is Card else Card.parse(t) for t in texts]  # a Card is itself: no call


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def _suit_tables() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """For each suit, the cards of every 13-bit pattern of that suit, low to high."""
    tables = []
    for suit in range(4):
        table: list[tuple[Card, ...]] = [()]
        for pattern in range(1, 1 << 13):
            high = pattern.bit_length() - 1
            table.append(table[pattern ^ (1 << high)] + (ALL_CARDS[suit * 13 + high],))
        tables.append(tuple(table))
    return tuple(tables)


class _SuitTableOnFirstUse:
    """Stands in for the four suit tables until :func:`cards_of` first reads one:
    building them takes ~15 ms of CPU, which ``import hearts_widget`` need not pay.
    The first read builds them and puts the real tuples in the module's globals,
    where every later call of ``cards_of`` finds them (no cost on its fast path)."""

    def __init__(self, suit: int) -> None:
        self.suit = suit

    def __getitem__(self, pattern: int) -> tuple[Card, ...]:
        global _CLUBS, _DIAMONDS, _SPADES, _HEARTS
        tables = _CLUBS, _DIAMONDS, _SPADES, _HEARTS = _suit_tables()
        return tables[self.suit][pattern]


_CLUBS: tuple[tuple[Card, ...], ...] | _SuitTableOnFirstUse = _SuitTableOnFirstUse(0)
_DIAMONDS: tuple[tuple[Card, ...], ...] | _SuitTableOnFirstUse = _SuitTableOnFirstUse(1)
_SPADES: tuple[tuple[Card, ...], ...] | _SuitTableOnFirstUse = _SuitTableOnFirstUse(2)
_HEARTS: tuple[tuple[Card, ...], ...] | _SuitTableOnFirstUse = _SuitTableOnFirstUse(3)


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in a bitmask, in hand order (by suit, then rank): four table
    look-ups, since legal moves and views turn masks into cards all the time."""
    return (_CLUBS[mask & 0x1FFF] + _DIAMONDS[(mask >> 13) & 0x1FFF]
            + _SPADES[(mask >> 26) & 0x1FFF] + _HEARTS[mask >> 39])


def iter_bits(mask: int) -> Iterator[int]:
    """Indexes of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def multiset_of(cards: Iterable[Card]) -> tuple[int, int]:
    """A pile of cards from two packs as two bitmasks: the kinds of card held at
    least once, and those held twice (a third copy is not counted: callers check)."""
    once = twice = 0
    for card in cards:
        if once & card.bit:
            twice |= card.bit
        else:
            once |= card.bit
    return once, twice


def multiset_cards(once: int, twice: int) -> tuple[Card, ...]:
    """The cards of a two-pack pile in hand order, a card held twice shown twice."""
    if not twice:
        return cards_of(once)
    return tuple(card for card in cards_of(once) for _ in range(2 if twice & card.bit else 1))
