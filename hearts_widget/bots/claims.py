"""Causes, as data: why a card (or a pass) cost points, in facts the engine can check.

A :class:`Claim` is one fact about a position, seen from the seat that decided
there: "you led the K♠ while the Q♠ was still out, and you had 2 lower spades",
"3 lower hearts were still out". :func:`play_claims` lists the claims that explain
a card played, the most telling first, :func:`pass_claims` those of a pass; no words
here (they are made in :mod:`hearts_widget.text.causes`). :mod:`.verify` checks each
claim again from the view alone, by its own counting, and gives the first that holds
(:func:`.verify.play_cause`, :func:`.verify.pass_cause`).

Claims about cards "still out" need the whole hand's history: in a position set up
mid-hand (tricks taken before the record starts) only claims about the seat's own
cards and the trick on the table are made.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from ..engine import Card, SeatView, Suit
from ..engine.cards import QUEEN_OF_SPADES, multiset_of
from ..engine.trick import cancellation_winner, trick_winner
from .variants import NAMING_WINNER

ClaimKind = Literal[
    # Playing a card (``card``: the card played).
    "queen-out",  # a spade above the Q♠ played while a Q♠ was unseen; ``count``: lower spades held
    "lower-out",  # led while ``count`` lower cards of its suit were unseen (someone could play under it)
    "sure-win",  # no unseen card of its suit could beat it: it was to win the trick
    "took-points",  # played last, it won the trick with ``count`` points in it (the card's own included)
    "went-over",  # it beat ``other`` (winning then) though ``count`` held cards of the suit were under ``other``
    "stayed-under",  # it stayed under ``other``; ``count`` held cards of the suit were higher than ``other``
    "kept",  # a discard (no card of ``suit``, the suit led), keeping ``other``
    "suit-out",  # led with ``count`` higher and ``extra`` lower cards of its suit unseen
    "held-lower",  # played (``led``: led) keeping ``count`` lower cards of its suit
    "void",  # a discard: no card of ``suit``, the suit led
    # Passing (``cards``: the three passed).
    "kept-queen",  # kept the Q♠ with only ``count`` lower spades
    "kept-high-spades",  # kept ``other`` (A♠ or K♠) without the Q♠, with only ``count`` lower spades
    "kept-high-hearts",  # kept ``other``, the highest heart held, a jack or higher
    "passed-low",  # passed ``other``, a card of rank 6 or lower
    "kept-higher",  # passed ``card`` and kept ``other``, a higher card
    "passed-bonus",  # passed ``other``, the Omnibus bonus card
    "kept-suit",  # kept ``count`` cards of ``suit``, the longest suit kept
    # What a hint's sentence says of the position (:func:`hint_claims`).
    "winning",  # ``other`` is winning the trick on the table, played by seat ``count``
    "below",  # ``card`` (of the suit led) stays under ``other``
    "none-under",  # no held card of the suit led is under ``other``, and ``card`` is of that suit
    "last",  # the seat plays last to the trick
    "no-points",  # the trick on the table holds no points
    "higher-out",  # ``count`` unseen cards of ``card``'s suit are higher than it
    "all-points",  # seat ``count`` has taken every point so far (some)
    "first-trick",  # this is the hand's first trick
    "only-legal",  # ``card`` is the only legal card
    "last-of-suit",  # ``card`` is the last held card of its suit
    "wins-now",  # ``card`` would be winning the trick once played
    "loses-now",  # ``card`` would not be winning the trick once played
    "trick-points",  # the trick on the table (and the cancelled cards waiting) holds ``count`` points
    "fewest-taken",  # played last, ``card`` takes ``count`` points, and no legal card takes fewer
    "worth",  # ``card`` is worth ``count`` points
    "lowest-over",  # ``card`` is the lowest held card of its suit above ``other``
    "highest-of-suit",  # ``card`` is the highest held card of its suit
    "twin-on-table",  # ``card``'s twin is on the table (two packs)
    "queen-below",  # a spade under the Q♠ led while a Q♠ is unseen
    # What a pass hint says of each card passed (``card``) and of the bonus kept.
    "pass-queen",  # the Q♠, with ``count`` (at most FEW_SPADES) lower spades in the hand
    "pass-high-spade",  # a spade above the Q♠
    "pass-points",  # worth ``count`` points itself
    "pass-high-heart",  # a heart of rank HIGH_HEART or higher
    "pass-short",  # one of at most FEW_SPADES cards of its suit in the hand (not spades)
    "pass-high",  # a card of rank HIGH_CARD or higher
    "pass-low",  # a card of rank LOW_CARD or lower
    "keep-bonus",  # the Omnibus bonus card, held and not passed
]

# Spades held under the Q♠ that count as enough to hide it (as :mod:`.tactics` passes).
FEW_SPADES = 3
# A pass card of this rank or lower is "low": it loses tricks safely.
LOW_RANK = 6
# A heart of this rank or higher is "high".
HIGH_HEART = 11
# In a pass hint, a card of this rank or higher is "high", of this rank or lower "low".
HIGH_CARD = 10
LOW_CARD = 7


@dataclass(frozen=True)
class Claim:
    """One checked fact: its ``kind`` and the cards, suit and counts it names."""

    kind: ClaimKind
    card: Card | None = None
    other: Card | None = None
    suit: Suit | None = None
    count: int = 0
    extra: int = 0
    cards: tuple[Card, ...] = ()
    led: bool = False
    last: bool = False

    def named(self) -> frozenset[Card]:
        """The cards the claim names besides the seat's own choice (``card``, ``cards``)."""
        queen = (Card.parse("QS"),) if self.kind in ("queen-out", "kept-queen", "kept-high-spades") else ()
        return frozenset(c for c in (self.other, *queen) if c is not None)


