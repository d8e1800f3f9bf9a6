"""Prepared positions, set up with ``Hand.from_cards``.

The positions themselves are data in a lesson file (see
:mod:`hearts_widget.lessons.format`); ``POSITIONS`` holds those of the
built-in lesson. A position names the learner's seat, the cards that matter (the learner's
hand and the trick on the table) and what the engine must say about every
card the learner holds. The rest of the pack is placed automatically, so
each position is short to write and still a complete, checked ``Hand``.
The engine decides legality; a position only records what it expects the
engine to say, and the tests hold it to that, so a position that stops
teaching its rule fails.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from ..engine import Card, Event, Explanation, Hand, IllegalMove, Rules, parse_cards

if TYPE_CHECKING:
    from .format import Text

LEARNER = 0
FOUR = Rules(players=4)
POINT_CARD_CODES = frozenset(c.code for c in FOUR.deck if c.is_heart or c.is_black_maria)


def build_hand(
    rules: Rules,
    held: str,
    *,
    trick: str = "",
    leader: int | None = None,
    tricks_done: int = 0,
    out: str = "",
    seat: int = LEARNER,
) -> Hand:
    """A play-phase position in which ``seat`` is to move holding ``held``.

    ``trick`` holds the cards already played to the trick on the table, led by
    ``leader`` (by default the seat whose turn makes ``seat`` next).
    ``tricks_done`` whole tricks have been taken, all by the leader; ``out``
    names cards that must be among them (say the Q♠ to have hearts broken).
    Every other card goes to the other seats in pack order; taken tricks use
    cards without points first, so hearts stay unbroken unless ``out`` says so.
    """
    mine = parse_cards(held)
    on_table = parse_cards(trick)
    if leader is None:
        leader = (seat - len(on_table)) % rules.players
    forced_out = parse_cards(out)
    placed = set(mine) | set(on_table) | set(forced_out)
    pool = sorted((c for c in rules.deck if c not in placed), key=lambda c: (c.code in POINT_CARD_CODES, c))
    taken_count = tricks_done * rules.players - len(forced_out)
    if taken_count < 0:
        raise ValueError(f"{len(forced_out)} cards out do not fit in {tricks_done} tricks")
    taken_pile = forced_out + pool[:taken_count]
    rest = sorted(pool[taken_count:])
    hands: list[list[Card]] = []
    size = rules.cards_each - tricks_done
    for other in range(rules.players):
        if other == seat:
            hands.append(mine)
            continue
        played = (other - leader) % rules.players < len(on_table)
        count = size - 1 if played else size
        hands.append(rest[:count])
        rest = rest[count:]
    taken = [taken_pile if s == leader else [] for s in range(rules.players)]
    return Hand.from_cards(rules, hands, leader=leader if (on_table or tricks_done) else None,
                           trick=on_table, taken=taken if tricks_done else None)


@dataclass(frozen=True)
class Attempt:
    """What happened when the learner chose a card: the engine's explanation,
    and for a legal card the hand after it and the events it caused."""

    explanation: Explanation
    hand: Hand | None
    events: tuple[Event, ...]

    @property
    def legal(self) -> bool:
        return self.explanation.legal


@dataclass(frozen=True)
class Position:
    """A prepared position where the learner (``seat``) chooses a card.

    ``expect`` maps each card the learner holds to ``(legal, rule id)``:
    what the engine must answer, checked when the lesson file is read.
    ``prompt`` is the question shown above the board; with ``coach`` the board
    also tells, after the learner's card, what the coach would play and why.
    """

    key: str
    rules: Rules
    held: str
    trick: str = ""
    tricks_done: int = 0
    out: str = ""
    leader: int | None = None
    seat: int = LEARNER
    expect: dict[str, tuple[bool, str]] = field(default_factory=dict)
    prompt: Text | None = None
    coach: bool = False

    @cached_property
    def hand(self) -> Hand:
        return build_hand(self.rules, self.held, trick=self.trick, leader=self.leader,
                          tricks_done=self.tricks_done, out=self.out, seat=self.seat)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The learner's cards, in hand order."""
        return self.hand.held(self.seat)

    def attempt(self, card: str | Card) -> Attempt:
        """Try ``card``: the engine's verdict, and the result when it is legal."""
        explanation = self.hand.explain(card)
        if not explanation.legal:
            return Attempt(explanation, None, ())
        after = self.hand.play(card, self.seat)
        return Attempt(explanation, after, after.events[len(self.hand.events):])


def try_pass(hand: Hand, seat: int, cards: Iterable[str | Card]) -> tuple[Hand | None, Explanation | None]:
    """Pass ``cards`` for ``seat``: the next hand, or the engine's reason for refusing."""
    try:
        return hand.pass_cards(seat, cards), None
    except IllegalMove as error:
        return None, error.explanation


def __getattr__(name: str) -> object:
    """``POSITIONS``: the built-in lesson's positions, read from its file on first use
    (kept here for the code that imported them from this module)."""
    if name == "POSITIONS":
        from .path import POSITIONS

        return POSITIONS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
