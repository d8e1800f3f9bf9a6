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

A position may instead name the tricks played ``before`` it, card by card: the
hand is then dealt and those tricks replayed through the engine's checked moves.
That is how a Cancellation Hearts board is set up (the engine sets up a two-pack
hand only at its start), and how a board shows a trick nobody won.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from ..engine import Card, Event, Explanation, Hand, HeartsError, IllegalMove, Rules, Suit, parse_cards
from ..engine.trick import cancellation_winner, trick_winner

if TYPE_CHECKING:
    from .format import Text

LEARNER = 0
# How a trick ends, as the engine tells it: who wins it (or that nobody does), twins cancelled, and the
# kitty or the cards of a cancelled trick taken (variant.cancellation.*).
TRICK_OUTCOME = ("cancelled", "trick-won", "trick-carried", "last-trick-to-leader", "carried-taken", "kitty-taken")
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
    before: Sequence[str] = (),
    kitty: str = "",
) -> Hand:
    """A play-phase position in which ``seat`` is to move holding ``held``.

    ``trick`` holds the cards already played to the trick on the table, led by
    ``leader`` (by default the seat whose turn makes ``seat`` next).
    ``tricks_done`` whole tricks have been taken, all by the leader; ``out``
    names cards that must be among them (say the Q♠ to have hearts broken).
    Every other card goes to the other seats in pack order; taken tricks use
    cards without points first, so hearts stay unbroken unless ``out`` says so.
    With ``before`` (the tricks played earlier, each in the order played) or two
    packs, the hand is dealt and replayed instead (see :func:`replayed_hand`).
    """
    if before or rules.packs == 2:
        if tricks_done or out:
            raise ValueError("give the tricks played before as 'before' (each trick's cards in the order "
                             "played), not 'tricks_done' and 'out'"
                             + (": with two packs a hand is set up by replaying it" if rules.packs == 2 else ""))
        return replayed_hand(rules, held, before, trick=trick, leader=leader, seat=seat, kitty=kitty)
    if kitty:
        raise ValueError("only Cancellation Hearts (two packs) has a kitty")
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