def unseen(view: SeatView) -> Counter[Card] | None:
    """The cards ``view.seat`` has not seen, each copy counted; None when the hand was set
    up mid-way (cards were taken before the record starts, so which are out is unknown)."""
    seen = Counter(view.held)
    for trick in (*view.tricks, view.trick):
        seen.update(trick.cards)
    rules = view.rules
    if sum(view.hand_sizes) + sum(len(t.cards) for t in view.tricks) + len(view.trick.cards) \
            < rules.cards_each * rules.players:
        return None
    return Counter(rules.deck) - seen


def _winning(view: SeatView) -> Card | None:
    """The card winning the trick on the table now (None before the lead, or every card cancelled)."""
    trick = view.trick
    if not trick.cards:
        return None
    if view.rules.packs == 2:
        return cancellation_winner(trick.leader, trick.cards, view.rules.players)[1]
    return trick_winner(trick.leader, trick.cards, view.rules.players)[1]


def play_claims(view: SeatView, card: Card, avoid: Collection[Card] = ()) -> list[Claim]:
    """The claims that explain playing ``card`` from ``view`` (a legal card), the most telling
    first, naming none of ``avoid`` (the better card, while the learner has not tried again)."""
    if card not in view.legal:
        raise ValueError(f"{card} is not a legal card in this position")
    return [c for c in _play_claims(view, card) if not c.named() & set(avoid)]


def _play_claims(view: SeatView, card: Card) -> list[Claim]:
    """Every claim that holds for ``card`` here, the most telling first; the last one always holds."""
    out = unseen(view)
    held = list(view.held)
    held.remove(card)  # one copy: with two packs its twin may be held too
    trick = view.trick
    led = not trick.cards
    last = len(trick.cards) == view.rules.players - 1
    same = [c for c in held if c.suit is card.suit]
    claims: list[Claim] = []
    if card.suit is Suit.SPADES and card.index > QUEEN_OF_SPADES and out is not None \
            and any(c.is_black_maria for c in out.elements()):
        lower = sum(1 for c in same if c.index < QUEEN_OF_SPADES)
        claims.append(Claim("queen-out", card, count=lower, led=led))
    if led:
        if out is None:
            claims.append(Claim("held-lower", card, suit=card.suit, count=sum(1 for c in same if c.index < card.index),
                                led=True))
            return claims
        higher = sum(n for c, n in out.items() if c.suit is card.suit and c.index > card.index)
        lower = sum(n for c, n in out.items() if c.suit is card.suit and c.index < card.index)
        if not higher and not out[card]:  # with two packs, its twin could cancel it
            claims.append(Claim("sure-win", card, suit=card.suit, led=True))
        if lower and (card.is_heart or view.rules.card_points(card)):
            claims.append(Claim("lower-out", card, suit=card.suit, count=lower, led=True))
        claims.append(Claim("suit-out", card, suit=card.suit, count=higher, extra=lower, led=True))
        return claims
    winning = _winning(view)
    suit = trick.cards[0].suit
    if card.suit is not suit:
        kept = _most_dangerous(held, out)
        return claims + [Claim("kept", card, other=k, suit=suit) for k in kept] + [Claim("void", card, suit=suit)]
    if winning is None or card.index > winning.index:
        beaten = winning
        points = view.rules.score(*multiset_of((*trick.cards, card, *view.carried))) if last else 0
        if last and points > 0 and _wins(view, card):
            claims.append(Claim("took-points", card, count=points, last=True))
        if out is not None and not last and _wins(view, card) \
                and not any(c.suit is suit and c.index >= card.index for c in out.elements()):
            claims.append(Claim("sure-win", card, suit=suit))
        if beaten is not None:
            under = sum(1 for c in same if c.index < beaten.index)
            if under:
                claims.append(Claim("went-over", card, other=beaten, suit=suit, count=under))
    if winning is not None and card.index < winning.index:
        above = sum(1 for c in same if c.index > winning.index)
        points = view.rules.score(*multiset_of((*trick.cards, card)))
        claims.append(Claim("stayed-under", card, other=winning, suit=suit, count=above,
                            last=last and points == 0))
    if winning is not None and card.index > winning.index \
            and not any(c.suit is suit and c.index < winning.index for c in same):
        claims.append(Claim("went-over", card, other=winning, suit=suit, count=0))
    claims.append(Claim("held-lower", card, suit=suit, count=sum(1 for c in same if c.index < card.index)))
    return claims


