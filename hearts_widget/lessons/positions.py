"""Prepared positions: one rule each, set up with ``Hand.from_cards``.

A position names the learner's seat, the cards that matter (the learner's
hand and the trick on the table) and what the engine must say about every
card the learner holds. The rest of the pack is placed automatically, so
each position is short to write and still a complete, checked ``Hand``.
The engine decides legality; a position only records what it expects the
engine to say, and the tests hold it to that, so a position that stops
teaching its rule fails.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable

from ..engine import Card, Event, Explanation, Hand, IllegalMove, Rules, parse_cards

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
    what the engine must answer, checked by the tests.
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


def expect(spec: Iterable[tuple[str, bool, str]]) -> dict[str, tuple[bool, str]]:
    """``[("2C 7C", True, "play.follow-suit"), ...]`` -> a map from each card code."""
    table: dict[str, tuple[bool, str]] = {}
    for codes, legal, rule in spec:
        for card in parse_cards(codes):
            table[card.code] = (legal, rule)
    return table


FIRST_LEAD = "play.first-lead"
FOLLOW = "play.follow-suit"
DISCARD = "play.discard"
FIRST_TRICK = "play.first-trick-no-points"
LEAD_HEARTS = "play.hearts-lead"
BROKEN = "play.hearts-broken"
MARIA_LEAD = "play.black-maria-lead"
FREE_LEAD = "play.trick-winner"

POSITIONS: dict[str, Position] = {p.key: p for p in (
    Position(
        "first-lead", FOUR, "2C 7C KC 4D 9D JD 3S 8S AS QS 5H 10H QH",
        expect=expect([("2C", True, FIRST_LEAD), ("7C KC 4D 9D JD 3S 8S AS QS 5H 10H QH", False, FIRST_LEAD)]),
    ),
    Position(
        "first-lead-five", Rules(players=5), "3C 8C 5D KD 6S JS 7H 9H AH QS",
        expect=expect([("3C", True, FIRST_LEAD), ("8C 5D KD 6S JS 7H 9H AH QS", False, FIRST_LEAD)]),
    ),
    Position(
        "follow-suit", FOUR, "7C 3D QD 9S 4H", trick="6D", tricks_done=8,
        expect=expect([("3D QD", True, FOLLOW), ("7C 9S 4H", False, FOLLOW)]),
    ),
    Position(
        "discard", FOUR, "7C JC 9S QS 4H 8H", trick="6D 10D", tricks_done=7,
        expect=expect([("7C JC 9S QS 4H 8H", True, DISCARD)]),
    ),
    Position(
        "trick-winner", FOUR, "2C 5D QD 7H", trick="9D AS 10D", tricks_done=9,
        expect=expect([("5D QD", True, FOLLOW), ("2C 7H", False, FOLLOW)]),
    ),
    Position(
        "first-trick", FOUR, "3D 8D KD 4S 10S QS 2H 5H 6H 9H JH KH AH", trick="2C 9C",
        expect=expect([("3D 8D KD 4S 10S", True, DISCARD), ("QS 2H 5H 6H 9H JH KH AH", False, FIRST_TRICK)]),
    ),
    Position(
        "first-trick-only-points", FOUR, "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", trick="2C",
        expect=expect([("QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", True, FIRST_TRICK)]),
    ),
    Position(
        "hearts-lead", FOUR, "4C 10D 2S 6S 3H 7H JH AH", leader=LEARNER, tricks_done=5,
        expect=expect([("4C 10D 2S 6S", True, FREE_LEAD), ("3H 7H JH AH", False, LEAD_HEARTS)]),
    ),
    Position(
        "hearts-lead-only-hearts", FOUR, "2H 5H 9H QH", leader=LEARNER, tricks_done=9,
        expect=expect([("2H 5H 9H QH", True, LEAD_HEARTS)]),
    ),
    Position(
        "hearts-lead-hearts-and-maria", FOUR, "QS 4H 8H KH", leader=LEARNER, tricks_done=9,
        expect=expect([("QS", True, LEAD_HEARTS), ("4H 8H KH", False, LEAD_HEARTS)]),
    ),
    Position(
        "hearts-broken-discard", FOUR, "8C JC 4S 9S 3H 10H KH", trick="5D KD", tricks_done=6,
        expect=expect([("8C JC 4S 9S 3H 10H KH", True, DISCARD)]),
    ),
    Position(
        "hearts-broken-by-maria", FOUR, "5C 9D JS 2H 10H", leader=LEARNER, tricks_done=8, out="QS",
        expect=expect([("5C 9D JS", True, FREE_LEAD), ("2H 10H", True, BROKEN)]),
    ),
    Position(
        "black-maria-lead", FOUR, "3C 7D QS 5H 9H", leader=LEARNER, tricks_done=8,
        expect=expect([("3C 7D", True, FREE_LEAD), ("QS", True, MARIA_LEAD), ("5H 9H", False, LEAD_HEARTS)]),
    ),
    Position(
        "points", FOUR, "9C 4D KD", trick="8D QS 3H", tricks_done=10,
        expect=expect([("4D KD", True, FOLLOW), ("9C", False, FOLLOW)]),
    ),
)}


def try_pass(hand: Hand, seat: int, cards: Iterable[str | Card]) -> tuple[Hand | None, Explanation | None]:
    """Pass ``cards`` for ``seat``: the next hand, or the engine's reason for refusing."""
    try:
        return hand.pass_cards(seat, cards), None
    except IllegalMove as error:
        return None, error.explanation