def replayed_hand(
    rules: Rules,
    held: str,
    before: Sequence[str] = (),
    *,
    trick: str = "",
    leader: int | None = None,
    seat: int = LEARNER,
    kitty: str = "",
) -> Hand:
    """``seat`` to move holding ``held``, after the tricks ``before`` and the cards of ``trick``,
    each in the order played: the hand is dealt and those cards replayed through the engine.

    Who played each card follows from the tricks: the first trick's leader, then each trick's
    winner (with two packs the leader again when every card of the suit led is cancelled,
    variant.cancellation.carry), chosen so that ``trick`` is led by ``leader`` (by default: so that
    ``seat`` plays next). The rest of the pack is dealt round the other seats in pack order, none
    getting a suit it showed it lacks; with two packs the ``kitty`` (by default the lowest cards left) lies
    aside until the first trick's winner takes it. A trick the rules refuse is named with the
    engine's reason.
    """
    players = rules.players
    tricks = [parse_cards(cards) for cards in before]
    on_table = parse_cards(trick)
    for number, cards in enumerate(tricks):
        if len(cards) != players:
            raise ValueError(f"before[{number}] holds {len(cards)} cards; a whole trick has one per player "
                             f"({players})")
    played, leads = _who_played(rules, tricks + [on_table])
    if leader is None:
        leader = (seat - len(on_table)) % players
    first = (leader - leads[-1]) % players  # the seat that leads the first trick
    by_seat: list[list[Card]] = [[] for _ in range(players)]
    lacks: list[set[Suit]] = [set() for _ in range(players)]
    for relative, card, led in played:
        who = (first + relative) % players
        by_seat[who].append(card)
        if led is not None and card.suit is not led:
            lacks[who].add(led)
    to_move = (leader + len(on_table)) % players
    if to_move != seat:
        raise ValueError(f"after these tricks seat {to_move} plays next, not seat {seat} (the learner)")
    mine = parse_cards(held)
    if len(mine) + len(by_seat[seat]) != rules.cards_each:
        raise ValueError(f"the learner holds {len(mine)} cards after playing {len(by_seat[seat])}; "
                         f"with {players} players everyone is dealt {rules.cards_each}")
    pool = Counter(rules.deck)
    pool.subtract(mine + [card for _r, card, _led in played])
    aside = parse_cards(kitty)
    pool.subtract(aside)
    too_many = sorted(card for card, count in pool.items() if count < 0)
    if too_many:
        copies = "once" if rules.packs == 1 else "twice"
        raise ValueError(f"{too_many[0]} is given more often than the pack holds it ({copies})")
    rest = sorted(pool.elements())
    if not aside and rules.kitty_size:
        aside, rest = rest[:rules.kitty_size], rest[rules.kitty_size:]
    hands = [mine + by_seat[seat] if other == seat else list(by_seat[other]) for other in range(players)]
    others = [other for other in range(players) if other != seat]
    turn = 0
    for card in rest:  # dealt round the table, each card to the next seat that may hold it
        for step in range(len(others)):
            other = others[(turn + step) % len(others)]
            if len(hands[other]) < rules.cards_each and card.suit not in lacks[other]:
                hands[other].append(card)
                turn = (turn + step + 1) % len(others)
                break
        else:
            short = [o for o in others if len(hands[o]) < rules.cards_each]
            raise ValueError(f"{card} cannot be dealt: seat {short[0]} still needs cards but showed it has no "
                             f"{card.suit.name.lower()}")
    if rules.packs == 2:
        hand = Hand.from_cards(rules, hands, leader=first, number=first, kitty=aside)
    else:
        hand = Hand.from_cards(rules, hands)
    for number, cards in enumerate(tricks + [on_table]):
        where = f"before[{number}]" if number < len(tricks) else "the trick on the table"
        for card in cards:
            try:
                hand = hand.play(card)
            except HeartsError as error:
                raise ValueError(f"{where}: {card} cannot be played there: {error}") from None
    return hand


def _who_played(rules: Rules, tricks: list[list[Card]]) -> tuple[list[tuple[int, Card, Suit | None]], list[int]]:
    """Each card of ``tricks`` with the seat that played it (counted from the first trick's leader) and the
    suit led when it was played (None for a lead); and each trick's leader, counted the same way."""
    played: list[tuple[int, Card, Suit | None]] = []
    leads = []
    leader = 0
    for cards in tricks:
        leads.append(leader)
        played += [((leader + i) % rules.players, card, cards[0].suit if i else None) for i, card in enumerate(cards)]
        if len(cards) < rules.players:
            break  # the trick on the table
        if rules.packs == 2:
            winner, _card, _cancelled = cancellation_winner(leader, tuple(cards), rules.players)
            leader = leader if winner is None else winner  # variant.cancellation.carry: its leader leads again
        else:
            leader = trick_winner(leader, tuple(cards), rules.players)[0]
    return played, leads


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
    before: tuple[str, ...] = ()
    kitty: str = ""

    @cached_property
    def hand(self) -> Hand:
        return build_hand(self.rules, self.held, trick=self.trick, leader=self.leader,
                          tricks_done=self.tricks_done, out=self.out, seat=self.seat, before=self.before,
                          kitty=self.kitty)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The learner's cards, in hand order."""
        return self.hand.held(self.seat)

    @cached_property
    def judged_by(self) -> frozenset[str]:
        """The rules the learner's cards are judged by: each card's verdict, and what a playable
        card makes happen when it ends the trick (who wins it, twins cancelled, the kitty or the
        cards of a cancelled trick taken)."""
        rules = {rule for _legal, rule in self.expect.values()}
        for card in self.cards:
            if self.hand.explain(card).legal:
                rules |= {event.rule for event in self.attempt(card).events}
        return frozenset(rules)

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