def _wins(view: SeatView, card: Card) -> bool:
    """Whether ``card`` would be winning the trick once played."""
    trick = view.trick
    cards = (*trick.cards, card)
    if view.rules.packs == 2:
        seat = cancellation_winner(trick.leader, cards, view.rules.players)[0]
    else:
        seat = trick_winner(trick.leader, cards, view.rules.players)[0]
    return seat == view.seat


def _most_dangerous(held: Sequence[Card], out: Counter[Card] | None) -> list[Card]:
    """The cards kept when discarding, the most dangerous first: the Q♠, a spade above it
    while a Q♠ is out, the highest heart, then the rest from the highest rank down."""
    queen_out = out is None or any(c.is_black_maria for c in out.elements())

    def danger(c: Card) -> tuple[int, int]:
        if c.is_black_maria:
            return (3, 0)
        if c.suit is Suit.SPADES and c.index > QUEEN_OF_SPADES and queen_out:
            return (2, c.rank)
        if c.is_heart:
            return (1, c.rank)
        return (0, c.rank)

    return sorted(dict.fromkeys(held), key=danger, reverse=True)


def pass_claims(view: SeatView, passed: Sequence[Card], avoid: Collection[Card] = ()) -> list[Claim]:
    """The claims that explain passing ``passed`` (three of ``view.held``, at the pass), the
    most telling first, naming none of ``avoid`` (the better pass's cards, while it is not
    tried again)."""
    chosen = tuple(passed)
    if len(set(chosen)) != 3 or any(c not in view.held for c in chosen):
        raise ValueError(f"a pass is three different cards of the hand, not {' '.join(map(str, chosen))}")
    return [c for c in _pass_claims(view, chosen) if not c.named() & set(avoid)]


def _pass_claims(view: SeatView, passed: tuple[Card, ...]) -> list[Claim]:
    """Every claim that holds for this pass, the most telling first; the last one always holds."""
    rules = view.rules
    kept = [c for c in view.held if c not in passed]
    spades_low = sum(1 for c in kept if c.suit is Suit.SPADES and c.index < QUEEN_OF_SPADES)
    claims: list[Claim] = []
    bonus = rules.bonus
    if bonus is not None and bonus in passed:
        claims.append(Claim("passed-bonus", other=bonus, cards=passed))
    if any(c.is_black_maria for c in kept) and spades_low <= FEW_SPADES:
        claims.append(Claim("kept-queen", count=spades_low, cards=passed))
    if not any(c.is_black_maria for c in view.held) and spades_low <= FEW_SPADES:
        claims += [Claim("kept-high-spades", other=c, count=spades_low, cards=passed)
                   for c in sorted(kept, reverse=True) if c.suit is Suit.SPADES and c.index > QUEEN_OF_SPADES]
    hearts = sorted((c for c in kept if c.is_heart), reverse=True)
    if hearts and hearts[0].rank >= HIGH_HEART:
        claims.append(Claim("kept-high-hearts", other=hearts[0], cards=passed))
    claims += [Claim("passed-low", other=c, cards=passed) for c in passed if c.rank <= LOW_RANK]
    for card in sorted(passed, key=lambda c: c.rank):
        claims += [Claim("kept-higher", card, other=k, cards=passed)
                   for k in sorted(kept, key=lambda c: -c.rank) if k.rank > card.rank]
    longest = max(Suit, key=lambda s: (sum(1 for c in kept if c.suit is s), s))
    claims.append(Claim("kept-suit", suit=longest, count=sum(1 for c in kept if c.suit is longest), cards=passed))
    return claims


def hint_claims(view: SeatView, card: Card, reason: str, facts: dict[str, object]) -> list[Claim]:
    """What the hint's sentence for ``reason`` (:mod:`hearts_widget.text.coach`) says of the
    position, as claims to check; the sentence is said only if every one holds."""
    claims: list[Claim] = []
    winning, winner = facts.get("winning"), facts.get("winner")
    suit = view.trick.cards[0].suit if view.trick.cards else None
    if isinstance(winning, Card) and isinstance(winner, int) and reason in NAMING_WINNER:
        claims.append(Claim("winning", other=winning, count=winner))
    if reason in ("duck", "queen-under") and isinstance(winning, Card):
        claims.append(Claim("below", card, other=winning))
    if reason.startswith("must-win-") and isinstance(winning, Card):
        claims.append(Claim("none-under", card, other=winning))
    if reason in ("last-fewest", "last-no-points", "must-win-last", "bonus-take", "cancel-twin"):
        claims.append(Claim("last", card))
    if reason in ("last-no-points", "must-win-high"):
        claims.append(Claim("no-points", card))
    if reason.startswith("discard-"):
        claims.append(Claim("void", card, suit=suit))
    if reason == "discard-void":
        claims.append(Claim("last-of-suit", card))
    if reason == "lead-low":
        higher = facts.get("higher")
        claims.append(Claim("higher-out", card, count=higher if isinstance(higher, int) else -1))
    threat = facts.get("threat")
    if reason.startswith("guard-") and isinstance(threat, int):
        claims.append(Claim("all-points", count=threat))
    if reason == "first-trick-high":
        claims.append(Claim("first-trick", card))
    if reason == "only-card":
        claims.append(Claim("only-legal", card))
    points = facts.get("points")
    if reason == "last-fewest" and isinstance(points, int):
        claims.append(Claim("fewest-taken", card, count=points))
    if reason == "discard-points" and isinstance(points, int):
        claims.append(Claim("worth", card, count=points))
    if reason == "must-win-low" and isinstance(winning, Card):
        claims.append(Claim("lowest-over", card, other=winning))
    if reason in ("first-trick-high", "must-win-last"):
        claims.append(Claim("highest-of-suit", card))
    if reason in ("moon-win", "moon-keep"):
        claims.append(Claim("all-points", count=view.seat))
    if reason == "cancel-twin":
        claims.append(Claim("twin-on-table", card))
    if reason == "lead-spade-for-queen":
        claims.append(Claim("queen-below", card))
    return [replace(c, led=not view.trick.cards) if c.card is not None else c for c in claims]


def risk_claims(view: SeatView, card: Card, facts: dict[str, object]) -> list[Claim]:
    """What the hint's sentence on the card's risk (``facts["risk"]``) says, as claims to check."""
    risk = facts.get("risk")
    higher = facts.get("higher")
    if risk == "none":
        claims = [Claim("loses-now", card)]
    elif risk == "may-win" and isinstance(higher, int):
        claims = [Claim("wins-now", card), Claim("higher-out", card, count=higher)]
    elif risk == "wins":
        trick_points = facts.get("trick_points")
        last = len(view.trick.cards) == view.rules.players - 1
        claims = [Claim("wins-now", card), Claim("last", card) if last else Claim("higher-out", card, count=0),
                  Claim("trick-points", card, count=trick_points if isinstance(trick_points, int) else -1)]
    else:  # may-cancel
        claims = [Claim("wins-now", card)]
    return [replace(c, led=not view.trick.cards) for c in claims]


PASS_WHY: dict[str, ClaimKind] = {"queen": "pass-queen", "high-spade": "pass-high-spade", "high-heart":
                                  "pass-high-heart", "short": "pass-short", "high": "pass-high",
                                  "moon-low": "pass-low"}


def pass_hint_claims(view: SeatView, cards: Sequence[Card], card: Card, why: str, points: int) -> list[Claim]:
    """What a pass hint's sentence on one passed ``card`` (its reason code ``why``) says, as claims
    (``cards``: the three passed); the sentence is said only if every one holds."""
    claims = [Claim(PASS_WHY[why], card, cards=tuple(cards))]
    if why == "queen":
        claims[0] = replace(claims[0], count=sum(1 for c in view.held if c.suit is Suit.SPADES
                                                 and c.index < QUEEN_OF_SPADES))
    if why == "high-spade" and points > 0:
        claims.append(Claim("pass-points", card, cards=tuple(cards), count=points))
    return claims
